import type { CallbackRequest, Meeting } from "~/db/schema";
import { formatTime12h, inTimeZone, slotEnd, zoneName } from "~/domain/calendar/availability";
import { longDateLabel } from "~/domain/calendar/month";
import type { OutgoingEmail } from "~/domain/email/outbox.server";
import type { Action, EmailContent, Inline } from "~/emails/content";
import type { EmailKind } from "~/emails/kinds";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { base64Utf8, buildIcs, type IcsEvent } from "./ics";

/** Every meeting and callback email, each written once (decision 063), and the .ics invitations they carry. */

type MeetingLike = Pick<
  Meeting,
  "id" | "name" | "email" | "phone" | "company" | "date" | "timeSlot" | "startsAt" | "notes" | "visitorTimezone"
> &
  Partial<Pick<Meeting, "meetingLink" | "sequence">>;

const ICS_FILE = "flowlane-demo.ics";

type Detail = [label: string, value: Inline];

/** The meeting's date and time lines (the visitor's own time too, when it differs), and a one-line label. */
function when(meeting: MeetingLike) {
  const { BUSINESS_TIMEZONE: tz } = config();
  const end = slotEnd(meeting.startsAt);
  const endLocal = inTimeZone(end, tz).time;
  const business = `${formatTime12h(meeting.timeSlot)} – ${formatTime12h(endLocal)} ${zoneName(tz, meeting.startsAt)} (${tz})`;
  const lines: Detail[] = [
    ["Date", longDateLabel(meeting.date)],
    ["Time", business],
  ];
  if (meeting.visitorTimezone && meeting.visitorTimezone !== tz) {
    const start = inTimeZone(meeting.startsAt, meeting.visitorTimezone);
    const finish = inTimeZone(end, meeting.visitorTimezone);
    lines.push([
      "Your time",
      `${longDateLabel(start.date)}, ${start.label} – ${finish.label} ${start.zone} (${meeting.visitorTimezone})`,
    ]);
  }
  return { lines, label: `${longDateLabel(meeting.date)} at ${formatTime12h(meeting.timeSlot)} (${tz})` };
}

/** The "where" of a meeting: the video link to join once an admin has set it, else the configured location. */
function whereDetail(meeting: MeetingLike): [string, Inline] {
  return meeting.meetingLink
    ? ["Join", { href: meeting.meetingLink, label: meeting.meetingLink }]
    : ["Where", config().MEETING_LOCATION];
}

/** The video link once an admin has set it (on Approve), else the configured location line. */
function location(meeting: MeetingLike) {
  return meeting.meetingLink ? `Video call: ${meeting.meetingLink}` : config().MEETING_LOCATION;
}

/** The visitor by name, with the company when they gave one: "Asha Verma (Verma Textiles)". */
const whoBooked = (meeting: Pick<MeetingLike, "name" | "company">) =>
  meeting.company ? `${meeting.name} (${meeting.company})` : meeting.name;

/** The UID every invitation of one meeting shares, so calendars update or remove the same event. */
export const meetingUid = (meetingId: string) => `meeting-${meetingId}@${BRAND.slug}`;

const MANAGE = "Manage your booking";

/** What a calendar shows of the meeting: in the invitations, the .ics download and the add-to-calendar links. */
export function calendarEvent(meeting: MeetingLike, manageUrl?: string) {
  return {
    start: meeting.startsAt,
    end: slotEnd(meeting.startsAt),
    summary: `${BRAND.name} demo (30 minutes)`,
    description: [
      `A 30-minute video demo of ${BRAND.name} for ${whoBooked(meeting)}.`,
      ...(meeting.meetingLink ? [`Join: ${meeting.meetingLink}`] : []),
      ...(manageUrl ? [`${MANAGE}: ${manageUrl}`] : []),
    ].join("\n"),
    location: location(meeting),
    url: meeting.meetingLink || undefined,
  };
}

