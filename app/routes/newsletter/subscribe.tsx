import { Mail } from "lucide-react";
import { data, Form } from "react-router";
import { BotCheck } from "~/components/bot-check";
import { EmailInput } from "~/components/email-input";
import { Field } from "~/components/field";
import { FormNotice } from "~/components/form-notice";
import { Honeypot } from "~/components/honeypot";
import { StatusMessage } from "~/components/status-message";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { subscribe } from "~/domain/newsletter/newsletter.server";
import { NEWSLETTER_TEXTS, SubscribeSchema } from "~/domain/newsletter/schemas";
import { requestAttribution } from "~/http/attribution.server";
import { formBotCheck } from "~/http/bot-check.server";
import { BRAND } from "~/lib/brand";
import { NEWSLETTER_NOTICE } from "~/lib/consent";
import { isAppError } from "~/lib/errors";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { isLocalHttp } from "~/lib/local-http";
import { submitFailure, submitFailureOf, submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/subscribe";

/**
 * The footer box posts here. The answer is the same whatever the address's state (new,
 * pending, confirmed, unsubscribed), so it tells nobody who is on the list.
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
  const attribution = await requestAttribution(request);

  // A person, not a script (decision 080). The footer's box on a page kept at the edge carries no
  // form token: without JavaScript its first post lands here and this page's form (with one) sends it.
  const refused = await formBotCheck(request, form);
  if (refused) return data({ fieldError: refused, email: parsed.data.email }, { status: 403 });
  try {
    // Every attempt counts for the client, whatever the address's state, so the limit tells
    // nothing about who is on the list (decision 042).
    await withClientLimit("newsletter", request, () =>
      subscribe(parsed.data, { local: isLocalHttp(request), attribution }),
    );
  } catch (error) {
    if (!isAppError(error) || error.status !== 429) throw error;
    return data(
      { fieldError: error.message, email: parsed.data.email },
      { status: 429, headers: { "Retry-After": String(error.extra.retryAfter ?? 60) } },
    );
  }
  return { message: NEWSLETTER_TEXTS.checkInbox };
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => submitFailure(NEWSLETTER_TEXTS.failed));
}

/** The page a subscribe without JavaScript lands on (and a plain subscribe page). */
export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const failure = submitFailureOf(actionData);
  const answer =
    actionData && !failure ? (actionData as { message?: string; fieldError?: string; email?: string }) : undefined;
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-20 dark:from-slate-900 dark:to-slate-950">
      <div className="card mx-auto max-w-lg p-6 sm:p-8">
        <Mail aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">The {BRAND.name} newsletter</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Automation guides and product news. We email you a confirmation link first; unsubscribe at any time.
        </p>
        {answer?.message ? (
          <div className="mt-5" data-testid="newsletter-page-answer">
            <StatusMessage text={answer.message} />
          </div>
        ) : (
          <Form method="post" noValidate className="mt-6 space-y-3">
            <Honeypot id="newsletter-page-fax" />
            <BotCheck />
            <Field id="newsletter-page-email" label="Email" errorId="newsletter-page-error" error={answer?.fieldError}>
              <EmailInput defaultValue={answer?.email} />
            </Field>
            <FormNotice notice={NEWSLETTER_NOTICE} />
            {failure ? <StatusMessage text={failure} /> : null}
            <button type="submit" className="btn-primary">
              Subscribe
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}

export function meta() {
  return [{ title: `Newsletter | ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}
