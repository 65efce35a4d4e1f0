import { MailCheck } from "lucide-react";
import { data, Form } from "react-router";
import { StatusMessage } from "~/components/status-message";
import { confirmSubscription } from "~/domain/newsletter/newsletter.server";
import { NEWSLETTER_TEXTS, TokenSchema } from "~/domain/newsletter/schemas";
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
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = TokenSchema.safeParse((await request.formData()).get("token") ?? "");
  const outcome = parsed.success ? await confirmSubscription(parsed.data) : "invalid";
  return data({ outcome, message: OUTCOME_TEXT[outcome] }, { status: outcome === "invalid" ? 400 : 200 });
}

/** With JavaScript, a request that gets no answer says so and the button stays to try again (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ outcome: "failed" as const, message: NEWSLETTER_TEXTS.confirmFailed }));
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData?.outcome === "failed";
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-20 dark:from-slate-900 dark:to-slate-950">
      <div className="card mx-auto max-w-lg p-6 sm:p-8">
        <MailCheck aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Confirm your subscription</h1>
        {actionData && !failed ? (
          <div className="mt-5" data-testid="newsletter-outcome">
            <StatusMessage text={actionData.message} tone={actionData.outcome === "invalid" ? "error" : "success"} />
          </div>
        ) : (
          <Form method="post" className="mt-6">
            {actionData?.outcome === "failed" ? (
              <div className="mb-4">
                <StatusMessage text={actionData.message} tone="error" testId="newsletter-failure" />
              </div>
            ) : null}
            <p className="text-slate-600 dark:text-slate-300">
              Confirm that you want to receive the {BRAND.name} newsletter at this address.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn-primary mt-5">
              Confirm subscription
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}

export function meta() {
  return [{ title: `Confirm your subscription | ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}
