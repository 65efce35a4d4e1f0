import { Check, LoaderCircle, Sparkles, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Faq, type FaqItem } from "~/components/marketing/faq";
import { marketingMeta } from "~/components/marketing/page-meta";
import {
  type Billing,
  formatPrice,
  type MessageTone,
  PLANS,
  type Plan,
  parseBilling,
  planChoiceOutcome,
  pricePeriod,
  SAVE_BADGE,
} from "~/components/marketing/pricing";
import { PlanChoiceSchema } from "~/domain/subscriptions/plan-choice.server";
import { BRAND } from "~/lib/brand";
import { pageCanonical } from "~/lib/seo.server";
import { submitKeepingInput } from "~/lib/submit-failure";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/pricing";

/** /pricing/contact-sales, the form's own page and action (the form module repeats it). */
const CONTACT_SALES_ACTION = "/pricing/contact-sales";
/**
 * The Contact Sales form (with conform and zod, ~45 KB gzip) loads only when the visitor
 * reaches for it: /pricing's first load carries none of it (decision 026).
 */
const loadContactSalesForm = () => import("./contact-sales-form");
const ContactSalesForm = lazy(() => loadContactSalesForm().then((module) => ({ default: module.ContactSalesForm })));

const PLAN_FAILED = "Failed to choose a plan. Please check your connection and try again.";

const PRICING_FAQ: FaqItem[] = [
  {
    question: "How does the 7-day free trial work?",
    answer: `Every plan starts with a 7-day free trial with full access to its features, and no credit card is needed to start. Build real workflows with your team; when the trial ends, pick the plan that fits and everything you built stays in place.`,
  },
  {
    question: "What is the difference between monthly and annual billing?",
    answer:
      "Monthly plans are billed every month and can be cancelled at any time. Annual plans are paid once a year at a lower price — look for the Save 20% badge when you switch the toggle to Annual.",
  },
  {
    question: "Can I change my plan later?",
    answer:
      "Yes. Upgrade at any time and the new limits apply at once; downgrades take effect from your next billing period. Your workflows, forms and data are kept either way.",
  },
  {
    question: "What are workflow steps, team members and master data?",
    answer:
      "A step is one stage of a workflow, such as a form, an approval or a system update. Team members are the people who design, submit or approve work. Master data are shared lists like vendors, products or cost centres that your forms look up.",
  },
  {
    question: "Which payment methods do you accept?",
    answer:
      "All major credit and debit cards, UPI and net banking, with a GST invoice for every payment. Enterprise customers can also pay annually by bank transfer.",
  },
  {
    question: "Is my data secure?",
    answer: `Yes. ${BRAND.name} encrypts data with AES-256, signs you in with OAuth 2.0, runs on infrastructure with a 99.9% uptime guarantee and follows SOC 2 Type II controls. Every plan includes audit trails.`,
  },
];

export function loader({ request }: Route.LoaderArgs) {
  return {
    canonical: pageCanonical(request),
    billing: parseBilling(new URL(request.url).searchParams.get("billing")),
  };
}

