import { and, asc, between, count, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  changedMeanwhile,
  constraintFailure,
  guardedBatch,
  guardStatement,
  isGuardAbort,
  rowMatches,
} from "~/db/guarded.server";
import { containsAny, newestFirstPage } from "~/db/lists.server";
import { admins, type Meeting, meetings } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { BOOKING, BOOKING_MESSAGES, slotEnd, slotStart } from "~/domain/calendar/availability";
import {
  assertBookableSlot,
  availabilityInput,
  dailyCapOf,
  hostEmailOf,
  roundRobinOrder,
  schedulingRules,
  slotGuards,
} from "~/domain/calendar/calendar.server";
import { freeHostsAt } from "~/domain/calendar/hosts-engine";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import { deliverEventsSoon, meetingEvent } from "~/domain/integrations/webhooks.server";
import { type ArrivalContext, leadArrivalStatements } from "~/domain/leads/leads.server";
import { isLimitRefusal, limitError, limitHitStatement } from "~/domain/limits/client-limits.server";
import { consentStatement } from "~/domain/privacy/consents.server";
import { config, siteUrl } from "~/lib/config.server";
import { HOUR, MINUTE } from "~/lib/durations";
import { AppError, isAppError } from "~/lib/errors";
import { filledHoneypot } from "~/lib/honeypot";
import {
  bookingConfirmationEmail,
  hostChangedEmail,
  hostCopies,
  meetingCancelledEmail,
  meetingConfirmedEmail,
  salesBookingNotice,
} from "./emails.server";
import type { BookingInput, MeetingListQuery } from "./schemas";
import { issueManageToken, manageUrl } from "./tokens.server";

export const fieldError = (field: string, message: string) =>
  new AppError(400, message, { details: [{ field, message }] });

/**
 * Books a demo (spec §3 "Meeting booking"). The slot is claimed by the INSERT itself: the
 * partial UNIQUE index on (date, time_slot) for scheduled/confirmed meetings lets exactly
 * one of any number of simultaneous bookings through; the others get a 409. The emails are
 * written in the same batch, so they exist exactly when the meeting does. So is the hit on the
 * client's booking limit (`clientAddress`, decision 014): over it, the batch aborts and nothing
 * is stored or sent.
 */
