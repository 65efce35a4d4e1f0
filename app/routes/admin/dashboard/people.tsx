import { Download, Search, Trash2 } from "lucide-react";
import { data, Form, href, Link } from "react-router";
import { ActionNotice } from "~/components/console/action-notice";
import { PendingIcon } from "~/components/pending-icon";
import { consoleMeta } from "~/components/site/noindex-meta";
import { useSubmittingValue } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { can } from "~/domain/accounts/permissions";
import { bookingRules } from "~/domain/calendar/calendar.server";
import { countsOf, erasePerson, peopleLookup } from "~/domain/privacy/people.server";
import { EraseSchema, PersonQuerySchema } from "~/domain/privacy/schemas";
import { failedActionAnswer } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";
import { fieldLabel } from "~/lib/field-label";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/people";
import { formatInstant } from "./meetings/meeting-ui";

const ERASE_FAILED = "Failed to erase. Please try again.";

/** What each kind is called here; a kind from a table added later goes by its own name. */
const KIND_LABELS: Readonly<Record<string, string>> = {
  bookings: "Demo bookings",
  callbacks: "Callbacks and Enterprise requests",
  leads: "Leads",
  lead_notes: "Lead notes and events",
  trials: "Trial signup",
  newsletter: "Newsletter",
  emails: "Emails sent",
  audit: "Audit entries about them",
  codes: "Verification codes",
};
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? fieldLabel(kind);

/** The line a row is known by in its list: its subject, name or action, else its id. */
function rowTitle(row: Record<string, unknown>) {
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  const title = row.subject ?? row.name ?? (name || null) ?? row.action ?? row.type ?? row.status ?? row.id;
  return String(title ?? "");
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const typed = new URL(request.url).searchParams.get("email");
  const canErase = can(session.admin.role, "delete:person:any");
  const canExport = can(session.admin.role, "export:person:any");
  const timeZone = bookingRules().timeZone;
  if (typed === null) return { typed: "", problem: null, person: null, canErase, canExport, timeZone };
  const query = PersonQuerySchema.safeParse({ email: typed });
  if (!query.success) {
    const problem = query.error.issues[0]?.message ?? "Email is invalid";
    return data({ typed, problem, person: null, canErase, canExport, timeZone }, 400);
  }
  const held = JSON.parse(JSON.stringify(await peopleLookup(query.data.email))) as Record<
    string,
    Record<string, unknown>[]
  >;
  const now = Date.now();
  // An upcoming meeting blocks the erasure: the page says so before anyone tries.
  const upcoming = (held.bookings ?? []).filter(
    (row) => ["scheduled", "confirmed"].includes(String(row.status)) && Date.parse(String(row.startsAt)) > now,
  );
  return {
    typed,
    problem: null,
    person: { email: query.data.email, counts: countsOf(held), held, upcoming: upcoming.map((row) => String(row.id)) },
    canErase,
    canExport,
    timeZone,
  };
}

type Answer = { ok: boolean; message: string };

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  if (form.get("intent") !== "erase") return data<Answer>({ ok: false, message: "Unknown action." }, 400);
  const parsed = EraseSchema.safeParse({ email: form.get("email") ?? "", confirm: form.get("confirm") === "true" });
  if (!parsed.success) {
    return data<Answer>({ ok: false, message: parsed.error.issues[0]?.message ?? ERASE_FAILED }, 400);
  }
  try {
    const { erased, total } = await erasePerson(actor, parsed.data.email);
    const parts = Object.entries(erased).map(([kind, n]) => `${kindLabel(kind).toLowerCase()}: ${n}`);
    return { ok: true, message: `Erased ${total} records (${parts.join(", ")}).` } satisfies Answer;
  } catch (error) {
    return failedActionAnswer(error, ERASE_FAILED);
  }
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (): Answer => ({ ok: false, message: ERASE_FAILED }));
}

