import { Download, FileSpreadsheet } from "lucide-react";
import { href } from "react-router";
import { consoleMeta } from "~/components/site/noindex-meta";
import { exportCounts } from "~/domain/reporting/exports.server";
import { requireAdmin } from "~/http/guards.server";
import type { Route } from "./+types/export";
import { SettingsCard } from "./settings-ui";

const DESCRIPTIONS = {
  meetings: "Every demo meeting: contact details, date, time slot, status and notes.",
  callbacks: "Every callback request and Enterprise lead, with its message and source.",
  users: "Every trial signup: contact, company, plan, status and trial dates.",
  subscribers: "Every newsletter subscriber: email, status (pending, confirmed, unsubscribed) and dates.",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { exports: await exportCounts() };
}

export default function Export({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsCard
      id="export"
      title="Export"
      description="CSV files (UTF-8, comma separated) that open in any spreadsheet. Text that a spreadsheet would run as a formula is prefixed with an apostrophe (numbers and phone numbers are left as they are); times carry their offset in the business timezone. Each download is recorded in the activity log."
    >
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {loaderData.exports.map((item) => (
          <li key={item.kind} className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4">
            <FileSpreadsheet aria-hidden className="size-8 shrink-0 text-accent-600" />
            <div className="min-w-0 flex-1 basis-56">
              <p className="font-medium">{item.label}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {DESCRIPTIONS[item.kind]} {item.rows} {item.rows === 1 ? "row" : "rows"}.
              </p>
            </div>
            <a
              href={href("/admin/dashboard/settings/export/:kind", { kind: item.kind })}
              download
              className="btn-secondary"
              data-testid={`export-${item.kind}`}
            >
              <Download aria-hidden className="size-4" /> Download CSV
              <span className="sr-only"> of {item.label.toLowerCase()}</span>
            </a>
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}

export function meta() {
  return consoleMeta("Export");
}
