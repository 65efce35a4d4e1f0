import type { CallbackRequest, Meeting, NewsletterIssue } from "~/db/schema";
import { alreadyRegisteredEmail, decisionEmail, lockedNoticeEmail } from "~/domain/accounts/accounts.server";
import { invitationEmail } from "~/domain/accounts/invitations.server";
import { changedEmail, resetEmail } from "~/domain/accounts/password-reset.server";
import { noticeEmail } from "~/domain/accounts/two-factor.server";
import { postPublishedEmail, reviewReturnedEmail } from "~/domain/blog/emails.server";
import type { OutgoingEmail } from "~/domain/email/outbox.server";
import { disabledEmail } from "~/domain/integrations/webhooks.server";

import { leadSlaEmail } from "~/domain/leads/emails.server";
import { salesLeadNotice } from "~/domain/meetings/callbacks.server";
import {
  bookingConfirmationEmail,
  hostChangedEmail,
  meetingCancelledEmail,
  meetingConfirmedEmail,
  meetingLinkEmail,
  meetingReminderEmail,
  noShowEmail,
  salesBookingNotice,
  salesCallbackNotice,
  salesChangeNotice,
  salesMissingLinkNotice,
  visitorCancelledEmail,
  visitorRescheduledEmail,
} from "~/domain/meetings/emails.server";
import { bulkMessage, testMessage } from "~/domain/newsletter/issues.server";
import { confirmationEmail } from "~/domain/newsletter/newsletter.server";
import { privacyConfirmEmail, privacyExportEmail } from "~/domain/privacy/requests.server";
import { withdrawLinkEmail } from "~/domain/privacy/withdrawal.server";
import {
  approvedEmail,
  awaitingApprovalEmail,
  expiringEmail,
  rejectedEmail,
  welcomeEmail,
} from "~/domain/subscriptions/emails.server";
import { codeEmail } from "~/domain/verification/codes.server";
import type { EmailKind } from "~/emails/kinds";
import { TEST_SITE_URL } from "./site";

/**
 * The registry of message kinds (decision 063): every kind of ~/emails/kinds with its builder
 * and sample inputs (one per variant the builder writes). The "every kind" rendering test walks
 * it. `satisfies Record<EmailKind, …>` makes a kind without a sample a type error, and the test
 * checks the same at run time and that each sample writes the kind it stands under.
 */

export const SITE = TEST_SITE_URL;

/** An Author's post, as the review emails name it. */
const BLOG_POST = { id: "p-1", title: "Five workflows to automate first", slug: "five-workflows", createdBy: "a-1" };
export const NOW = new Date("2026-12-01T06:00:00Z");
export const MANAGE = `${SITE}/demo/manage?token=manage-token-123`;

export const meeting = {
  id: "m-1",
  name: "Asha <script>alert(1)</script>",
  email: "asha@example.com",
  phone: "+91 98765 43210",
  company: "Acme & Co",
  date: "2026-12-03",
  timeSlot: "10:00",
  startsAt: new Date("2026-12-03T04:30:00Z"),
  notes: "Automating invoices",
  visitorTimezone: "Europe/Berlin",
  meetingLink: "https://meet.example.com/flowlane-m-1",
  sequence: 1,
} satisfies Partial<Meeting>;
export const person = { id: "s-1", email: "ravi@example.com", firstName: "Ravi" };
export const admin = { id: "a-1", name: "Mira", email: "mira@example.com" } as const;
export const callback = {
  id: "c-1",
  firstName: "Lee",
  lastName: "Chan",
  email: "lee@example.com",
  company: "Globex",
  phone: "",
  message: "Call after 3 pm",
  status: "new",
  source: "demo",
  teamSize: null,
  createdAt: NOW,
} as CallbackRequest;

/** What a builder returns: the code email has no recipient or key yet (issueCode adds them). */
export type BuiltEmail = Pick<OutgoingEmail, "kind" | "subject" | "text" | "html" | "attachments">;

type Entry = { builder: string; samples: () => Promise<BuiltEmail>[] };

