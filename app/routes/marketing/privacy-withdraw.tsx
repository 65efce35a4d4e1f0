import { MailX } from "lucide-react";
import { data, Form, href, Link } from "react-router";
import { BotCheck } from "~/components/bot-check";
import { EmailInput } from "~/components/email-input";
import { Field } from "~/components/field";
import { Honeypot } from "~/components/honeypot";
import { StatusMessage } from "~/components/status-message";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { SubscribeSchema } from "~/domain/newsletter/schemas";
import { requestMarketingWithdrawal } from "~/domain/privacy/withdrawal.server";
import { formBotCheck } from "~/http/bot-check.server";
import { BRAND } from "~/lib/brand";
import { WITHDRAW_TEXTS } from "~/lib/consent";
import { isAppError } from "~/lib/errors";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { isLocalHttp } from "~/lib/local-http";
import { submitFailure, submitFailureOf, submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/privacy-withdraw";

/** What this action answers: the privacy page's form shows it in place (a fetcher), this page without JavaScript. */
export type WithdrawAnswer = { message?: string; fieldError?: string; email?: string } | { submitFailure: string };

/**
 * The privacy page's "stop marketing email" form posts here (decision 087). The answer is the
 * same for every address; an address that gets marketing email is sent its one-click link, whose
 * page withdraws on a POST (mail scanners only open links).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = SubscribeSchema.safeParse({
    email: form.get("email") ?? "",
    [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD),
  });
  if (!parsed.success) {
    const email = String(form.get("email") ?? "").slice(0, 254);
    return data({ fieldError: parsed.error.issues[0]?.message ?? "Email is invalid", email }, { status: 400 });
  }
  // It sends an email to the address typed: a person, not a script (decision 080).
  const refused = await formBotCheck(request, form);
  if (refused) return data({ fieldError: refused, email: parsed.data.email }, { status: 403 });
  try {
    // The newsletter's bucket: every attempt counts, whatever the address (decision 042).
    await withClientLimit("newsletter", request, () =>
      requestMarketingWithdrawal(parsed.data, { local: isLocalHttp(request) }),
    );
  } catch (error) {
    if (!isAppError(error) || error.status !== 429) throw error;
    return data(
      { fieldError: error.message, email: parsed.data.email },
      { status: 429, headers: { "Retry-After": String(error.extra.retryAfter ?? 60) } },
    );
  }
  return { message: WITHDRAW_TEXTS.sent };
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => submitFailure(WITHDRAW_TEXTS.failed));
}

/** The page a request without JavaScript lands on (and the form on its own). */
export default function PrivacyWithdraw({ actionData }: Route.ComponentProps) {
  const failure = submitFailureOf(actionData);
  const answer =
    actionData && !failure ? (actionData as Exclude<WithdrawAnswer, { submitFailure: string }>) : undefined;
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-20 dark:from-slate-900 dark:to-slate-950">
      <div className="card mx-auto max-w-lg p-6 sm:p-8">
        <MailX aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Stop marketing email</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          We email you a link; the page it opens stops the {BRAND.name} newsletter and product news with one button. See
          the{" "}
          <Link to={href("/privacy")} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
            privacy notice
          </Link>
          .
        </p>
        {answer?.message ? (
          <div className="mt-5" data-testid="withdraw-page-answer">
            <StatusMessage text={answer.message} />
          </div>
        ) : (
          <Form method="post" noValidate className="mt-6 space-y-3">
            <Honeypot id="withdraw-page-fax" />
            <BotCheck />
            <Field id="withdraw-page-email" label="Email" errorId="withdraw-page-error" error={answer?.fieldError}>
              <EmailInput defaultValue={answer?.email} />
            </Field>
            {failure ? <StatusMessage text={failure} /> : null}
            <button type="submit" className="btn-primary">
              Email me the link
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}

export function meta() {
  return [{ title: `Stop marketing email | ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}
