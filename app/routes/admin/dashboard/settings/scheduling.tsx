import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarClock } from "lucide-react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import { ChangeNotices } from "~/components/console/change-notices";
import { Field } from "~/components/field";
import { FormError } from "~/components/field-error";
import { actorOf } from "~/domain/accounts/actor";
import { BOOKING } from "~/domain/calendar/availability";
import { SCHEDULING_LIMITS, SCHEDULING_MESSAGES, SchedulingFormSchema } from "~/domain/calendar/scheduling-settings";
import { getSchedulingSettings, updateSchedulingSettings } from "~/domain/calendar/scheduling-settings.server";
import { requireAdmin } from "~/http/guards.server";
import { BRAND } from "~/lib/brand";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/scheduling";

const SAVE_FAILED = "Failed to save the scheduling rules. Please check your connection and try again.";

/** Settings → Scheduling: the rules of the demo calendar (Owner/Admin; issue 27 item 2, decision 078). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  return { settings: await getSchedulingSettings(), notice: saved ? SCHEDULING_MESSAGES.saved : null };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const submission = parseWithZod(await request.formData(), { schema: SchedulingFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await updateSchedulingSettings(actor, submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
  }
  // Post/Redirect/Get: a reload does not save again.
  return redirect(`${href("/admin/dashboard/settings/scheduling")}?saved=1`, 303);
}

/** With JavaScript, a failed request keeps the typed values and says so. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form) =>
    parseWithZod(form, { schema: SchedulingFormSchema }).reply({ formErrors: [SAVE_FAILED] }),
  );
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
  const { settings, notice } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "scheduling-rules",
    lastResult: actionData,
    defaultValue: Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)])),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SchedulingFormSchema }),
  });

  return (
    <section aria-labelledby="scheduling-heading" className="card max-w-2xl p-6">
      <h2 id="scheduling-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock aria-hidden className="size-5 text-brand-600 dark:text-brand-300" /> Scheduling rules
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        The rules of the demo booking page. Every demo is {BOOKING.meetingMinutes} minutes, offered every{" "}
        {BOOKING.slotMinutes} minutes. A change holds for the next visitor at once and is recorded in the activity log.
      </p>
      <ChangeNotices notice={notice} className="mt-4" />
      <Form method="post" {...getFormProps(form)} noValidate={hydrated} className="mt-5 grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, hint }) => {
          const field = fields[name];
          const { min, max } = SCHEDULING_LIMITS[name];
          return (
            <Field key={name} id={field.id} label={label} hint={hint} error={field.errors?.[0]} errorId={field.errorId}>
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
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving..." : "Save rules"}
          </button>
        </div>
      </Form>
    </section>
  );
}

export function meta() {
  return [{ title: `Scheduling settings | ${BRAND.name} Admin` }, { name: "robots", content: "noindex" }];
}
