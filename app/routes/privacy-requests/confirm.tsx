import { ShieldCheck } from "lucide-react";
import { data, Form } from "react-router";
import { StatusMessage } from "~/components/status-message";
import { confirmPrivacyRequest } from "~/domain/privacy/requests.server";
import { PRIVACY_TEXTS, PrivacyTokenSchema } from "~/domain/privacy/schemas";
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
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = PrivacyTokenSchema.safeParse((await request.formData()).get("token") ?? "");
  const result = parsed.success
    ? await confirmPrivacyRequest(parsed.data, { local: isLocalHttp(request) })
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
  const retry = actionData?.outcome === "failed" || actionData?.outcome === "refused";
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-20 dark:from-slate-900 dark:to-slate-950">
      <div className="card mx-auto max-w-lg p-6 sm:p-8">
        <ShieldCheck aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Confirm your request</h1>
        {actionData && !retry ? (
          <div className="mt-5" data-testid="privacy-outcome">
            <StatusMessage text={actionData.message} tone={actionData.outcome === "invalid" ? "error" : "success"} />
          </div>
        ) : (
          <Form method="post" className="mt-6">
            {retry && actionData ? (
              <div className="mb-4">
                <StatusMessage text={actionData.message} tone="error" testId="privacy-failure" />
              </div>
            ) : null}
            <p className="text-slate-600 dark:text-slate-300">
              Confirm the request you made to {BRAND.name} about your data. This is the last step.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn-primary mt-5">
              Confirm request
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}

export function meta() {
  return [{ title: `Confirm your request | ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}
