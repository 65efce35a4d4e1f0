import { MailX, ShieldCheck } from "lucide-react";
import { href, Link } from "react-router";
import { marketingMeta } from "~/components/marketing/page-meta";
import { EmailForm } from "~/components/site/email-form";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { CONSENT_FORMS, FORM_NOTICES, FORM_TITLES, NOTICE_VERSIONS, RETENTION } from "~/lib/consent";
import { pageCanonical } from "~/lib/seo.server";
import type { Route } from "./+types/privacy";

/**
 * The privacy notice (decision 087): the same HTML for everyone, kept at the edge like the other
 * marketing pages. Its version is the one every form's short notice links to and every consent
 * row records; the sections per form are the forms' own notices, so the two never differ.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { RETENTION_PAGE_VIEW_DAYS, RETENTION_PAGE_SPEED_DAYS } = config();
  // The visit counts' retention is configuration (the purge jobs read the same settings).
  return {
    canonical: pageCanonical(request),
    pageViewDays: RETENTION_PAGE_VIEW_DAYS,
    pageSpeedDays: RETENTION_PAGE_SPEED_DAYS,
  };
}

const current = NOTICE_VERSIONS[0];

function Section({ id, title, children }: { id?: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} className="scroll-mt-24 border-t border-slate-200 pt-8 dark:border-slate-800">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
      <div className="mt-3 space-y-3 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <main className="bg-linear-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-14 sm:px-6 sm:py-20">
        <header>
          <ShieldCheck aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Privacy notice
          </h1>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" data-testid="notice-version">
            Version <strong className="font-semibold text-slate-900 dark:text-white">{current.version}</strong> · in
            effect since {current.effective}
          </p>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            {BRAND.name} collects only what a form needs to answer you. Here is, form by form, what we collect, why, and
            how long we keep it. Questions: <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>.
          </p>
        </header>

        {CONSENT_FORMS.map((form) => (
          <Section key={form} id={form} title={FORM_TITLES[form]}>
            <dl className="grid gap-2 sm:grid-cols-[9rem_1fr]">
              <dt className="font-semibold text-slate-900 dark:text-white">What we collect</dt>
              <dd>{FORM_NOTICES[form].what}</dd>
              <dt className="font-semibold text-slate-900 dark:text-white">Why</dt>
              <dd>{FORM_NOTICES[form].why}</dd>
              <dt className="font-semibold text-slate-900 dark:text-white">How long</dt>
              <dd>{FORM_NOTICES[form].kept}</dd>
            </dl>
          </Section>
        ))}

        <Section id="every-form" title="With every form">
          <p>
            Your network address counts toward limits that stop abuse (a few requests an hour) and is deleted when the
            limit's window closes, within a day. Where you came to us from (the referring site or campaign of your first
            and latest visit) is kept with your enquiry as long as the enquiry is.
          </p>
          <p>
            The emails we send you are kept {RETENTION.emailBodyDays} days, then deleted. A sales contact with no
            activity for {RETENTION.leadMonthsWithoutActivity} months is deleted; a trial we decline is deleted after{" "}
            {RETENTION.rejectedTrialMonths} months.
          </p>
          <p>
            We record each consent: your email, its purpose, the version of this notice, the form, when you gave it and
            when you withdrew it. That record is kept as proof for as long as the data it covers.
          </p>
        </Section>

        <Section id="visits" title="Visits and page speed">
          <p>
            When you open a page we count the visit: the page, the site or campaign that sent you (its <code>utm_</code>{" "}
            tags or the referring site's name), your country and whether you use a phone, a tablet or a computer. To
            count each visitor once a day without knowing who you are, we keep a one-way hash of your network address
            and browser name mixed with a random value that is deleted when the day ends, so one day's visits cannot be
            linked to you or to another day's. No cookie is used, and known bots are not counted. These rows are deleted
            after {loaderData.pageViewDays} days; after that only each day's totals (per page, source, campaign, country
            and kind of device) are kept.
          </p>
          <p>
            Once a page has loaded, your browser reports how fast it was (loading, response to taps and clicks, layout
            shifts, the server's response time) with the page's address and your kind of device, nothing that names you.
            These figures are deleted after {loaderData.pageSpeedDays} days.
          </p>
        </Section>

        <Section id="marketing" title="Marketing email and withdrawing consent">
          <p>
            We send the newsletter and product news only when you choose it: the box is separate from everything else
            and never ticked for you. Withdrawing is as easy as giving it: every newsletter email has an unsubscribe
            link (one click on the page it opens), and you can ask for that link here.
          </p>
          {/* Without JavaScript it lands on /privacy/withdraw (decision 087). */}
          <EmailForm
            name="withdraw"
            fetcherKey="privacy-withdraw"
            action={href("/privacy/withdraw")}
            label="Email me the link to stop marketing email"
            icon={MailX}
            button="Email me the link"
            buttonClass="btn-secondary"
            className="card max-w-xl p-4 sm:p-5"
          />
        </Section>

        <Section id="rights" title="Your rights">
          <p>
            You may ask what we hold about you, have it corrected, or have it erased, and complain to the Data
            Protection Board of India. Write to <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>; we
            answer from the address you write from.
          </p>
        </Section>

        <Section id="versions" title="Versions of this notice">
          <ul className="space-y-1" data-testid="notice-versions">
            {NOTICE_VERSIONS.map((entry) => (
              <li key={entry.version}>
                <strong className="font-semibold text-slate-900 dark:text-white">{entry.version}</strong> (
                {entry.effective}): {entry.change}
              </li>
            ))}
          </ul>
          <p className="text-sm">
            Each consent we record names the version it was given under. Back to{" "}
            <Link to={href("/")} className="text-brand-700 hover:underline dark:text-brand-300">
              the home page
            </Link>
            .
          </p>
        </Section>
      </article>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return marketingMeta(loaderData?.canonical, {
    title: `Privacy notice | ${BRAND.name}`,
    description: `What ${BRAND.name} collects on each form, why, how long it is kept, and how to withdraw consent.`,
  });
}
