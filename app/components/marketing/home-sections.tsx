import {
  ArrowRight,
  Cable,
  ChartColumn,
  Clock,
  Headphones,
  Lock,
  ReceiptText,
  RefreshCw,
  ShieldCheck,
  SlidersHorizontal,
  Workflow,
  Zap,
} from "lucide-react";
import { href, Link } from "react-router";
import { BRAND } from "~/lib/brand";
import { CheckList } from "./blocks";
import { Faq, type FaqItem } from "./faq";
import { HeroVideo } from "./hero-video";
import { Illustration } from "./illustration";
import { PartnerStrip } from "./partner-strip";
import { Section, SectionHeading } from "./section";
import { StatCounter } from "./stat-counter";

const learnMoreClass =
  "mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline dark:text-brand-300 dark:hover:text-brand-200";

export function HomeHero({ videoSrc }: { videoSrc: string }) {
  return (
    <section className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-white dark:from-slate-900 dark:via-slate-950 dark:to-slate-950">
      <div
        aria-hidden="true"
        className="absolute -top-48 -right-24 size-[44rem] bg-radial from-brand-200/60 to-transparent to-70% dark:from-brand-800/30"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1fr_1.1fr] lg:px-8 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-800 dark:border-brand-800 dark:bg-slate-900 dark:text-brand-200">
            <Zap aria-hidden className="size-4" /> No-code workflow automation
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl dark:text-white">
            Automate the work between your teams
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600 dark:text-slate-300">
            {BRAND.name} turns approvals, quotes, forms and hand-offs into workflows you design by dragging and dropping
            — with role-based access, audit trails and analytics built in. No developers, no waiting.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={href("/free-trial")} className="btn-primary px-5 py-3 text-base">
              Get Started Free <ArrowRight aria-hidden className="size-4" />
            </Link>
            <Link to={href("/demo")} className="btn-secondary px-5 py-3 text-base">
              Watch Demo
            </Link>
          </div>
          <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">
            7-day free trial · No credit card required · Setup in under 30 minutes
          </p>
        </div>
        <HeroVideo src={videoSrc} title={`${BRAND.name} product tour`} />
      </div>
    </section>
  );
}

const STATS = [
  { to: 5000, suffix: "+", label: "Active users", detail: `running their processes on ${BRAND.name}`, icon: Workflow },
  { to: 99.9, decimals: 1, suffix: "%", label: "Uptime guaranteed", detail: "on a global edge network", icon: Zap },
  { to: 24, suffix: "/7", still: true, label: "Expert support", detail: "from workflow specialists", icon: Headphones },
];