function icsOf(
  meeting: MeetingLike,
  change: Pick<IcsEvent, "method" | "status" | "sequence">,
  now: Date,
  manageUrl?: string,
) {
  return buildIcs({
    ...change,
    ...calendarEvent(meeting, manageUrl),
    uid: meetingUid(meeting.id),
    stamp: now,
    organizer: { name: `${BRAND.name} Sales`, email: config().SALES_EMAIL },
    attendee: { name: meeting.name, email: meeting.email },
  });
}

/**
 * The meeting as a file the visitor adds to their calendar from the manage page: the UID and
 * SEQUENCE of the emailed invitations, so it updates the event an invitation already made.
 */
export function meetingCalendarFile(
  meeting: MeetingLike & Pick<Meeting, "status" | "sequence">,
  now: Date,
  manageUrl: string,
) {
  return icsOf(
    meeting,
    {
      method: "PUBLISH",
      status: meeting.status === "confirmed" ? "CONFIRMED" : "TENTATIVE",
      sequence: meeting.sequence,
    },
    now,
    manageUrl,
  );
}

function invitation(
  meeting: MeetingLike,
  change: Pick<IcsEvent, "method" | "status" | "sequence">,
  now: Date,
  manageUrl?: string,
) {
  const ics = icsOf(meeting, change, now, manageUrl);
  return {
    filename: ICS_FILE,
    contentType: `text/calendar; charset=utf-8; method=${change.method}`,
    content: base64Utf8(ics),
  };
}

type Message = Omit<OutgoingEmail, "to" | "text" | "html" | "kind"> & {
  kind: EmailKind;
  content: Omit<EmailContent, "greeting" | "signOff">;
};

/** A message to the visitor: greeted by name, signed by the team. */
function toVisitor(meeting: Pick<MeetingLike, "name" | "email">, { content, ...email }: Message) {
  return composeEmail({ ...email, to: meeting.email }, { ...content, greeting: `Hi ${meeting.name},` });
}

/**
 * A message to the visitor that updates the meeting in their calendar: the invitation at the
 * change's SEQUENCE attached, sent once per kind and sequence.
 */
function calendarUpdate(
  meeting: MeetingLike,
  now: Date,
  {
    invite,
    manageUrl,
    ...message
  }: Pick<Message, "kind" | "subject" | "content"> & {
    invite: Pick<IcsEvent, "method" | "status" | "sequence">;
    manageUrl?: string;
  },
) {
  return toVisitor(meeting, {
    ...message,
    attachments: [invitation(meeting, invite, now, manageUrl)],
    idempotencyKey: `${message.kind}:${meeting.id}:${invite.sequence}`,
  });
}

/** A notice to the sales inbox: no greeting and no sign-off. */
/**
 * The assigned host's copy of a message to the sales inbox (issue 27 item 4): the same message to
 * their own address, once (its own idempotency key). None for the house calendar.
 */
export const hostCopies = (email: OutgoingEmail, hostEmail: string | null | undefined): OutgoingEmail[] =>
  hostEmail ? [{ ...email, to: hostEmail, idempotencyKey: `${email.idempotencyKey}:host` }] : [];

function toSales({ content, ...email }: Message) {
  return composeEmail({ ...email, to: config().SALES_EMAIL }, { ...content, signOff: false });
}

/** The visitor's way to cancel or reschedule, in every message that may come before the meeting. */
const manage = (manageUrl: string): Action => ({ label: MANAGE, href: manageUrl, for: "cancel or reschedule" });

/** Who booked, for the sales inbox: the email as a link to write to. */
const visitorDetails = (meeting: MeetingLike): Detail[] => [
  ["Name", meeting.name],
  ["Email", { href: `mailto:${meeting.email}`, label: meeting.email }],
];

/** The meeting's page in the console, for the team's buttons. */
const inConsole = (siteUrl: string, meeting: Pick<MeetingLike, "id">) =>
  `${siteUrl}/admin/dashboard/meetings/${meeting.id}`;

/** Everything the booking form took, around the meeting's date and time `lines`: what its host needs. */
const bookingDetails = (meeting: MeetingLike, lines: Detail[]): Detail[] => [
  ...visitorDetails(meeting),
  ["Phone", meeting.phone || "—"],
  ["Company", meeting.company || "—"],
  ...lines,
  ["Notes", meeting.notes || "—"],
];

