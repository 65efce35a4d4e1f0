import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { emailOutbox, type Meeting, meetings } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { slotEnd } from "~/domain/calendar/availability";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import { siteUrl } from "~/lib/config.server";
import { MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { meetingLinkEmail, missingLinkKey, REMINDERS, salesMissingLinkNotice } from "./emails.server";
import { requireMeeting } from "./meetings.server";
import { MEETING_LINK_TEXTS } from "./texts";
import { issueManageToken, manageUrl } from "./tokens.server";

/**
 * The video link of a confirmed meeting (issue 30 item 5, decision 053). The confirmation of a
 * meeting approved without a link promises "We will send the video link before the meeting";
 * this is how that promise is kept: an admin adds (or corrects) the link and the visitor is
 * emailed it at once, and the sales inbox is reminded of every confirmed meeting still without
 * one, a day before the visitor's 24-hour reminder goes out.
 */

/** How long before the start the sales inbox hears of a missing link: a day before the 24-hour reminder. */
export const LINK_NOTICE_MINUTES = REMINDERS["24h"] + 24 * 60; // 48 hours

export const LINK_MESSAGES = {
  required: MEETING_LINK_TEXTS.required,
  notConfirmed: (status: Meeting["status"]) =>
    status === "scheduled"
      ? "This meeting is not confirmed yet: add the link when you approve it."
      : `The link can only be set on a confirmed meeting; this meeting is ${status}.`,
  over: "This meeting is over: its link can no longer be changed.",
  moved: "The meeting changed while you were editing it. Please look at it again.",
} as const;

export type LinkOutcome = { meeting: Meeting; emailed: boolean };

/**
 * Sets the video link of a confirmed meeting that has not ended, as a guarded change
 * (decisions 013 and 024): still confirmed at the SEQUENCE that was read. The change, its
 * audit record and the visitor's email (with an invitation at the new SEQUENCE) land together
 * or not at all. The same link again changes nothing and sends nothing, so a double submit,
 * or 20 at once, send one email; a different link racing it gets a 409.
 */
export async function setMeetingLink(
  actor: Actor,
  id: string,
  link: string | null,
  now = new Date(),
): Promise<LinkOutcome> {
  if (!link)
    throw new AppError(400, LINK_MESSAGES.required, {
      details: [{ field: "meetingLink", message: LINK_MESSAGES.required }],
    });
  const before = await requireMeeting(id);
  if (before.status !== "confirmed") throw new AppError(409, LINK_MESSAGES.notConfirmed(before.status));
  if (slotEnd(before.startsAt).getTime() <= now.getTime()) throw new AppError(409, LINK_MESSAGES.over);
  if (before.meetingLink === link) return { meeting: before, emailed: false };

  const sequence = before.sequence + 1;
  const after: Meeting = { ...before, meetingLink: link, sequence, updatedAt: now };
  const manage = await issueManageToken(id, now);
  const email = await meetingLinkEmail({ ...after, meetingLink: link }, now, {
    sequence,
    manageUrl: manageUrl(siteUrl(), manage.token),
    changed: Boolean(before.meetingLink),
  });
  let current: Meeting | null = null;
  try {
    await guardedBatch(
      rowMatches(
        "meeting still confirmed as read",
        meetings,
        and(eq(meetings.id, id), eq(meetings.status, "confirmed"), eq(meetings.sequence, before.sequence)),
      ),
      [
        db().update(meetings).set({ meetingLink: link, sequence, updatedAt: now }).where(eq(meetings.id, id)),
        manage.statement,
        auditStatement(
          actor,
          "meeting.link_set",
          "meeting",
          id,
          { meetingLink: before.meetingLink },
          { meetingLink: link },
        ),
        emailStatement(email),
      ],
      async () => {
        current = await requireMeeting(id);
        return new AppError(
          409,
          current.status === "confirmed" ? LINK_MESSAGES.moved : LINK_MESSAGES.notConfirmed(current.status),
        );
      },
    );
  } catch (error) {
    // Another request set this very link first: its email is the one the visitor gets.
    const latest = current as Meeting | null;
    if (latest?.status === "confirmed" && latest.meetingLink === link) return { meeting: latest, emailed: false };
    throw error;
  }
  deliverSoon([email.idempotencyKey]);
  return { meeting: after, emailed: true };
}

/**
 * Scheduled job: one notice to the sales inbox for each confirmed meeting without a video link
 * that starts within LINK_NOTICE_MINUTES. The outbox keeps one message per key (meeting and
 * start time), so a second run, or two at once, add nothing. Links in it use SITE_URL.
 */
export async function remindSalesOfMissingLinks(now: Date) {
  const horizon = new Date(now.getTime() + LINK_NOTICE_MINUTES * MINUTE);
  const linkless = await db()
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.status, "confirmed"),
        isNull(meetings.meetingLink),
        gt(meetings.startsAt, now),
        lte(meetings.startsAt, horizon),
      ),
    )
    .all();
  if (linkless.length === 0) return 0;
  const keys = linkless.map(missingLinkKey);
  const sent = new Set(
    (
      await db()
        .select({ key: emailOutbox.idempotencyKey })
        .from(emailOutbox)
        .where(inArray(emailOutbox.idempotencyKey, keys))
        .all()
    ).map((row) => row.key),
  );
  const fresh = linkless.filter((meeting) => !sent.has(missingLinkKey(meeting)));
  if (fresh.length === 0) return 0;
  const notices = await Promise.all(fresh.map((meeting) => salesMissingLinkNotice(meeting, siteUrl())));
  const client = db();
  const [first, ...rest] = notices.map(emailStatement);
  await client.batch([first!, ...rest]);
  deliverSoon(notices.map((notice) => notice.idempotencyKey));
  return notices.length;
}
