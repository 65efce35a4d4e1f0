import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import type { CallbackRequest, Meeting } from "~/db/schema";
import { emailOutbox } from "~/db/schema";
import { alreadyRegisteredEmail, decisionEmail, lockedNoticeEmail } from "~/domain/accounts/accounts.server";
import { changedEmail, resetEmail } from "~/domain/accounts/password-reset.server";
import { noticeEmail } from "~/domain/accounts/two-factor.server";
import type { OutgoingEmail } from "~/domain/email/outbox.server";
import { salesLeadNotice } from "~/domain/meetings/callbacks.server";
import {
  bookingConfirmationEmail,
  meetingCancelledEmail,
  meetingConfirmedEmail,
  meetingLinkEmail,
  meetingReminderEmail,
  salesBookingNotice,
  salesCallbackNotice,
  salesChangeNotice,
  salesMissingLinkNotice,
  visitorCancelledEmail,
  visitorRescheduledEmail,
} from "~/domain/meetings/emails.server";
import { confirmationEmail, subscribe } from "~/domain/newsletter/newsletter.server";
import {
  approvedEmail,
  awaitingApprovalEmail,
  expiringEmail,
  rejectedEmail,
  welcomeEmail,
} from "~/domain/subscriptions/emails.server";
import { codeEmail, issueCode } from "~/domain/verification/codes.server";
import { config } from "~/lib/config.server";
import { TEST_SITE_URL } from "../../tests/helpers/site";

/** Decision 021: every kind of email has a branded HTML version beside its unchanged text. */

const SITE = TEST_SITE_URL;
const NOW = new Date("2026-12-01T06:00:00Z");
const MANAGE = `${SITE}/demo/manage?token=manage-token-123`;

