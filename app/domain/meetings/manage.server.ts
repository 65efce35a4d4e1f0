import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { db } from "~/db/client.server";
import { constraintFailure, type Guard, guardedBatch, rowMatches } from "~/db/guarded.server";
import { type Meeting, meetings } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { BOOKING_MESSAGES, formatTime12h } from "~/domain/calendar/availability";
import {
  assertBookableSlot,
  availabilityInput,
  dailyCapOf,
  hostEmail,
  hostEmailOf,
  roundRobinOrder,
  schedulingRules,
  slotGuards,
} from "~/domain/calendar/calendar.server";
import { freeHostsAt } from "~/domain/calendar/hosts-engine";
import { longDateLabel } from "~/domain/calendar/month";
import { getSchedulingSettings } from "~/domain/calendar/scheduling-settings.server";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { deliverEventsSoon, meetingEvent } from "~/domain/integrations/webhooks.server";
import { isLimitRefusal, type LimitHit, limitHitStatement, refusalOf } from "~/domain/limits/client-limits.server";
import { config, siteUrl } from "~/lib/config.server";
import { MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { hostCopies, salesChangeNotice, visitorCancelledEmail, visitorRescheduledEmail } from "./emails.server";
import { fieldError } from "./meetings.server";
import { issueManageToken, manageUrl } from "./tokens.server";

/**
 * What a visitor can do with their manage link: cancel, or move the meeting to another free
 * slot. Both are guarded changes (decision records 013 and 024): the batch starts with the
 * guard "the meeting is still what was read (status, SEQUENCE) and not too close to the
 * start"; when it no longer holds, the batch aborts and nothing (audit, email, token) is
 * written. Each change emails the visitor and sales, so each is also a hit on limits kept in
 * the same batch (decision 042): per client address for both, per meeting for reschedules (a
 * cancel happens once). Over a limit the batch aborts the same way and the answer is a 429.
 */

type VisitorChange = { now?: Date; clientAddress?: string | null };

/** The limit hits of a visitor's change, counted in its batch. */
function changeHits(meetingId: string, clientAddress: string | null, reschedule: boolean): LimitHit[] {
  return [
    ...(reschedule ? [{ bucket: "meetingReschedule" as const, key: meetingId }] : []),
    ...(clientAddress ? [{ bucket: "meetingChange" as const, key: clientAddress }] : []),
  ];
}

/** Audit actor of changes made through a manage link. */
export const VISITOR_ACTOR = { id: null, email: "visitor" } as const;

export const MANAGE_MESSAGES = {
  cancelled: "This booking was cancelled.",
  completed: "This demo has already taken place.",
  started: "This meeting has already started.",
  tooLate: (minutes: number) =>
    `Changes are possible until ${minutes} minutes before the start. Please write to us instead.`,
  sameSlot: "Your meeting is already at that time. Please choose another time.",
  changed: "Your booking changed in the meantime. Please look at it again.",
} as const;

/**
 * The visitor's change cutoff in force: the team's setting (decision 078), whose default is
 * MEETING_CHANGE_CUTOFF_MINUTES.
 */
export const changeCutoffMinutes = async () => (await getSchedulingSettings()).changeCutoffMinutes;

/** The last instant at which the visitor may still change the meeting. */
export const changeDeadline = (
  meeting: Pick<Meeting, "startsAt">,
  cutoffMinutes = config().MEETING_CHANGE_CUTOFF_MINUTES,
) => new Date(meeting.startsAt.getTime() - cutoffMinutes * MINUTE);

/** Why the visitor cannot change this meeting now, or null when they can. */
export function changeProblem(
  meeting: Pick<Meeting, "status" | "startsAt">,
  now: Date,
  cutoffMinutes = config().MEETING_CHANGE_CUTOFF_MINUTES,
): string | null {
  if (meeting.status === "cancelled") return MANAGE_MESSAGES.cancelled;
  if (meeting.status === "completed") return MANAGE_MESSAGES.completed;
  if (now >= meeting.startsAt) return MANAGE_MESSAGES.started;
  if (now >= changeDeadline(meeting, cutoffMinutes)) return MANAGE_MESSAGES.tooLate(cutoffMinutes);
  return null;
}

/** The guard: still active, unchanged since it was read, and before the deadline. */
function stillChangeable(before: Meeting, now: Date, cutoffMinutes: number) {
  const latest = new Date(now.getTime() + cutoffMinutes * MINUTE);
  return rowMatches(
    "meeting still changeable by its visitor",
    meetings,
    and(
      eq(meetings.id, before.id),
      sql`${meetings.status} IN ('scheduled', 'confirmed') AND ${meetings.sequence} = ${before.sequence} AND ${meetings.startsAt} > ${latest.getTime()}`,
    ),
  );
}

async function refusal(before: Meeting, now: Date, cutoffMinutes: number, buffered: boolean) {
  const current = await db().select().from(meetings).where(eq(meetings.id, before.id)).get();
  const problem = current && changeProblem(current, now, cutoffMinutes);
  if (problem) return new AppError(409, problem);
  // Still the meeting that was read: the only other guard is the buffers' (a meeting too close).
  if (buffered && current && current.sequence === before.sequence) return slotTakenError();
  return new AppError(409, MANAGE_MESSAGES.changed);
}

const slotTakenError = () =>
  new AppError(409, BOOKING_MESSAGES.slotTaken, {
    details: [{ field: "timeSlot", message: BOOKING_MESSAGES.slotTaken }],
  });

/**
 * A visitor's change in one guarded batch: the client-limit hits, the meeting's `changes`, the
 * change's own statements, its audit row (by the visitor), its emails (to the visitor, to
 * sales, and sales' copy to the host) and its CRM event, refused as a whole when the meeting
 * changed meanwhile (or a limit is full); the emails and the event go out once the batch is in.
 */
async function visitorChangeBatch(
  before: Meeting,
  changes: Partial<Meeting>,
  now: Date,
  hits: LimitHit[],
  {
    statements = [],
    audit,
    cutoffMinutes,
    guards = [],
    visitorEmail,
    salesNotice,
    host,
    event,
  }: {
    statements?: BatchItem<"sqlite">[];
    audit: { action: string; before: unknown; after: unknown };
    cutoffMinutes: number;
    guards?: Guard[];
    visitorEmail: OutgoingEmail;
    salesNotice: OutgoingEmail;
    /** The assigned host's address, if any. */
    host: string | null | undefined;
    event: ReturnType<typeof meetingEvent>;
  },
) {
  const emails = [visitorEmail, salesNotice, ...hostCopies(salesNotice, host)];
  await guardedBatch(
    [stillChangeable(before, now, cutoffMinutes), ...guards],
    [
      ...hits.map((hit) => limitHitStatement(hit.bucket, hit.key, now)),
      db().update(meetings).set(changes).where(eq(meetings.id, before.id)),
      ...statements,
      auditStatement(VISITOR_ACTOR, audit.action, "meeting", before.id, audit.before, audit.after),
      ...emails.map(emailStatement),
      ...event.statements,
    ],
    () => refusal(before, now, cutoffMinutes, guards.length > 0),
  );
  deliverSoon(emails.map((e) => e.idempotencyKey));
  deliverEventsSoon([event.id]);
}

export async function cancelByVisitor(
  before: Meeting,
  { reason = "", now = new Date(), clientAddress = null }: VisitorChange & { reason?: string } = {},
): Promise<Meeting> {
  const cutoffMinutes = await changeCutoffMinutes();
  const problem = changeProblem(before, now, cutoffMinutes);
  if (problem) throw new AppError(409, problem);
  const hits = changeHits(before.id, clientAddress, false);
  const sequence = before.sequence + 1;
  const changes = { status: "cancelled", sequence, updatedAt: now } as const;
  const after: Meeting = { ...before, ...changes };
  const [visitorEmail, salesNotice, host] = await Promise.all([
    visitorCancelledEmail(after, now, siteUrl(), sequence),
    salesChangeNotice(after, { kind: "cancelled", reason }, siteUrl(), sequence),
    hostEmail(before.hostId),
  ]);
  try {
    await visitorChangeBatch(before, changes, now, hits, {
      audit: {
        action: "meeting.cancelled_by_visitor",
        before: { status: before.status },
        after: { status: "cancelled", ...(reason ? { reason } : {}) },
      },
      cutoffMinutes,
      visitorEmail,
      salesNotice,
      host,
      event: meetingEvent("meeting.cancelled", after, now),
    });
  } catch (error) {
    if (hits.length && isLimitRefusal(error)) throw await refusalOf(hits, now);
    throw error;
  }
  return after;
}

/**
 * Moves the meeting in one statement: the new (date, time) is claimed under the same partial
 * UNIQUE index as a booking (a taken slot fails the batch with the spec's "just booked"
 * answer), the old one is freed by the same UPDATE, and the status returns to `scheduled`
 * for the admin to approve the new time. Same UID, SEQUENCE + 1.
 */
export async function rescheduleByVisitor(
  before: Meeting,
  slot: { date: string; timeSlot: string },
  { now = new Date(), clientAddress = null }: VisitorChange = {},
): Promise<Meeting & { manageToken: string }> {
  const rules = await schedulingRules();
  const cutoffMinutes = await changeCutoffMinutes();
  const problem = changeProblem(before, now, cutoffMinutes);
  if (problem) throw new AppError(409, problem);
  const startsAt = assertBookableSlot(slot, rules, now);
  if (slot.date === before.date && slot.timeSlot === before.timeSlot)
    throw fieldError("timeSlot", MANAGE_MESSAGES.sameSlot);

  // The same host when they are free at the new time (decision 076), else the free ones in round-robin order.
  const availability = await availabilityInput(slot.date, slot.date, rules);
  const others = { ...availability, meetings: availability.meetings.filter((m) => m.id !== before.id) };
  const free = freeHostsAt(others, slot.date, slot.timeSlot);
  const candidates = free.includes(before.hostId) ? [before.hostId] : await roundRobinOrder(free, slot.date);
  if (candidates.length === 0) throw slotTakenError();

  const sequence = before.sequence + 1;
  const link = await issueManageToken(before.id, now);
  const from = `${longDateLabel(before.date)} at ${formatTime12h(before.timeSlot)}`;
  const hits = changeHits(before.id, clientAddress, true);
  for (const hostId of candidates) {
    const changes = {
      date: slot.date,
      timeSlot: slot.timeSlot,
      startsAt,
      status: "scheduled",
      sequence,
      updatedAt: now,
      hostId,
    } as const;
    const after: Meeting = { ...before, ...changes };
    const [visitorEmail, salesNotice] = await Promise.all([
      visitorRescheduledEmail(after, now, { sequence, manageUrl: manageUrl(siteUrl(), link.token) }),
      salesChangeNotice(after, { kind: "rescheduled", from }, siteUrl(), sequence),
    ]);
    try {
      await visitorChangeBatch(before, changes, now, hits, {
        statements: [link.statement],
        audit: {
          action: "meeting.rescheduled_by_visitor",
          before: { status: before.status, date: before.date, timeSlot: before.timeSlot, hostId: before.hostId },
          after: { status: "scheduled", date: slot.date, timeSlot: slot.timeSlot, hostId },
        },
        cutoffMinutes,
        visitorEmail,
        salesNotice,
        host: hostEmailOf(availability, hostId),
        event: meetingEvent("meeting.rescheduled", after, now),
        guards: slotGuards(
          rules,
          { startsAt, date: slot.date, hostId, dailyCap: dailyCapOf(availability, hostId) },
          before.id,
        ),
      });
      return { ...after, manageToken: link.token };
    } catch (error) {
      if (isLimitRefusal(error)) throw await refusalOf(hits, now);
      // This host was just taken (the guard, or the partial UNIQUE index): the next free one, if any.
      const taken =
        /UNIQUE/i.test(constraintFailure(error) ?? "") ||
        (error instanceof AppError && error.message === BOOKING_MESSAGES.slotTaken);
      if (!taken) throw error;
    }
  }
  throw slotTakenError();
}