const joinButton = (link: string) => ({ button: { label: "Join the video call", href: link } });

export async function bookingConfirmationEmail(
  meeting: MeetingLike,
  now: Date,
  manageUrl: string,
): Promise<OutgoingEmail> {
  const { lines, label } = when(meeting);
  return toVisitor(meeting, {
    kind: "meeting.confirmation",
    subject: `Your ${BRAND.name} demo request: ${label}`,
    content: {
      preview: `Your 30-minute ${BRAND.name} demo request: ${label}`,
      heading: "Your demo request is in",
      blocks: [
        { p: `Thanks for booking a 30-minute demo of ${BRAND.name}. Here are the details:` },
        { details: [...lines, ["Length", "30 minutes, video call"], whereDetail(meeting)] },
        {
          p: "Our team will review the request and confirm it by email. The attached invitation adds the meeting to your calendar.",
        },
        { button: manage(manageUrl) },
      ],
    },
    attachments: [invitation(meeting, { method: "REQUEST", status: "TENTATIVE", sequence: 0 }, now, manageUrl)],
    idempotencyKey: `meeting.confirmation:${meeting.id}`,
  });
}

export async function salesBookingNotice(meeting: MeetingLike, siteUrl: string): Promise<OutgoingEmail> {
  const { lines, label } = when(meeting);
  return toSales({
    kind: "meeting.sales_notice",
    subject: `New demo booking: ${whoBooked(meeting)}, ${label}`,
    content: {
      preview: `${meeting.name} booked a demo for ${label}`,
      heading: "New demo booking",
      blocks: [
        { p: "A visitor booked a demo. It waits for approval in Demo Meetings." },
        { details: bookingDetails(meeting, lines) },
        { button: { label: "Review the booking", href: inConsole(siteUrl, meeting) } },
      ],
    },
    idempotencyKey: `meeting.sales_notice:${meeting.id}`,
  });
}

/** `sequence` is the meeting's SEQUENCE after the change. */
export async function meetingConfirmedEmail(
  meeting: MeetingLike,
  now: Date,
  { sequence, manageUrl }: { sequence: number; manageUrl: string },
): Promise<OutgoingEmail> {
  const { lines, label } = when(meeting);
  return calendarUpdate(meeting, now, {
    kind: "meeting.confirmed",
    subject: `Confirmed: your ${BRAND.name} demo, ${label}`,
    content: {
      preview: `Your ${BRAND.name} demo is confirmed: ${label}`,
      heading: "Your demo is confirmed",
      blocks: [
        { p: `Good news: your ${BRAND.name} demo is confirmed.` },
        { details: [...lines, whereDetail(meeting)] },
        meeting.meetingLink
          ? joinButton(meeting.meetingLink)
          : { p: "We will send the video link before the meeting." },
        { p: "The attached invitation updates the meeting in your calendar. See you there!" },
        { link: manage(manageUrl) },
      ],
    },
    invite: { method: "REQUEST", status: "CONFIRMED", sequence },
    manageUrl,
  });
}

/** An admin's Reject; `reason`, when the admin gave one, is quoted to the visitor as it was typed. */
export async function meetingCancelledEmail(
  meeting: MeetingLike,
  now: Date,
  siteUrl: string,
  sequence: number,
  reason: string | null = null,
): Promise<OutgoingEmail> {
  const { lines, label } = when(meeting);
  return calendarUpdate(meeting, now, {
    kind: "meeting.cancelled",
    subject: `Your ${BRAND.name} demo request could not be confirmed (${label})`,
    content: {
      preview: `We cannot hold the demo you requested for ${label}`,
      heading: "Your demo request could not be confirmed",
      blocks: [
        { p: `We're sorry: we cannot hold the ${BRAND.name} demo you requested at this time.` },
        ...(reason ? [{ p: `A note from our team: ${reason}` }] : []),
        { details: lines },
        { button: { label: "Choose another time", href: `${siteUrl}/demo` } },
        { p: ["Or ", { href: `${siteUrl}/demo?mode=callback`, label: "ask us to call you back" }, "."] },
      ],
    },
    invite: { method: "CANCEL", status: "CANCELLED", sequence },
  });
}

