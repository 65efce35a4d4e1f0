import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Eye, EyeOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, href, Link, redirect, useSearchParams, useSubmit } from "react-router";
import { AuthCard, AuthLink } from "~/components/auth-card";
import { BotCheck } from "~/components/bot-check";
import { FieldError, FormError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import {
  answerWithPasskey,
  browserSupportsWebAuthnAutofill,
  PasskeyButton,
  type PublicKeyCredentialRequestOptionsJSON,
  passkeyApi,
  passkeyPromptFailure,
  postedCredential,
  useWebAuthn,
} from "~/components/passkey-button";
import { LogoMark } from "~/components/site/logo";
import { noindexMeta } from "~/components/site/noindex-meta";
import { SubmitButton, usePostPending } from "~/components/submit-button";
import { REGISTERED_MESSAGE, registerAdmin } from "~/domain/accounts/accounts.server";
import { authenticator } from "~/domain/accounts/authenticator.server";
import { VerifyAuthenticationSchema } from "~/domain/accounts/passkey-schemas";
import { verifyAuthentication } from "~/domain/accounts/passkeys.server";
import { RESET_MESSAGES } from "~/domain/accounts/password-reset.server";
import { LoginSchema, RegisterSchema } from "~/domain/accounts/schemas";
import { hasSecondFactor } from "~/domain/accounts/second-factor.server";
import { requestCountry } from "~/domain/accounts/session-list.server";
import { createSession, revokeSession } from "~/domain/accounts/sessions.server";
import { TOO_MANY_CODES } from "~/domain/accounts/two-factor.server";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { formBotCheck } from "~/http/bot-check.server";
import { SESSION_COOKIE } from "~/http/cookies.server";
import { getSession, requireAnonymous, SESSION_ENDED_MESSAGE } from "~/http/guards.server";
import { retryAfterHeaders } from "~/http/retry-after.server";
import { startCodeStep } from "~/http/two-factor-step.server";
import { BRAND } from "~/lib/brand";
import { ADMIN_REGISTRATION_NOTICE } from "~/lib/consent";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/login";

export const AUTH_FAILED = "Authentication failed";
const AUTH_OFFLINE = "Authentication failed. Please check your connection and try again.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const notice =
    url.searchParams.get("session") === "ended"
      ? SESSION_ENDED_MESSAGE
      : url.searchParams.get("signin") === "stopped"
        ? TOO_MANY_CODES
        : url.searchParams.get("signedOut")
          ? "You have been signed out."
          : url.searchParams.get("reset") === "done"
            ? RESET_MESSAGES.done
            : url.searchParams.get("registered")
              ? REGISTERED_MESSAGE
              : null;
  return { notice };
}

async function signIn(request: Request, adminId: string, to: string) {
  // The cookie this login replaces: its session ends on the server, not only in the browser.
  const previous = await getSession(request);
  if (previous) await revokeSession(previous.sessionId);
  const userAgent = request.headers.get("User-Agent");
  const session = await createSession(adminId, "browser", { userAgent, country: requestCountry(request) });
  return redirect(to, {
    headers: { "Set-Cookie": await SESSION_COOKIE.serialize(request, session.token) },
  });
}

/** Where the sign-in form's passkey button gets its options (the JSON API, decision 066). */
const PASSKEY_OPTIONS = "/api/auth/passkeys/authentication/options";

