/** The in-house illustrations in public/illustrations (drawn by scripts/media/illustrations.ts). */
export type IllustrationName =
  | "analytics"
  | "apps-grid"
  | "approvals"
  | "audit-trail"
  | "bid-to-quote"
  | "conditional-logic"
  | "crm-sync"
  | "erp-sync"
  | "form-builder"
  | "form-elements"
  | "form-layouts"
  | "form-submissions"
  | "integrations-hub"
  | "milestones"
  | "release-strategy"
  | "roles-access"
  | "security-badges"
  | "workflow-builder";

/**
 * An illustration as a plain image: no JavaScript, loaded lazily unless it is above the fold
 * (then eagerly and with high priority, as it is usually the page's largest paint).
 * One light palette serves both themes: the dark theme inverts it and turns the hues back.
 */
export function Illustration({
  name,
  alt,
  eager = false,
  className = "",
}: {
  name: IllustrationName;
  alt: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={`/illustrations/${name}.svg`}
      alt={alt}
      width={480}
      height={360}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={`h-auto w-full dark:hue-rotate-180 dark:invert ${className}`}
    />
  );
}