// ------------------------------------------------------------ visitor changes and reminders

/** The visitor cancelled through their manage link. */
export async function visitorCancelledEmail(meeting: MeetingLike, now: Date, siteUrl: string, sequence: number) {
  const { lines, label } = when(meeting);
  return calendarUpdate(meeting, now, {
    kind: "meeting.visitor_cancelled",
    subject: `Cancelled: your ${BRAND.name} demo, ${label}`,
    content: {
      preview: `Your ${BRAND.name} demo for ${label} is cancelled`,
      heading: "Your demo is cancelled",
      blocks: [
        { p: `Your ${BRAND.name} demo is cancelled, as you asked.` },
        { details: lines },
        { p: "The attached update removes it from your calendar." },
        { button: { label: "Book a new time", href: `${siteUrl}/demo` } },
      ],
    },
    invite: { method: "CANCEL", status: "CANCELLED", sequence },
  });
}

/** The visitor moved the meeting: the same UID with a higher SEQUENCE replaces the old entry. */
export async function visitorRescheduledEmail(
  meeting: MeetingLike,
  now: Date,
  { sequence, manageUrl }: { sequence: number; manageUrl: string },
) {
  const { lines, label } = when(meeting);
  return calendarUpdate(meeting, now, {
    kind: "meeting.rescheduled",
    subject: `New time for your ${BRAND.name} demo: ${label}`,
    content: {
      preview: `Your ${BRAND.name} demo moved to ${label}`,
      heading: "Your demo has a new time",
      blocks: [
        { p: `Your ${BRAND.name} demo has moved to a new time:` },
        { details: lines },
        { p: "Our team will confirm the new time by email. The attached invitation updates your calendar." },
        { button: manage(manageUrl) },
      ],
    },
    invite: { method: "REQUEST", status: "TENTATIVE", sequence },
    manageUrl,
  });
}

/** Tells sales about a visitor's cancellation or reschedule. */
export async function salesChangeNotice(
  meeting: MeetingLike,
  change: { kind: "cancelled"; reason: string } | { kind: "rescheduled"; from: string },
  siteUrl: string,
  sequence: number,
): Promise<OutgoingEmail> {
  const { lines, label } = when(meeting);
  const cancelled = change.kind === "cancelled";
  const intro = cancelled
    ? "The visitor cancelled their demo. The slot is free again."
    : `The visitor moved their demo (it was ${change.from}). It waits for approval in Demo Meetings.`;
  return toSales({
    kind: `meeting.sales_${change.kind}`,
    subject: cancelled
      ? `Demo cancelled by ${meeting.name}: ${label}`
      : `Demo rescheduled by ${meeting.name}: now ${label}`,
    content: {
      preview: intro,
      heading: cancelled ? "A demo was cancelled" : "A demo was rescheduled",
      blocks: [
        { p: intro },
        {
          details: [
            ...visitorDetails(meeting),
            ["Company", meeting.company || "—"],
            ...lines,
            ...(cancelled ? ([["Reason", change.reason || "—"]] satisfies Detail[]) : []),
          ],
        },
        { button: { label: "Open the meeting", href: inConsole(siteUrl, meeting) } },
      ],
    },
    idempotencyKey: `meeting.sales_${change.kind}:${meeting.id}:${sequence}`,
  });
}

/**
 * An Admin gave a demo to another host (issue 27 item 4): the new host gets the booking's details,
 * the previous one is told it is no longer theirs. The visitor hears nothing (their invitation is
 * unchanged). `changeKey` names the change, so a later reassignment writes new messages.
 */