function Value({ value, timeZone }: { value: unknown; timeZone: string }) {
  if (value === null || value === undefined || value === "") return <span className="text-slate-400">—</span>;
  if (typeof value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value)) {
    return <>{formatInstant(value, timeZone)}</>;
  }
  return <>{typeof value === "object" ? JSON.stringify(value) : String(value)}</>;
}

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { typed, problem, person, canErase, canExport, timeZone } = loaderData;
  const erasing = useSubmittingValue("intent") === "erase";
  const kinds = person ? Object.keys(person.held) : [];
  const total = person ? Object.values(person.counts).reduce((sum, n) => sum + n, 0) : 0;
  const exportHref = (kind?: string) =>
    `${href("/admin/dashboard/people/export")}?${new URLSearchParams(person ? { email: person.email, ...(kind ? { kind } : {}) } : {})}`;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">People</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Everything held about one person, found by their email: look it up, export it, or erase it.
      </p>
      <Form method="get" className="card mt-4 flex flex-wrap items-end gap-2 p-4" role="search">
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor="people-email" className="label">
            Email
          </label>
          <input
            id="people-email"
            type="email"
            name="email"
            defaultValue={typed}
            required
            className="input"
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "people-email-error" : undefined}
          />
        </div>
        <button type="submit" className="btn-primary">
          <Search aria-hidden className="size-4" />
          Look up
        </button>
        {problem ? (
          <p id="people-email-error" className="w-full text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        ) : null}
      </Form>
      <div className="mt-4">
        <ActionNotice result={actionData} />
      </div>
      {person ? (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 text-sm break-words" data-testid="people-summary">
              {total === 0
                ? `Nothing is held about ${person.email}.`
                : `${total} records held about ${person.email}, of ${kinds.length} kinds.`}
            </p>
            {canExport && total > 0 ? (
              <a href={exportHref()} className="btn-secondary" download>
                <Download aria-hidden className="size-4" />
                Export JSON
              </a>
            ) : null}
          </div>
          {kinds.map((kind) => (
            <section key={kind} className="card mb-4 p-5" aria-labelledby={`kind-${kind}`} data-testid={`kind-${kind}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={`kind-${kind}`} className="text-base font-semibold">
                  {kindLabel(kind)} ({person.counts[kind]})
                </h2>
                {canExport ? (
                  <a
                    href={exportHref(kind)}
                    className="text-sm text-brand-700 hover:underline dark:text-brand-300"
                    download
                  >
                    CSV<span className="sr-only"> of {kindLabel(kind).toLowerCase()}</span>
                  </a>
                ) : null}
              </div>
              <ul className="mt-3 grid gap-2">
                {(person.held[kind] ?? []).map((row, index) => (
                  <li key={String(row.id ?? index)}>
                    <details className="rounded-lg border border-slate-200 dark:border-slate-800">
                      <summary className="cursor-pointer px-3 py-2 text-sm break-words">
                        {rowTitle(row)}
                        {typeof row.createdAt === "string" ? (
                          <span className="text-slate-500 dark:text-slate-400">
                            {" "}
                            · {formatInstant(row.createdAt, timeZone)}
                          </span>
                        ) : null}
                      </summary>
                      <dl className="grid grid-cols-1 gap-x-3 gap-y-1 border-t border-slate-200 px-3 py-2 text-sm sm:grid-cols-[auto_1fr] dark:border-slate-800">
                        {Object.entries(row).map(([key, value]) => (
                          <div key={key} className="contents">
                            <dt className="text-slate-500 dark:text-slate-400">{fieldLabel(key)}</dt>
                            <dd className="min-w-0 break-words">
                              <Value value={value} timeZone={timeZone} />
                            </dd>
                          </div>
                        ))}
                      </dl>
                    </details>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {canErase && total > 0 ? (
            <section
              className="card mb-4 border-red-200 p-5 dark:border-red-900"
              aria-labelledby="erase-title"
              data-testid="erase"
            >
              <h2 id="erase-title" className="text-base font-semibold">
                Erase this person
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                Their bookings, callbacks, leads and trial stay as anonymous records so counts and reports keep them;
                everything else about them is deleted, emails to or about them included. The audit log records that an
                erasure happened, not whose. This cannot be undone.
              </p>
              {person.upcoming.length > 0 ? (
                <p
                  role="alert"
                  className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
                >
                  They have an upcoming meeting: cancel it first (
                  {person.upcoming.map((id, i) => (
                    <span key={id}>
                      {i > 0 ? ", " : ""}
                      <Link to={href("/admin/dashboard/meetings/:id", { id })} className="underline">
                        open the meeting
                      </Link>
                    </span>
                  ))}
                  ).
                </p>
              ) : null}
              <Form method="post" className="mt-3 grid gap-3">
                <input type="hidden" name="email" value={person.email} />
                <label className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="confirm" value="true" required className="mt-1" />
                  <span className="min-w-0 break-words">
                    I understand that {person.email}'s data is erased everywhere and cannot be restored.
                  </span>
                </label>
                <div>
                  <button type="submit" name="intent" value="erase" className="btn-danger" disabled={erasing}>
                    <PendingIcon pending={erasing} icon={Trash2} />
                    Erase
                  </button>
                </div>
              </Form>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export function meta() {
  return consoleMeta("People");
}
