import type { CallbackRequest, Meeting } from "~/db/schema";
import { formatTime12h, inTimeZone, slotEnd, zoneName } from "~/domain/calendar/availability";
import { longDateLabel } from "~/domain/calendar/month";
import type { OutgoingEmail } from "~/domain/email/outbox.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { base64Utf8, buildIcs, type IcsEvent } from "./ics";

/** The texts of every meeting and callback email, and the .ics invitations they carry. */

type MeetingLike = Pick<
  Meeting,
  "id" | "name" | "email" | "phone" | "company" | "date" | "timeSlot" | "startsAt" | "notes" | "visitorTimezone"
> &
  Partial<Pick<Meeting, "meetingLink" | "sequence">>;

const ICS_FILE = "flowlane-demo.ics";

function when(meeting: MeetingLike) {
  const { BUSINESS_TIMEZONE: tz } = config();
  const end = slotEnd(meeting.startsAt);
  const endLocal = inTimeZone(end, tz).time;
  const business = `${formatTime12h(meeting.timeSlot)} – ${formatTime12h(endLocal)} ${zoneName(tz, meeting.startsAt)} (${tz})`;
  const lines = [`Date: ${longDateLabel(meeting.date)}`, `Time: ${business}`];
  if (meeting.visitorTimezone && meeting.visitorTimezone !== tz) {
    const start = inTimeZone(meeting.startsAt, meeting.visitorTimezone);
    const finish = inTimeZone(end, meeting.visitorTimezone);
    lines.push(
      `Your time: ${longDateLabel(start.date)}, ${start.label} – ${finish.label} ${start.zone} (${meeting.visitorTimezone})`,
    );
  }
  return { lines, label: `${longDateLabel(meeting.date)} at ${formatTime12h(meeting.timeSlot)} (${tz})` };
}

/** The video link once an admin has set it (on Approve), else the configured location line. */
function location(meeting: MeetingLike) {
  return meeting.meetingLink ? `Video call: ${meeting.meetingLink}` : config().MEETING_LOCATION;
}

/** The UID every invitation of one meeting shares, so calendars update or remove the same event. */
export const meetingUid = (meetingId: string) => `meeting-${meetingId}@${BRAND.slug}`;

const MANAGE = "Manage your booking";

function invitation(
  meeting: MeetingLike,
  change: Pick<IcsEvent, "method" | "status" | "sequence">,
  now: Date,
  manageUrl?: string,
) {
  const settings = config();
  const ics = buildIcs({
    ...change,
    uid: meetingUid(meeting.id),
    start: meeting.startsAt,
    end: slotEnd(meeting.startsAt),
    stamp: now,
    summary: `${BRAND.name} demo (30 minutes)`,
    description: [
      `A 30-minute video demo of ${BRAND.name} for ${meeting.name}${meeting.company ? ` (${meeting.company})` : ""}.`,
      ...(meeting.meetingLink ? [`Join: ${meeting.meetingLink}`] : []),
      ...(manageUrl ? [`${MANAGE}: ${manageUrl}`] : []),
    ].join("\n"),
    location: location(meeting),
    url: meeting.meetingLink || undefined,
    organizer: { name: `${BRAND.name} Sales`, email: settings.SALES_EMAIL },
    attendee: { name: meeting.name, email: meeting.email },
  });
  return {
    filename: ICS_FILE,
    contentType: `text/calendar; charset=utf-8; method=${change.method}`,
    content: base64Utf8(ics),
  };
}

const signature = `— The ${BRAND.name} team`;

export function bookingConfirmationEmail(meeting: MeetingLike, now: Date, manageUrl: string): OutgoingEmail {
  const { lines, label } = when(meeting);
  return {
    kind: "meeting.confirmation",
    to: meeting.email,
    subject: `Your ${BRAND.name} demo request: ${label}`,
    text: [
      `Hi ${meeting.name},`,
      "",
      `Thanks for booking a 30-minute demo of ${BRAND.name}. Here are the details:`,
      "",
      ...lines,
      "Length: 30 minutes, video call",
      `Where: ${location(meeting)}`,
      "",
      "Our team will review the request and confirm it by email. The attached invitation adds the meeting to your calendar.",
      "",
      `${MANAGE} (cancel or reschedule): ${manageUrl}`,
      "",
      signature,
    ].join("\n"),
    attachments: [invitation(meeting, { method: "REQUEST", status: "TENTATIVE", sequence: 0 }, now, manageUrl)],
    idempotencyKey: `meeting.confirmation:${meeting.id}`,
  };
}