/** A plan choice without JavaScript (and with it): Standard/Pro go to the trial signup, Enterprise gets a message. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = PlanChoiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Error: choose one of the plans.";
    return data({ message, tone: "error" as const }, { status: 400 });
  }
  const outcome = planChoiceOutcome(parsed.data.plan);
  if ("redirect" in outcome) throw redirect(outcome.redirect, 303);
  return outcome;
}

/** With JavaScript, a failed plan choice is said on the chosen plan's card; the page stays. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form) => ({ message: PLAN_FAILED, failedPlan: String(form.get("plan") ?? "") }));
}

const TONE_CLASSES: Record<MessageTone, string> = {
  error: "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
  warning: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200",
  success: "border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200",
};

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { billing } = loaderData;
  const navigation = useNavigation();
  const inProgress =
    navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("plan")) : null;
  const idleData = navigation.state === "idle" ? actionData : undefined;
  const failedPlan = idleData && "failedPlan" in idleData ? idleData.failedPlan : null;
  const message = failedPlan === null && idleData && "tone" in idleData ? idleData : undefined;
  const failure = failedPlan !== null ? idleData?.message : undefined;
  // The open Contact Sales form makes the Enterprise card tall: the others keep their height.
  const [salesOpen, setSalesOpen] = useState(false);

  return (
    <main>
      <section
        aria-labelledby="pricing-title"
        className="bg-linear-to-b from-brand-50 to-white pt-16 pb-8 sm:pt-20 dark:from-slate-900 dark:to-slate-950"
      >
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">Pricing</p>
          <h1 id="pricing-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Simple pricing that grows with your team
          </h1>
          <p className="mt-5 text-lg text-pretty text-slate-600 dark:text-slate-300">
            Start free for 7 days — no credit card required. Pick the plan that fits when you are ready.
          </p>
          <BillingToggle billing={billing} />
        </div>
      </section>

      <section aria-label="Plans" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <div role="status" aria-live="polite" data-testid="pricing-message-area" className="mx-auto mb-8 max-w-3xl">
          {message ? (
            <p
              data-testid="pricing-message"
              data-tone={message.tone}
              className={`rounded-xl border px-4 py-3 text-center font-medium ${TONE_CLASSES[message.tone]}`}
            >
              {message.message}
            </p>
          ) : null}
        </div>
        <div className={`grid gap-6 lg:grid-cols-3 ${salesOpen ? "items-start" : "items-stretch"}`}>
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              billing={billing}
              inProgress={inProgress === plan.id}
              failure={failedPlan === plan.id ? failure : undefined}
              salesOpen={salesOpen}
              onSalesOpenChange={setSalesOpen}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="pricing-faq-title" className="bg-slate-50 py-16 sm:py-24 dark:bg-slate-900/40">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <h2 id="pricing-faq-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
            Frequently asked questions
          </h2>
          <div className="mt-10">
            <Faq name="pricing-faq" items={PRICING_FAQ} />
          </div>
        </div>
      </section>

      <section aria-labelledby="pricing-cta-title" className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-3xl rounded-3xl bg-brand-700 px-6 py-12 text-center shadow-xl sm:px-12 dark:bg-brand-900">
          <h2 id="pricing-cta-title" className="text-3xl font-bold tracking-tight text-white">
            Try Pro free for 7 days
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-50">
            Unlimited steps, team members and master data, conditional logic and advanced customization. No credit card
            required.
          </p>
          <Form method="post" preventScrollReset className="mt-8">
            <input type="hidden" name="billing" value={billing} />
            <button
              type="submit"
              name="plan"
              value="pro"
              disabled={inProgress === "pro"}
              className="btn bg-white px-6 py-3 text-base text-brand-800 hover:bg-brand-50 focus-visible:outline-white"
            >
              {inProgress === "pro" ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
              Start Free Trial
            </button>
            {failure && failedPlan === "pro" ? (
              <p role="alert" className="mt-4 font-medium text-white">
                {failure}
              </p>
            ) : null}
          </Form>
        </div>
      </section>
    </main>
  );
}

/** Monthly/annual switch: plain links, so it works without JavaScript. */
function BillingToggle({ billing }: { billing: Billing }) {
  const option = (value: Billing, label: string) => (
    <Link
      to={value === "annual" ? "?billing=annual" : "."}
      replace
      preventScrollReset
      aria-current={billing === value ? "true" : undefined}
      data-testid={`billing-${value}`}
      className={`rounded-full px-5 py-2 text-sm font-semibold transition-colors ${
        billing === value
          ? "bg-brand-600 text-white shadow dark:bg-brand-400 dark:text-slate-950"
          : "text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-white"
      }`}
    >
      {label}
    </Link>
  );
  return (
    <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
      <nav
        aria-label="Billing period"
        className="inline-flex rounded-full border border-slate-200 bg-white p-1 dark:border-slate-700 dark:bg-slate-900"
      >
        {option("monthly", "Monthly")}
        {option("annual", "Annual")}
      </nav>
      {billing === "annual" ? (
        <span
          data-testid="save-badge"
          className="rounded-full bg-accent-400/20 px-3 py-1 text-sm font-semibold text-emerald-800 dark:text-accent-400"
        >
          {SAVE_BADGE}
        </span>
      ) : null}
    </div>
  );
}

