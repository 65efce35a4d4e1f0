import { MailX } from "lucide-react";
import { href, Link } from "react-router";
import { EmailFormPage } from "~/components/site/email-form";
import { noindexMeta } from "~/components/site/noindex-meta";
import { requestMarketingWithdrawal } from "~/domain/privacy/withdrawal.server";
import { emailFormAction } from "~/http/email-form.server";
import { BRAND } from "~/lib/brand";
import { WITHDRAW_TEXTS } from "~/lib/consent";
import { submitFailure, submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/privacy-withdraw";

/**
 * The privacy page's "stop marketing email" form posts here (decision 087). The answer is the
 * same for every address; an address that gets marketing email is sent its one-click link, whose
 * page withdraws on a POST (mail scanners only open links).
 */
export async function action({ request }: Route.ActionArgs) {
  return emailFormAction(request, requestMarketingWithdrawal, WITHDRAW_TEXTS.sent);
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => submitFailure(WITHDRAW_TEXTS.failed));
}

/** The page a request without JavaScript lands on (and the form on its own). */
export default function PrivacyWithdraw({ actionData }: Route.ComponentProps) {
  return (
    <EmailFormPage
      name="withdraw-page"
      actionData={actionData}
      icon={MailX}
      title="Stop marketing email"
      intro={
        <>
          We email you a link; the page it opens stops the {BRAND.name} newsletter and product news with one button. See
          the{" "}
          <Link to={href("/privacy")} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
            privacy notice
          </Link>
          .
        </>
      }
      button="Email me the link"
    />
  );
}

export function meta() {
  return noindexMeta("Stop marketing email");
}
