import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { alreadyRegisteredEmail } from "~/domain/accounts/accounts.server";
import { resetEmail } from "~/domain/accounts/password-reset.server";
import type { OutgoingEmail } from "~/domain/email/outbox.server";
import { bookingConfirmationEmail, meetingCancelledEmail, salesBookingNotice } from "~/domain/meetings/emails.server";
import { confirmationEmail, subscribe } from "~/domain/newsletter/newsletter.server";
import { welcomeEmail } from "~/domain/subscriptions/emails.server";
import { codeEmail, issueCode } from "~/domain/verification/codes.server";
import { config } from "~/lib/config.server";
import {
  admin,
  type BuiltEmail,
  EMAIL_REGISTRY,
  MANAGE,
  meeting,
  NOW,
  person,
  SITE,
} from "../../tests/helpers/email-kinds";
import { EMAIL_KINDS } from "./kinds";

/**
 * Decision 021: every kind of email has a branded HTML version; decision 063: its plain text
 * comes from the same content, so both carry the same words and the same links.
 */

/** Every href of the HTML, in order. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]?.replaceAll("&amp;", "&"));

/** What every HTML email must be: the branded layout, no scripts, nothing remote, links absolute. */
function expectBranded(message: Pick<OutgoingEmail, "kind" | "html">) {
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

/** Absolute http(s) links in a text, without the punctuation that follows them. */
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => m[0].replace(/[.,]$/, ""));

/** What every plain-text part must be: the same links as the HTML, each absolute, nothing left unrendered. */
function expectText(message: BuiltEmail) {
  const { text, kind } = message;
  expect(text.length, kind).toBeGreaterThan(0);
  expect(text, kind).not.toMatch(/undefined|null|\[object Object\]/);
  const html = hrefs(message.html ?? "");
  expect(new Set(linksIn(text)), kind).toEqual(new Set(html.filter((href) => href?.startsWith("http"))));
  for (const href of html) if (href?.startsWith("mailto:")) expect(text, kind).toContain(href.slice(7));
}

/** Every sample of every kind in the registry, rendered. */
async function allKinds(): Promise<BuiltEmail[]> {
  return (await Promise.all(Object.values(EMAIL_REGISTRY).map((entry) => Promise.all(entry.samples())))).flat();
}

describe("the registry of message kinds", () => {
  it("holds a sample of every kind, and each sample writes the kind it stands under", async () => {
    expect(Object.keys(EMAIL_REGISTRY).sort()).toEqual(Object.keys(EMAIL_KINDS).sort());
    for (const [kind, entry] of Object.entries(EMAIL_REGISTRY)) {
      for (const message of await Promise.all(entry.samples())) expect(message.kind, entry.builder).toBe(kind);
    }
  });

  it.each(Object.entries(EMAIL_REGISTRY))("%s: both parts from one content", async (_kind, entry) => {
    for (const message of await Promise.all(entry.samples())) {
      expectBranded(message);
      expectText(message);
    }
  });
});

describe("HTML emails", () => {
  it("every kind renders the branded layout with no scripts, no remote loads and absolute links", async () => {
    const messages = await allKinds();
    const kinds = new Set(messages.map((m) => m.kind));
    // Every kind the product sends (the code email's kind is per purpose).
    for (const kind of Object.keys(EMAIL_KINDS)) {
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