function PlanCard({
  plan,
  billing,
  inProgress,
  failure,
  salesOpen,
  onSalesOpenChange,
}: {
  plan: Plan;
  billing: Billing;
  inProgress: boolean;
  failure?: string;
  salesOpen: boolean;
  onSalesOpenChange: (open: boolean) => void;
}) {
  const price = plan.price[billing];
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      data-testid={`plan-${plan.id}`}
      data-in-progress={inProgress || undefined}
      className={`relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm dark:bg-slate-900 ${
        plan.highlighted
          ? "border-brand-500 ring-2 ring-brand-500 lg:-my-3 lg:py-11 dark:border-brand-400 dark:ring-brand-400"
          : "border-slate-200 dark:border-slate-800"
      } ${inProgress ? "opacity-80" : ""}`}
    >
      {plan.highlighted ? (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white dark:bg-brand-400 dark:text-slate-950">
          <Sparkles aria-hidden className="size-3.5" /> Most Popular
        </p>
      ) : null}
      <h2 id={`plan-${plan.id}`} className="text-xl font-bold">
        {plan.name}
      </h2>
      <p className="mt-2 min-h-12 text-sm text-slate-600 dark:text-slate-300">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight" data-testid="plan-price">
          {formatPrice(price)}
        </span>
        <span className="text-sm font-medium text-slate-600 dark:text-slate-300" data-testid="plan-period">
          {pricePeriod(price, billing)}
        </span>
      </p>
      <ul className="mt-8 flex-1 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-sm text-slate-700 dark:text-slate-200">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-600 dark:text-accent-400" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.id === "enterprise" ? (
        <ContactSales cta={plan.cta} open={salesOpen} onOpenChange={onSalesOpenChange} />
      ) : (
        <Form method="post" preventScrollReset className="mt-8">
          <input type="hidden" name="billing" value={billing} />
          <button
            type="submit"
            name="plan"
            value={plan.id}
            disabled={inProgress}
            aria-busy={inProgress || undefined}
            className={`${plan.highlighted ? "btn-primary" : "btn-secondary"} w-full py-3 text-base`}
          >
            {inProgress ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
            {plan.cta}
          </button>
          {failure ? (
            <p
              role="alert"
              data-testid="plan-failure"
              className={`mt-3 rounded-lg border px-3 py-2 text-sm ${TONE_CLASSES.error}`}
            >
              {failure}
            </p>
          ) : null}
        </Form>
      )}
    </article>
  );
}

/**
 * Enterprise "Contact Sales": a link to its own page without JavaScript; with it, the short
 * form opens in the card, where the visitor is looking, and its thank-you text appears there.
 */
function ContactSales({
  cta,
  open,
  onOpenChange: setOpen,
}: {
  cta: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const hydrated = useHydrated();
  if (!open) {
    return (
      <Link
        to={CONTACT_SALES_ACTION}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
        // Fetched while the pointer or focus is on the button, so the click rarely waits.
        onPointerEnter={hydrated ? loadContactSalesForm : undefined}
        onFocus={hydrated ? loadContactSalesForm : undefined}
        aria-expanded={hydrated ? false : undefined}
        className="btn-secondary mt-8 w-full py-3 text-base"
        data-testid="contact-sales"
      >
        {cta}
      </Link>
    );
  }
  return (
    <section
      aria-labelledby="contact-sales-title"
      className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-800"
      data-testid="contact-sales-panel"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <h3 id="contact-sales-title" className="font-semibold">
          Contact Sales
        </h3>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded-md p-1 text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
        >
          <X aria-hidden className="size-4" />
          <span className="sr-only">Close the Contact Sales form</span>
        </button>
      </div>
      <Suspense
        fallback={
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
            Loading the form...
          </p>
        }
      >
        <ContactSalesForm autoFocus />
      </Suspense>
    </section>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return marketingMeta(loaderData?.canonical, {
    title: "Pricing: Standard, Pro and Enterprise plans",
    description: `${BRAND.name} plans from ₹1,500 a month, with a 7-day free trial and no credit card required. Compare Standard, Pro and Enterprise.`,
  });
}
