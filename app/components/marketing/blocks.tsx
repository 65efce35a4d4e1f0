import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { Illustration, type IllustrationName } from "./illustration";

export type Action = { label: ReactNode; to: string; variant?: "primary" | "secondary"; reloadDocument?: boolean };

/** Buttons that are links: every one has a real destination (PRODUCT.md "No dead buttons"). */
export function Actions({ actions, className = "" }: { actions: Action[]; className?: string }) {
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      {actions.map((action, index) => (
        <Link
          key={`${action.to}-${index}`}
          to={action.to}
          reloadDocument={action.reloadDocument}
          className={`${action.variant === "secondary" ? "btn-secondary" : "btn-primary"} px-5 py-3 text-base`}
        >
          {action.label}
        </Link>
      ))}
    </div>
  );
}

/** The top of a feature page: headline and actions beside an illustration. */
export function PageHero({
  eyebrow,
  title,
  intro,
  actions,
  illustration,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  actions: Action[];
  illustration: { name: IllustrationName; alt: string };
}) {
  return (
    <section className="relative overflow-hidden bg-linear-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
            {title}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600 dark:text-slate-300">{intro}</p>
          <Actions actions={actions} className="mt-8" />
        </div>
        <Illustration name={illustration.name} alt={illustration.alt} eager className="mx-auto max-w-xl" />
      </div>
    </section>
  );
}

export type FeatureBlock = {
  id?: string;
  eyebrow?: string;
  title: string;
  body: string;
  points: string[];
  illustration: { name: IllustrationName; alt: string };
  extra?: ReactNode;
};

/** Alternating image/text rows: the image goes left on every other row from tablet width up. */
export function FeatureRows({ blocks }: { blocks: FeatureBlock[] }) {
  return (
    <div className="mx-auto max-w-7xl space-y-20 px-4 pt-16 sm:space-y-28 sm:px-6 sm:pt-24 lg:px-8">
      {blocks.map((block, index) => {
        const headingId = `${block.id ?? `feature-${index}`}-title`;
        return (
          <section
            key={block.title}
            id={block.id}
            aria-labelledby={headingId}
            data-testid="feature-row"
            className="grid scroll-mt-24 items-center gap-10 md:grid-cols-2 lg:gap-16"
          >
            <div className={index % 2 === 1 ? "md:order-2" : ""}>
              {block.eyebrow ? (
                <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
                  {block.eyebrow}
                </p>
              ) : null}
              <h2 id={headingId} className="mt-2 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
                {block.title}
              </h2>
              <p className="mt-4 text-pretty text-slate-600 dark:text-slate-300">{block.body}</p>
              <ul className="mt-6 space-y-3">
                {block.points.map((point) => (
                  <li key={point} className="flex gap-3 text-slate-700 dark:text-slate-200">
                    <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-600 dark:text-accent-400" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
              {block.extra}
            </div>
            <div
              className={`rounded-3xl bg-linear-to-br from-brand-50 to-accent-400/10 p-4 sm:p-8 dark:from-slate-900 dark:to-slate-900 ${index % 2 === 1 ? "md:order-1" : ""}`}
            >
              <Illustration name={block.illustration.name} alt={block.illustration.alt} />
            </div>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The closing call to action of a marketing page: the free trial and a demo, in the page's own
 * words, and the trial's terms under them.
 */
export function CtaBand({
  title,
  body,
  trial,
  demo,
  note = "7-day free trial · No credit card required",
}: {
  title: string;
  body: string;
  /** The trial button's label. */
  trial: string;
  /** The demo button's label. */
  demo: string;
  note?: string;
}) {
  const actions: Action[] = [
    { label: trial, to: href("/free-trial") },
    { label: demo, to: href("/demo"), variant: "secondary" },
  ];
  return (
    <section aria-labelledby="cta-title" className="px-4 pt-16 pb-20 sm:px-6 sm:pt-20 lg:px-8">
      <div className="relative mx-auto max-w-7xl overflow-hidden rounded-3xl bg-brand-700 px-6 py-14 text-center shadow-xl sm:px-12 dark:bg-brand-900">
        <div
          aria-hidden="true"
          className="absolute -top-32 -right-32 size-96 bg-radial from-accent-500/35 to-transparent to-70% dark:from-accent-500/25"
        />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {title}
        </h2>
        <p className="relative mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-50">{body}</p>
        <div className="relative mt-8 flex flex-wrap justify-center gap-3">
          {actions.map((action, index) => (
            <Link
              key={`${action.to}-${index}`}
              to={action.to}
              reloadDocument={action.reloadDocument}
              className={`btn px-5 py-3 text-base focus-visible:outline-white ${
                action.variant === "secondary"
                  ? "border border-white/60 text-white hover:bg-white/10"
                  : "bg-white text-brand-800 hover:bg-brand-50"
              }`}
            >
              {action.label}
            </Link>
          ))}
        </div>
        {note ? <p className="relative mt-5 text-sm font-medium text-brand-50">{note}</p> : null}
      </div>
    </section>
  );
}

/** A small list of check-marked points inside a card. */
export function CheckList({ items, className = "" }: { items: string[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-sm text-slate-700 dark:text-slate-200">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-600 dark:text-accent-400" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** What a feature page is made of (spec §2): its hero, its feature rows, its call to action and its meta. */
export type FeaturePageContent = {
  hero: Parameters<typeof PageHero>[0];
  blocks: FeatureBlock[];
  cta: Parameters<typeof CtaBand>[0];
  meta: { title: string; description: string };
};

/** A feature page, every one the same shape: the hero, the alternating feature rows, the closing call to action. */
export function FeaturePage({ hero, blocks, cta }: FeaturePageContent) {
  return (
    <main>
      <PageHero {...hero} />
      <FeatureRows blocks={blocks} />
      <CtaBand {...cta} />
    </main>
  );
}
