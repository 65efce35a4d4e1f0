import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarClock, CalendarOff, UsersRound } from "lucide-react";
import { data, Form, href, Link, redirect } from "react-router";
import { ChangeNotices } from "~/components/console/change-notices";
import { DateRangeFields } from "~/components/console/date-range-fields";
import { RemoveForm } from "~/components/console/row-action";
import { Field } from "~/components/field";
import { FormError } from "~/components/field-error";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton, useSubmittingValue } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { BOOKING } from "~/domain/calendar/availability";
import { HOLIDAY_MESSAGES, HOLIDAY_STATES, HOLIDAY_YEARS, indiaHolidays } from "~/domain/calendar/holidays";
import { ClosureInputSchema, intervalsText, WEEKDAY_NAMES } from "~/domain/calendar/hosts";
import { addClosure, addHolidayClosures, listClosures, listHosts, removeClosure } from "~/domain/calendar/hosts.server";
import { SCHEDULING_LIMITS, SCHEDULING_MESSAGES, SchedulingFormSchema } from "~/domain/calendar/scheduling-settings";
import { getSchedulingSettings, updateSchedulingSettings } from "~/domain/calendar/scheduling-settings.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/scheduling";
import { SettingsPanel } from "./settings-ui";

type RulesReply = SubmissionResult<string[]>;

const SAVE_FAILED = "Failed to save the scheduling rules. Please check your connection and try again.";

/** Settings → Scheduling: the rules of the demo calendar (Owner/Admin; issue 27 item 2, decision 078). */
const NOTICES = {
  saved: SCHEDULING_MESSAGES.saved,
  closed: "Closure added: no demos are offered on those dates.",
  reopened: "Closure removed.",
  imported: (n: number) => (n === 1 ? "1 holiday imported as a closure." : `${n} holidays imported as closures.`),
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const imported = url.searchParams.get("imported");
  const notice = url.searchParams.has("saved")
    ? NOTICES.saved
    : url.searchParams.has("closed")
      ? NOTICES.closed
      : url.searchParams.has("reopened")
        ? NOTICES.reopened
        : imported !== null && /^\d+$/.test(imported)
          ? NOTICES.imported(Number(imported))
          : null;
  const [settings, hosts, closures] = await Promise.all([getSchedulingSettings(), listHosts(), listClosures()]);
  return {
    settings,
    notice,
    hosts: hosts.map((h) => ({
      memberId: h.memberId,
      name: h.name,
      role: h.role,
      takesDemos: h.takesDemos,
      timeZone: h.timeZone,
      hours: WEEKDAY_NAMES.flatMap((name, i) => {
        const day = h.weeklyHours.filter((w) => w.day === i + 1);
        return day.length ? [`${name.slice(0, 3)} ${intervalsText(day)}`] : [];
      }),
      dailyCap: h.dailyCap,
      away: h.overrides.filter((o) => o.hours === null).length,
    })),
    closures,
    years: HOLIDAY_YEARS,
    states: HOLIDAY_STATES,
  };
}

