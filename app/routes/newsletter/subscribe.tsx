import { Mail } from "lucide-react";
import { FormNotice } from "~/components/form-notice";
import { EmailFormPage } from "~/components/site/email-form";
import { noindexMeta } from "~/components/site/noindex-meta";
import { subscribe } from "~/domain/newsletter/newsletter.server";
import { NEWSLETTER_TEXTS } from "~/domain/newsletter/schemas";
import { requestAttribution } from "~/http/attribution.server";
import { emailFormAction } from "~/http/email-form.server";
import { BRAND } from "~/lib/brand";
import { NEWSLETTER_NOTICE } from "~/lib/consent";
import { submitFailure, submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/subscribe";

/**
 * The footer box posts here. The answer is the same whatever the address's state (new,
 * pending, confirmed, unsubscribed), so it tells nobody who is on the list.
 */
export async function action({ request }: Route.ActionArgs) {
  return emailFormAction(
    request,
    async (input, { local }) => subscribe(input, { local, attribution: await requestAttribution(request) }),
    NEWSLETTER_TEXTS.checkInbox,
  );
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => submitFailure(NEWSLETTER_TEXTS.failed));
}

/** The page a subscribe without JavaScript lands on (and a plain subscribe page). */
export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <EmailFormPage
      name="newsletter-page"
      actionData={actionData}
      icon={Mail}
      title={`The ${BRAND.name} newsletter`}
      intro="Automation guides and product news. We email you a confirmation link first; unsubscribe at any time."
      button="Subscribe"
    >
      <FormNotice notice={NEWSLETTER_NOTICE} />
    </EmailFormPage>
  );
}

export function meta() {
  return noindexMeta("Newsletter");
}
