import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { type EmailMessage, emailOutbox, meetings, newsletterSubscribers, subscriptions } from "~/db/schema";
import { stepAt, totpAt } from "~/domain/accounts/two-factor.server";
import { createPost } from "~/domain/blog/posts.server";
import { flagLateLeads } from "~/domain/leads/leads.server";
import { remindSalesOfMissingLinks } from "~/domain/meetings/meeting-link.server";
import { sendMeetingReminders } from "~/domain/meetings/reminders.server";
import { deliverDueIssues } from "~/domain/newsletter/issues.server";
import { sendTrialReminders } from "~/domain/subscriptions/lifecycle.server";
import { EMAIL_KINDS, type EmailKind } from "~/emails/kinds";
import { config } from "~/lib/config.server";
import { action as invitationsAction } from "~/routes/admin/dashboard/settings/invitations";
import { createAdmin } from "../../tests/helpers/accounts";
import { api } from "../../tests/helpers/api";
import { weekday } from "../../tests/helpers/booking";
import { withFormToken } from "../../tests/helpers/bot-check";
import { TEST_SITE_URL } from "../../tests/helpers/site";
import { latestCodeFor, orgPayload } from "../../tests/helpers/trial";
import { action as meetingsAction } from "./admin/dashboard/meetings";
import { action as teamAction } from "./admin/dashboard/settings/team";
import { action as forgotAction } from "./admin/forgot-password";
import { action as loginAction } from "./admin/login";
import { action as resetAction } from "./admin/reset-password";
import * as blogIndex from "./blog/index";
import * as blogPost from "./blog/post";
import { loader as rssLoader } from "./blog/rss";
import * as blogTag from "./blog/tag";
import * as demoPage from "./demo/demo";
import { action as demoAction } from "./demo/demo";
import { action as manageAction } from "./demo/manage";
import { action as contactSalesAction } from "./marketing/contact-sales";
import * as home from "./marketing/home";
import * as pricing from "./marketing/pricing";
import { action as withdrawAction } from "./marketing/privacy-withdraw";
import { action as subscribeAction } from "./newsletter/subscribe";
import { action as privacyConfirmAction } from "./privacy-requests/confirm";
import { action as privacyRequestAction } from "./privacy-requests/request";
import { loader as robotsLoader } from "./resources/robots";
import { loader as sitemapLoader } from "./resources/sitemap";
import { loader as sitemapPagesLoader } from "./resources/sitemap-pages";
import { loader as sitemapPostsLoader } from "./resources/sitemap-posts";
import * as freeTrial from "./trial/free-trial";

/**
 * Decision 040: a request naming another Host (`Host: evil.example`, which makes the request's
 * URL http://evil.example/…) changes no stored email. Every kind of email is sent here through
 * the form or API a visitor or admin uses (or the cron job, which has no request), each from a
 * forged Host, and then every stored message is read: no forged host anywhere, and every
 * absolute link of the site's own points at SITE_URL.
 */

const EVIL = "http://evil.example";
const FORGED_HOSTS = ["evil.example"];