type ClosureForm = { from: string; to: string; reason: string };
type ActionData =
  | { form: "rules"; rules: RulesReply }
  | { form: "closure"; error: string; input: ClosureForm }
  | { form: "holidays"; error: string; input: { year: string; state: string } }
  | { form: "remove"; error: string; id: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const page = href("/admin/dashboard/settings/scheduling");
  const intent = text(form, "intent");
  if (intent === "closure") {
    const input = { from: text(form, "from"), to: text(form, "to"), reason: text(form, "reason") };
    const parsed = ClosureInputSchema.safeParse(input);
    const fail = (error: string, status: number) => data<ActionData>({ form: "closure", error, input }, { status });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Check the closure.", 400);
    try {
      await addClosure(actor, parsed.data);
    } catch (error) {
      if (isAppError(error)) return fail(error.message, error.status);
      throw error;
    }
    return redirect(`${page}?closed=1`, 303);
  }
  if (intent === "holidays") {
    const input = { year: text(form, "year"), state: text(form, "state") };
    const fail = (error: string) => data<ActionData>({ form: "holidays", error, input }, { status: 400 });
    if (input.state && !HOLIDAY_STATES.some(([code]) => code === input.state)) return fail(HOLIDAY_MESSAGES.state);
    const holidays = /^\d{4}$/.test(input.year) ? indiaHolidays(Number(input.year), input.state || null) : null;
    if (!holidays) return fail(HOLIDAY_MESSAGES.year);
    const label = `IN${input.state ? `-${input.state}` : ""} ${input.year}`;
    const { imported } = await addHolidayClosures(actor, holidays, label);
    return redirect(`${page}?imported=${imported}`, 303);
  }
  if (intent === "remove-closure") {
    const id = text(form, "id").slice(0, 100);
    try {
      await removeClosure(actor, id);
    } catch (error) {
      if (isAppError(error))
        return data<ActionData>({ form: "remove", error: error.message, id }, { status: error.status });
      throw error;
    }
    return redirect(`${page}?reopened=1`, 303);
  }
  const submission = parseWithZod(form, { schema: SchedulingFormSchema });
  if (submission.status !== "success")
    return data<ActionData>({ form: "rules", rules: submission.reply() }, { status: 400 });
  try {
    await updateSchedulingSettings(actor, submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionData>(
      { form: "rules", rules: submission.reply({ formErrors: [error.message] }) },
      { status: error.status },
    );
  }
  // Post/Redirect/Get: a reload does not save again.
  return redirect(`${page}?saved=1`, 303);
}

/** With JavaScript, a failed request keeps the typed values and says so. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form): ActionData => {
    switch (text(form, "intent")) {
      case "closure":
        return {
          form: "closure",
          error: "Failed to add the closure. Please check your connection and try again.",
          input: { from: text(form, "from"), to: text(form, "to"), reason: text(form, "reason") },
        };
      case "holidays":
        return {
          form: "holidays",
          error: "Failed to import the holidays. Please check your connection and try again.",
          input: { year: text(form, "year"), state: text(form, "state") },
        };
      case "remove-closure":
        return { form: "remove", error: "Failed to remove the closure. Please try again.", id: text(form, "id") };
      default:
        return {
          form: "rules",
          rules: parseWithZod(form, { schema: SchedulingFormSchema }).reply({ formErrors: [SAVE_FAILED] }),
        };
    }
  });
}

const FIELDS = [
  {
    name: "minimumNoticeMinutes",
    label: "Minimum notice (minutes)",
    hint: "A slot starting sooner than this is not offered. 60 = one hour.",
  },
  {
    name: "windowDays",
    label: "Booking window (days)",
    hint: "Visitors can book from today through this many days ahead.",
  },
  {
    name: "bufferBeforeMinutes",
    label: "Buffer before (minutes)",
    hint: "Kept free before every demo.",
  },
  {
    name: "bufferAfterMinutes",
    label: "Buffer after (minutes)",
    hint: "Kept free after every demo.",
  },
  {
    name: "changeCutoffMinutes",
    label: "Change cutoff (minutes)",
    hint: "Visitors can cancel or reschedule until this many minutes before the start. 0 = until it starts.",
  },
] as const;

export default function SchedulingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, notice, hosts, closures, years, states } = loaderData;
  const hydrated = useHydrated();
  const submitting = useSubmittingValue("intent");
  const busy = submitting === "rules";
  const result = actionData as ActionData | undefined;
  const closureFailure = result?.form === "closure" ? result : null;
  const holidayFailure = result?.form === "holidays" ? result : null;
  const removeFailure = result?.form === "remove" ? result : null;
  const [form, fields] = useForm({
    id: "scheduling-rules",
    lastResult: result?.form === "rules" ? result.rules : undefined,
    defaultValue: Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)])),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SchedulingFormSchema }),
  });

  return (
    <div className="space-y-6">
      <ChangeNotices notice={notice} error={removeFailure?.error} />
      <SettingsPanel
        id="scheduling"
        title="Scheduling rules"
        icon={CalendarClock}
        width="max-w-2xl"
        description={
          <>
            The rules of the demo booking page. Every demo is {BOOKING.meetingMinutes} minutes, offered every{" "}
            {BOOKING.slotMinutes} minutes. A change holds for the next visitor at once and is recorded in the activity
            log.
          </>
        }
      >
        <Form method="post" {...getFormProps(form)} noValidate={hydrated} className="mt-5 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="rules" />
          {FIELDS.map(({ name, label, hint }) => {
            const field = fields[name];
            const { min, max } = SCHEDULING_LIMITS[name];
            return (
              <Field
                key={name}
                id={field.id}
                label={label}
                hint={hint}
                error={field.errors?.[0]}
                errorId={field.errorId}
              >
                <input
                  {...getInputProps(field, { type: "number" })}
                  className="input"
                  inputMode="numeric"
                  min={min}
                  max={max}
                  step={1}
                  required
                />
              </Field>
            );
          })}
          <div className="space-y-3 sm:col-span-2">
            <FormError error={form.errors?.[0]} />
            <SubmitButton className="btn-primary" busy={busy} whileBusy="Saving...">
              Save rules
            </SubmitButton>
          </div>
        </Form>
      </SettingsPanel>

      <SettingsPanel
        id="hosts"
        title="Hosts"
        icon={UsersRound}
        description="Members who take demos, each with their own hours in their own time zone. Sales take demos unless switched off; anyone else can be switched on."
      >
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" data-testid="hosts">
          {hosts.map((host) => (
            <li
              key={host.memberId}
              data-testid="host"
              className="flex flex-wrap items-start justify-between gap-3 py-3"
            >
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-medium">
                  {host.name}{" "}
                  <span className="text-sm font-normal text-slate-600 capitalize dark:text-slate-300">{host.role}</span>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {host.takesDemos ? "Takes demos" : "Does not take demos"} · {host.timeZone}
                  {host.dailyCap ? ` · at most ${host.dailyCap} a day` : ""}
                  {host.away ? ` · ${host.away} away ${host.away === 1 ? "range" : "ranges"} ahead` : ""}
                </p>
                {host.takesDemos ? (
                  <p className="text-xs break-words text-slate-500 dark:text-slate-400">
                    {host.hours.join(" · ") || "No hours"}
                  </p>
                ) : null}
              </div>
              <Link
                to={href("/admin/dashboard/settings/scheduling/hosts/:memberId", { memberId: host.memberId })}
                className="btn-secondary"
                aria-label={`Availability of ${host.name}`}
              >
                Availability
              </Link>
            </li>
          ))}
        </ul>
      </SettingsPanel>

      <SettingsPanel
        id="closures"
        title="Company closures"
        icon={CalendarOff}
        description="No demos are offered on these dates (business dates), whatever the hosts' hours."
      >
        {closures.length ? (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" data-testid="closures">
            {closures.map((closure) => (
              <li
                key={closure.id}
                data-testid="closure"
                className="flex flex-wrap items-center justify-between gap-3 py-2"
              >
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium break-words">{closure.reason}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {closure.from === closure.to ? closure.from : `${closure.from} to ${closure.to}`}
                    {closure.source === "holidays" ? " · public holiday" : ""}
                  </p>
                </div>
                <RemoveForm
                  intent="remove-closure"
                  id={closure.id}
                  label={`Remove closure ${closure.reason} (${closure.from})`}
                  disabled={submitting === "remove-closure"}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">No closures ahead.</p>
        )}

        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Form method="post" className="space-y-3" aria-labelledby="closure-add-heading">
            <h3 id="closure-add-heading" className="font-semibold">
              Add a closure
            </h3>
            <input type="hidden" name="intent" value="closure" />
            <div className="grid gap-3 sm:grid-cols-2">
              <DateRangeFields idPrefix="closure" from={closureFailure?.input.from} to={closureFailure?.input.to} />
            </div>
            <Field id="closure-reason" label="Reason">
              <input
                type="text"
                name="reason"
                className="input"
                required
                maxLength={100}
                defaultValue={closureFailure?.input.reason}
                key={`reason-${closureFailure?.input.reason}`}
              />
            </Field>
            <FormError error={closureFailure?.error} />
            <SubmitButton className="btn-primary" busy={submitting === "closure"} whileBusy="Adding...">
              Add closure
            </SubmitButton>
          </Form>

          <Form method="post" className="space-y-3" aria-labelledby="holidays-heading">
            <h3 id="holidays-heading" className="font-semibold">
              Import India's public holidays
            </h3>
            <input type="hidden" name="intent" value="holidays" />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id="holidays-year" label="Year">
                <select
                  name="year"
                  className="input"
                  defaultValue={holidayFailure?.input.year || String(years[0])}
                  key={`year-${holidayFailure?.input.year}`}
                >
                  {years.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="holidays-state" label="State (optional)">
                <select
                  name="state"
                  className="input"
                  defaultValue={holidayFailure?.input.state ?? ""}
                  key={`state-${holidayFailure?.input.state}`}
                >
                  <option value="">National holidays only</option>
                  {states.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <FormError error={holidayFailure?.error} />
            <SubmitButton className="btn-secondary" busy={submitting === "holidays"} whileBusy="Importing...">
              Import holidays
            </SubmitButton>
          </Form>
        </div>
      </SettingsPanel>
    </div>
  );
}

export function meta() {
  return consoleMeta("Scheduling settings");
}
