import type { ReactNode } from "react";

/**
 * A page section with the site's width and vertical rhythm. Sections sit below the fold, so the
 * browser skips their style and layout until they come near the viewport (`content-visibility`,
 * with a remembered size once rendered): less main-thread work on a phone's first load.
 */
export function Section({
  id,
  className = "",
  children,
  labelledBy,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={`scroll-mt-20 py-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:py-24 ${className}`}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}

/** Eyebrow, heading and intro of a section; `id` is the heading's id for aria-labelledby. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "center",
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-pretty text-slate-600 dark:text-slate-300">{intro}</p> : null}
    </div>
  );
}