const forged = (path: string, init: { body?: URLSearchParams; token?: string } = {}) =>
  new Request(`${EVIL}${path}`, {
    method: init.body ? "POST" : "GET",
    headers: {
      Host: "evil.example",
      ...(init.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    // Each post by a person who opened the form a few seconds ago (the bot check, decision 080).
    body: init.body && new URLSearchParams(withFormToken(Object.fromEntries(init.body))),
  });

/** Runs a route action and answers whatever it returned or threw. */
async function run(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}) {
  try {
    return await fn({ request, params, context: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

const statusOf = (result: unknown) =>
  result instanceof Response
    ? result.status
    : ((result as { init?: { status?: number } })?.init?.status ?? (result ? 200 : 0));

const newest = async (to: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt))
    .all()
    .then((rows) => rows.find((row) => row.kind === kind));

const manageTokenIn = (message: EmailMessage | undefined) =>
  /\/demo\/manage\/([A-Za-z0-9_-]{43})/.exec(message?.text ?? "")?.[1] ?? "";

/** Everything of a message a reader or a mail client sees, attachments included. */
const visibleParts = (message: EmailMessage) => [
  ...Object.values(message.headers ?? {}),
  message.subject,
  message.text,
  message.html ?? "",
  ...message.attachments.map((a) => a.content),
];

/** Absolute http(s) links in a text, without trailing punctuation. */
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0].replace(/[.,]$/, ""));

/**
 * The kinds this flow does not send, and why. Every other kind of the registry (decision 063)
 * must be sent below: a new kind fails this test until the flow sends it or it is named here.
 */
const NOT_SENT_HERE: Partial<Record<EmailKind, string>> = {
  "account.2fa_disabled": "the 2FA notices share 2fa_enabled's builder and carry no link",
  "account.2fa_recovery_codes_regenerated": "the 2FA notices share 2fa_enabled's builder and carry no link",
  "account.2fa_recovery_code_used": "the 2FA notices share 2fa_enabled's builder and carry no link",
  "integration.webhook_disabled":
    "sent only by the scheduled delivery drain, which serves no request and so reads no Host; webhooks.server.test.ts checks its link is SITE_URL's",
};

/** Every kind of email the product sends, less those above. */
const EVERY_KIND = (Object.keys(EMAIL_KINDS) as EmailKind[]).filter((kind) => !(kind in NOT_SENT_HERE));

describe("a forged Host", () => {
  it("changes no stored email of any kind", async () => {
    const { admin } = await createAdmin();
    // Another admin decides: the reset below ends every session of the first.
    const { token } = await createAdmin();

    // Password reset, then the reset itself.
    expect(
      statusOf(
        await run(
          forgotAction,
          forged("/admin/forgot-password", { body: new URLSearchParams({ email: admin.email }) }),
        ),
      ),
    ).toBe(200);
    const resetToken = /token=([\w-]+)/.exec((await newest(admin.email, "admin.password-reset"))?.text ?? "")?.[1];
    expect(resetToken).toBeTruthy();
    const reset = await run(
      resetAction,
      forged("/admin/reset-password", {
        body: new URLSearchParams({
          token: resetToken!,
          password: "brand-new-pass-77",
          confirmPassword: "brand-new-pass-77",
        }),
      }),
    );
    expect(statusOf(reset)).toBeLessThan(400);

    // Registering an address that has an account (the login screen, then the API for another owner).
    const register = (email: string) =>
      new URLSearchParams({ intent: "register", name: "Mallory", email, password: "long-enough-pass-1" });
    await run(loginAction, forged("/admin", { body: register(admin.email) }));
    const other = await createAdmin();
    const registered = await api("POST", "/api/auth/register", {
      origin: EVIL,
      body: { name: "Mallory", email: other.admin.email, password: "long-enough-pass-1" },
    });
    expect(registered.status).toBe(201);

    // Team decisions: the console form approves, the API rejects.
    const pending = await createAdmin({ status: "pending" });
    const declined = await createAdmin({ status: "pending" });
    const approve = new URLSearchParams({ intent: "approve", adminId: pending.admin.id, role: "admin" });
    expect(statusOf(await run(teamAction, forged("/admin/dashboard/settings/team", { body: approve, token })))).toBe(
      303,
    );
    const rejected = await api("POST", `/api/admin/team/${declined.admin.id}/decision`, {
      origin: EVIL,
      token,
      body: { action: "reject" },
    });
    expect(rejected.status).toBe(200);

    // A team invitation sent from the console's form.
    const invitee = `invitee-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const invite = new URLSearchParams({ intent: "invite", email: invitee, role: "sales" });
    expect(
      statusOf(await run(invitationsAction, forged("/admin/dashboard/settings/invitations", { body: invite, token }))),
    ).toBe(303);

    // Two-factor sign-in turned on through the API.
    const setup = await api("POST", "/api/auth/2fa/setup", { origin: EVIL, token: other.token });
    const key = decodeBase32IgnorePadding(setup.json.data.secret);
    const enabled = await api("POST", "/api/auth/2fa/enable", {
      origin: EVIL,
      token: other.token,
      body: { code: totpAt(key, stepAt(new Date())) },
    });
    expect(enabled.status).toBe(200);

    // Ten wrong current passwords from a session lock the account and tell its owner.
    const careless = await createAdmin();
    for (let i = 0; i < 10; i++) {
      await api("PUT", "/api/auth/change-password", {
        origin: EVIL,
        token: careless.token,
        body: { currentPassword: "not-the-password-1", newPassword: "long-enough-pass-2" },
      });
    }
    expect((await newest(careless.admin.email, "account.locked"))?.text).toContain("Too many wrong attempts");

    // Demo bookings: the page and the API; an admin approves one and rejects the other.
    const visitor = `visitor-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const booking = (email: string, date: string, timeSlot: string) => ({
      name: "Vera Visitor",
      email,
      phone: "+91 98200 12345",
      company: "Acme",
      notes: "",
      meetingType: "demo",
      date,
      timeSlot,
    });
    const booked = await run(
      demoAction,
      forged("/demo", { body: new URLSearchParams(booking(visitor, weekday(3), "10:00")) }),
    );
    expect(statusOf(booked)).toBe(302);
    const apiVisitor = `api-${visitor}`;
    const byApi = await api("POST", "/api/meetings", { origin: EVIL, body: booking(apiVisitor, weekday(3), "11:00") });
    expect(byApi.status).toBe(201);
    const [first] = await db().select().from(meetings).where(eq(meetings.email, visitor)).all();
    const decide = new URLSearchParams({
      intent: "approve",
      meetingId: first!.id,
      meetingLink: "https://meet.example.com/flowlane-1",
    });
    expect(statusOf(await run(meetingsAction, forged("/admin/dashboard/meetings", { body: decide, token })))).toBe(200);
    const cancelled = await api("PUT", `/api/meetings/${byApi.json.data.id}/status`, {
      origin: EVIL,
      token,
      body: { status: "cancelled" },
    });
    expect(cancelled.status).toBe(200);

    // The visitor moves the confirmed meeting, then cancels it, through the emailed link.
    const manage = manageTokenIn(await newest(visitor, "meeting.confirmed"));
    const moved = await run(
      manageAction,
      forged(`/demo/manage/${manage}`, {
        body: new URLSearchParams({ intent: "reschedule", date: weekday(4), timeSlot: "12:00" }),
      }),
      { token: manage },
    );
    expect(statusOf(moved)).toBe(302);
    const cancel = await run(
      manageAction,
      forged(`/demo/manage/${manage}`, {
        body: new URLSearchParams({ intent: "cancel", reason: "Visit https://evil.example" }),
      }),
      { token: manage },
    );
    expect(statusOf(cancel)).toBe(302);

    // The cron job's reminder (no request at all) for a confirmed meeting 20 hours ahead.
    const soon = await api("POST", "/api/meetings", {
      origin: EVIL,
      body: booking(`soon-${visitor}`, weekday(5), "14:00"),
    });
    await api("PUT", `/api/meetings/${soon.json.data.id}/status`, {
      origin: EVIL,
      token,
      body: { status: "confirmed" },
    });
    const start = (await db().select().from(meetings).where(eq(meetings.id, soon.json.data.id)).get())!.startsAt;
    await db()
      .update(meetings)
      .set({ updatedAt: new Date(start.getTime() - 30 * 3_600_000) })
      .where(eq(meetings.id, soon.json.data.id));
    expect(await sendMeetingReminders(new Date(start.getTime() - 20 * 3_600_000))).toBeGreaterThanOrEqual(1);
    // The same job tells sales the link is missing; an admin adds it (the visitor is emailed); the 1-hour reminder.
    expect(await remindSalesOfMissingLinks(new Date(start.getTime() - 20 * 3_600_000))).toBeGreaterThanOrEqual(1);
    const linked = await api("PUT", `/api/meetings/${soon.json.data.id}/link`, {
      origin: EVIL,
      token,
      body: { meetingLink: "https://meet.example.com/flowlane-2" },
    });
    expect(linked.status).toBe(200);
    expect(await sendMeetingReminders(new Date(start.getTime() - 30 * 60_000))).toBeGreaterThanOrEqual(1);

    // A callback (page and API), an Enterprise lead and a newsletter sign-up.
    const callback = {
      intent: "callback",
      firstName: "Carl",
      lastName: "Caller",
      email: `carl-${visitor}`,
      company: "Acme",
      phone: "+91 98200 12345",
      message: "",
    };
    expect(statusOf(await run(demoAction, forged("/demo", { body: new URLSearchParams(callback) })))).toBe(302);
    expect((await api("POST", "/api/callbacks", { origin: EVIL, body: callback })).status).toBe(201);
    const lead = {
      firstName: "Lee",
      lastName: "Lead",
      email: `lee-${visitor}`,
      company: "Acme",
      message: "",
      teamSize: "51-200",
    };
    await run(contactSalesAction, forged("/contact-sales", { body: new URLSearchParams(lead) }));
    await run(subscribeAction, forged("/newsletter", { body: new URLSearchParams({ email: `reader-${visitor}` }) }));
    // A person's own export (decision 088): the confirmation link, then the file it sends.
    const asker = `asker-${visitor}`;
    await run(
      privacyRequestAction,
      forged("/privacy/requests", { body: new URLSearchParams({ email: asker, kind: "export" }) }),
    );
    const confirmation = (await newest(asker, "privacy.request_confirm"))?.text ?? "";
    expect(confirmation).toContain(`${TEST_SITE_URL}/privacy/requests/confirm?token=`);
    const privacyToken = decodeURIComponent(confirmation.match(/token=([^\s)>\]]+)/)?.[1] ?? "");
    await run(
      privacyConfirmAction,
      forged("/privacy/requests/confirm", { body: new URLSearchParams({ token: privacyToken }) }),
    );

    // A newsletter issue (decision 092): composed, tested and sent through the API from a forged Host.
    await db()
      .insert(newsletterSubscribers)
      .values({ email: `confirmed-${visitor}`, status: "confirmed", confirmedAt: new Date() });
    const issue = await api("POST", "/api/newsletter/issues", {
      origin: EVIL,
      token,
      body: { subject: "News", markdown: "See [pricing](/pricing) and [the blog](https://flowlane.test/blog)." },
    });
    expect(issue.status).toBe(201);
    const issuePath = `/api/newsletter/issues/${issue.json.data.id}`;
    const body = { email: `colleague-${visitor}` };
    expect((await api("POST", `${issuePath}/test`, { origin: EVIL, token, body })).status).toBe(202);
    expect((await api("POST", `${issuePath}/send`, { origin: EVIL, token, body: {} })).status).toBe(202);
    await deliverDueIssues(new Date(Date.now() + 60_000));
    // Withdrawing marketing consent from the privacy page (decision 087): the one-click link by email.
    await run(
      withdrawAction,
      forged("/privacy/withdraw", { body: new URLSearchParams({ email: `confirmed-${visitor}` }) }),
    );

    // A demo that took place without the visitor (decision 084): marked a no-show through the API.
    const missed = await api("POST", "/api/meetings", {
      origin: EVIL,
      body: booking(`missed-${visitor}`, weekday(6), "10:00"),
    });
    expect(missed.status).toBe(201);
    const missedPath = `/api/meetings/${missed.json.data.id}`;
    await api("PUT", `${missedPath}/status`, { origin: EVIL, token, body: { status: "confirmed" } });
    await db()
      .update(meetings)
      .set({ startsAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(meetings.id, missed.json.data.id));
    const marked = await api("POST", `${missedPath}/attendance`, { origin: EVIL, token, body: { attended: false } });
    expect(marked.status).toBe(200);

    // An Admin gives the confirmed demo to a rep (decision 076): the new host is told.
    const rep = await createAdmin({ role: "sales" });
    const handed = await api("PUT", `/api/meetings/${soon.json.data.id}/host`, {
      origin: EVIL,
      token,
      body: { hostId: rep.admin.id },
    });
    expect(handed.status).toBe(200);

    // A trial: signup, code, verification, approval, welcome; another rejected; the expiry reminder.
    const trial = async () => {
      const payload = orgPayload();
      expect((await api("POST", "/api/subscriptions/trial/start", { origin: EVIL, body: payload })).status).toBe(201);
      const email = payload.email as string;
      await api("POST", "/api/auth/general-email-verification/send-otp", {
        origin: EVIL,
        body: { email, purpose: "trial" },
      });
      const otp = await latestCodeFor(email);
      const verified = await api("POST", "/api/auth/general-email-verification/verify-otp", {
        origin: EVIL,
        body: { email, otp },
      });
      expect(verified.status).toBe(200);
      return (await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get())!;
    };
    const decideTrial = async (id: string, action: "approve" | "reject") =>
      (await api("POST", `/api/subscriptions/${id}/approve`, { origin: EVIL, token, body: { action } })).status;
    const approved = await trial();
    expect(await decideTrial(approved.id, "approve")).toBe(200);
    expect(
      (await api("POST", `/api/subscriptions/${approved.id}/send-welcome-email`, { origin: EVIL, token })).status,
    ).toBe(200);
    const refused = await trial();
    expect(await decideTrial(refused.id, "reject")).toBe(200);
    const ends = (await db().select().from(subscriptions).where(eq(subscriptions.id, approved.id)).get())!.endDate!;
    expect(await sendTrialReminders(new Date(ends.getTime() - 20 * 3_600_000))).toBeGreaterThanOrEqual(1);

    // The leads those forms made, still new a week later: their owners (or the sales inbox) hear of it.
    expect(await flagLateLeads(new Date(Date.now() + 7 * 24 * 3_600_000))).toBeGreaterThanOrEqual(1);

    // An Author's post through review (decision 069): sent back with a note, then published.
    const writer = await createAdmin({ role: "author" });
    const draftPost = await api("POST", "/api/blogs", {
      origin: EVIL,
      token: writer.token,
      body: { title: "Forged review", content: "Text.", excerpt: "Excerpt", author: "Rae", tags: [], status: "draft" },
    });
    expect(draftPost.status).toBe(201);
    const reviewPath = `/api/blogs/${draftPost.json.data.id}`;
    await api("POST", `${reviewPath}/review`, { origin: EVIL, token: writer.token });
    expect(
      (await api("POST", `${reviewPath}/return`, { origin: EVIL, token, body: { note: "Add an example." } })).status,
    ).toBe(200);
    await api("POST", `${reviewPath}/review`, { origin: EVIL, token: writer.token });
    expect((await api("PUT", reviewPath, { origin: EVIL, token, body: { status: "published" } })).status).toBe(200);

    // Every message: no forged host, and the site's own links on SITE_URL.
    const stored = await db().select().from(emailOutbox).all();
    expect(new Set(stored.map((m) => m.kind))).toEqual(new Set(EVERY_KIND));
    const ownHosts = new Set([new URL(TEST_SITE_URL).host, new URL(config().APP_URL).host]);
    for (const message of stored) {
      for (const part of visibleParts(message)) {
        for (const host of FORGED_HOSTS) {
          // The one exception is text a visitor typed (the cancel reason), quoted to sales as text.
          const typed = part.replaceAll("Visit https://evil.example", "");
          expect(typed, `${message.kind} names ${host}`).not.toContain(host);
        }
        for (const link of linksIn(part)) {
          const { host } = new URL(link);
          if (
            link.includes("/demo/manage/") ||
            link.includes("/admin") ||
            link.includes("/newsletter/") ||
            link.includes("/privacy/")
          ) {
            expect(ownHosts.has(host), `${message.kind}: ${link}`).toBe(true);
          }
        }
      }
    }
    // The manage links of the booking and its reminder are absolute, on SITE_URL.
    expect((await newest(visitor, "meeting.confirmation"))?.text).toContain(`${TEST_SITE_URL}/demo/manage/`);
    expect((await newest(`soon-${visitor}`, "meeting.reminder_24h"))?.text).toContain(`${TEST_SITE_URL}/demo/manage/`);
    expect((await newest(admin.email, "admin.password-reset"))?.text).toContain(
      `${TEST_SITE_URL}/admin/reset-password?token=`,
    );
    expect((await newest(invitee, "team.invitation"))?.text).toContain(`${TEST_SITE_URL}/admin/invitation?token=`);
  });
});

describe("a forged Host and the public pages", () => {
  it("changes no absolute URL: canonical, Open Graph, JSON-LD, the feed, the sitemap and robots.txt", async () => {
    const post = await createPost(
      { id: null, email: "editor@flowlane.test" },
      {
        title: "Forged hosts",
        content: "Text with an ![image](/media/x.png).",
        excerpt: "About hosts",
        author: "Editor",
        tags: ["security"],
        status: "published",
      },
    );
    const slug = post.slug ?? post.id;
    // Each page's loader, then its head tags as `meta` makes them from that data.
    const pages: [string, { loader: (a: never) => unknown; meta?: (a: never) => unknown }, Record<string, string>][] = [
      ["/", home, {}],
      ["/pricing", pricing, {}],
      ["/demo", demoPage, {}],
      ["/free-trial", freeTrial, {}],
      ["/blog", blogIndex, {}],
      [`/blog/${slug}`, blogPost, { id: slug }],
      ["/blog/tag/security", blogTag, { tag: "security" }],
    ];
    for (const [path, route, params] of pages) {
      const answer = await route.loader({ request: forged(path), params, context: {} } as never);
      // A loader that sets headers answers `data(value, init)`: `meta` sees the value.
      const wrapped = answer as { type?: string; data?: unknown };
      const data = wrapped?.type === "DataWithResponseInit" ? wrapped.data : answer;
      const head = route.meta?.({ loaderData: data, params, location: { pathname: path } } as never);
      const seen = JSON.stringify([data, head]);
      expect(seen, path).not.toContain("evil.example");
      expect(seen, path).toContain(`${TEST_SITE_URL}${path === "/" ? "/" : path}`);
    }
    const files = [
      await rssLoader(),
      await sitemapLoader(),
      await sitemapPagesLoader(),
      await sitemapPostsLoader({ params: { file: "1.xml" } } as never),
      robotsLoader(),
    ];
    for (const file of files) {
      const text = await file.text();
      expect(text).not.toContain("evil.example");
      expect(text).toContain(TEST_SITE_URL);
    }
  });
});