/** A passkey's answer, posted by the button or by the email field's autofill (JavaScript only). */
async function passkeyAction(request: Request, form: FormData) {
  const parsed = VerifyAuthenticationSchema.safeParse({ credential: postedCredential(form.get("credential")) });
  if (!parsed.success) return data({ intent: "passkey" as const, error: AUTH_FAILED }, { status: 400 });
  try {
    // Only failures use the address's allowance, as the password does (decision 014).
    const { admin } = await withClientLimit("auth", request, () => verifyAuthentication(parsed.data), {
      refundOnSuccess: true,
    });
    // A passkey is both factors at once: no code step after it.
    return signIn(request, admin.id, admin.status === "active" ? href("/admin/dashboard") : href("/admin/pending"));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ intent: "passkey" as const, error: error.message }, { status: error.status });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") === "passkey") return passkeyAction(request, form);
  const intent = form.get("intent") === "register" ? "register" : "login";
  try {
    if (intent === "register") {
      const submission = parseWithZod(form, { schema: RegisterSchema });
      if (submission.status !== "success") {
        return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
      }
      // A person, not a script (decision 080): a registration emails the team.
      const refused = await formBotCheck(request, form);
      if (refused) {
        return data(
          { intent, result: submission.reply({ formErrors: [refused], hideFields: ["password"] }) },
          { status: 403 },
        );
      }
      // The same answer for a new and an existing email (decision 020): no session either way.
      await withClientLimit("auth", request, () => registerAdmin(submission.value));
      return redirect(`${href("/admin")}?registered=1`, 303);
    }
    const admin = await authenticator.authenticate("form", request);
    // Two-factor accounts: the password step only opens the code step (/admin/2fa).
    if (admin.status === "active" && (await hasSecondFactor(admin.id))) return startCodeStep(request, admin.id);
    return signIn(request, admin.id, admin.status === "active" ? href("/admin/dashboard") : href("/admin/pending"));
  } catch (error) {
    if (error instanceof Response) throw error;
    const message = isAppError(error) ? error.message : AUTH_FAILED;
    if (!isAppError(error)) console.error(error);
    const status = isAppError(error) ? error.status : 500;
    const submission = parseWithZod(form, { schema: intent === "register" ? RegisterSchema : LoginSchema });
    return data(
      { intent, result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      {
        status,
        headers: isAppError(error) ? retryAfterHeaders(error.extra.retryAfter) : undefined,
      },
    );
  }
}

/** With JavaScript, a failed request keeps what was typed (the password too) and says so. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form) => {
    if (form.get("intent") === "passkey") return { intent: "passkey" as const, error: AUTH_OFFLINE };
    const intent = form.get("intent") === "register" ? "register" : "login";
    const schema = intent === "register" ? RegisterSchema : LoginSchema;
    return { intent, result: parseWithZod(form, { schema }).reply({ formErrors: [AUTH_OFFLINE] }) };
  });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get("mode") === "register" ? "register" : "login";
  const busy = usePostPending();
  const hydrated = useHydrated();
  const [showPassword, setShowPassword] = useState(false);
  const lastResult = actionData?.intent === mode && "result" in actionData ? actionData.result : undefined;
  const passkeyError = actionData?.intent === "passkey" && "error" in actionData ? actionData.error : null;
  const schema = mode === "register" ? RegisterSchema : LoginSchema;
  const [form, fields] = useForm<{ email: string; password: string; name?: string }>({
    id: `admin-${mode}`,
    lastResult,
    constraint: undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // Typing in any field clears the form-level error (spec §4).
  const [dismissed, setDismissed] = useState<unknown>(null);
  const formError = lastResult && dismissed !== lastResult ? (form.errors?.[0] ?? null) : null;
  const clearError = () => setDismissed(lastResult);

  return (
    <AuthCard
      icon={<LogoMark className="size-12" />}
      title={mode === "register" ? "Create an admin account" : "Admin sign in"}
      intro={
        mode === "register"
          ? "New accounts can use the console once an existing administrator approves them."
          : `Sign in to the ${BRAND.name} admin console.`
      }
      footer={
        <>
          {mode === "register" ? "Already have an account? " : "Need an account? "}
          <AuthLink to={mode === "register" ? href("/admin") : `${href("/admin")}?mode=register`}>
            {mode === "register" ? "Sign in" : "Sign up"}
          </AuthLink>
        </>
      }
    >
      {loaderData.notice ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {loaderData.notice}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} onInput={clearError} className="space-y-5" noValidate={hydrated}>
        <input type="hidden" name="intent" value={mode} />
        {/* Registering emails the team: the bot check (decision 080); signing in has its own limits. */}
        {mode === "register" ? <BotCheck /> : null}
        {mode === "register" ? (
          <div>
            <label htmlFor={fields.name.id} className="label">
              Name
            </label>
            <input {...getInputProps(fields.name, { type: "text" })} className="input" autoComplete="name" required />
            <FieldError id={fields.name.errorId} error={fields.name.errors?.[0]} />
          </div>
        ) : null}
        <div>
          <label htmlFor={fields.email.id} className="label">
            Email
          </label>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            className="input"
            // Sign-in offers the browser's saved passkeys in this field's autofill (conditional UI).
            autoComplete={mode === "register" ? "email" : "username webauthn"}
            required
          />
          <FieldError id={fields.email.errorId} error={fields.email.errors?.[0]} />
        </div>
        <div>
          <label htmlFor={fields.password.id} className="label">
            Password
          </label>
          <div className="relative">
            <input
              {...getInputProps(fields.password, { type: showPassword ? "text" : "password" })}
              className="input pr-11"
              autoComplete={mode === "register" ? "new-password" : "current-password"}
              required
            />
            {hydrated ? (
              <button
                type="button"
                onClick={() => setShowPassword((v) => !v)}
                aria-label={showPassword ? "Hide password" : "Show password"}
                aria-pressed={showPassword}
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-white"
              >
                {showPassword ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
              </button>
            ) : null}
          </div>
          <FieldError id={fields.password.errorId} error={fields.password.errors?.[0]} />
          {mode === "login" ? (
            <p className="mt-2 text-right text-sm">
              <Link
                to={href("/admin/forgot-password")}
                className="font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                Forgot password?
              </Link>
            </p>
          ) : null}
        </div>
        {mode === "register" ? <FormNotice notice={ADMIN_REGISTRATION_NOTICE} /> : null}
        <FormError error={formError} testId="auth-error" />
        <SubmitButton className="btn-primary w-full" busy={busy} whileBusy="Processing...">
          {mode === "register" ? "Create account" : "Sign in"}
        </SubmitButton>
      </Form>
      {mode === "login" ? <PasskeySignIn serverError={passkeyError ?? null} /> : null}
    </AuthCard>
  );
}

