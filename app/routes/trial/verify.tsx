import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { BotCheck } from "~/components/bot-check";
import { Field } from "~/components/field";
import { noindexMeta } from "~/components/site/noindex-meta";
import { StatusMessage } from "~/components/status-message";
import { SubmitButton } from "~/components/submit-button";
import { sendTrialCode, trialCodeStatus, verifyTrialEmail } from "~/domain/subscriptions/subscriptions.server";
import { CODE_RULES } from "~/domain/verification/codes.server";
import { OTP_MESSAGES, OtpSchema } from "~/domain/verification/schemas";
import { codeClient } from "~/domain/verification/secret.server";
import { requestAttribution } from "~/http/attribution.server";
import { formBotCheck } from "~/http/bot-check.server";
import { refusal } from "~/http/retry-after.server";
import { config } from "~/lib/config.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { CODE_INPUT_MAX_LENGTH, typedDigits } from "~/lib/typed-code";
import { useFieldValue } from "~/lib/use-field-value";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/verify";
import { CodeRefused, waitText } from "./code-refused";
import { currentSignup } from "./session.server";

const VerifySchema = z.object({ otp: OtpSchema });

type ActionData = { intent: "verify" | "resend"; message?: string; fieldError?: string };

async function requireUnverifiedSignup(request: Request) {
  const signup = await currentSignup(request);
  if (!signup) throw redirect(href("/free-trial"));
  if (signup.status !== "unverified" || signup.emailVerified) throw redirect(href("/free-trial/welcome"));
  return signup;
}

export async function loader({ request }: Route.LoaderArgs) {
  const signup = await requireUnverifiedSignup(request);
  const sent = new URL(request.url).searchParams.get("sent");
  // The screen says what is true now (decision 020): a code is out, or a limit stopped it.
  const status = await trialCodeStatus(signup.email, codeClient(request).ip);
  // Beyond the 60 s cooldown the wait is an hourly limit: while the code sent is still valid, a
  // countdown of 3,000-odd seconds would be a meaningless wait. The screen says to use that code.
  const hourly = status.limit === "email" || status.limit === "ip";
  return {
    email: signup.email,
    validMinutes: CODE_RULES.lifetime / 60_000,
    // The server says how long the resend button waits, so a reload keeps the countdown.
    resendAfter: status.refused || hourly ? 0 : status.retryAfter,
    /** Seconds before the hourly limit lets another code out, while the code sent is still live. */
    limitedFor: !status.refused && hourly ? status.retryAfter : 0,
    live: Boolean(status.live),
    refused: status.refused,
    salesEmail: config().SALES_EMAIL,
    renderedAt: Date.now(),
    notice:
      sent === "1" && status.live
        ? OTP_MESSAGES.sent
        : sent === "0" && !status.refused
          ? OTP_MESSAGES.sendFailed
          : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const signup = await requireUnverifiedSignup(request);
  const form = await request.formData();
  const client = codeClient(request);
  const reply = (body: ActionData, status = 200) => data(body, { status });
  /** A refused send or check says why (and how long to wait); anything unexpected is logged and said plainly. */
  const failed = (intent: ActionData["intent"], error: unknown, unexpected: string) => {
    if (!isAppError(error)) {
      console.error(error);
      return reply({ intent, message: unexpected }, 500);
    }
    return refusal<ActionData>({ intent, message: `Error: ${error.message}` }, error);
  };

  if (form.get("intent") === "resend") {
    // A person, not a script (decision 080): a code is an email to an address.
    const refused = await formBotCheck(request, form);
    if (refused) return reply({ intent: "resend", message: `Error: ${refused}` }, 403);
    try {
      await sendTrialCode(signup.email, client);
      return reply({ intent: "resend", message: OTP_MESSAGES.resent });
    } catch (error) {
      return failed("resend", error, OTP_MESSAGES.sendFailed);
    }
  }

  const parsed = VerifySchema.safeParse({ otp: form.get("otp") ?? "" });
  if (!parsed.success) {
    return reply({ intent: "verify", fieldError: parsed.error.issues[0]?.message ?? OTP_MESSAGES.verifyFailed }, 400);
  }
  try {
    await verifyTrialEmail(signup.email, parsed.data.otp, client, new Date(), {
      attribution: await requestAttribution(request),
    });
  } catch (error) {
    return failed("verify", error, OTP_MESSAGES.verifyFailed);
  }
  throw redirect(href("/free-trial/welcome"));
}

/** With JavaScript, a failed post says so in place; the typed code stays in its field. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(
    args,
    (form): ActionData =>
      form.get("intent") === "resend"
        ? { intent: "resend", message: OTP_MESSAGES.sendOffline }
        : { intent: "verify", message: OTP_MESSAGES.verifyFailed },
  );
}

/** Spec §5: verify is enabled only at exactly 6 digits. */
const OTP_DIGITS = 6;

/** The resend line while the hourly limit holds and the code sent is still valid. */
export function limitedText(seconds: number) {
  return `No new code can be sent for ${waitText(seconds)}. Please use the code we sent.`;
}

/** Seconds left, ticking in the browser from the server's figure. */
function useCountdown(seconds: number, since: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const deadline = since + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    if (seconds <= 0) return;
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [seconds, since]);
  return left;
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  // Uncontrolled, read on hydration: a code typed or auto-filled before the scripts started stays (decision 047).
  const otp = useFieldValue("", (value) => typedDigits(value, OTP_DIGITS));
  // The clock starts when the page is shown in the browser, not when the server rendered it.
  const [shownAt, setShownAt] = useState(loaderData.renderedAt);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts the clock for each new answer from the server
  useEffect(() => setShownAt(Date.now()), [loaderData.renderedAt]);
  const left = useCountdown(loaderData.resendAfter, shownAt);
  const message = actionData?.message ?? (actionData ? null : loaderData.notice);
  const canVerify = otp.value.length === OTP_DIGITS;

  return (
    <main className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-20 dark:from-slate-900 dark:to-slate-950">
      <div className="card mx-auto max-w-lg p-6 sm:p-8">
        <MailCheck aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Verify your email</h1>
        {loaderData.refused ? (
          <>
            {/* A refused resend is the box below, fresh from the loader; other failures show here. */}
            {actionData?.intent === "resend" && message && !message.startsWith("Error: ") ? (
              <div className="mt-5">
                <StatusMessage text={message} testId="otp-message" />
              </div>
            ) : null}
            <CodeRefused
              email={loaderData.email}
              message={loaderData.refused.message}
              retryAfter={loaderData.refused.retryAfter}
              salesEmail={loaderData.salesEmail}
              busy={pendingIntent === "resend"}
            />
          </>
        ) : (
          <CodeForms
            loaderData={loaderData}
            actionData={actionData}
            message={message}
            hydrated={hydrated}
            pendingIntent={pendingIntent}
            left={left}
            otp={otp}
            canVerify={canVerify}
          />
        )}

        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
          Wrong address?{" "}
          <Link to={href("/free-trial")} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            Start again
          </Link>
        </p>
      </div>
    </main>
  );
}

