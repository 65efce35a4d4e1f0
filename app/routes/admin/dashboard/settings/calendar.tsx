import { CalendarSync, Copy, KeyRound, RotateCw, Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, href, redirect } from "react-router";
import { BusyCalendarStatus } from "~/components/console/busy-calendar-status";
import { ChangeNotices } from "~/components/console/change-notices";
import { ConfirmDisclosure } from "~/components/console/confirm-disclosure";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { Field } from "~/components/field";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton, useSubmittingValue } from "~/components/submit-button";
import { UrlInput } from "~/components/url-input";
import { actorOf } from "~/domain/accounts/actor";
import { BusyCalendarInputSchema, CALENDAR_SYNC_RULES } from "~/domain/calendar/calendar-sync";
import {
  getCalendarSync,
  issueFeed,
  readBusyCalendarSoon,
  revokeFeed,
  setBusyCalendar,
} from "~/domain/calendar/calendar-sync.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/calendar";
import { SettingsCard } from "./settings-ui";

/**
 * Settings → My calendar (issue 27 item 5, decision 086): the signed-in member's private feed of
 * their demo meetings (issued, rotated, revoked; the address shown once) and their own calendar's
 * secret iCal address, read every 15 minutes into busy times no visitor is offered.
 */

type ActionData = {
  intent: "issue" | "revoke" | "busy" | "remove-busy";
  error?: string;
  feedUrl?: string;
  url?: string;
};

const NOTICES: Record<string, string> = {
  revoked: "The feed address was revoked: calendars subscribed to it stop updating.",
  saved: "Your calendar address was saved. We read it within a minute: reload this page to see its busy times.",
  removed: "Your calendar was removed, with its busy times.",
};

