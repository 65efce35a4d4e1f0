/** Integration partners shown in the looping strip (names only; the marks are drawn here). */
export const PARTNERS = [
  { name: "Salesforce", tint: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200" },
  { name: "HubSpot", tint: "bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200" },
  { name: "Zoho CRM", tint: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200" },
  { name: "SAP S/4HANA", tint: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200" },
  { name: "Oracle NetSuite", tint: "bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100" },
  { name: "Microsoft Dynamics 365", tint: "bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200" },
  { name: "Tally Prime", tint: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" },
  { name: "Slack", tint: "bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-950 dark:text-fuchsia-200" },
  { name: "Microsoft Teams", tint: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200" },
  { name: "Google Workspace", tint: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200" },
  { name: "DocuSign", tint: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200" },
  { name: "Razorpay", tint: "bg-cyan-100 text-cyan-900 dark:bg-cyan-950 dark:text-cyan-200" },
] as const;

const initials = (name: string) =>
  name
    .split(/[\s/]+/)
    .slice(0, 2)
    .map((word) => word[0])
    .join("");

/** The strip's animation, kept beside the component (React hoists and dedupes it). */
const MARQUEE_CSS = "@keyframes fl-marquee{to{transform:translate3d(-50%,0,0)}}";

function PartnerList({ hidden = false }: { hidden?: boolean }) {
  return (
    <ul
      aria-hidden={hidden || undefined}
      className={`flex shrink-0 gap-4 pr-4 motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:pr-0 ${hidden ? "motion-reduce:hidden" : ""}`}
    >
      {PARTNERS.map((partner) => (
        <li
          key={partner.name}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 whitespace-nowrap dark:border-slate-800 dark:bg-slate-900"
        >
          <span
            aria-hidden="true"
            className={`flex size-9 items-center justify-center rounded-lg text-xs font-bold ${partner.tint}`}
          >
            {initials(partner.name)}
          </span>
          <span className="text-sm font-semibold text-slate-800 dark:text-slate-100">{partner.name}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * An endless strip of partner names: pure CSS, paused on hover or focus, and still (wrapped
 * into rows) for visitors who prefer reduced motion.
 */
export function PartnerStrip() {
  return (
    <div
      className="group relative overflow-hidden mask-x-from-90% motion-reduce:overflow-visible motion-reduce:mask-none"
      data-testid="partner-strip"
    >
      <style href="fl-marquee" precedence="default">
        {MARQUEE_CSS}
      </style>
      <div className="flex w-max animate-[fl-marquee_45s_linear_infinite] group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] motion-reduce:w-auto motion-reduce:animate-none motion-reduce:justify-center">
        <PartnerList />
        <PartnerList hidden />
      </div>
    </div>
  );
}
