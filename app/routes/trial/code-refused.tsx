import { CalendarDays, Clock, Mail } from "lucide-react";
import { Form, href, Link } from "react-router";
import { SubmitButton } from "~/components/submit-button";

/** "about N minutes", or seconds under a minute: the wait the server's Retry-After gives. */
export function waitText(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Whether a refusal's text already says how long to wait ("try again in …", "wait … seconds"). */
export const mentionsWait = (message: string) => /\b(try again in|wait) \d/i.test(message);

/**
 * The code screen when no code could be sent (decision 020): why, when to try again (from the
 * limit's Retry-After), and a way forward that needs no code. No "we sent" text, no countdown.
 */
export function CodeRefused({
  email,
  message,
  retryAfter,
  salesEmail,
  busy,
}: {
  email: string;
  message: string;
  retryAfter: number;
  salesEmail: string;
  busy: boolean;
}) {
  return (
    <div data-testid="code-refused">
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        We could not send a code to <strong className="text-slate-900 dark:text-white">{email}</strong>.
      </p>
      <div
        role="alert"
        className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
      >
        <p className="font-semibold">{message}</p>
        <p className="mt-2 flex items-center gap-1.5 text-sm" data-testid="code-retry-after">
          <Clock aria-hidden className="size-4 shrink-0" />
          {/* The reason above already says when (issue 17): the wait is shown once. */}
          {mentionsWait(message)
            ? "Your signup is saved until then."
            : `You can ask for a code again in ${waitText(retryAfter)}. Your signup is saved until then.`}
        </p>
      </div>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="resend" />
        <SubmitButton className="btn-secondary w-full" busy={busy} whileBusy="Sending...">
          Try sending the code again
        </SubmitButton>
      </Form>
      <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-700">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">Don't want to wait?</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Our team can show you Flowlane or set up your trial for you.
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          <Link to={href("/demo")} className="btn-primary" data-testid="refused-book-demo">
            <CalendarDays aria-hidden className="size-4" /> Book a demo
          </Link>
          <a
            href={`mailto:${salesEmail}?subject=${encodeURIComponent("Free trial: no verification code")}`}
            className="btn-secondary"
            data-testid="refused-contact-sales"
          >
            <Mail aria-hidden className="size-4" /> Contact sales
          </a>
        </div>
      </div>
    </div>
  );
}