export function HomeStats() {
  return (
    <section aria-label={`${BRAND.name} in numbers`} className="border-y border-slate-200 dark:border-slate-800">
      <dl className="mx-auto grid max-w-7xl gap-px bg-slate-200 sm:grid-cols-3 dark:bg-slate-800">
        {STATS.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col items-center bg-white px-6 py-10 text-center dark:bg-slate-950"
          >
            <dt className="order-2 mt-2 text-base font-semibold text-slate-900 dark:text-white">{stat.label}</dt>
            <dd className="order-1 text-5xl font-bold tracking-tight text-brand-700 dark:text-brand-300">
              <StatCounter to={stat.to} decimals={stat.decimals} suffix={stat.suffix} still={stat.still} />
            </dd>
            <dd className="order-3 mt-1 text-sm text-slate-600 dark:text-slate-400">{stat.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const PRODUCTS = [
  {
    name: "Bid-To-Quote",
    icon: ReceiptText,
    body: "Turn incoming bids into priced, approved quotations in minutes instead of days.",
    benefits: [
      "Capture bids with smart forms that validate as they are filled",
      "Price automatically from your rate cards and discount rules",
      "Route quotes above your limits to the right approvers",
      "Send branded quotations and track every revision",
    ],
    to: href("/custom-workflows"),
  },
  {
    name: "Custom Workflows",
    icon: Workflow,
    body: "Model any approval or request process exactly the way your organisation works.",
    benefits: [
      "Drag-and-drop builder with conditions, branches and milestones",
      "Multi-level approval and release strategies",
      "Role-based access so everyone sees only what they should",
      "A complete audit trail of every decision",
    ],
    to: `/what-is-${BRAND.slug}`,
  },
];

const VALUES = [
  {
    title: "Automated Process",
    body: "Requests move on their own: reminders, escalations and hand-offs happen without anyone chasing.",
    icon: Zap,
  },
  {
    title: "Adaptable Solution",
    body: "Change a step, a rule or a form in minutes as your business changes — no tickets, no code.",
    icon: SlidersHorizontal,
  },
  {
    title: "Real-Time Analytics",
    body: "See cycle times, bottlenecks and SLA performance live, for every workflow and every team.",
    icon: ChartColumn,
  },
  {
    title: "Secured Platform",
    body: "AES-256 encryption, OAuth 2.0 sign-in and SOC 2 Type II controls protect every record.",
    icon: ShieldCheck,
  },
];

export function HomeCoreFeatures() {
  return (
    <Section id="features" labelledBy="features-title">
      <SectionHeading
        id="features-title"
        eyebrow="Core features"
        title="Everything you need to run processes without code"
        intro={`Two products on one platform: quote faster with Bid-To-Quote and automate everything else with ${BRAND.name}'s custom workflows.`}
      />
      <div className="mt-14 grid gap-6 lg:grid-cols-2">
        {PRODUCTS.map((product) => (
          <article key={product.name} className="card flex flex-col p-8" data-testid="product-card">
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white dark:bg-brand-400 dark:text-slate-950">
              <product.icon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-5 text-2xl font-bold">{product.name}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{product.body}</p>
            <CheckList items={product.benefits} className="mt-6 flex-1" />
            <Link to={product.to} className={learnMoreClass}>
              Learn more<span className="sr-only"> about {product.name}</span>{" "}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </article>
        ))}
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {VALUES.map((value) => (
          <article key={value.title} className="card p-6" data-testid="value-card">
            <value.icon aria-hidden className="size-7 text-accent-600 dark:text-accent-400" />
            <h3 className="mt-4 text-lg font-semibold">{value.title}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{value.body}</p>
          </article>
        ))}
      </div>
      <div className="mt-12 flex flex-col items-center gap-3 text-center">
        <Link to={href("/free-trial")} className="btn-primary px-6 py-3 text-base">
          Start Free Trial
        </Link>
        <p className="text-sm text-slate-600 dark:text-slate-400">7 days free. No credit card required.</p>
      </div>
    </Section>
  );
}

const WORKFLOW_FAQ: FaqItem[] = [
  {
    question: "What is the difference between workflow integration and workflow automation?",
    answer: `Workflow automation makes the steps of one process run by themselves: a request is routed, approved and recorded without anyone chasing it. Workflow integration connects those processes to the systems around them — your CRM, ERP, email and chat — so data flows in and out without copying and pasting. ${BRAND.name} does both: you automate the process and plug it into the tools your teams already use.`,
  },
  {
    question: "Why does workflow integration matter to an enterprise?",
    answer:
      "Large organisations run on many systems, and the gaps between them are where time, money and accuracy are lost. Integrated workflows keep one version of the truth across departments, remove re-keying errors, make approvals auditable end to end and let you change a process once instead of in every tool.",
  },
  {
    question: "How does workflow integration affect the employee experience?",
    answer:
      "People stop doing robot work. Instead of switching between screens, retyping data and chasing approvals by email, employees see exactly what needs their attention, act on it in one place and know the rest happens automatically. Teams report fewer errors, faster answers and more time for work that needs a human.",
  },
];

export function HomeWorkflowFaq() {
  return (
    <Section id="workflow-integration" labelledBy="workflow-faq-title" className="bg-slate-50 dark:bg-slate-900/40">
      <div className="grid gap-10 lg:grid-cols-[1fr_1.5fr]">
        <SectionHeading
          id="workflow-faq-title"
          align="left"
          eyebrow="FAQ"
          title="Workflow integration, explained"
          intro="Three questions we hear from every operations leader before they automate their first process."
        />
        <Faq name="workflow-faq" items={WORKFLOW_FAQ} firstOpen />
      </div>
    </Section>
  );
}

const INTEGRATION_BENEFITS = [
  { title: "500+ connectors", body: "CRM, ERP, finance, HR, chat and storage apps, ready to switch on.", icon: Cable },
  { title: "Real-time sync", body: "Records update both ways the moment a workflow step completes.", icon: RefreshCw },
  {
    title: "Secure by design",
    body: "OAuth 2.0 connections and AES-256 encryption for data in transit and at rest.",
    icon: Lock,
  },
  {
    title: "Live in under 30 minutes",
    body: "Pick an app, sign in, map the fields — no code and no consultants.",
    icon: Clock,
  },
];

const INTEGRATION_FAQ: FaqItem[] = [
  {
    question: `Which systems can ${BRAND.name} connect to?`,
    answer:
      "More than 500 apps out of the box, including CRMs such as Salesforce, HubSpot and Zoho CRM, ERPs such as SAP S/4HANA, Oracle NetSuite, Microsoft Dynamics 365 and Tally, and everyday tools like Slack, Microsoft Teams, Google Workspace and DocuSign.",
  },
  {
    question: "Do I need developers to set up an integration?",
    answer:
      "No. You choose the app, sign in with its own OAuth 2.0 screen and map fields by pointing and clicking. Most teams connect their first system in under 30 minutes.",
  },
  {
    question: "How is our data kept secure while it syncs?",
    answer:
      "Connections use OAuth 2.0, so we never see your passwords. Data is encrypted with AES-256 at rest and TLS in transit, every sync is written to the audit trail and our controls are audited to SOC 2 Type II.",
  },
  {
    question: "Can we connect an in-house or legacy system?",
    answer:
      "Yes. Use the REST API and webhooks to send and receive data from any system that speaks HTTP; the API documentation lists every endpoint with its request and response format.",
  },
  {
    question: "What happens if a connected system is unavailable?",
    answer:
      "The workflow keeps its place. Failed syncs are retried automatically with back-off, and the workflow owner is notified if a record still cannot be delivered, so nothing is silently lost.",
  },
];

export function HomeIntegrations() {
  return (
    <Section id="integrations" labelledBy="integrations-title">
      <SectionHeading
        id="integrations-title"
        eyebrow="Integrations"
        title="Connect the tools your teams already use"
        intro={`${BRAND.name} sits between your systems and keeps them in step, so every workflow starts with the right data and ends with every record updated.`}
      />
      <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {INTEGRATION_BENEFITS.map((benefit) => (
          <article key={benefit.title} className="card p-6" data-testid="integration-benefit">
            <span className="flex size-11 items-center justify-center rounded-lg bg-accent-400/15 text-accent-600 dark:text-accent-400">
              <benefit.icon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{benefit.title}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{benefit.body}</p>
          </article>
        ))}
      </div>
      <div className="mt-12">
        <h3 className="sr-only">Integration partners</h3>
        <PartnerStrip />
      </div>
      <div className="mt-14 grid items-start gap-8 lg:grid-cols-[1.6fr_1fr]">
        <div>
          <h3 className="mb-5 text-xl font-semibold">Integration questions</h3>
          <Faq name="integration-faq" items={INTEGRATION_FAQ} />
        </div>
        <aside
          aria-labelledby="ready-to-connect"
          className="rounded-2xl bg-linear-to-br from-brand-700 to-brand-900 p-8 text-white shadow-xl lg:mt-12"
        >
          <h3 id="ready-to-connect" className="text-2xl font-bold">
            Ready to Connect?
          </h3>
          <p className="mt-3 text-brand-50">
            Link your CRM or ERP to {BRAND.name} today and watch your first synced workflow run in under 30 minutes.
          </p>
          <Link
            to={href("/free-trial")}
            className="btn mt-6 bg-white px-5 py-3 text-base text-brand-800 hover:bg-brand-50 focus-visible:outline-white"
          >
            Start Integration
          </Link>
          <Link
            to={`${href("/integration")}#crm`}
            className="mt-4 block text-sm font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-white"
          >
            Browse all integrations
          </Link>
        </aside>
      </div>
    </Section>
  );
}

const WHY = [
  {
    title: "Live in days, not months",
    body: "Start from pre-designed templates and publish your first workflow the day you sign up — setup takes under 30 minutes.",
  },
  {
    title: "Built for business users",
    body: "Operations, finance and HR teams design and change their own processes with a visual builder. IT keeps control through roles and audit trails.",
  },
  {
    title: "One platform, every department",
    body: "Approvals, quotes, forms and integrations share one data model, so work flows across teams instead of stopping at their edges.",
  },
  {
    title: "Enterprise-grade by default",
    body: "AES-256 encryption, OAuth 2.0, SOC 2 Type II controls, a 99.9% uptime guarantee and 24/7 expert support on every plan.",
  },
];

const WHY_STATS = [
  { value: "500+", label: "companies automate with us" },
  { value: "1000+", label: "workflows running today" },
  { value: "10,000+", label: "hours saved for our customers" },
  { value: "< 30 min", label: "to set up your first workflow" },
];

export function HomeWhy() {
  return (
    <Section id={`why-${BRAND.slug}`} labelledBy="why-title" className="bg-slate-50 dark:bg-slate-900/40">
      <SectionHeading
        id="why-title"
        eyebrow={`Why ${BRAND.name}`}
        title={`Why teams choose ${BRAND.name}`}
        intro={`Automation only pays off when people actually use it. We built ${BRAND.name} so they do.`}
      />
      <div className="mt-14 grid items-center gap-12 lg:grid-cols-2">
        <div>
          <ol className="space-y-8">
            {WHY.map((item, index) => (
              <li key={item.title} className="flex gap-5">
                <span
                  aria-hidden="true"
                  className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-lg font-bold text-white dark:bg-brand-400 dark:text-slate-950"
                >
                  {String(index + 1).padStart(2, "0")}
                </span>
                <div>
                  <h3 className="text-lg font-semibold">{item.title}</h3>
                  <p className="mt-1 text-slate-600 dark:text-slate-300">{item.body}</p>
                </div>
              </li>
            ))}
          </ol>
          <dl
            className="mt-10 grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-slate-200 dark:bg-slate-800"
            data-testid="why-stats"
          >
            {WHY_STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col bg-white p-5 dark:bg-slate-900">
                <dt className="order-2 text-sm text-slate-600 dark:text-slate-300">{stat.label}</dt>
                <dd className="order-1 text-2xl font-bold text-brand-700 sm:text-3xl dark:text-brand-300">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <figure className="relative mx-auto w-full max-w-xl">
          <div className="rounded-3xl bg-linear-to-br from-brand-100 to-accent-400/20 p-6 sm:p-10 dark:from-slate-800 dark:to-slate-900">
            <Illustration name="analytics" alt="Live analytics of workflow cycle times and approvals" />
          </div>
          <span className="absolute -top-3 left-4 inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-slate-900 shadow-lg ring-1 ring-slate-200 sm:left-8 dark:bg-slate-900 dark:text-white dark:ring-slate-700">
            <ShieldCheck aria-hidden className="size-4 text-accent-600 dark:text-accent-400" /> SOC 2 Type II
          </span>
          <span className="absolute top-1/2 -right-2 inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-slate-900 shadow-lg ring-1 ring-slate-200 sm:-right-6 dark:bg-slate-900 dark:text-white dark:ring-slate-700">
            <Lock aria-hidden className="size-4 text-brand-600 dark:text-brand-300" /> AES-256 encryption
          </span>
          <span className="absolute -bottom-3 left-8 inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-slate-900 shadow-lg ring-1 ring-slate-200 sm:left-16 dark:bg-slate-900 dark:text-white dark:ring-slate-700">
            <Zap aria-hidden className="size-4 text-amber-600 dark:text-amber-400" /> 99.9% uptime
          </span>
          <figcaption className="sr-only">
            Badges: SOC 2 Type II, AES-256 encryption and a 99.9% uptime guarantee.
          </figcaption>
        </figure>
      </div>
    </Section>
  );
}
