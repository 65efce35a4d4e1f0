import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { data, Form, href, redirect, useSubmit } from "react-router";
import { AuthCard, AuthLink } from "~/components/auth-card";
import { Field } from "~/components/field";
import { FormError } from "~/components/field-error";
import {
  answerWithPasskey,
  PasskeyButton,
  type PublicKeyCredentialRequestOptionsJSON,
  passkeyPromptFailure,
  postedCredential,
  useWebAuthn,
} from "~/components/passkey-button";
import { LogoMark } from "~/components/site/logo";
import { noindexMeta } from "~/components/site/noindex-meta";
import { SubmitButton, usePostPending } from "~/components/submit-button";
import { VerifyAuthenticationSchema } from "~/domain/accounts/passkey-schemas";
import { stepAnswers, stepAuthenticationOptions, verifyStepWithPasskey } from "~/domain/accounts/passkeys.server";
import { requestCountry } from "~/domain/accounts/session-list.server";
import { createSession } from "~/domain/accounts/sessions.server";
import { normalizeCode, verifyChallenge } from "~/domain/accounts/two-factor.server";
import { CodeStepSchema } from "~/domain/accounts/two-factor-schemas";
import { clientAddress, withClientLimit } from "~/domain/limits/client-limits.server";
import { SESSION_COOKIE } from "~/http/cookies.server";
import { requireAnonymous } from "~/http/guards.server";
import { refusal } from "~/http/retry-after.server";
import { clearChallengeCookie, readChallengeCookie } from "~/http/two-factor-step.server";
import { isAppError } from "~/lib/errors";
import { isLocalHttp } from "~/lib/local-http";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/two-factor";

const CODE_STEP_OFFLINE = "Failed to check the code. Please check your connection and try again.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  // Without a pending challenge there is nothing to answer: back to the password step.
  const token = await readChallengeCookie(request);
  if (!token) throw redirect(href("/admin"));
  // An account with passkeys may answer with one instead of a code (decision 066): the page
  // carries a fresh single-use challenge for them (shown only where JavaScript can use it).
  // As JSON text: the browser library reads the WebAuthn JSON form, not React Router's serialisation.
  // A passkey-only account (no authenticator app) answers with its passkey alone.
  const answers = await stepAnswers(token);
  const options = answers.passkey ? JSON.stringify(await stepAuthenticationOptions(token)) : null;
  return { passkeyOptions: options, codes: answers.codes };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const token = await readChallengeCookie(request);
  if (!token) return redirect(`${href("/admin")}?session=ended`);
  const form = await request.formData();
  if (form.get("intent") === "passkey") return passkeyStep(request, token, form);
  const parsed = CodeStepSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Enter a code." }, { status: 400 });
  }
  // Six digits are an app code; anything else is tried as a recovery code.
  const input = parsed.data.code;
  const answer = normalizeCode(input) ? { code: input } : { recoveryCode: input };
  try {
    // Only failures use the address's allowance, as at the password step (decision 014).
    const admin = await withClientLimit(
      "auth",
      request,
      () => verifyChallenge(token, answer, { local: isLocalHttp(request), ip: clientAddress(request) ?? "" }),
      { refundOnSuccess: true },
    );
    return signedIn(request, admin.id);
  } catch (error) {
    return refused(request, error);
  }
}

async function signedIn(request: Request, adminId: string) {
  const session = await createSession(adminId, "browser", {
    userAgent: request.headers.get("User-Agent"),
    country: requestCountry(request),
  });
  const headers = new Headers();
  headers.append("Set-Cookie", await clearChallengeCookie(request));
  headers.append("Set-Cookie", await SESSION_COOKIE.serialize(request, session.token));
  return redirect(href("/admin/dashboard"), { headers });
}

/** A passkey instead of the code (JavaScript posts its answer as JSON in one field). */
async function passkeyStep(request: Request, token: string, form: FormData) {
  const parsed = VerifyAuthenticationSchema.safeParse({ credential: postedCredential(form.get("credential")) });
  if (!parsed.success) return data({ error: "Passkey sign-in failed.", passkey: true }, { status: 400 });
  try {
    const admin = await withClientLimit("auth", request, () => verifyStepWithPasskey(token, parsed.data), {
      refundOnSuccess: true,
    });
    return signedIn(request, admin.id);
  } catch (error) {
    return refused(request, error, true);
  }
}

