import { MailCheck } from "lucide-react";
import { data } from "react-router";
import { ConfirmLinkPage } from "~/components/site/card-page";
import { noindexMeta } from "~/components/site/noindex-meta";
import { confirmSubscription } from "~/domain/newsletter/newsletter.server";
import { NEWSLETTER_TEXTS, TokenSchema } from "~/domain/newsletter/schemas";
import { linkToken, postedToken } from "~/http/confirm-link.server";
import { BRAND } from "~/lib/brand";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/confirm";

const OUTCOME_TEXT = {
  confirmed: NEWSLETTER_TEXTS.confirmed,
  "already-confirmed": NEWSLETTER_TEXTS.alreadyConfirmed,
  invalid: NEWSLETTER_TEXTS.linkInvalid,
} as const;

/** Opening the link changes nothing (mail scanners open links too); the button confirms. */
export function loader({ request }: Route.LoaderArgs) {
  return linkToken(request);
}

export async function action({ request }: Route.ActionArgs) {
  const token = await postedToken(request, TokenSchema);
  const outcome = token ? await confirmSubscription(token) : "invalid";
  return data({ outcome, message: OUTCOME_TEXT[outcome] }, { status: outcome === "invalid" ? 400 : 200 });
}

/** With JavaScript, a request that gets no answer says so and the button stays to try again (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ outcome: "failed" as const, message: NEWSLETTER_TEXTS.confirmFailed }));
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmLinkPage
      icon={MailCheck}
      title="Confirm your subscription"
      testId="newsletter"
      token={loaderData.token}
      question={`Confirm that you want to receive the ${BRAND.name} newsletter at this address.`}
      button="Confirm subscription"
      answer={
        actionData && {
          message: actionData.message,
          tone: actionData.outcome === "invalid" ? "error" : "success",
          retry: actionData.outcome === "failed",
        }
      }
    />
  );
}

export function meta() {
  return noindexMeta("Confirm your subscription");
}