export async function bookMeeting(
  input: BookingInput,
  { now = new Date(), clientAddress = null, attribution = null }: ArrivalContext = {},
): Promise<Meeting & { manageToken: string }> {
  const rules = await schedulingRules();
  const honeypot = filledHoneypot(input);
  const startsAt = honeypot
    ? slotStart(input.date, input.timeSlot, rules.timeZone)
    : assertBookableSlot(input, rules, now);

  const meeting: Meeting = {
    id: crypto.randomUUID(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company,
    meetingType: input.meetingType,
    date: input.date,
    timeSlot: input.timeSlot,
    startsAt,
    status: "scheduled",
    notes: input.notes,
    visitorTimezone: input.visitorTimezone,
    sequence: 0,
    meetingLink: null,
    createdAt: now,
    updatedAt: now,
    hostId: "",
    attendance: null,
  };
  const link = await issueManageToken(meeting.id, now);
  // A filled honeypot: answer like a success, keep nothing, send nothing.
  if (honeypot) return { ...meeting, manageToken: link.token };

  // The hosts free then, in round-robin order (decision 076); the house calendar when no one takes demos.
  const availability = await availabilityInput(input.date, input.date, rules);
  const free = freeHostsAt(availability, input.date, input.timeSlot);
  const candidates = await roundRobinOrder(free, input.date);
  const client = db();
  for (const hostId of candidates) {
    const booked: Meeting = { ...meeting, hostId };
    const [confirmation, notice] = await Promise.all([
      bookingConfirmationEmail(booked, now, manageUrl(siteUrl(), link.token)),
      salesBookingNotice(booked, siteUrl()),
    ]);
    // The sales inbox, and the assigned host's own copy.
    const emails = [confirmation, notice, ...hostCopies(notice, hostEmailOf(availability, hostId))];
    const event = meetingEvent("meeting.booked", booked, now);
    const arrival = leadArrivalStatements({
      kind: "meeting",
      email: booked.email,
      name: booked.name,
      company: booked.company,
      attribution,
      detail: `Demo booked for ${booked.date} ${booked.timeSlot}`,
      at: now,
    });
    const guards = [
      ...slotGuards(
        rules,
        { startsAt, date: input.date, hostId, dailyCap: dailyCapOf(availability, hostId) },
        meeting.id,
      ),
      // One visitor, one booking of a slot: a double submit must not take a second host.
      {
        name: "the visitor has not booked this slot",
        holds: sql`NOT EXISTS (SELECT 1 FROM ${meetings} WHERE ${meetings.status} IN ('scheduled', 'confirmed') AND ${meetings.date} = ${input.date} AND ${meetings.timeSlot} = ${input.timeSlot} AND ${meetings.email} = ${input.email} AND ${meetings.id} <> ${meeting.id})`,
      },
    ];
    try {
      await client.batch([
        client.insert(meetings).values(booked),
        // Another meeting of this host too close, over their cap, or the visitor's own: refused like a taken slot.
        ...guards.map(guardStatement),
        link.statement,
        ...(clientAddress ? [limitHitStatement("booking", clientAddress, now)] : []),
        ...emails.map(emailStatement),
        ...event.statements,
        ...arrival.statements,
        consentStatement({ email: booked.email, purpose: "demo", form: "demo-booking", at: now }),
      ]);
      deliverSoon(emails.map((e) => e.idempotencyKey));
      deliverEventsSoon([event.id, ...arrival.eventIds]);
      return { ...booked, manageToken: link.token };
    } catch (error) {
      if (clientAddress && isLimitRefusal(error)) throw await limitError("booking", clientAddress, now);
      const failure = constraintFailure(error);
      const taken = isGuardAbort(error) || (failure && /UNIQUE/i.test(failure) && /meetings/i.test(failure));
      if (!taken) throw error;
      // This host was just taken: the next free one, if any.
    }
  }
  const same = await sameBooking(meeting, now);
  if (same) throw new BookingResubmitted(same.id);
  throw new AppError(409, BOOKING_MESSAGES.slotTaken, {
    details: [{ field: "timeSlot", message: BOOKING_MESSAGES.slotTaken }],
  });
}

/**
 * The visitor's own booking sent again (a double click, a reload without JavaScript): still a
 * 409 for `/api` callers, but the page answers that booking's confirmation instead of "slot
 * taken" (decision 052). Its manage link is in the email: the token is stored hashed.
 */
export class BookingResubmitted extends AppError {
  constructor(readonly meetingId: string) {
    super(409, BOOKING_MESSAGES.slotTaken, { details: [{ field: "timeSlot", message: BOOKING_MESSAGES.slotTaken }] });
  }
}

/** Within this window, the same visitor booking the same slot with the same details is one booking. */
const RESUBMIT_WINDOW = 24 * HOUR;

/** The slot's meeting when it is `meeting` as the same visitor already booked it, lately. */
async function sameBooking(meeting: Meeting, now: Date) {
  const t = meetings;
  return db()
    .select()
    .from(t)
    .where(
      and(
        eq(t.date, meeting.date),
        eq(t.timeSlot, meeting.timeSlot),
        inArray(t.status, ["scheduled", "confirmed"]),
        eq(t.email, meeting.email),
        eq(t.name, meeting.name),
        eq(t.phone, meeting.phone),
        eq(t.company, meeting.company),
        eq(t.notes, meeting.notes),
        gt(t.createdAt, new Date(now.getTime() - RESUBMIT_WINDOW)),
      ),
    )
    .get();
}

export async function getMeeting(id: string) {
  return db().select().from(meetings).where(eq(meetings.id, id)).get();
}

export async function requireMeeting(id: string) {
  const meeting = await getMeeting(id);
  if (!meeting) throw new AppError(404, "Meeting not found.");
  return meeting;
}

/** Spec §5 "Search": name or company, case-insensitive. Newest requests first. */
export async function listMeetings({ status, q, hostId, page, limit }: MeetingListQuery) {
  const filters: SQL[] = [];
  if (status !== "all") filters.push(eq(meetings.status, status));
  if (hostId !== undefined) filters.push(eq(meetings.hostId, hostId));
  if (q) filters.push(containsAny(q, [meetings.name, meetings.company]));
  const { rows, total } = await newestFirstPage(meetings, filters.length ? and(...filters) : undefined, {
    page,
    limit,
  });
  return { meetings: rows, total };
}

/** The most meetings one calendar range returns (62 days hold ~800 active slots; the rest is headroom). */
export const RANGE_LIMIT = 2000;

/** Meetings from one date to another (inclusive, business timezone), in time order: the week calendar and the API. */
export async function meetingsBetween(from: string, to: string, hostId?: string) {
  const dates = between(meetings.date, from, to);
  return db()
    .select()
    .from(meetings)
    .where(hostId === undefined ? dates : and(dates, eq(meetings.hostId, hostId)))
    .orderBy(asc(meetings.date), asc(meetings.timeSlot), asc(meetings.createdAt))
    .limit(RANGE_LIMIT)
    .all();
}

/** How many meetings are in each status (for the filter tabs). */
export async function meetingStatusCounts() {
  const rows = await db().select({ status: meetings.status, n: count() }).from(meetings).groupBy(meetings.status).all();
  const counts: Record<Meeting["status"] | "all", number> = {
    all: 0,
    scheduled: 0,
    confirmed: 0,
    cancelled: 0,
    completed: 0,
  };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

/** Spec §4: an admin moves a scheduled meeting to confirmed (Approve) or cancelled (Reject). */
export const ADMIN_TRANSITIONS = { confirmed: "meeting.approved", cancelled: "meeting.rejected" } as const;
export type AdminTarget = keyof typeof ADMIN_TRANSITIONS;

export function notScheduledMessage(status: Meeting["status"]) {
  return `Only scheduled meetings can be approved or rejected; this meeting is already ${status}.`;
}

/** The meeting link an Approve form starts with: MEETING_LINK_TEMPLATE with `{id}` filled in. */
export function suggestedMeetingLink(meeting: Pick<Meeting, "id" | "meetingLink">) {
  if (meeting.meetingLink) return meeting.meetingLink;
  const template = config().MEETING_LINK_TEMPLATE;
  return template ? template.replaceAll("{id}", meeting.id) : "";
}

/**
 * Approve or reject, as a guarded change (decision records 013 and 024): the batch starts
 * with the guard "still scheduled, at the SEQUENCE that was read"; when it no longer holds,
 * the whole batch aborts: the change, its audit record and its email land
 * together, and a second decision (a double click, two admins, a visitor rescheduling at
 * that moment) changes nothing and gets a 409.
 */
export async function updateMeetingStatus(
  actor: Actor,
  id: string,
  target: Meeting["status"],
  {
    now = new Date(),
    meetingLink,
    reason = null,
  }: {
    now?: Date;
    meetingLink?: string | null;
    /** Reject only: the admin's note, quoted in the email to the visitor. */
    reason?: string | null;
  } = {},
): Promise<Meeting> {
  if (target !== "confirmed" && target !== "cancelled") {
    throw new AppError(
      400,
      'A scheduled meeting can only be changed to "confirmed" (approve) or "cancelled" (reject).',
      {
        details: [{ field: "status", message: 'status must be "confirmed" or "cancelled".' }],
      },
    );
  }
  const before = await requireMeeting(id);
  if (before.status !== "scheduled") throw new AppError(409, notScheduledMessage(before.status));
  const sequence = before.sequence + 1;
  const link = target === "confirmed" ? (meetingLink ?? before.meetingLink) || null : before.meetingLink;
  const after: Meeting = { ...before, status: target, sequence, meetingLink: link, updatedAt: now };
  const manage = target === "confirmed" ? await issueManageToken(id, now) : null;
  const email = await (manage
    ? meetingConfirmedEmail(after, now, { sequence, manageUrl: manageUrl(siteUrl(), manage.token) })
    : meetingCancelledEmail(after, now, siteUrl(), sequence, reason));
  const event = meetingEvent(target === "confirmed" ? "meeting.confirmed" : "meeting.cancelled", after, now);
  const client = db();
  await guardedBatch(
    rowMatches(
      "meeting still scheduled as read",
      meetings,
      and(eq(meetings.id, id), eq(meetings.status, "scheduled"), eq(meetings.sequence, before.sequence)),
    ),
    [
      client
        .update(meetings)
        .set({ status: target, sequence, meetingLink: link, updatedAt: now })
        .where(eq(meetings.id, id)),
      ...(manage ? [manage.statement] : []),
      auditStatement(
        actor,
        ADMIN_TRANSITIONS[target],
        "meeting",
        id,
        { status: before.status },
        {
          status: target,
          ...(link && target === "confirmed" ? { meetingLink: link } : {}),
          ...(reason && target === "cancelled" ? { reason } : {}),
        },
      ),
      emailStatement(email),
      ...event.statements,
    ],
    async () => {
      const current = await requireMeeting(id);
      return new AppError(
        409,
        current.status === "scheduled"
          ? "The meeting changed while you were deciding (the visitor moved it). Please look at it again."
          : notScheduledMessage(current.status),
      );
    },
  );
  deliverSoon([email.idempotencyKey]);
  deliverEventsSoon([event.id]);
  return after;
}

/**
 * Scheduled job: confirmed meetings whose 30 minutes are over become completed, each in its own
 * guarded batch with its `meeting.completed` event (a meeting completed meanwhile is skipped).
 */
export async function completePastMeetings(now: Date): Promise<number> {
  const endedBefore = new Date(now.getTime() - BOOKING.meetingMinutes * MINUTE);
  const due = and(eq(meetings.status, "confirmed"), lte(meetings.startsAt, endedBefore));
  const client = db();
  const ended = await client.select().from(meetings).where(due).limit(COMPLETE_PER_RUN).all();
  const events: string[] = [];
  for (const meeting of ended) {
    const event = meetingEvent("meeting.completed", { ...meeting, status: "completed", updatedAt: now }, now);
    try {
      await guardedBatch(
        rowMatches("meeting still confirmed", meetings, and(eq(meetings.id, meeting.id), due)),
        [
          client.update(meetings).set({ status: "completed", updatedAt: now }).where(eq(meetings.id, meeting.id)),
          ...event.statements,
        ],
        async () => changedMeanwhile(),
      );
      events.push(event.id);
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
  deliverEventsSoon(events);
  return events.length;
}

/** Meetings completed per run at most (each is one small batch); the rest wait a minute. */
const COMPLETE_PER_RUN = 200;

export function toMeetingJson(meeting: Meeting) {
  return {
    _id: meeting.id,
    id: meeting.id,
    name: meeting.name,
    email: meeting.email,
    phone: meeting.phone,
    company: meeting.company,
    meetingType: meeting.meetingType,
    date: meeting.date,
    timeSlot: meeting.timeSlot,
    startsAt: meeting.startsAt.toISOString(),
    endsAt: slotEnd(meeting.startsAt).toISOString(),
    status: meeting.status,
    notes: meeting.notes,
    visitorTimezone: meeting.visitorTimezone,
    meetingLink: meeting.meetingLink,
    sequence: meeting.sequence,
    createdAt: meeting.createdAt.toISOString(),
    updatedAt: meeting.updatedAt.toISOString(),
    hostId: meeting.hostId || null,
    attendance: meeting.attendance ?? null,
  };
}

export const REASSIGN_MESSAGES = {
  notActive: "Only a scheduled or confirmed meeting can be given another host.",
  notFree: "That member does not take demos or is not free at that time.",
  changed: "This meeting changed meanwhile. Reload it and try again.",
} as const;

/**
 * Gives an active meeting another host (issue 27 item 4): the member must take demos and be free
 * then (hours, leave, closures, cap, other meetings and buffers, as the engine says, checked again
 * at commit). The visitor's invitation is unchanged (same UID and SEQUENCE); the hosts are told:
 * the new one gets the booking's details, the previous one that it is no longer theirs (one email
 * each, in the same batch as the change). Audited; refused with a 409 when the meeting changed
 * meanwhile.
 */
export async function reassignMeeting(actor: Actor, id: string, hostId: string, now = new Date()): Promise<Meeting> {
  const before = await requireMeeting(id);
  if (before.status !== "scheduled" && before.status !== "confirmed")
    throw new AppError(409, REASSIGN_MESSAGES.notActive);
  if (before.hostId === hostId) return before;
  const rules = await schedulingRules();
  const availability = await availabilityInput(before.date, before.date, rules);
  const others = { ...availability, meetings: availability.meetings.filter((m) => m.id !== id) };
  if (!hostId || !freeHostsAt(others, before.date, before.timeSlot).includes(hostId)) {
    throw new AppError(409, REASSIGN_MESSAGES.notFree);
  }
  const after: Meeting = { ...before, hostId, updatedAt: now };
  const members = await db()
    .select({ id: admins.id, name: admins.name, email: admins.email })
    .from(admins)
    .where(inArray(admins.id, [hostId, before.hostId]))
    .all();
  const [next, previous] = [members.find((m) => m.id === hostId), members.find((m) => m.id === before.hostId)];
  const changeKey = `${before.hostId || "house"}>${hostId}:${now.getTime()}`;
  const copies = await Promise.all([
    ...(next
      ? [hostChangedEmail(after, { role: "new", to: next, other: previous?.name ?? null }, siteUrl(), changeKey)]
      : []),
    ...(previous
      ? [hostChangedEmail(after, { role: "previous", to: previous, other: next?.name ?? null }, siteUrl(), changeKey)]
      : []),
  ]);
  const client = db();
  await guardedBatch(
    [
      rowMatches(
        "the meeting is as it was read",
        meetings,
        and(
          eq(meetings.id, id),
          eq(meetings.hostId, before.hostId),
          eq(meetings.sequence, before.sequence),
          inArray(meetings.status, ["scheduled", "confirmed"]),
        ),
      ),
      ...slotGuards(
        rules,
        { startsAt: before.startsAt, date: before.date, hostId, dailyCap: dailyCapOf(availability, hostId) },
        id,
      ),
    ],
    [
      client.update(meetings).set({ hostId, updatedAt: now }).where(eq(meetings.id, id)),
      auditStatement(actor, "meeting.host_changed", "meeting", id, { hostId: before.hostId }, { hostId }),
      ...copies.map(emailStatement),
    ],
    () => new AppError(409, REASSIGN_MESSAGES.changed),
  );
  deliverSoon(copies.map((e) => e.idempotencyKey));
  return after;
}
