import { MailX } from "lucide-react";
import { data } from "react-router";
import { ConfirmLinkPage } from "~/components/site/card-page";
import { noindexMeta } from "~/components/site/noindex-meta";
import { unsubscribe } from "~/domain/newsletter/newsletter.server";
import { NEWSLETTER_TEXTS, TokenSchema } from "~/domain/newsletter/schemas";
import { linkToken, postedToken } from "~/http/confirm-link.server";
import { BRAND } from "~/lib/brand";
import { isLocalHttp } from "~/lib/local-http";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/unsubscribe";

/** Opening the link changes nothing (mail scanners open links too); the button unsubscribes. */
export function loader({ request }: Route.LoaderArgs) {
  return linkToken(request);
}

export async function action({ request }: Route.ActionArgs) {
  const token = await postedToken(request, TokenSchema);
  const done = token !== null && (await unsubscribe(token, { local: isLocalHttp(request) }));
  return done
    ? { done: true, message: NEWSLETTER_TEXTS.unsubscribed }
    : data({ done: false, message: NEWSLETTER_TEXTS.unsubscribeInvalid }, { status: 400 });
}

/** With JavaScript, a request that gets no answer says so and the button stays to try again (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ done: false, failed: true, message: NEWSLETTER_TEXTS.unsubscribeFailed }));
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmLinkPage
      icon={MailX}
      title="Unsubscribe"
      testId="newsletter"
      token={loaderData.token}
      question={`Stop receiving the ${BRAND.name} newsletter?`}
      button="Unsubscribe"
      answer={
        actionData && {
          message: actionData.message,
          tone: actionData.done ? "success" : "error",
          retry: "failed" in actionData && actionData.failed,
        }
      }
    />
  );
}

export function meta() {
  return noindexMeta("Unsubscribe");
}
