import { and, eq, gte, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { type Meeting, meetings } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { BOOKING } from "~/domain/calendar/availability";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import { deliverEventsSoon, meetingEvent } from "~/domain/integrations/webhooks.server";
import { siteUrl } from "~/lib/config.server";
import { DAY, MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { noShowEmail } from "./emails.server";
import { requireMeeting } from "./meetings.server";
import { issueManageToken } from "./tokens.server";

/**
 * Attended or no-show (issue 27 item 7, decision 084): after a confirmed demo ends, its host (or a
 * member who may change meetings) marks once, within 7 days of the end, whether the visitor came.
 * Unmarked meetings complete as before. A no-show sends the visitor one "sorry we missed you"
 * email with a link to book again that keeps their details; each mark is one CRM event.
 */

export const MARK_WINDOW_DAYS = 7;

export const ATTENDANCE_MESSAGES = {
  notConfirmed: "Only a confirmed demo can be marked attended or no-show.",
  notEnded: "The demo has not ended yet: mark it after its 30 minutes.",
  tooLate: `The demo ended more than ${MARK_WINDOW_DAYS} days ago: it stays completed.`,
  already: "This demo is already marked.",
} as const;

/** When the meeting's 30 minutes are over (ms). */
const endOf = (meeting: Pick<Meeting, "startsAt">) => meeting.startsAt.getTime() + BOOKING.meetingMinutes * MINUTE;

/** Why `meeting` cannot be marked at `now`, or null when it can. */
export function attendanceProblem(meeting: Meeting, now: Date): string | null {
  if (meeting.attendance) return ATTENDANCE_MESSAGES.already;
  if (meeting.status !== "confirmed" && meeting.status !== "completed") return ATTENDANCE_MESSAGES.notConfirmed;
  if (endOf(meeting) > now.getTime()) return ATTENDANCE_MESSAGES.notEnded;
  if (endOf(meeting) + MARK_WINDOW_DAYS * DAY < now.getTime()) return ATTENDANCE_MESSAGES.tooLate;
  return null;
}

/** The link to book again: /demo with a token that fills in the visitor's details (SITE_URL only). */
export const rebookUrl = (base: string, token: string) => `${base}/demo?again=${encodeURIComponent(token)}`;

/**
 * Marks a meeting attended (`true`) or no-show (`false`) and completes it. One statement batch:
 * the update (only while unmarked, confirmed or completed, and in the window), the audit entry,
 * the CRM event and, for a no-show, the visitor's email and its rebooking token. 20 marks at once
 * make one change and one email; the others get the 409 of an already marked demo.
 */
export async function markAttendance(actor: Actor, id: string, attended: boolean, now = new Date()) {
  const before = await requireMeeting(id);
  const problem = attendanceProblem(before, now);
  if (problem) throw new AppError(409, problem);
  const attendance = attended ? "attended" : "no_show";
  const after: Meeting = { ...before, status: "completed", attendance, updatedAt: now };
  const event = meetingEvent(attended ? "meeting.attended" : "meeting.no_show", after, now);
  const rebook = attended ? null : await issueManageToken(id, now);
  const email = rebook ? await noShowEmail(after, rebookUrl(siteUrl(), rebook.token)) : null;
  const client = db();
  await guardedBatch(
    rowMatches(
      "the meeting is unmarked, ended and within the window",
      meetings,
      and(
        eq(meetings.id, id),
        isNull(meetings.attendance),
        inArray(meetings.status, ["confirmed", "completed"]),
        lte(meetings.startsAt, new Date(now.getTime() - BOOKING.meetingMinutes * MINUTE)),
        gte(meetings.startsAt, new Date(now.getTime() - BOOKING.meetingMinutes * MINUTE - MARK_WINDOW_DAYS * DAY)),
      ),
    ),
    [
      client.update(meetings).set({ status: "completed", attendance, updatedAt: now }).where(eq(meetings.id, id)),
      auditStatement(
        actor,
        `meeting.${attendance}`,
        "meeting",
        id,
        { status: before.status, attendance: null },
        { status: "completed", attendance },
      ),
      ...event.statements,
      ...(rebook && email ? [rebook.statement, emailStatement(email)] : []),
    ],
    () => new AppError(409, ATTENDANCE_MESSAGES.already),
  );
  if (email) deliverSoon([email.idempotencyKey]);
  deliverEventsSoon([event.id]);
  return after;
}

/**
 * The show rate per week (the Overview): of the demos marked in each of the last `weeks` weeks
 * (Monday to Sunday, by the demo's business date), how many the visitor attended. Unmarked demos
 * do not count; a week with none marked has no rate.
 */
export async function showRateByWeek(now: Date, weeks = 8) {
  const today = Math.floor(now.getTime() / DAY);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is the days since Monday.
  const monday = today - ((today + 3) % 7);
  const first = monday - (weeks - 1) * 7;
  const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
  const rows = await db()
    .select({ date: meetings.date, attendance: meetings.attendance })
    .from(meetings)
    .where(and(gte(meetings.date, iso(first)), lte(meetings.date, iso(monday + 6)), isNotNull(meetings.attendance)))
    .all();
  const counts = Array.from({ length: weeks }, (_, i) => ({ week: iso(first + i * 7), attended: 0, noShow: 0 }));
  for (const row of rows) {
    const week = counts[Math.floor((Math.round(Date.parse(row.date) / DAY) - first) / 7)];
    if (!week) continue;
    if (row.attendance === "attended") week.attended++;
    else week.noShow++;
  }
  return counts.map((w) => ({ ...w, rate: w.attended + w.noShow ? w.attended / (w.attended + w.noShow) : null }));
}