export function salesBookingNotice(meeting: MeetingLike, siteUrl: string): OutgoingEmail {
  const { lines, label } = when(meeting);
  return {
    kind: "meeting.sales_notice",
    to: config().SALES_EMAIL,
    subject: `New demo booking: ${meeting.name}${meeting.company ? ` (${meeting.company})` : ""}, ${label}`,
    text: [
      "A visitor booked a demo. It waits for approval in Demo Meetings.",
      "",
      `Name: ${meeting.name}`,
      `Email: ${meeting.email}`,
      `Phone: ${meeting.phone || "—"}`,
      `Company: ${meeting.company || "—"}`,
      ...lines,
      `Notes: ${meeting.notes || "—"}`,
      "",
      `Review: ${siteUrl}/admin/dashboard/meetings/${meeting.id}`,
    ].join("\n"),
    idempotencyKey: `meeting.sales_notice:${meeting.id}`,
  };
}

/** `sequence` is the meeting's SEQUENCE after the change. */
export function meetingConfirmedEmail(
  meeting: MeetingLike,
  now: Date,
  { sequence, manageUrl }: { sequence: number; manageUrl: string },
): OutgoingEmail {
  const { lines, label } = when(meeting);
  return {
    kind: "meeting.confirmed",
    to: meeting.email,
    subject: `Confirmed: your ${BRAND.name} demo, ${label}`,
    text: [
      `Hi ${meeting.name},`,
      "",
      `Good news: your ${BRAND.name} demo is confirmed.`,
      "",
      ...lines,
      `Where: ${location(meeting)}`,
      ...(meeting.meetingLink ? [`Join: ${meeting.meetingLink}`] : []),
      "",
      "The attached invitation updates the meeting in your calendar. See you there!",
      "",
      `${MANAGE} (cancel or reschedule): ${manageUrl}`,
      "",
      signature,
    ].join("\n"),
    attachments: [invitation(meeting, { method: "REQUEST", status: "CONFIRMED", sequence }, now, manageUrl)],
    idempotencyKey: `meeting.confirmed:${meeting.id}:${sequence}`,
  };
}

export function meetingCancelledEmail(
  meeting: MeetingLike,
  now: Date,
  siteUrl: string,
  sequence: number,
): OutgoingEmail {
  const { lines, label } = when(meeting);
  return {
    kind: "meeting.cancelled",
    to: meeting.email,
    subject: `Your ${BRAND.name} demo request could not be confirmed (${label})`,
    text: [
      `Hi ${meeting.name},`,
      "",
      `We're sorry: we cannot hold the ${BRAND.name} demo you requested at this time.`,
      "",
      ...lines,
      "",
      `Please choose another time at ${siteUrl}/demo, or ask us to call you back at ${siteUrl}/demo?mode=callback.`,
      "",
      signature,
    ].join("\n"),
    attachments: [invitation(meeting, { method: "CANCEL", status: "CANCELLED", sequence }, now)],
    idempotencyKey: `meeting.cancelled:${meeting.id}:${sequence}`,
  };
}

// ------------------------------------------------------------ visitor changes and reminders

/** The visitor cancelled through their manage link. */
export function visitorCancelledEmail(meeting: MeetingLike, now: Date, siteUrl: string, sequence: number) {
  const { lines, label } = when(meeting);
  return {
    kind: "meeting.visitor_cancelled",
    to: meeting.email,
    subject: `Cancelled: your ${BRAND.name} demo, ${label}`,
    text: [
      `Hi ${meeting.name},`,
      "",
      `Your ${BRAND.name} demo is cancelled, as you asked.`,
      "",
      ...lines,
      "",
      `The attached update removes it from your calendar. You can book a new time at ${siteUrl}/demo.`,
      "",
      signature,
    ].join("\n"),
    attachments: [invitation(meeting, { method: "CANCEL", status: "CANCELLED", sequence }, now)],
    idempotencyKey: `meeting.visitor_cancelled:${meeting.id}:${sequence}`,
  } satisfies OutgoingEmail;
}

