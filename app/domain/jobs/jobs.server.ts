import { purgeExpiredSessions } from "~/domain/accounts/sessions.server";
import { retryPendingEmails } from "~/domain/email/outbox.server";
import { completePastMeetings } from "~/domain/meetings/meetings.server";
import type { Job } from "./runner.server";

/** Every periodic job, run by the Worker's `scheduled` handler in this order. */
export const scheduledJobs: readonly Job[] = [
  { name: "email-retries", run: retryPendingEmails },
  { name: "purge-sessions", run: purgeExpiredSessions },
  { name: "complete-meetings", run: completePastMeetings },
];