export async function hostChangedEmail(
  meeting: MeetingLike,
  change: { role: "new" | "previous"; to: { name: string; email: string }; other: string | null },
  siteUrl: string,
  changeKey: string,
): Promise<OutgoingEmail> {
  const { lines, label } = when(meeting);
  const visitor = whoBooked(meeting);
  const isNew = change.role === "new";
  const intro = isNew
    ? `An Admin gave you this demo${change.other ? ` (its host was ${change.other})` : ""}. The visitor's invitation is unchanged.`
    : `An Admin gave this demo to ${change.other ?? "another host"}. You no longer host it; nothing changes for the visitor.`;
  return composeEmail(
    {
      kind: "meeting.host_changed",
      to: change.to.email,
      subject: isNew ? `You now host a demo: ${visitor}, ${label}` : `Demo moved to another host: ${visitor}, ${label}`,
      idempotencyKey: `meeting.host_changed:${meeting.id}:${changeKey}:${change.role}`,
    },
    {
      greeting: `Hi ${change.to.name},`,
      signOff: false,
      preview: intro,
      heading: isNew ? "A demo is now yours" : "A demo moved to another host",
      blocks: [
        { p: intro },
        { details: bookingDetails(meeting, lines) },
        { button: { label: "Open the meeting", href: inConsole(siteUrl, meeting) } },
      ],
    },
  );
}

/**
 * The host marked the visitor as not attending (issue 27 item 7, decision 084): one friendly
 * message, with a link to book again that keeps their details (`rebookUrl`, from SITE_URL).
 */
export async function noShowEmail(meeting: MeetingLike, rebookUrl: string): Promise<OutgoingEmail> {
  const { lines, label } = when(meeting);
  return toVisitor(meeting, {
    kind: "meeting.no_show",
    subject: `Sorry we missed you: your ${BRAND.name} demo, ${label}`,
    content: {
      preview: `We missed you at your ${BRAND.name} demo. Pick another time that suits you.`,
      heading: "Sorry we missed you",
      blocks: [
        {
          p: `We were ready for your ${BRAND.name} demo but could not see you there. No problem: things come up.`,
        },
        { details: lines },
        { p: "If you would still like a demo, pick another time. Your details are filled in already." },
        { button: { label: "Book another time", href: rebookUrl } },
      ],
    },
    idempotencyKey: `meeting.no_show:${meeting.id}`,
  });
}

export const REMINDERS = { "24h": 24 * 60, "1h": 60 } as const;
export type ReminderKind = keyof typeof REMINDERS;

/** The idempotency key of a reminder: once per meeting, kind and start time (a moved meeting gets new ones). */
export const reminderKey = (meeting: Pick<Meeting, "id" | "startsAt">, kind: ReminderKind) =>
  `meeting.reminder_${kind}:${meeting.id}:${meeting.startsAt.getTime()}`;

export async function meetingReminderEmail(
  meeting: MeetingLike,
  kind: ReminderKind,
  manageUrl: string,
): Promise<OutgoingEmail> {
  const { BUSINESS_TIMEZONE: tz } = config();
  const zone = meeting.visitorTimezone ?? tz;
  const start = inTimeZone(meeting.startsAt, zone);
  const finish = inTimeZone(slotEnd(meeting.startsAt), zone);
  const at = `${longDateLabel(start.date)}, ${start.label} – ${finish.label} ${start.zone} (${zone})`;
  return toVisitor(meeting, {
    kind: `meeting.reminder_${kind}`,
    subject:
      kind === "1h"
        ? `Reminder: your ${BRAND.name} demo starts in 1 hour`
        : `Reminder: your ${BRAND.name} demo, ${longDateLabel(start.date)} at ${start.label}`,
    content: {
      preview: kind === "1h" ? `Your ${BRAND.name} demo starts in 1 hour` : `Your ${BRAND.name} demo: ${at}`,
      heading: kind === "1h" ? "Your demo starts in 1 hour" : "Your demo is coming up",
      blocks: [
        { p: `A reminder of your 30-minute ${BRAND.name} demo:` },
        { details: [["When", at], whereDetail(meeting)] },
        ...(meeting.meetingLink ? [joinButton(meeting.meetingLink)] : []),
        { link: manage(manageUrl) },
      ],
    },
    idempotencyKey: reminderKey(meeting as Pick<Meeting, "id" | "startsAt">, kind),
  });
}

