import { z } from "zod";
import type * as stored from "~/db/schema";
import { EmailSchema } from "~/domain/accounts/schemas";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { pageQuery } from "~/lib/page-query";

/**
 * The subscriber statuses of `~/db/schema`, restated: this module reaches the browser, the drizzle schema must
 * not (decision 026). The type check below fails the typecheck if the two ever differ.
 */
const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<(typeof SUBSCRIBER_STATUSES)[number], (typeof stored.SUBSCRIBER_STATUSES)[number]>;

export const SubscribeSchema = z.object({
  email: EmailSchema,
  [HONEYPOT_FIELD]: z.string().max(1000).nullish(),
});
export type SubscribeInput = z.output<typeof SubscribeSchema>;

/** Tokens are base64url of 32 random bytes (confirm) or `id.hmac` (unsubscribe); anything far longer is not ours. */
export const TokenSchema = z.string().trim().min(1).max(200);

export const SubscriberListQuerySchema = z.object({
  status: z.enum(["all", ...SUBSCRIBER_STATUSES]).default("all"),
  ...pageQuery({ limit: 50, maxLimit: 200 }),
});
export type SubscriberListQuery = z.output<typeof SubscriberListQuerySchema>;

/** What the visitor reads; the same for new, pending, confirmed and unsubscribed addresses. */
export const NEWSLETTER_TEXTS = {
  checkInbox: "Almost there: check your inbox and click the link to confirm your subscription.",
  confirmed: "Your subscription is confirmed. Thank you for subscribing!",
  alreadyConfirmed: "Your subscription is already confirmed.",
  linkInvalid: "This confirmation link is not valid any more. Subscribe again to get a new one.",
  unsubscribed: "You are unsubscribed. You will not receive our newsletter any more.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
  failed: "Failed to subscribe. Please check your connection and try again.",
  confirmFailed: "Failed to confirm your subscription. Please check your connection and try again.",
  unsubscribeFailed: "Failed to unsubscribe. Please check your connection and try again.",
} as const;

/** Issue 28 item 4 (decision 092): what the console and the API say about newsletter issues. */
export const ISSUE_MESSAGES = {
  subjectRequired: "Subject is required",
  subjectTooLong: "Subject must be at most 150 characters",
  markdownRequired: "Write the issue, or choose a post to send",
  markdownTooLong: "The issue must be at most 100000 characters",
  postNotFound: "No published post with that id",
  notFound: "Newsletter issue not found",
  alreadySent: "This issue has already been sent or scheduled: an issue is sent once.",
  created: "Issue saved. Preview it, send a test, then send it.",
  testSent: "Test copy sent.",
  sent: "Sending: the issue goes to every confirmed subscriber in batches.",
  scheduled: "Scheduled: the issue goes out at the time you chose.",
  sendAtPast: "Choose a time in the future, or send now",
} as const;

const Subject = z
  .string({ error: ISSUE_MESSAGES.subjectRequired })
  .trim()
  .min(1, ISSUE_MESSAGES.subjectRequired)
  .max(150, ISSUE_MESSAGES.subjectTooLong);

export const IssueSchema = z.union([
  z.strictObject({
    subject: Subject,
    markdown: z
      .string({ error: ISSUE_MESSAGES.markdownRequired })
      .trim()
      .min(1, ISSUE_MESSAGES.markdownRequired)
      .max(100_000, ISSUE_MESSAGES.markdownTooLong),
  }),
  z.strictObject({ subject: Subject, postId: z.string().trim().min(1).max(100) }),
]);
export type IssueInput = z.output<typeof IssueSchema>;

export const TestSendSchema = z.object({ email: EmailSchema });

/** `sendAt` (ISO time) schedules the issue; without it the issue goes now. */
export const SendIssueSchema = z.object({ sendAt: z.iso.datetime({ offset: true }).optional() });

/** What the email provider's webhook reports (decision 092). */
export const ProviderEventSchema = z.object({
  type: z.enum(["delivered", "bounced", "complained"]),
  email: z.email().max(254),
  /** The `Idempotency-Key` the message was sent with (`newsletter.issue:<id>`). */
  messageId: z.string().max(200).optional(),
});
