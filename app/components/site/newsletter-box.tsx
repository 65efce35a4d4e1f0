import { Loader2, Mail } from "lucide-react";
import { useEffect, useRef } from "react";
import { href, Link, useFetcher } from "react-router";
import { BotCheck } from "~/components/bot-check";
import { describedBy } from "~/components/field";
import { FormNotice } from "~/components/form-notice";
import { Honeypot } from "~/components/honeypot";
import { NEWSLETTER_NOTICE } from "~/lib/consent";
import { submitFailureOf } from "~/lib/submit-failure";

/** What /newsletter answers a subscribe with (its action data). */
export type NewsletterAnswer = { message?: string; fieldError?: string; email?: string } | { submitFailure: string };

/**
 * The footer's subscribe box. Without JavaScript it posts to /newsletter (a page with the
 * answer); with it, a fetcher answers in place and a failed request keeps the typed address.
 */
export function NewsletterBox() {
  const fetcher = useFetcher<NewsletterAnswer>({ key: "newsletter" });
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failure = submitFailureOf(answer);
  const message = answer && "message" in answer ? answer.message : undefined;
  const fieldError = answer && "fieldError" in answer ? answer.fieldError : undefined;
  useEffect(() => {
    if (message) form.current?.reset();
  }, [message]);
  return (
    <div className="mt-6 max-w-sm">
      <fetcher.Form ref={form} method="post" action={href("/newsletter")} noValidate data-testid="newsletter-form">
        <label htmlFor="newsletter-email" className="text-sm font-semibold text-slate-900 dark:text-white">
          Join 25,000+ subscribers reading our automation guides.
        </label>
        <Honeypot id="newsletter-fax" />
        <BotCheck />
        <div className="mt-3 flex gap-2">
          <input
            id="newsletter-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="you@company.com"
            {...describedBy({ hintId: "newsletter-hint", errorId: "newsletter-error", error: fieldError })}
            className="input min-w-0 flex-1"
          />
          <button type="submit" className="btn-primary shrink-0" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <Mail aria-hidden className="size-4" />
            )}
            Subscribe
          </button>
        </div>
        <p id="newsletter-hint" className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          We email you a confirmation link first; unsubscribe at any time. Or read the{" "}
          <Link to={href("/blog")} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
            blog
          </Link>{" "}
          and its{" "}
          <a href="/blog/rss.xml" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
            RSS feed
          </a>
          .
        </p>
        <FormNotice notice={NEWSLETTER_NOTICE} className="mt-3" />
        <div aria-live="polite" className="mt-2 text-sm" data-testid="newsletter-answer">
          {fieldError ? (
            <p id="newsletter-error" className="field-error">
              {fieldError}
            </p>
          ) : null}
          {failure ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {failure}
            </p>
          ) : null}
          {message ? <p className="text-emerald-800 dark:text-emerald-300">{message}</p> : null}
        </div>
      </fetcher.Form>
    </div>
  );
}