/**
 * The video link the confirmation promised ("We will send the video link before the meeting"),
 * sent when an admin adds it to a confirmed meeting, or changes it. The invitation carries the
 * link too, with the meeting's new SEQUENCE, so calendars update the event they already hold.
 */
export async function meetingLinkEmail(
  meeting: MeetingLike & { meetingLink: string },
  now: Date,
  { sequence, manageUrl, changed }: { sequence: number; manageUrl: string; changed: boolean },
): Promise<OutgoingEmail> {
  const { lines, label } = when(meeting);
  return calendarUpdate(meeting, now, {
    kind: "meeting.link",
    subject: `${changed ? "New video link" : "Video link"} for your ${BRAND.name} demo, ${label}`,
    content: {
      preview: `${changed ? "New video link" : "Video link"} for your ${BRAND.name} demo: ${label}`,
      heading: changed ? "Your demo has a new video link" : "Your demo's video link",
      blocks: [
        {
          p: changed
            ? `The video link of your ${BRAND.name} demo has changed. Please use this one:`
            : `Here is the video link of your ${BRAND.name} demo:`,
        },
        joinButton(meeting.meetingLink),
        { details: [...lines, whereDetail(meeting)] },
        { p: "The attached invitation adds the link to the meeting in your calendar." },
        { link: manage(manageUrl) },
      ],
    },
    invite: { method: "REQUEST", status: "CONFIRMED", sequence },
    manageUrl,
  });
}

/**
 * Sales: a confirmed meeting still has no video link while the visitor was told it comes before
 * the meeting. Sent once per meeting and start time (a moved meeting gets its own), ahead of the
 * visitor's 24-hour reminder.
 */
export async function salesMissingLinkNotice(meeting: MeetingLike, siteUrl: string): Promise<OutgoingEmail> {
  const { lines, label } = when(meeting);
  return toSales({
    kind: "meeting.sales_link_missing",
    subject: `Add a video link: demo with ${meeting.name}, ${label}`,
    content: {
      preview: `The demo with ${meeting.name} on ${label} has no video link yet`,
      heading: "A confirmed demo has no video link",
      blocks: [
        {
          p: `The demo with ${whoBooked(meeting)} is confirmed but has no video link yet. They were told the link is sent before the meeting.`,
        },
        { details: [...visitorDetails(meeting), ...lines] },
        { p: "Add the link on the meeting's page: they are emailed it at once, and their reminders carry it." },
        { button: { label: "Add the video link", href: inConsole(siteUrl, meeting) } },
      ],
    },
    idempotencyKey: missingLinkKey(meeting as Pick<Meeting, "id" | "startsAt">),
  });
}

/** Once per meeting and start time: the job checks the outbox for this key before writing. */
export const missingLinkKey = (meeting: Pick<Meeting, "id" | "startsAt">) =>
  `meeting.sales_link_missing:${meeting.id}:${meeting.startsAt.getTime()}`;

export async function salesCallbackNotice(callback: CallbackRequest, siteUrl: string): Promise<OutgoingEmail> {
  return toSales({
    kind: "callback.sales_notice",
    subject: `Callback request: ${callback.firstName} ${callback.lastName} (${callback.company})`,
    content: {
      preview: `${callback.firstName} ${callback.lastName} (${callback.company}) asked to be called back`,
      heading: "Callback request",
      blocks: [
        { p: "A visitor asked to be called back. We promised contact within 24 hours." },
        {
          details: [
            ["Name", `${callback.firstName} ${callback.lastName}`],
            ["Email", { href: `mailto:${callback.email}`, label: callback.email }],
            ["Phone", callback.phone || "—"],
            ["Company", callback.company],
            ["Message", callback.message || "—"],
          ],
        },
        { button: { label: "All callback requests", href: `${siteUrl}/admin/dashboard/meetings/callbacks` } },
      ],
    },
    idempotencyKey: `callback.sales_notice:${callback.id}`,
  });
}
