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
>;

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

function location() {
  const { MEETING_LOCATION, VIDEO_URL } = config();
  return VIDEO_URL ? `${MEETING_LOCATION} ${VIDEO_URL}`.trim() : MEETING_LOCATION;
}

function invitation(meeting: MeetingLike, change: Pick<IcsEvent, "method" | "status" | "sequence">, now: Date) {
  const settings = config();
  const ics = buildIcs({
    ...change,
    uid: `meeting-${meeting.id}@${BRAND.slug}`,
    start: meeting.startsAt,
    end: slotEnd(meeting.startsAt),
    stamp: now,
    summary: `${BRAND.name} demo (30 minutes)`,
    description: `A 30-minute video demo of ${BRAND.name} for ${meeting.name}${meeting.company ? ` (${meeting.company})` : ""}.`,
    location: location(),
    url: settings.VIDEO_URL || undefined,
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

export function bookingConfirmationEmail(meeting: MeetingLike, now: Date): OutgoingEmail {
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
      `Where: ${location()}`,
      "",
      "Our team will review the request and confirm it by email. The attached invitation adds the meeting to your calendar.",
      "",
      signature,
    ].join("\n"),
    attachments: [invitation(meeting, { method: "REQUEST", status: "TENTATIVE", sequence: 0 }, now)],
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

export function meetingConfirmedEmail(meeting: MeetingLike, now: Date): OutgoingEmail {
  const { lines, label } = when(meeting);
  const { VIDEO_URL } = config();
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
      `Where: ${location()}`,
      ...(VIDEO_URL ? [`Join: ${VIDEO_URL}`] : []),
      "",
      "The attached invitation updates the meeting in your calendar. See you there!",
      "",
      signature,
    ].join("\n"),
    attachments: [invitation(meeting, { method: "REQUEST", status: "CONFIRMED", sequence: 1 }, now)],
    idempotencyKey: `meeting.confirmed:${meeting.id}`,
  };
}

export function meetingCancelledEmail(meeting: MeetingLike, now: Date, siteUrl: string): OutgoingEmail {
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
    attachments: [invitation(meeting, { method: "CANCEL", status: "CANCELLED", sequence: 1 }, now)],
    idempotencyKey: `meeting.cancelled:${meeting.id}`,
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
