import { ArrowLeft, CalendarSync, CalendarX2, Clock } from "lucide-react";
import { data, Form, href, Link, redirect } from "react-router";
import { BusyCalendarStatus } from "~/components/console/busy-calendar-status";
import { ChangeNotices } from "~/components/console/change-notices";
import { DateRangeFields } from "~/components/console/date-range-fields";
import { useConsoleTimezone } from "~/components/console/format";
import { RemoveForm } from "~/components/console/row-action";
import { Field } from "~/components/field";
import { FormError } from "~/components/field-error";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton, useSubmittingValue } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { getCalendarSync } from "~/domain/calendar/calendar-sync.server";
import {
  HOST_MESSAGES,
  HostInputSchema,
  intervalsText,
  OverrideInputSchema,
  parseIntervalsText,
  WEEKDAY_NAMES,
} from "~/domain/calendar/hosts";
import { addOverride, getHost, removeOverride, setHost } from "~/domain/calendar/hosts.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/scheduling-host";
import { SettingsPanel } from "./settings-ui";

/**
 * A host's availability (issue 27 item 1, decision 076): takes demos, time zone, weekly hours
 * (a text field a day, "09:00-13:00, 14:00-18:00"), daily cap, and date overrides (away, or
 * other hours, over a date range). Owner/Admin; every form works without JavaScript.
 */

const NOTICES = {
  saved: "Availability saved.",
  added: "Date override added.",
  removed: "Date override removed.",
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [host, sync] = await Promise.all([getHost(params.memberId), getCalendarSync(params.memberId)]).catch(
    (error) => {
      if (isAppError(error) && error.status === 404) throw data(HOST_MESSAGES.memberNotFound, { status: 404 });
      throw error;
    },
  );
  const url = new URL(request.url);
  const key = (Object.keys(NOTICES) as (keyof typeof NOTICES)[]).find((k) => url.searchParams.has(k));
  return {
    host: {
      ...host,
      days: WEEKDAY_NAMES.map((_, i) => intervalsText(host.weeklyHours.filter((w) => w.day === i + 1))),
    },
    notice: key ? NOTICES[key] : null,
    // The host's own calendar as Settings → My calendar shows it to them (decision 086).
    busyCalendar: sync.busyCalendar,
    now: new Date().toISOString(),
  };
}

type HostForm = { takesDemos: boolean; timeZone: string; dailyCap: string; days: string[] };
type OverrideForm = { from: string; to: string; hours: string };
type ActionData =
  | { form: "host"; error: string; input: HostForm }
  | { form: "override"; error: string; input: OverrideForm }
  | { form: "remove"; error: string; id: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const hostForm = (form: FormData): HostForm => ({
  takesDemos: form.get("takesDemos") === "on",
  timeZone: text(form, "timeZone").trim(),
  dailyCap: text(form, "dailyCap").trim(),
  days: WEEKDAY_NAMES.map((_, i) => text(form, `day${i + 1}`)),
});
const overrideForm = (form: FormData): OverrideForm => ({
  from: text(form, "from"),
  to: text(form, "to"),
  hours: text(form, "hours"),
});

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const page = href("/admin/dashboard/settings/scheduling/hosts/:memberId", { memberId: params.memberId });
  const intent = text(form, "intent");
  try {
    if (intent === "override") {
      const input = overrideForm(form);
      const fail = (error: string) => data<ActionData>({ form: "override", error, input }, { status: 400 });
      const hours = parseIntervalsText(input.hours);
      if (!hours) return fail(HOST_MESSAGES.hoursText);
      const parsed = OverrideInputSchema.safeParse({
        from: input.from,
        to: input.to,
        ...(hours.length ? { hours } : {}),
      });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? HOST_MESSAGES.date);
      await addOverride(actor, params.memberId, parsed.data);
      return redirect(`${page}?added=1`, 303);
    }
    if (intent === "remove-override") {
      const id = text(form, "id").slice(0, 100);
      await removeOverride(actor, params.memberId, id).catch((error) => {
        if (isAppError(error)) throw Object.assign(error, { removing: id });
        throw error;
      });
      return redirect(`${page}?removed=1`, 303);
    }
    const input = hostForm(form);
    const fail = (error: string) => data<ActionData>({ form: "host", error, input }, { status: 400 });
    const weeklyHours = [];
    for (const [i, dayText] of input.days.entries()) {
      const intervals = parseIntervalsText(dayText);
      if (!intervals) return fail(`${WEEKDAY_NAMES[i]}: ${HOST_MESSAGES.hoursText}`);
      weeklyHours.push(...intervals.map((interval) => ({ day: i + 1, ...interval })));
    }
    if (input.dailyCap && !/^\d+$/.test(input.dailyCap)) return fail(HOST_MESSAGES.dailyCap);
    const parsed = HostInputSchema.safeParse({
      takesDemos: input.takesDemos,
      timeZone: input.timeZone,
      weeklyHours,
      dailyCap: input.dailyCap ? Number(input.dailyCap) : null,
    });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? HOST_MESSAGES.time);
    await setHost(actor, params.memberId, parsed.data);
    return redirect(`${page}?saved=1`, 303);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const removing = (error as { removing?: string }).removing;
    if (removing !== undefined) {
      return data<ActionData>({ form: "remove", error: error.message, id: removing }, { status: error.status });
    }
    if (intent === "override") {
      return data<ActionData>(
        { form: "override", error: error.message, input: overrideForm(form) },
        { status: error.status },
      );
    }
    return data<ActionData>({ form: "host", error: error.message, input: hostForm(form) }, { status: error.status });
  }
}

