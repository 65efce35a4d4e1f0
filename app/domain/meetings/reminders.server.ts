import { and, eq, gt, inArray, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailOutbox, type Meeting, meetings } from "~/db/schema";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import { siteUrl } from "~/lib/config.server";
import { MINUTE } from "~/lib/durations";
import { meetingReminderEmail, REMINDERS, type ReminderKind, reminderKey } from "./emails.server";
import { issueManageToken, manageUrl } from "./tokens.server";

/**
 * Which reminder is due for a confirmed meeting at `now`: "1h" within the last hour before
 * the start, "24h" within the 23 hours before that, else none. A job that runs late sends
 * the one that is due then (never a "tomorrow" reminder an hour before).
 */
export function dueReminder(startsAt: Date, now: Date): ReminderKind | null {
  const left = startsAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= REMINDERS["1h"] * MINUTE) return "1h";
  if (left <= REMINDERS["24h"] * MINUTE) return "24h";
  return null;
}

/**
 * Scheduled job: reminder emails 24 hours and 1 hour before confirmed meetings (the 24-hour
 * one only when the meeting was confirmed before that mark). Each
 * reminder's idempotency key holds the meeting, the kind and the start time, and the outbox
 * keeps one message per key, so a second run (or two at once) sends nothing new; a
 * rescheduled meeting gets its own reminders. Links in them use SITE_URL (decision 040).
 */
export async function sendMeetingReminders(now: Date) {
  const horizon = new Date(now.getTime() + REMINDERS["24h"] * MINUTE);
  const upcoming = await db()
    .select()
    .from(meetings)
    .where(and(eq(meetings.status, "confirmed"), gt(meetings.startsAt, now), lte(meetings.startsAt, horizon)))
    .all();
  const due = upcoming.flatMap((meeting) => {
    const kind = dueReminder(meeting.startsAt, now);
    if (!kind) return [];
    // Confirmed (last changed) inside the last day: the confirmation itself was the day-before note.
    const dayBefore = meeting.startsAt.getTime() - REMINDERS["24h"] * MINUTE;
    if (kind === "24h" && meeting.updatedAt.getTime() > dayBefore) return [];
    return [{ meeting, kind, key: reminderKey(meeting, kind) }];
  });
  if (due.length === 0) return 0;
  const sent = new Set(
    (
      await db()
        .select({ key: emailOutbox.idempotencyKey })
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.idempotencyKey,
            due.map((d) => d.key),
          ),
        )
        .all()
    ).map((row) => row.key),
  );
  const fresh = due.filter((d) => !sent.has(d.key));
  if (fresh.length === 0) return 0;
  const client = db();
  const statements = [];
  for (const { meeting, kind } of fresh) statements.push(...(await reminderStatements(meeting, kind, now)));
  await client.batch(statements as [(typeof statements)[number], ...typeof statements]);
  deliverSoon(fresh.map((d) => d.key));
  return fresh.length;
}

async function reminderStatements(meeting: Meeting, kind: ReminderKind, now: Date) {
  const link = await issueManageToken(meeting.id, now);
  const message = await meetingReminderEmail(meeting, kind, manageUrl(siteUrl(), link.token));
  return [link.statement, emailStatement(message)];
}