/** The visitor moved the meeting: the same UID with a higher SEQUENCE replaces the old entry. */
export function visitorRescheduledEmail(
  meeting: MeetingLike,
  now: Date,
  { sequence, manageUrl }: { sequence: number; manageUrl: string },
) {
  const { lines, label } = when(meeting);
  return {
    kind: "meeting.rescheduled",
    to: meeting.email,
    subject: `New time for your ${BRAND.name} demo: ${label}`,
    text: [
      `Hi ${meeting.name},`,
      "",
      `Your ${BRAND.name} demo has moved to a new time:`,
      "",
      ...lines,
      "",
      "Our team will confirm the new time by email. The attached invitation updates your calendar.",
      "",
      `${MANAGE} (cancel or reschedule): ${manageUrl}`,
      "",
      signature,
    ].join("\n"),
    attachments: [invitation(meeting, { method: "REQUEST", status: "TENTATIVE", sequence }, now, manageUrl)],
    idempotencyKey: `meeting.rescheduled:${meeting.id}:${sequence}`,
  } satisfies OutgoingEmail;
}

/** Tells sales about a visitor's cancellation or reschedule. */
export function salesChangeNotice(
  meeting: MeetingLike,
  change: { kind: "cancelled"; reason: string } | { kind: "rescheduled"; from: string },
  siteUrl: string,
  sequence: number,
): OutgoingEmail {
  const { lines, label } = when(meeting);
  const cancelled = change.kind === "cancelled";
  return {
    kind: `meeting.sales_${change.kind}`,
    to: config().SALES_EMAIL,
    subject: cancelled
      ? `Demo cancelled by ${meeting.name}: ${label}`
      : `Demo rescheduled by ${meeting.name}: now ${label}`,
    text: [
      cancelled
        ? "The visitor cancelled their demo. The slot is free again."
        : `The visitor moved their demo (it was ${change.from}). It waits for approval in Demo Meetings.`,
      "",
      `Name: ${meeting.name}`,
      `Email: ${meeting.email}`,
      `Company: ${meeting.company || "—"}`,
      ...lines,
      ...(cancelled ? [`Reason: ${change.reason || "—"}`] : []),
      "",
      `Details: ${siteUrl}/admin/dashboard/meetings/${meeting.id}`,
    ].join("\n"),
    idempotencyKey: `meeting.sales_${change.kind}:${meeting.id}:${sequence}`,
  };
}

export const REMINDERS = { "24h": 24 * 60, "1h": 60 } as const;
export type ReminderKind = keyof typeof REMINDERS;

/** The idempotency key of a reminder: once per meeting, kind and start time (a moved meeting gets new ones). */
export const reminderKey = (meeting: Pick<Meeting, "id" | "startsAt">, kind: ReminderKind) =>
  `meeting.reminder_${kind}:${meeting.id}:${meeting.startsAt.getTime()}`;

export function meetingReminderEmail(meeting: MeetingLike, kind: ReminderKind, manageUrl: string): OutgoingEmail {
  const { BUSINESS_TIMEZONE: tz } = config();
  const zone = meeting.visitorTimezone ?? tz;
  const start = inTimeZone(meeting.startsAt, zone);
  const finish = inTimeZone(slotEnd(meeting.startsAt), zone);
  const at = `${longDateLabel(start.date)}, ${start.label} – ${finish.label} ${start.zone} (${zone})`;
  return {
    kind: `meeting.reminder_${kind}`,
    to: meeting.email,
    subject:
      kind === "1h"
        ? `Reminder: your ${BRAND.name} demo starts in 1 hour`
        : `Reminder: your ${BRAND.name} demo, ${longDateLabel(start.date)} at ${start.label}`,
    text: [
      `Hi ${meeting.name},`,
      "",
      `A reminder of your 30-minute ${BRAND.name} demo:`,
      "",
      `When: ${at}`,
      `Join: ${meeting.meetingLink || config().MEETING_LOCATION}`,
      "",
      `${MANAGE} (cancel or reschedule): ${manageUrl}`,
      "",
      signature,
    ].join("\n"),
    idempotencyKey: reminderKey(meeting as Pick<Meeting, "id" | "startsAt">, kind),
  };
}

export function salesCallbackNotice(callback: CallbackRequest, siteUrl: string): OutgoingEmail {
  return {
    kind: "callback.sales_notice",
    to: config().SALES_EMAIL,
    subject: `Callback request: ${callback.firstName} ${callback.lastName} (${callback.company})`,
    text: [
      "A visitor asked to be called back. We promised contact within 24 hours.",
      "",
      `Name: ${callback.firstName} ${callback.lastName}`,
      `Email: ${callback.email}`,
      `Phone: ${callback.phone || "—"}`,
      `Company: ${callback.company}`,
      `Message: ${callback.message || "—"}`,
      "",
      `All requests: ${siteUrl}/admin/dashboard/meetings/callbacks`,
    ].join("\n"),
    idempotencyKey: `callback.sales_notice:${callback.id}`,
  };
}