/** With JavaScript, a failed request keeps the typed values and says so. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form): ActionData => {
    const intent = text(form, "intent");
    if (intent === "override") {
      return { form: "override", error: "Failed to add the override. Please try again.", input: overrideForm(form) };
    }
    if (intent === "remove-override") {
      return { form: "remove", error: "Failed to remove the override. Please try again.", id: text(form, "id") };
    }
    return { form: "host", error: "Failed to save the availability. Please try again.", input: hostForm(form) };
  });
}

export default function HostAvailability({ loaderData, actionData }: Route.ComponentProps) {
  const { host, notice, busyCalendar, now } = loaderData;
  const timezone = useConsoleTimezone();
  const submitting = useSubmittingValue("intent");
  const result = actionData as ActionData | undefined;
  const hostFailure = result?.form === "host" ? result : null;
  const overrideFailure = result?.form === "override" ? result : null;
  const removeFailure = result?.form === "remove" ? result : null;
  const shown = hostFailure?.input ?? {
    takesDemos: host.takesDemos,
    timeZone: host.timeZone,
    dailyCap: host.dailyCap === null ? "" : String(host.dailyCap),
    days: host.days,
  };
  const version = hostFailure ? "failed" : "saved";

  return (
    <div className="space-y-6">
      <Link to={href("/admin/dashboard/settings/scheduling")} className="inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden className="size-4" /> Scheduling
      </Link>
      <ChangeNotices notice={notice} error={removeFailure?.error} />
      <SettingsPanel
        id="host"
        title={`Availability of ${host.name}`}
        icon={Clock}
        width="max-w-3xl"
        description="Weekly hours in the host's own time zone; several intervals a day, like 09:00-13:00, 14:00-18:00. An empty day is a day off."
      >
        <Form method="post" className="mt-5 space-y-4" key={version}>
          <input type="hidden" name="intent" value="host" />
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="takesDemos" defaultChecked={shown.takesDemos} className="size-4" />
            Takes demos
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="host-time-zone" label="Time zone" hint="An IANA name, like Asia/Kolkata or Europe/Berlin.">
              <input
                type="text"
                name="timeZone"
                className="input"
                required
                maxLength={64}
                defaultValue={shown.timeZone}
              />
            </Field>
            <Field id="host-daily-cap" label="Daily cap (demos a day)" hint="Empty = no cap.">
              <input
                name="dailyCap"
                type="number"
                inputMode="numeric"
                min={1}
                max={48}
                className="input"
                defaultValue={shown.dailyCap}
              />
            </Field>
          </div>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">Weekly hours</legend>
            {WEEKDAY_NAMES.map((name, i) => (
              <Field key={name} id={`host-day-${i + 1}`} label={name}>
                <input
                  type="text"
                  name={`day${i + 1}`}
                  className="input"
                  maxLength={200}
                  placeholder="Day off"
                  defaultValue={shown.days[i]}
                />
              </Field>
            ))}
          </fieldset>
          <FormError error={hostFailure?.error} />
          <SubmitButton className="btn-primary" busy={submitting === "host"} whileBusy="Saving...">
            Save availability
          </SubmitButton>
        </Form>
      </SettingsPanel>

      <SettingsPanel
        id="overrides"
        title="Date overrides"
        icon={CalendarX2}
        width="max-w-3xl"
        description="Leave or a day off (no hours), or other hours, over a date range in the host's own dates."
      >
        {host.overrides.length ? (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" data-testid="overrides">
            {host.overrides.map((o) => (
              <li key={o.id} data-testid="override" className="flex flex-wrap items-center justify-between gap-3 py-2">
                <p className="min-w-0 flex-1 basis-48 text-sm">
                  <span className="font-medium">{o.from === o.to ? o.from : `${o.from} to ${o.to}`}</span>
                  {" · "}
                  {o.hours ? intervalsText(o.hours) : "Away"}
                </p>
                <RemoveForm
                  intent="remove-override"
                  id={o.id}
                  label={`Remove override ${o.from}`}
                  disabled={submitting === "remove-override"}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">No overrides ahead.</p>
        )}
        <Form method="post" className="mt-5 space-y-3" key={overrideFailure ? "override-failed" : "override"}>
          <input type="hidden" name="intent" value="override" />
          <div className="grid gap-3 sm:grid-cols-3">
            <DateRangeFields idPrefix="override" from={overrideFailure?.input.from} to={overrideFailure?.input.to} />
            <Field id="override-hours" label="Hours" hint="Empty = away.">
              <input
                type="text"
                name="hours"
                className="input"
                maxLength={200}
                placeholder="Away"
                defaultValue={overrideFailure?.input.hours}
              />
            </Field>
          </div>
          <FormError error={overrideFailure?.error} />
          <SubmitButton className="btn-primary" busy={submitting === "override"} whileBusy="Adding...">
            Add override
          </SubmitButton>
        </Form>
      </SettingsPanel>

      <SettingsPanel id="busy" title={`Busy times from ${host.name}'s calendar`} icon={CalendarSync} width="max-w-3xl">
        {busyCalendar.address ? (
          <div className="mt-4">
            <BusyCalendarStatus busyCalendar={busyCalendar} now={now} timezone={timezone} />
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="busy-none">
            {host.name} has not given their calendar's address: only their demos and overrides make them busy. They can
            add it under Settings → My calendar.
          </p>
        )}
      </SettingsPanel>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.host.name ?? "Host";
  return consoleMeta(`Availability of ${name}`);
}
