import { ShieldCheck } from "lucide-react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import { AuthCard, AuthLink } from "~/components/auth-card";
import { Field } from "~/components/field";
import { LogoMark } from "~/components/site/logo";
import { requestCountry } from "~/domain/accounts/session-list.server";
import { createSession } from "~/domain/accounts/sessions.server";
import { normalizeCode, verifyChallenge } from "~/domain/accounts/two-factor.server";
import { CodeStepSchema } from "~/domain/accounts/two-factor-schemas";
import { clientAddress, withClientLimit } from "~/domain/limits/client-limits.server";
import { SESSION_COOKIE } from "~/http/cookies.server";
import { requireAnonymous } from "~/http/guards.server";
import { clearChallengeCookie, readChallengeCookie } from "~/http/two-factor-step.server";
import { BRAND } from "~/lib/brand";
import { isAppError } from "~/lib/errors";
import { isLocalHttp } from "~/lib/local-http";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/two-factor";

const CODE_STEP_OFFLINE = "Failed to check the code. Please check your connection and try again.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  // Without a pending challenge there is nothing to answer: back to the password step.
  if (!(await readChallengeCookie(request))) throw redirect(href("/admin"));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const token = await readChallengeCookie(request);
  if (!token) return redirect(`${href("/admin")}?session=ended`);
  const parsed = CodeStepSchema.safeParse(Object.fromEntries(await request.formData()));
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
    const session = await createSession(admin.id, "browser", {
      userAgent: request.headers.get("User-Agent"),
      country: requestCountry(request),
    });
    const headers = new Headers();
    headers.append("Set-Cookie", await clearChallengeCookie(request));
    headers.append("Set-Cookie", await SESSION_COOKIE.serialize(request, session.token));
    return redirect(href("/admin/dashboard"), { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "auth.challenge_ended" || error.code === "auth.too_many_codes") {
      // Back to the password step, with why: an expired step, or one stopped by wrong codes.
      const why = error.code === "auth.too_many_codes" ? "signin=stopped" : "session=ended";
      return redirect(`${href("/admin")}?${why}`, {
        headers: { "Set-Cookie": await clearChallengeCookie(request) },
      });
    }
    return data(
      { error: error.message },
      {
        status: error.status,
        headers: error.extra.retryAfter ? { "Retry-After": String(error.extra.retryAfter) } : undefined,
      },
    );
  }
}

/** With JavaScript, a request that gets no answer says so at the field; the code as typed stays (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ error: CODE_STEP_OFFLINE }));
}

export default function TwoFactorStep({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.error;
  return (
    <AuthCard
      icon={<LogoMark className="size-12" />}
      title={"Two-factor sign-in"}
      intro={"Enter the 6-digit code from your authenticator app, or one of your recovery codes."}
      footer={<AuthLink to={href("/admin")}>Start over</AuthLink>}
    >
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
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          <ShieldCheck aria-hidden className="size-4" />
          {busy ? "Checking..." : "Verify and sign in"}
        </button>
      </Form>
    </AuthCard>
  );
}

export function meta() {
  return [{ title: `Two-factor sign-in | ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}