/** A kind's builder and its sample inputs: each input is one call of the builder. */
function kind<Args extends unknown[]>(
  builder: (...args: Args) => Promise<BuiltEmail>,
  ...inputs: [Args, ...Args[]]
): Entry {
  return { builder: builder.name, samples: () => inputs.map((args) => builder(...args)) };
}

const TRIAL_END = new Date("2026-12-08T06:00:00Z");

const NEWSLETTER_ISSUE: NewsletterIssue = {
  id: "i-1",
  subject: "What's new in Flowlane <b>December</b>",
  markdown: `Hello & welcome. Read [the changelog](${SITE}/blog/changelog).`,
  html: `<p>Hello &#x26; welcome. Read <a href="${SITE}/blog/changelog">the changelog</a>.</p>`,
  postId: null,
  campaign: "newsletter-december-i-1",
  createdBy: null,
  sendAt: null,
  sendKey: null,
  sentBy: null,
  createdAt: NOW,
  updatedAt: NOW,
};

export const EMAIL_REGISTRY = {
  "meeting.confirmation": kind(bookingConfirmationEmail, [meeting, NOW, MANAGE]),
  "meeting.sales_notice": kind(salesBookingNotice, [meeting, SITE]),
  "meeting.confirmed": kind(
    meetingConfirmedEmail,
    [meeting, NOW, { sequence: 2, manageUrl: MANAGE }],
    [{ ...meeting, meetingLink: null }, NOW, { sequence: 2, manageUrl: MANAGE }],
  ),
  "meeting.cancelled": kind(meetingCancelledEmail, [meeting, NOW, SITE, 2], [meeting, NOW, SITE, 2, "Fully booked"]),
  "meeting.visitor_cancelled": kind(visitorCancelledEmail, [meeting, NOW, SITE, 2]),
  "meeting.rescheduled": kind(visitorRescheduledEmail, [meeting, NOW, { sequence: 2, manageUrl: MANAGE }]),
  "meeting.sales_cancelled": kind(salesChangeNotice, [meeting, { kind: "cancelled", reason: "Busy" }, SITE, 2]),
  "meeting.sales_rescheduled": kind(salesChangeNotice, [
    meeting,
    { kind: "rescheduled", from: "December 2 at 10:00 AM" },
    SITE,
    2,
  ]),
  "meeting.reminder_24h": kind(meetingReminderEmail, [meeting, "24h", MANAGE]),
  "meeting.reminder_1h": kind(meetingReminderEmail, [{ ...meeting, meetingLink: null }, "1h", MANAGE]),
  "meeting.link": kind(
    meetingLinkEmail,
    [
      { ...meeting, meetingLink: "https://meet.example/flowlane-9" },
      NOW,
      { sequence: 3, manageUrl: MANAGE, changed: true },
    ],
    [
      { ...meeting, meetingLink: "https://meet.example/flowlane-9" },
      NOW,
      { sequence: 3, manageUrl: MANAGE, changed: false },
    ],
  ),
  "meeting.sales_link_missing": kind(salesMissingLinkNotice, [{ ...meeting, meetingLink: null }, SITE]),
  "callback.sales_notice": kind(salesCallbackNotice, [callback, SITE]),
  "lead.sales_notice": kind(salesLeadNotice, [{ ...callback, source: "pricing-enterprise", teamSize: "51-200" }, SITE]),
  "trial.code": kind(codeEmail, ["trial", "482913"]),
  "trial.awaiting-approval": kind(awaitingApprovalEmail, [person]),
  "trial.approved": kind(approvedEmail, [person, NOW, TRIAL_END]),
  "trial.rejected": kind(rejectedEmail, [person]),
  "trial.welcome": kind(
    welcomeEmail,
    [{ ...person, endDate: TRIAL_END }, { accountCreated: true }],
    [{ ...person, endDate: null }, { accountCreated: false }],
  ),
  "trial.expiring": kind(expiringEmail, [{ ...person, endDate: TRIAL_END }]),
  "newsletter.confirm": kind(confirmationEmail, [
    { id: "n-1", email: "reader@example.com" },
    "confirm-token-7",
    { local: true },
  ]),
  "team.register-existing": kind(alreadyRegisteredEmail, [admin, SITE, NOW]),
  "team.approved": kind(decisionEmail, [{ ...admin } as never, "approve", `${SITE}/admin`]),
  "team.rejected": kind(decisionEmail, [{ ...admin } as never, "reject"]),
  "team.invitation": kind(invitationEmail, [
    { email: "kavya@example.com", role: "sales" },
    admin,
    `${SITE}/admin/invitation?token=invite-token-7`,
    "team.invitation:1",
  ]),
  "admin.password-reset": kind(resetEmail, [admin, `${SITE}/admin/reset-password?token=reset-token-9`, "reset:1"]),
  "admin.password-changed": kind(changedEmail, [admin, NOW]),
  "account.locked": kind(
    lockedNoticeEmail,
    [admin, { by: "session", what: "change the password", until: NOW, now: NOW }],
    [admin, { by: "codes", what: "sign in", until: NOW, now: NOW }],
  ),
  "account.2fa_enabled": kind(noticeEmail, [{ ...admin }, "enabled", NOW]),
  "account.2fa_disabled": kind(noticeEmail, [{ ...admin }, "disabled", NOW]),
  "account.2fa_recovery_codes_regenerated": kind(noticeEmail, [{ ...admin }, "recovery_codes_regenerated", NOW]),
  "account.2fa_recovery_code_used": kind(noticeEmail, [{ ...admin }, "recovery_code_used", NOW]),
  "integration.webhook_disabled": kind(disabledEmail, [
    {
      id: "e-1",
      url: "https://crm.example.com/hooks",
      failures: 10,
      failingSince: new Date(NOW.getTime() - 25 * 60 * 60 * 1000),
      disabledAt: NOW,
    },
    admin,
  ]),

  "lead.sla": kind(
    leadSlaEmail,
    [
      { id: "l-1", name: "Asha", email: "asha@acme.example", company: "Acme", kinds: 3, createdAt: NOW },
      { to: admin.email, name: admin.name },
      SITE,
    ],
    [
      { id: "l-2", name: "", email: "x@gmail.com", company: "", kinds: 16, createdAt: NOW },
      { to: "sales@flowlane.example", name: null },
      SITE,
    ],
  ),
  "meeting.no_show": kind(noShowEmail, [meeting, `${SITE}/demo?again=rebook-token-5`]),
  "meeting.host_changed": kind(
    hostChangedEmail,
    [meeting, { role: "new", to: admin, other: "Ravi" }, SITE, "h-1>h-2:1"],
    [meeting, { role: "previous", to: admin, other: "Ravi" }, SITE, "h-1>h-2:1"],
  ),
  "newsletter.issue": kind(bulkMessage, [NEWSLETTER_ISSUE, { id: "d-1", subscriberId: "n-1" }]),
  "newsletter.test": kind(testMessage, [NEWSLETTER_ISSUE, "colleague@example.com"]),

  "privacy.request_confirm": kind(
    privacyConfirmEmail,
    ["asha@acme.example", "export", "privacy-token-7", "privacy.request:1"],
    ["asha@acme.example", "erase", "privacy-token-8", "privacy.request:2"],
  ),
  "privacy.export": kind(privacyExportEmail, [
    "asha@acme.example",
    '{"email":"asha@acme.example","held":{}}',
    "person-export-2026-11-27.json",
    "privacy.export:1",
  ]),

  "privacy.withdraw-link": kind(withdrawLinkEmail, [{ id: "n-1", email: "reader@example.com" }, NOW, { local: true }]),

  "blog.returned": kind(
    reviewReturnedEmail,
    [BLOG_POST, { email: "rae@example.com", name: "Rae Writer" }, "Please add a conclusion.", NOW],
    [BLOG_POST, { email: "rae@example.com", name: "Rae Writer" }, "", NOW],
  ),
  "blog.published": kind(postPublishedEmail, [BLOG_POST, { email: "rae@example.com", name: "Rae Writer" }]),
} satisfies Record<EmailKind, Entry>;
