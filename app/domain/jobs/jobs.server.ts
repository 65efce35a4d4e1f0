import { purgeLoginFailures } from "~/domain/accounts/accounts.server";
import { purgePasskeyChallenges } from "~/domain/accounts/passkeys.server";
import { purgeOldResets } from "~/domain/accounts/password-reset.server";
import { purgeExpiredSessions } from "~/domain/accounts/sessions.server";
import { purgeChallenges } from "~/domain/accounts/two-factor.server";
import { publishDuePosts } from "~/domain/blog/posts.server";
import { fillMissingSlugs } from "~/domain/blog/slugs.server";
import { refreshBusyCalendars } from "~/domain/calendar/calendar-sync.server";
import { purgeOldEmails } from "~/domain/email/outbox.server";
import { rollUpPageViews } from "~/domain/insights/rollup.server";
import { purgeOldSalts } from "~/domain/insights/salts.server";
import { purgeOldVitals } from "~/domain/insights/vitals.server";
import { flagLateLeads } from "~/domain/leads/leads.server";
import { purgeClientLimits } from "~/domain/limits/client-limits.server";
import { remindSalesOfMissingLinks } from "~/domain/meetings/meeting-link.server";
import { completePastMeetings } from "~/domain/meetings/meetings.server";
import { sendMeetingReminders } from "~/domain/meetings/reminders.server";
import { applyRetention } from "~/domain/privacy/retention.server";
import { markExpiredTrials, sendTrialReminders } from "~/domain/subscriptions/lifecycle.server";
import { purgeSignupDrafts } from "~/domain/subscriptions/signup-drafts.server";
import { purgeBotCheckUses } from "~/domain/verification/bot-check.server";
import { purgeOldCodes } from "~/domain/verification/codes.server";
import { drainDeliveries } from "./deliveries.server";
import type { Job } from "./runner.server";

/** Every periodic job, run by the Worker's `scheduled` handler in this order. */
export const scheduledJobs: readonly Job[] = [
  { name: "publish-scheduled-posts", run: publishDuePosts },
  { name: "fill-post-slugs", run: fillMissingSlugs },
  // Email and webhooks alike (decision 056): one drain, one time budget.
  { name: "deliveries", run: drainDeliveries },
  { name: "purge-sessions", run: purgeExpiredSessions },
  { name: "trial-reminders", run: sendTrialReminders },
  { name: "trial-expiry", run: markExpiredTrials },
  { name: "purge-codes", run: purgeOldCodes },
  { name: "purge-password-resets", run: purgeOldResets },
  { name: "purge-login-failures", run: purgeLoginFailures },
  { name: "complete-meetings", run: completePastMeetings },
  { name: "purge-emails", run: purgeOldEmails },
  { name: "meeting-reminders", run: (now) => sendMeetingReminders(now) },
  { name: "missing-meeting-links", run: (now) => remindSalesOfMissingLinks(now) },
  { name: "purge-2fa-challenges", run: purgeChallenges },
  { name: "purge-client-limits", run: purgeClientLimits },
  { name: "purge-signup-drafts", run: purgeSignupDrafts },
  { name: "purge-passkey-challenges", run: purgePasskeyChallenges },
  // Leads still "new" past the SLA: flagged, their owner emailed once (decision 072).
  { name: "lead-sla", run: flagLateLeads },

  { name: "purge-bot-check-uses", run: purgeBotCheckUses },
  // Retention per kind (decision 089): dormant leads erased, rejected trials anonymised.
  { name: "retention", run: applyRetention },

  // Hosts' own calendars read into busy times every 15 minutes (decision 086).
  { name: "busy-calendars", run: refreshBusyCalendars },

  // The visitor hash's salt of a day that is over (decision 090).
  { name: "purge-analytics-salts", run: purgeOldSalts },
  // Each closed day's page views rolled up, per-visitor rows deleted after 35 days (decision 090).
  { name: "rollup-page-views", run: rollUpPageViews },

  // Page speed samples past RETENTION_PAGE_SPEED_DAYS (35: the console's 28 and a week; decision 091).
  { name: "purge-page-speed", run: (now) => purgeOldVitals(now) },
];
