import { ShieldCheck } from "lucide-react";
import { data } from "react-router";
import { ConfirmLinkPage } from "~/components/site/card-page";
import { noindexMeta } from "~/components/site/noindex-meta";
import { confirmPrivacyRequest } from "~/domain/privacy/requests.server";
import { PRIVACY_TEXTS, PrivacyTokenSchema } from "~/domain/privacy/schemas";
import { linkToken, postedToken } from "~/http/confirm-link.server";
import { BRAND } from "~/lib/brand";
import { isLocalHttp } from "~/lib/local-http";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/confirm";

const OUTCOME_TEXT = {
  exported: PRIVACY_TEXTS.exported,
  erased: PRIVACY_TEXTS.erased,
  "nothing-held": PRIVACY_TEXTS.nothingHeld,
  invalid: PRIVACY_TEXTS.linkInvalid,
} as const;

/** Opening the link changes nothing (mail scanners open links too); the button confirms. */
export function loader({ request }: Route.LoaderArgs) {
  return linkToken(request);
}

export async function action({ request }: Route.ActionArgs) {
  const token = await postedToken(request, PrivacyTokenSchema);
  const result = token
    ? await confirmPrivacyRequest(token, { local: isLocalHttp(request) })
    : ({ outcome: "invalid" } as const);
  if (result.outcome === "refused") return data({ outcome: "refused" as const, message: result.message }, 409);
  const status = result.outcome === "invalid" ? 400 : 200;
  return data({ outcome: result.outcome, message: OUTCOME_TEXT[result.outcome] }, status);
}

/** With JavaScript, a confirmation that gets no answer says so and the button stays (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ outcome: "failed" as const, message: PRIVACY_TEXTS.confirmFailed }));
}

export default function ConfirmPrivacyRequest({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmLinkPage
      icon={ShieldCheck}
      title="Confirm your request"
      testId="privacy"
      token={loaderData.token}
      question={`Confirm the request you made to ${BRAND.name} about your data. This is the last step.`}
      button="Confirm request"
      answer={
        actionData && {
          message: actionData.message,
          tone: actionData.outcome === "invalid" ? "error" : "success",
          retry: actionData.outcome === "failed" || actionData.outcome === "refused",
        }
      }
    />
  );
}

export function meta() {
  return noindexMeta("Confirm your request");
}
