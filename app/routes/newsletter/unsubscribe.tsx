import { MailX } from "lucide-react";
import { data, Form } from "react-router";
import { StatusMessage } from "~/components/status-message";
import { unsubscribe } from "~/domain/newsletter/newsletter.server";
import { NEWSLETTER_TEXTS, TokenSchema } from "~/domain/newsletter/schemas";
import { BRAND } from "~/lib/brand";
import { isLocalHttp } from "~/lib/local-http";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/unsubscribe";

/** Opening the link changes nothing (mail scanners open links too); the button unsubscribes. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = TokenSchema.safeParse((await request.formData()).get("token") ?? "");
  const done = parsed.success && (await unsubscribe(parsed.data, { local: isLocalHttp(request) }));
  return done
    ? { done: true, message: NEWSLETTER_TEXTS.unsubscribed }
    : data({ done: false, message: NEWSLETTER_TEXTS.unsubscribeInvalid }, { status: 400 });
}

/** With JavaScript, a request that gets no answer says so and the button stays to try again (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ done: false, failed: true, message: NEWSLETTER_TEXTS.unsubscribeFailed }));
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const failed = Boolean(actionData && "failed" in actionData && actionData.failed);
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-20 dark:from-slate-900 dark:to-slate-950">
      <div className="card mx-auto max-w-lg p-6 sm:p-8">
        <MailX aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Unsubscribe</h1>
        {actionData && !failed ? (
          <div className="mt-5" data-testid="newsletter-outcome">
            <StatusMessage text={actionData.message} tone={actionData.done ? "success" : "error"} />
          </div>
        ) : (
          <Form method="post" className="mt-6">
            {failed && actionData ? (
              <div className="mb-4">
                <StatusMessage text={actionData.message} tone="error" testId="newsletter-failure" />
              </div>
            ) : null}
            <p className="text-slate-600 dark:text-slate-300">Stop receiving the {BRAND.name} newsletter?</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn-primary mt-5">
              Unsubscribe
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}

export function meta() {
  return [{ title: `Unsubscribe | ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}
