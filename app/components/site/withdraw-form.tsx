import { Loader2, MailX } from "lucide-react";
import { useEffect, useRef } from "react";
import { href, useFetcher } from "react-router";
import { BotCheck } from "~/components/bot-check";
import { describedBy } from "~/components/field";
import { Honeypot } from "~/components/honeypot";
import { submitFailureOf } from "~/lib/submit-failure";
import type { WithdrawAnswer } from "~/routes/marketing/privacy-withdraw";

/**
 * The privacy page's "stop marketing email" form (decision 087). Without JavaScript it posts to
 * /privacy/withdraw (a page with the answer); with it, a fetcher answers in place and a failed
 * request keeps the typed address.
 */
export function WithdrawForm() {
  const fetcher = useFetcher<WithdrawAnswer>({ key: "privacy-withdraw" });
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failure = submitFailureOf(answer);
  const message = answer && "message" in answer ? answer.message : undefined;
  const fieldError = answer && "fieldError" in answer ? answer.fieldError : undefined;
  useEffect(() => {
    if (message) form.current?.reset();
  }, [message]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={href("/privacy/withdraw")}
      noValidate
      data-testid="withdraw-form"
      className="card max-w-xl p-4 sm:p-5"
    >
      <label htmlFor="withdraw-email" className="text-sm font-semibold text-slate-900 dark:text-white">
        Email me the link to stop marketing email
      </label>
      <Honeypot id="withdraw-fax" />
      <BotCheck />
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          id="withdraw-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@company.com"
          {...describedBy({ errorId: "withdraw-error", error: fieldError })}
          className="input min-w-0 flex-1"
        />
        <button type="submit" className="btn-secondary shrink-0" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <MailX aria-hidden className="size-4" />
          )}
          Email me the link
        </button>
      </div>
      <div aria-live="polite" className="mt-2 text-sm" data-testid="withdraw-answer">
        {fieldError ? (
          <p id="withdraw-error" className="field-error">
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
  );
}