/** Why an answer signed nobody in: an ended step goes back to the password, anything else stays here. */
async function refused(request: Request, error: unknown, passkey = false) {
  if (!isAppError(error)) throw error;
  if (error.code === "auth.challenge_ended" || error.code === "auth.too_many_codes") {
    // Back to the password step, with why: an expired step, or one stopped by wrong codes.
    const why = error.code === "auth.too_many_codes" ? "signin=stopped" : "session=ended";
    return redirect(`${href("/admin")}?${why}`, {
      headers: { "Set-Cookie": await clearChallengeCookie(request) },
    });
  }
  return refusal({ error: error.message, passkey }, error);
}

/** With JavaScript, a request that gets no answer says so at the field; the code as typed stays (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ error: CODE_STEP_OFFLINE }));
}

export default function TwoFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePostPending();
  const passkeyFailed = Boolean(actionData && "passkey" in actionData && actionData.passkey);
  const error = passkeyFailed ? undefined : actionData?.error;
  const card = {
    icon: <LogoMark className="size-12" />,
    title: "Two-factor sign-in",
    footer: <AuthLink to={href("/admin")}>Start over</AuthLink>,
  };
  if (!loaderData.codes && loaderData.passkeyOptions) {
    return (
      <AuthCard {...card} intro={"Confirm it is you with one of your passkeys."}>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="passkey-only">
          This account's second step is a passkey. It needs a browser with JavaScript and passkey support; without them,
          sign in on a device that has them.
        </p>
        <PasskeyStep
          options={loaderData.passkeyOptions}
          serverError={passkeyFailed ? (actionData?.error ?? null) : null}
          only
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard {...card} intro={"Enter the 6-digit code from your authenticator app, or one of your recovery codes."}>
      <Form method="post" className="space-y-5">
        <Field
          id="code"
          label="Code"
          hint={
            <>
              Lost your phone? A recovery code (like <span className="font-mono">abcde-fghjk</span>) works once.
            </>
          }
          error={error}
        >
          <input
            name="code"
            type="text"
            className="input font-mono tracking-widest"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            // biome-ignore lint/a11y/noAutofocus: the only field of a step the user just arrived at
            autoFocus
            required
            maxLength={40}
          />
        </Field>
        <SubmitButton className="btn-primary w-full" busy={busy} whileBusy="Checking..." icon={ShieldCheck}>
          Verify and sign in
        </SubmitButton>
      </Form>
      {loaderData.passkeyOptions ? (
        <PasskeyStep
          options={loaderData.passkeyOptions}
          serverError={passkeyFailed ? (actionData?.error ?? null) : null}
        />
      ) : null}
    </AuthCard>
  );
}

/** "Use a passkey instead": only where JavaScript and WebAuthn are there to make it work. */
function PasskeyStep({
  options,
  serverError,
  only = false,
}: {
  options: string;
  serverError: string | null;
  only?: boolean;
}) {
  const supported = useWebAuthn();
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const [promptError, setPromptError] = useState<string | null>(null);
  if (!supported) return null;
  async function run() {
    setBusy(true);
    setPromptError(null);
    try {
      const credential = await answerWithPasskey(JSON.parse(options) as PublicKeyCredentialRequestOptionsJSON);
      await submit({ intent: "passkey", credential: JSON.stringify(credential) }, { method: "post" });
    } catch (failure) {
      setPromptError(passkeyPromptFailure(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-5 space-y-3" data-testid="passkey-step">
      {only ? null : (
        <p className="flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" /> or{" "}
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </p>
      )}
      <PasskeyButton onClick={() => void run()} busy={busy}>
        {only ? "Use your passkey" : "Use a passkey instead"}
      </PasskeyButton>
      <FormError error={promptError ?? serverError} testId="passkey-error" />
    </div>
  );
}

export function meta() {
  return noindexMeta("Two-factor sign-in");
}