export const meta: Route.MetaFunction = () => consoleMeta("My calendar");

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const url = new URL(request.url);
  const notice = Object.keys(NOTICES).find((key) => url.searchParams.has(key));
  return {
    sync: await getCalendarSync(session.admin.id),
    notice: notice ? NOTICES[notice] : null,
    now: new Date().toISOString(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const actor = actorOf(session);
  const form = await request.formData();
  const intent = form.get("intent");
  const page = href("/admin/dashboard/settings/calendar");
  try {
    if (intent === "issue") {
      // Shown in this response only: only a hash of it is kept.
      const { url } = await issueFeed(actor, actor.id);
      return data<ActionData>({ intent, feedUrl: url });
    }
    if (intent === "revoke") {
      await revokeFeed(actor, actor.id);
      return redirect(`${page}?revoked`, 303);
    }
    if (intent === "busy" || intent === "remove-busy") {
      const typed = intent === "busy" ? String(form.get("url") ?? "") : "";
      const parsed = BusyCalendarInputSchema.safeParse({ url: typed.trim() || null });
      if (!parsed.success) {
        return data<ActionData>({ intent, error: parsed.error.issues[0]?.message, url: typed }, { status: 400 });
      }
      if (intent === "busy" && !parsed.data.url) {
        return data<ActionData>(
          { intent, error: "Enter your calendar's secret address.", url: typed },
          { status: 400 },
        );
      }
      try {
        await setBusyCalendar(actor, actor.id, parsed.data.url);
        // Read after the answer: a calendar read can take seconds (decision 086, amended).
        if (parsed.data.url) void readBusyCalendarSoon(actor.id);
      } catch (error) {
        if (!isAppError(error) || error.status !== 400) throw error;
        return data<ActionData>({ intent, error: error.message, url: typed }, { status: 400 });
      }
      return redirect(`${page}?${intent === "busy" ? "saved" : "removed"}`, 303);
    }
    return data<ActionData>({ intent: "busy", error: "Choose one of the buttons." }, { status: 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const known = intent === "issue" || intent === "revoke" || intent === "remove-busy" ? intent : "busy";
    return data<ActionData>({ intent: known, error: error.message }, { status: error.status });
  }
}

/** With JavaScript, a request that gets no answer says so and keeps what was typed (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form): ActionData => {
    const intent = form.get("intent");
    return {
      intent: intent === "issue" || intent === "revoke" || intent === "remove-busy" ? intent : "busy",
      error: "The request failed. Please check your connection and try again.",
      url: String(form.get("url") ?? ""),
    };
  });
}

function FeedAddress({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="feed-address"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor="feed-url" className="flex items-center gap-2 font-semibold">
          <KeyRound aria-hidden className="size-4" /> Your feed address
        </label>
        {hydrated ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(url);
                setCopied(true);
              } catch {
                // No clipboard access: the address stays selected for a manual copy.
                (document.getElementById("feed-url") as HTMLInputElement | null)?.select();
              }
            }}
          >
            <Copy aria-hidden className="size-4" /> {copied ? "Copied" : "Copy"}
            <span className="sr-only"> the feed address</span>
          </button>
        ) : null}
      </div>
      <input
        id="feed-url"
        type="text"
        readOnly
        value={url}
        className="input mt-2 font-mono text-xs"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="mt-2">
        Copy it now: it is shown only once. In Google Calendar choose Other calendars → From URL; in Outlook, Add
        calendar → Subscribe from web; in Apple Calendar, File → New Calendar Subscription. Anyone with the address sees
        your demos: rotate it if it was shared by mistake.
      </p>
    </div>
  );
}

export default function MyCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const { sync, notice, now } = loaderData;
  const timezone = useConsoleTimezone();
  const busy = useSubmittingValue("intent");
  const busyFailed = actionData?.intent === "busy" ? actionData : undefined;
  const feed = sync.feed;
  const own = sync.busyCalendar;

  return (
    <div className="space-y-6">
      <ChangeNotices notice={notice} error={busyFailed ? undefined : actionData?.error} />
      {actionData?.feedUrl ? <FeedAddress url={actionData.feedUrl} /> : null}

      <section aria-labelledby="feed-heading" className="card">
        <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <h2 id="feed-heading" className="flex items-center gap-2 font-semibold">
            <CalendarSync aria-hidden className="size-5" /> Your demos in your own calendar
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            A private calendar feed (.ics) of the demos you host, to subscribe to from Google, Outlook or Apple
            Calendar. Times are in UTC, so your calendar shows them in your zone; a cancelled demo shows as cancelled.
          </p>
        </div>
        <div className="space-y-3 px-5 py-4">
          <p className="text-sm" data-testid="feed-status">
            {feed.active && feed.issuedAt
              ? `A feed address is live, issued ${formatDateTime(feed.issuedAt, timezone)}. For safety it is not shown again; rotate to get a new one.`
              : "No feed address is live."}
          </p>
          <div className="flex flex-wrap items-start gap-2">
            <Form method="post">
              <button type="submit" name="intent" value="issue" className="btn-primary" disabled={busy === "issue"}>
                {feed.active ? (
                  <>
                    <RotateCw aria-hidden className="size-4" /> Rotate address
                  </>
                ) : (
                  <>
                    <KeyRound aria-hidden className="size-4" /> Create feed address
                  </>
                )}
              </button>
            </Form>
            {feed.active ? (
              <ConfirmDisclosure
                summary={
                  <>
                    <Trash2 aria-hidden className="size-4" /> Revoke
                  </>
                }
                summaryLabel="Revoke the feed address…"
                field={{ name: "feed", value: "current" }}
                question="Calendars subscribed to this address stop updating."
                intent="revoke"
                confirm="Confirm revoke"
                disabled={busy === "revoke"}
              />
            ) : null}
          </div>
        </div>
      </section>

      <SettingsCard
        id="busy"
        title="Your busy times"
        description={
          <>
            Paste the secret address of your own calendar in iCal format (Google: Settings → your calendar → Secret
            address in iCal format; Outlook: Settings → Shared calendars → Publish a calendar, "Can view when I'm
            busy"). It is read every {CALENDAR_SYNC_RULES.refreshMinutes} minutes; visitors are never offered a demo
            with you while you are busy there.
          </>
        }
      >
        <div className="space-y-4 px-5 py-4">
          <BusyCalendarStatus busyCalendar={own} now={now} timezone={timezone} />
          {/* A new key after each read empties the field: the saved address is a secret, not kept on screen. */}
          <Form
            method="post"
            className="space-y-3"
            key={`${own.address ?? "none"}|${own.lastFetchedAt ?? "unread"}|${notice ?? ""}`}
          >
            <Field
              id="busy-url"
              label={own.address ? "Replace the address" : "Secret iCal address"}
              hint="https://… or webcal://…, ending in .ics"
              error={busyFailed?.error}
            >
              <UrlInput maxLength={2000} defaultValue={busyFailed?.url ?? ""} />
            </Field>
            <SubmitButton
              intent="busy"
              className="btn-primary"
              busy={busy === "busy"}
              whileBusy="Saving..."
              icon={Save}
            >
              Save address
            </SubmitButton>
          </Form>
          {own.address ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="remove-busy"
                className="btn-secondary"
                disabled={busy === "remove-busy"}
              >
                <Trash2 aria-hidden className="size-4" /> Remove my calendar
              </button>
            </Form>
          ) : null}
        </div>
      </SettingsCard>
    </div>
  );
}