/** The code entry and resend forms, shown while a code is out or may be requested. */
function CodeForms({
  loaderData,
  actionData,
  message,
  hydrated,
  pendingIntent,
  left,
  otp,
  canVerify,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: Route.ComponentProps["actionData"];
  message: string | null | undefined;
  hydrated: boolean;
  pendingIntent: FormDataEntryValue | null | undefined;
  left: number;
  otp: ReturnType<typeof useFieldValue<HTMLInputElement>>;
  canVerify: boolean;
}) {
  return (
    <>
      {loaderData.live ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300" data-testid="code-sent-text">
          We sent a 6-digit code to{" "}
          <strong className="break-all text-slate-900 dark:text-white">{loaderData.email}</strong>. It is valid for{" "}
          {loaderData.validMinutes} minutes.
        </p>
      ) : (
        <p className="mt-2 text-slate-600 dark:text-slate-300" data-testid="code-none-text">
          There is no valid code for <strong className="text-slate-900 dark:text-white">{loaderData.email}</strong>{" "}
          right now. Ask for a new one below.
        </p>
      )}
      {message ? (
        <div className="mt-5">
          <StatusMessage text={message} testId="otp-message" />
        </div>
      ) : null}

      <Form method="post" noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="verify" />
        <Field id="otp" label="Verification code" hint="Digits only, 6 in all." error={actionData?.fieldError}>
          <input
            name="otp"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            // Room for "374 840" or full-width digits as pasted; the server (and, with JavaScript,
            // the field itself) normalises them to the 6 digits (issue 30).
            maxLength={CODE_INPUT_MAX_LENGTH}
            defaultValue=""
            ref={otp.ref}
            onChange={otp.onChange}
            className="input text-center font-mono text-2xl tracking-[0.5em]"
          />
        </Field>
        <SubmitButton
          className="btn-primary w-full"
          busy={pendingIntent === "verify"}
          whileBusy="Verifying..."
          disabled={hydrated && !canVerify}
        >
          Verify
        </SubmitButton>
      </Form>

      <Form method="post" className="mt-4 flex flex-col items-center gap-2 text-sm sm:flex-row sm:justify-between">
        <input type="hidden" name="intent" value="resend" />
        <BotCheck />
        <span className="text-slate-600 dark:text-slate-300" data-testid="resend-countdown">
          {loaderData.limitedFor > 0
            ? limitedText(loaderData.limitedFor)
            : left > 0
              ? `You can request a new code in ${left} seconds.`
              : "Didn't get the code?"}
        </span>
        <SubmitButton
          className="btn-secondary shrink-0"
          busy={pendingIntent === "resend"}
          whileBusy="Sending..."
          // An hourly limit lasts minutes: the button stays off without JavaScript too (a reload shows when it is back).
          disabled={loaderData.limitedFor > 0 || (hydrated && left > 0)}
        >
          {/* The countdown beside the button says the wait; the label does not repeat it. */}
          Resend code
        </SubmitButton>
      </Form>
    </>
  );
}

export function meta() {
  return noindexMeta("Verify your email");
}
