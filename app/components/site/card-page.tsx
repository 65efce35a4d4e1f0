import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { StatusMessage } from "~/components/status-message";

/**
 * A public page that is one card on the brand gradient: an icon, the title, then what the page
 * asks or answers (subscribe, confirm a link, a privacy request, Contact Sales).
 */
export function CardPage(props: { icon: LucideIcon; title: ReactNode; wide?: boolean; children: ReactNode }) {
  const { icon: Icon } = props;
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-20 dark:from-slate-900 dark:to-slate-950">
      <div className={`card mx-auto ${props.wide ? "max-w-xl" : "max-w-lg"} p-6 sm:p-8`}>
        <Icon aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{props.title}</h1>
        {props.children}
      </div>
    </main>
  );
}

/**
 * A page an emailed link opens (confirm a subscription, unsubscribe, confirm a privacy request).
 * Opening it changes nothing, as mail scanners open links too: its button posts the link's token
 * (`linkToken` in app/http/confirm-link.server.ts). Then the action's answer replaces the button,
 * unless it is one to try again after (`retry`), which stands above the button.
 * Test ids: `${testId}-outcome`, `${testId}-failure`.
 */
export function ConfirmLinkPage(props: {
  icon: LucideIcon;
  title: string;
  testId: string;
  token: string;
  question: ReactNode;
  button: string;
  answer?: { message: string; tone: "success" | "error"; retry: boolean };
}) {
  const { answer } = props;
  return (
    <CardPage icon={props.icon} title={props.title}>
      {answer && !answer.retry ? (
        <div className="mt-5" data-testid={`${props.testId}-outcome`}>
          <StatusMessage text={answer.message} tone={answer.tone} />
        </div>
      ) : (
        <Form method="post" className="mt-6">
          {answer ? (
            <div className="mb-4">
              <StatusMessage text={answer.message} tone="error" testId={`${props.testId}-failure`} />
            </div>
          ) : null}
          <p className="text-slate-600 dark:text-slate-300">{props.question}</p>
          <input type="hidden" name="token" value={props.token} />
          <button type="submit" className="btn-primary mt-5">
            {props.button}
          </button>
        </Form>
      )}
    </CardPage>
  );
}