/**
 * "Sign in with a passkey": with JavaScript and WebAuthn only, so it never shows when it cannot
 * work. On load it also asks for a conditional-mediation request, which offers the saved
 * passkeys in the email field's autofill; pressing the button replaces that request.
 */
function PasskeySignIn({ serverError }: { serverError: string | null }) {
  const supported = useWebAuthn();
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The autofill request and the button can both be answered (the button aborts the other, but an
  // answer may already be on its way): only the first answer is sent.
  const sent = useRef(false);

  useEffect(() => {
    sent.current = false;
    setError(serverError);
  }, [serverError]);

  async function run(autofill: boolean) {
    if (!autofill) setBusy(true);
    setError(null);
    try {
      const options = await passkeyApi<PublicKeyCredentialRequestOptionsJSON>(PASSKEY_OPTIONS);
      const credential = await answerWithPasskey(options, autofill);
      if (sent.current) return;
      sent.current = true;
      await submit(
        { intent: "passkey", credential: JSON.stringify(credential) },
        { method: "post", action: href("/admin") },
      );
    } catch (failure) {
      setError(failure instanceof Error && !("code" in failure) ? failure.message : passkeyPromptFailure(failure));
    } finally {
      if (!autofill) setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page, when WebAuthn is known to be there
  useEffect(() => {
    if (!supported) return;
    let live = true;
    browserSupportsWebAuthnAutofill().then((yes) => {
      if (yes && live) void run(true);
    });
    return () => {
      live = false;
    };
  }, [supported]);

  if (!supported) return null;
  return (
    <div className="mt-5 space-y-3" data-testid="passkey-sign-in">
      <p className="flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" /> or{" "}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </p>
      {/* Not "Sign in …": the password form's button is the page's one "Sign in". */}
      <PasskeyButton onClick={() => void run(false)} busy={busy}>
        Continue with a passkey
      </PasskeyButton>
      <FormError error={error} testId="passkey-error" />
    </div>
  );
}

export function meta() {
  return noindexMeta("Admin sign in");
}