const meeting = {
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
const person = { id: "s-1", email: "ravi@example.com", firstName: "Ravi" };
const admin = { id: "a-1", name: "Mira", email: "mira@example.com" } as const;
const callback = {
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

/** Every href of the HTML, in order. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]?.replaceAll("&amp;", "&"));

/** What every HTML email must be: the branded layout, no scripts, nothing remote, links absolute. */
function expectBranded(message: OutgoingEmail) {
  const html = message.html ?? "";
  expect(html, message.kind).toMatch(/^<!DOCTYPE html/i);
  expect(html).toContain('<meta name="color-scheme" content="light dark"');
  expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
  expect(html).toContain("prefers-color-scheme: dark");
  // The page color in dark mode reaches the cell React Email's Body paints too.
  expect(html).toContain(".fl-page, .fl-page > table > tbody > tr > td { background-color: #020617 !important; }");
  expect(html).toContain("Flowlane Test Office, 1 Test Road, Testville"); // POSTAL_ADDRESS in vitest.config.ts
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<img|<link|<iframe|<object|<embed|\ssrc=/i);
  expect(html).not.toMatch(/url\(/i);
  for (const href of hrefs(html)) expect(href, `${message.kind}: ${href}`).toMatch(/^(https:\/\/|mailto:)/);
  return html;
}

async function allKinds(): Promise<OutgoingEmail[]> {
  return Promise.all([
    bookingConfirmationEmail(meeting, NOW, MANAGE),
    salesBookingNotice(meeting, SITE),
    meetingConfirmedEmail(meeting, NOW, { sequence: 2, manageUrl: MANAGE }),
    meetingCancelledEmail(meeting, NOW, SITE, 2),
    visitorCancelledEmail(meeting, NOW, SITE, 2),
    visitorRescheduledEmail(meeting, NOW, { sequence: 2, manageUrl: MANAGE }),
    salesChangeNotice(meeting, { kind: "cancelled", reason: "Busy" }, SITE, 2),
    salesChangeNotice(meeting, { kind: "rescheduled", from: "December 2 at 10:00 AM" }, SITE, 2),
    meetingReminderEmail(meeting, "24h", MANAGE),
    meetingReminderEmail({ ...meeting, meetingLink: null }, "1h", MANAGE),
    meetingLinkEmail({ ...meeting, meetingLink: "https://meet.example/flowlane-9" }, NOW, {
      sequence: 3,
      manageUrl: MANAGE,
      changed: true,
    }),
    salesMissingLinkNotice({ ...meeting, meetingLink: null }, SITE),
    salesCallbackNotice(callback, SITE),
    salesLeadNotice({ ...callback, source: "pricing-enterprise", teamSize: "51-200" }, SITE),
    awaitingApprovalEmail(person),
    approvedEmail(person, NOW, new Date("2026-12-08T06:00:00Z")),
    rejectedEmail(person),
    welcomeEmail({ ...person, endDate: new Date("2026-12-08T06:00:00Z") }, { accountCreated: true }),
    welcomeEmail({ ...person, endDate: null }, { accountCreated: false }),
    expiringEmail({ ...person, endDate: new Date("2026-12-08T06:00:00Z") }),
    codeEmail("trial", "482913").then((m) => ({ ...m, to: "x@example.com", idempotencyKey: "k" })),
    alreadyRegisteredEmail(admin, SITE, NOW),
    decisionEmail({ ...admin } as never, "approve", `${SITE}/admin`),
    decisionEmail({ ...admin } as never, "reject"),
    noticeEmail({ ...admin }, "enabled", NOW),
    lockedNoticeEmail(admin, { by: "session", what: "change the password", until: NOW, now: NOW }),
    lockedNoticeEmail(admin, { by: "codes", what: "sign in", until: NOW, now: NOW }),
    resetEmail(admin, `${SITE}/admin/reset-password?token=reset-token-9`, "reset:1"),
    changedEmail(admin, NOW),
    confirmationEmail({ id: "n-1", email: "reader@example.com" }, "confirm-token-7", { local: true }),
  ]);
}

describe("HTML emails", () => {
  it("every kind renders the branded layout with no scripts, no remote loads and absolute links", async () => {
    const messages = await allKinds();
    const kinds = new Set(messages.map((m) => m.kind));
    // Every kind the product sends (the code email's kind is per purpose; 2FA notices share one builder).
    for (const kind of [
      "meeting.confirmation",
      "meeting.sales_notice",
      "meeting.confirmed",
      "meeting.cancelled",
      "meeting.visitor_cancelled",
      "meeting.rescheduled",
      "meeting.sales_cancelled",
      "meeting.sales_rescheduled",
      "meeting.reminder_24h",
      "meeting.reminder_1h",
      "meeting.link",
      "meeting.sales_link_missing",
      "callback.sales_notice",
      "lead.sales_notice",
      "trial.awaiting-approval",
      "trial.approved",
      "trial.rejected",
      "trial.welcome",
      "trial.expiring",
      "trial.code",
      "team.register-existing",
      "team.approved",
      "team.rejected",
      "account.2fa_enabled",
      "admin.password-reset",
      "admin.password-changed",
      "newsletter.confirm",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    for (const message of messages) {
      expectBranded(message);
      expect(message.text.length, message.kind).toBeGreaterThan(0);
    }
  });

  it("escapes what visitors typed", async () => {
    const html = expectBranded(await bookingConfirmationEmail(meeting, NOW, MANAGE));
    expect(html).toContain("Asha &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(expectBranded(await salesBookingNotice(meeting, "https://flowlane.example"))).toContain("Acme &amp; Co");
  });

  it("the booking confirmation: details, the manage button with its token, and the .ics kept", async () => {
    const message = await bookingConfirmationEmail(meeting, NOW, MANAGE);
    const html = expectBranded(message);
    expect(hrefs(html)).toContain(MANAGE);
    expect(html).toMatch(/class="fl-button" href="[^"]*manage-token-123"[^>]*>.*Manage your booking<\/span>/); // the primary button
    expect(html).toContain("Thursday, December 3, 2026");
    expect(html).toContain("https://meet.example.com/flowlane-m-1");
    expect(message.attachments?.[0]?.filename).toBe("flowlane-demo.ics");
    // The text version is unchanged: still the alternative part.
    expect(message.text).toContain(`Manage your booking (cancel or reschedule): ${MANAGE}`);
  });

  it("the code email shows the code large, once, with its lifetime", async () => {
    const message = await codeEmail("trial", "482913");
    expect(message.html).toContain(">482913</p>");
    expect(message.html).toContain("It is valid for 10 minutes and can be used once.");
    expect(message.text).toContain("is 482913.");
  });

  it("the welcome email links the app's login page and tells the truth about the account", async () => {
    const login = `${config().APP_URL}/login`;
    const ready = await welcomeEmail({ ...person, endDate: null }, { accountCreated: true });
    expect(hrefs(ready.html ?? "")).toContain(login);
    expect(ready.html).toContain("Your account is ready.");
    const approvedOnly = await welcomeEmail({ ...person, endDate: null }, { accountCreated: false });
    expect(approvedOnly.html).not.toContain("Your account is ready");
    expect(approvedOnly.html).toContain("Your free trial is approved.");
  });

  it("links carry the right paths and tokens", async () => {
    const [cancelled, salesNotice, reset, confirm, registered] = await Promise.all([
      meetingCancelledEmail(meeting, NOW, SITE, 2),
      salesBookingNotice(meeting, SITE),
      resetEmail(admin, `${SITE}/admin/reset-password?token=reset-token-9`, "reset:1"),
      confirmationEmail({ id: "n-1", email: "reader@example.com" }, "confirm-token-7", { local: true }),
      alreadyRegisteredEmail(admin, SITE, NOW),
    ]);
    expect(hrefs(cancelled.html ?? "")).toEqual(expect.arrayContaining([`${SITE}/demo`, `${SITE}/demo?mode=callback`]));
    expect(hrefs(salesNotice.html ?? "")).toContain(`${SITE}/admin/dashboard/meetings/m-1`);
    expect(hrefs(reset.html ?? "")).toContain(`${SITE}/admin/reset-password?token=reset-token-9`);
    expect(hrefs(registered.html ?? "")).toEqual(
      expect.arrayContaining([`${SITE}/admin`, `${SITE}/admin/forgot-password`]),
    );
    const links = hrefs(confirm.html ?? "");
    expect(links).toContain(`${SITE}/newsletter/confirm?token=confirm-token-7`);
    // Newsletter-type mail carries the unsubscribe link in its footer; other mail does not.
    expect(links.some((href) => href?.startsWith(`${SITE}/newsletter/unsubscribe?token=`))).toBe(true);
    expect(confirm.html).toContain("Unsubscribe</a>");
    expect(reset.html).not.toContain("Unsubscribe");
  });

  it("the outbox stores both versions for mail sent by the real services", async () => {
    const reader = `reader-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(await subscribe({ email: reader }, { now: NOW })).toBe(true);
    const visitor = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { code } = await issueCode({ email: visitor, purpose: "trial", client: { ip: "", local: true } });
    for (const to of [reader, visitor]) {
      const row = await db().select().from(emailOutbox).where(eq(emailOutbox.to, to)).get();
      expect(row?.text.length).toBeGreaterThan(0);
      expectBranded({ ...(row as OutgoingEmail), html: row?.html ?? "" });
    }
    const codeRow = await db().select().from(emailOutbox).where(eq(emailOutbox.to, visitor)).get();
    expect(codeRow?.html).toContain(`>${code}</p>`);
    expect(codeRow?.text).toContain(code);
  });
});
