import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { claim } from "~/db/outbox.server";
import { blogPosts, emailOutbox, leads, newsletterDeliveries, newsletterSubscribers } from "~/db/schema";
import { MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { loader as clickLoader } from "~/routes/newsletter/click";
import { action as oneClickAction, loader as oneClickLoader } from "~/routes/newsletter/one-click";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { outboxTo } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { setConfig } from "../../../tests/helpers/trial";
import {
  createIssue,
  deliverDueIssues,
  issueStats,
  newsletterDelivery,
  previewIssue,
  requireIssue,
  sendIssue,
  trackedUrl,
} from "./issues.server";
import { signProviderEvent } from "./provider-signature.server";
import { ISSUE_MESSAGES } from "./schemas";

let actor: { id: string; email: string };
let marketing: string;
let sales: string;
beforeAll(async () => {
  const m = await createAdmin({ role: "marketing" });
  actor = { id: m.admin.id, email: m.admin.email };
  marketing = m.token;
  sales = (await createAdmin({ role: "sales" })).token;
});
afterEach(() => vi.restoreAllMocks());

const later = (ms: number) => new Date(Date.now() + ms);

/** Subscribers of one test: confirmed unless told otherwise. */
async function readers(n: number, status: "confirmed" | "pending" | "unsubscribed" = "confirmed") {
  const rows = Array.from({ length: n }, () => ({
    id: crypto.randomUUID(),
    email: `reader-${crypto.randomUUID().slice(0, 12)}@news.example`,
    status,
  }));
  for (const row of rows) await db().insert(newsletterSubscribers).values(row);
  return rows;
}

const deliveriesOf = (issueId: string) =>
  db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issueId)).all();

const messagesOf = (ids: string[]) =>
  db()
    .select()
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.idempotencyKey,
        ids.map((id) => `newsletter.issue:${id}`),
      ),
    )
    .all();

/** Delivers what earlier tests left due, so a test's drains count only its own rows. */
async function flush() {
  while ((await deliverDueIssues(later(60 * MINUTE))) > 0) {}
}

/** An issue scheduled a minute ahead, so only the test's own drains deliver it. */
async function scheduledIssue(markdown = "Hello **readers**.") {
  const issue = await createIssue(actor, { subject: `Issue ${crypto.randomUUID().slice(0, 6)}`, markdown });
  await sendIssue(actor, issue.id, { at: later(MINUTE) });
  return issue;
}

describe("composing an issue", () => {
  it("renders markdown through the blog's sanitizer and gives the issue a campaign", async () => {
    const issue = await createIssue(actor, {
      subject: "November: what's new",
      markdown: "Hi <script>alert(1)</script> [docs](/docs) [x](javascript:alert(1))",
    });
    expect(issue.html).not.toContain("<script");
    expect(issue.html).not.toContain("javascript:");
    // Site-relative links are made absolute: a mail client has no base URL.
    expect(issue.html).toContain(`href="${TEST_SITE_URL}/docs"`);
    expect(issue.campaign).toBe(`newsletter-november-what-s-new-${issue.id.slice(0, 8)}`);
  });

  it("the preview's HTML and text carry each link with the campaign, site-relative ones made absolute", async () => {
    const issue = await createIssue(actor, {
      subject: "Links",
      markdown: "See [pricing](/pricing?plan=team&x=1), [docs](https://docs.example/a) and ![logo](/logo.png).",
    });
    const { html, text } = await previewIssue(issue);
    const pricing = `${TEST_SITE_URL}/pricing?plan=team&x=1&utm_source=newsletter&utm_medium=email&utm_campaign=${issue.campaign}`;
    expect(text).toContain(`pricing (${pricing})`);
    expect(html).toContain(`href="${pricing.replaceAll("&", "&amp;")}"`);
    // Other sites keep their own URL; images are not links.
    expect(text).toContain("docs (https://docs.example/a)");
    expect(text).toContain("![logo](/logo.png)");
  });

  it('"send this post" takes a published post\'s markdown; a draft or unknown post is refused', async () => {
    const id = crypto.randomUUID();
    await db()
      .insert(blogPosts)
      .values({
        id,
        slug: `post-${id}`,
        title: "T",
        content: "From the **blog**",
        contentHtml: "x",
        excerpt: "x",
        author: "A",
        status: "published",
      });
    const issue = await createIssue(actor, { subject: "Post", postId: id });
    expect(issue).toMatchObject({ postId: id, markdown: "From the **blog**" });
    expect(issue.html).toContain("<strong>blog</strong>");
    await expect(createIssue(actor, { subject: "Post", postId: "nope" })).rejects.toThrow(ISSUE_MESSAGES.postNotFound);
  });
});

describe("sending an issue", () => {
  it("20 parallel send presses: one wins, and each confirmed subscriber gets one row (pending and unsubscribed get none)", async () => {
    const confirmed = await readers(3);
    const [pending] = await readers(1, "pending");
    const [gone] = await readers(1, "unsubscribed");
    const issue = await createIssue(actor, { subject: "Race", markdown: "Once" });
    const at = later(MINUTE);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => sendIssue(actor, issue.id, { at })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409, message: ISSUE_MESSAGES.alreadySent });
    }
    const rows = await deliveriesOf(issue.id);
    for (const reader of confirmed) expect(rows.filter((r) => r.subscriberId === reader.id)).toHaveLength(1);
    expect(rows.some((r) => r.subscriberId === pending?.id || r.subscriberId === gone?.id)).toBe(false);
    // A later press sends nothing more.
    await expect(sendIssue(actor, issue.id)).rejects.toBeInstanceOf(AppError);
    expect(await deliveriesOf(issue.id)).toHaveLength(rows.length);
  });

  it("a scheduled issue waits for its time, then goes in batches of NEWSLETTER_BATCH_SIZE per run", async () => {
    await flush();
    const restore = setConfig({ NEWSLETTER_BATCH_SIZE: "2" });
    try {
      await readers(3);
      const issue = await scheduledIssue();
      const total = (await deliveriesOf(issue.id)).length;
      expect(total).toBeGreaterThanOrEqual(3);
      expect((await issueStats(await requireIssue(issue.id))).status).toBe("scheduled");
      expect(await deliverDueIssues(new Date())).toBe(0);
      const due = later(2 * MINUTE);
      let runs = 0;
      for (let sent = 0; sent < total; runs++) {
        const n = await deliverDueIssues(due);
        expect(n).toBeLessThanOrEqual(2);
        sent += n;
      }
      expect(runs).toBe(Math.ceil(total / 2));
      const rows = await deliveriesOf(issue.id);
      expect(rows.every((r) => r.status === "sent")).toBe(true);
      expect(await messagesOf(rows.map((r) => r.id))).toHaveLength(total);
      const stats = await issueStats(await requireIssue(issue.id), due);
      expect(stats).toMatchObject({ status: "sent", stats: { sent: total, failed: 0 } });
    } finally {
      restore();
    }
  });

  it("resumes after a crash: rows a dead deliverer claimed go out once its lease ends, each message once", async () => {
    await flush();
    await readers(2);
    const issue = await scheduledIssue();
    const due = later(2 * MINUTE);
    // A deliverer claims every row of the issue, then dies before sending.
    const held = await claim(newsletterDelivery, eq(newsletterDeliveries.issueId, issue.id), due);
    expect(held.length).toBeGreaterThanOrEqual(2);
    expect(await deliverDueIssues(new Date(due.getTime() + MINUTE))).toBe(0);
    const afterLease = new Date(due.getTime() + newsletterDelivery.rules.lease);
    let sent = 0;
    while (true) {
      const n = await deliverDueIssues(afterLease);
      if (n === 0) break;
      sent += n;
    }
    expect(sent).toBe(held.length);
    const rows = await deliveriesOf(issue.id);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 2)).toBe(true);
    expect(await messagesOf(rows.map((r) => r.id))).toHaveLength(rows.length);
  });

  it("every bulk message carries the RFC 8058 headers, also to the http transport", async () => {
    await readers(2);
    const issue = await scheduledIssue(`Read [the pricing](${TEST_SITE_URL}/pricing).`);
    const due = later(2 * MINUTE);
    while ((await deliverDueIssues(due)) > 0) {}
    const messages = await messagesOf((await deliveriesOf(issue.id)).map((r) => r.id));
    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const message of messages) {
      expect(message.kind).toBe("newsletter.issue");
      expect(message.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(message.headers?.["List-Unsubscribe"]).toMatch(
        new RegExp(
          `^<${TEST_SITE_URL}/newsletter/unsubscribe/one-click\\?token=[^>]+>, <mailto:no-reply@flowlane\\.example\\?subject=unsubscribe%20[^>]+>$`,
        ),
      );
      // No open pixel: no image the message did not carry itself.
      expect(message.html).not.toMatch(/<img/);
      expect(message.text).toContain(`${TEST_SITE_URL}/newsletter/click?t=`);
    }
    // The http transport gets the same headers.
    const restore = setConfig({
      EMAIL_TRANSPORT: "http",
      EMAIL_API_URL: "https://mail.example/send",
      EMAIL_API_KEY: "k",
    });
    try {
      await readers(1);
      const second = await scheduledIssue();
      const bodies: Record<string, unknown>[] = [];
      vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response("{}", { status: 202 });
      });
      while ((await deliverDueIssues(due)) > 0) {}
      expect(bodies.length).toBe((await deliveriesOf(second.id)).length);
      for (const body of bodies) {
        expect(body.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      }
    } finally {
      restore();
    }
  });
});

describe("the cloudflare transport (Cloudflare Email Service's send_email binding, miniflare locally)", () => {
  it("delivers each message through the binding with the RFC 8058 headers", async () => {
    await flush();
    const restore = setConfig({ EMAIL_TRANSPORT: "cloudflare" });
    try {
      await readers(2);
      const issue = await scheduledIssue();
      const binding = (env as unknown as { EMAIL: SendEmail }).EMAIL;
      const send = vi.spyOn(binding, "send");
      while ((await deliverDueIssues(later(2 * MINUTE))) > 0) {}
      const rows = await deliveriesOf(issue.id);
      expect(rows.every((r) => r.status === "sent" && r.lastError === null)).toBe(true);
      expect(send).toHaveBeenCalledTimes(rows.length);
      for (const [builder] of send.mock.calls) {
        expect(builder).toMatchObject({
          from: { name: "Flowlane", email: "no-reply@flowlane.example" },
          subject: issue.subject,
          headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        });
      }
    } finally {
      restore();
    }
  });

  it("without the binding each attempt fails and is retried, never lost", async () => {
    await flush();
    const restore = setConfig({ EMAIL_TRANSPORT: "cloudflare" });
    const binding = (env as unknown as Record<string, unknown>).EMAIL;
    delete (env as unknown as Record<string, unknown>).EMAIL;
    try {
      await readers(1);
      const issue = await scheduledIssue();
      await deliverDueIssues(later(2 * MINUTE));
      const rows = await deliveriesOf(issue.id);
      expect(rows.every((r) => r.status === "pending" && /send_email binding/.test(r.lastError ?? ""))).toBe(true);
    } finally {
      (env as unknown as Record<string, unknown>).EMAIL = binding;
      restore();
      await flush();
    }
  });
});

/** A delivered message of a fresh issue to one fresh reader: its one-click URL and tracked link. */
async function deliveredMessage() {
  const [reader] = await readers(1);
  if (!reader) throw new Error("no reader");
  const issue = await scheduledIssue(`See [pricing](${TEST_SITE_URL}/pricing?plan=team).`);
  const due = later(2 * MINUTE);
  while ((await deliverDueIssues(due)) > 0) {}
  const row = (await deliveriesOf(issue.id)).find((r) => r.subscriberId === reader.id);
  if (!row) throw new Error("no delivery");
  const [message] = await messagesOf([row.id]);
  const oneClick = /<(https:[^>]+)>/.exec(message?.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
  const click = /(https:\/\/\S+\/newsletter\/click\?t=[^\s)]+)/.exec(message?.text ?? "")?.[1] ?? "";
  return { reader, issue, row, oneClick, click, due };
}

describe("one-click unsubscribe (RFC 8058)", () => {
  it("a POST of List-Unsubscribe=One-Click to the header's URL unsubscribes without a page or a CSRF token", async () => {
    const { reader, issue, oneClick, due } = await deliveredMessage();
    const post = () =>
      new Request(oneClick.replace(TEST_SITE_URL, "http://localhost"), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
        body: "List-Unsubscribe=One-Click",
      });
    const response = await oneClickAction({ request: post(), params: {}, context: {} } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const row = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, reader.id)).get();
    expect(row?.status).toBe("unsubscribed");
    // Again: still fine, counted once.
    expect((await oneClickAction({ request: post(), params: {}, context: {} } as never)).status).toBe(200);
    expect((await issueStats(await requireIssue(issue.id), due)).stats.unsubscribes).toBe(1);
  });

  it("a forged token is refused and changes nothing; a GET only leads to the page with the button", async () => {
    const { reader, oneClick } = await deliveredMessage();
    const forged = oneClick.replace(/token=([^&]+)/, (_all, t: string) => `token=${t.slice(0, -2)}00`);
    const response = await oneClickAction({
      request: new Request(forged.replace(TEST_SITE_URL, "http://localhost"), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      params: {},
      context: {},
    } as never);
    expect(response.status).toBe(400);
    const get = oneClickLoader({
      request: new Request(oneClick.replace(TEST_SITE_URL, "http://localhost")),
      params: {},
      context: {},
    } as never);
    expect(get.status).toBe(303);
    expect(get.headers.get("Location")).toContain("/newsletter/unsubscribe?token=");
    const row = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, reader.id)).get();
    expect(row?.status).toBe("confirmed");
  });
});

describe("tracked links", () => {
  const open = (url: string) =>
    clickLoader({
      request: new Request(url.replace(TEST_SITE_URL, "http://localhost")),
      params: {},
      context: {},
    } as never);

  it("a signed link redirects to its target with utm_source=newsletter and the campaign, and counts one unique click", async () => {
    const { issue, click, due } = await deliveredMessage();
    const first = await open(click);
    expect(first.status).toBe(302);
    const target = new URL(first.headers.get("Location") ?? "");
    expect(target.origin + target.pathname).toBe(`${TEST_SITE_URL}/pricing`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      plan: "team",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: issue.campaign,
    });
    expect((await open(click)).status).toBe(302);
    expect((await issueStats(await requireIssue(issue.id), due)).stats.uniqueClicks).toBe(1);
  });

  it("a forged link is refused with a page, never redirected: not an open redirect", async () => {
    const { row } = await deliveredMessage();
    const good = await trackedUrl(row.id, `${TEST_SITE_URL}/pricing`);
    const token = decodeURIComponent(new URL(good).searchParams.get("t") ?? "");
    const swapped = token.replace(`${TEST_SITE_URL}/pricing`, "https://evil.example/");
    for (const url of [
      `${TEST_SITE_URL}/newsletter/click?t=${encodeURIComponent(swapped)}`,
      `${TEST_SITE_URL}/newsletter/click?t=https://evil.example`,
      `${TEST_SITE_URL}/newsletter/click`,
    ]) {
      const response = await open(url);
      expect(response.status).toBe(400);
      expect(response.headers.get("Location")).toBeNull();
    }
    const [stored] = await db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.id, row.id)).all();
    expect(stored?.clickedAt).toBeNull();
  });
});

describe("the newsletter API", () => {
  it("POST /api/newsletter/issues, GET its status and numbers; Sales may not", async () => {
    const created = await api("POST", "/api/newsletter/issues", {
      token: marketing,
      body: { subject: "API issue", markdown: "Hello" },
    });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ subject: "API issue", status: "draft", stats: { sent: 0, leads: 0 } });
    const id = created.json.data.id as string;
    expect((await api("GET", `/api/newsletter/issues/${id}`, { token: marketing })).json.data.status).toBe("draft");
    expect((await api("GET", `/api/newsletter/issues/${id}`, { token: sales })).status).toBe(403);
    const bad = await api("POST", "/api/newsletter/issues", { token: marketing, body: { subject: "", markdown: "" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe(ISSUE_MESSAGES.subjectRequired);
  });

  it("a test copy goes to the one address named, 10 an hour per member; the 11th is refused and stores nothing", async () => {
    const member = await createAdmin({ role: "marketing" });
    const issue = await createIssue(actor, { subject: "Test copies", markdown: "Hi" });
    const to = `colleague-${crypto.randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < 10; i++) {
      const r = await api("POST", `/api/newsletter/issues/${issue.id}/test`, {
        token: member.token,
        body: { email: to },
      });
      expect(r.status).toBe(202);
    }
    const refused = await api("POST", `/api/newsletter/issues/${issue.id}/test`, {
      token: member.token,
      body: { email: to },
    });
    expect(refused.status).toBe(429);
    const copies = await outboxTo(to);
    expect(copies).toHaveLength(10);
    expect(copies[0]).toMatchObject({ kind: "newsletter.test", subject: "[Test] Test copies" });
  });

  it("POST …/send answers 202 once; 20 parallel presses give one 202 and nineteen 409s", async () => {
    const issue = await createIssue(actor, { subject: "Press", markdown: "Hi" });
    const sendAt = later(10 * MINUTE).toISOString();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api("POST", `/api/newsletter/issues/${issue.id}/send`, { token: marketing, body: { sendAt } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(19).fill(409)]);
    const past = await api("POST", `/api/newsletter/issues/${issue.id}/send`, {
      token: marketing,
      body: { sendAt: new Date(Date.now() - MINUTE).toISOString() },
    });
    expect(past.status).toBe(400);
  });

  it("leads whose campaign is the issue's are counted", async () => {
    const issue = await createIssue(actor, { subject: "Leads", markdown: "Hi" });
    await db()
      .insert(leads)
      .values({ email: `lead-${crypto.randomUUID().slice(0, 8)}@acme.example`, campaign: issue.campaign });
    expect((await issueStats(issue)).stats.leads).toBe(1);
  });
});

describe("bounces and complaints (the provider's signed webhook)", () => {
  const SECRET = "provider-s3cret";
  const call = async (event: object, { secret = SECRET, t = Math.floor(Date.now() / 1000) } = {}) => {
    const body = JSON.stringify(event);
    return api("POST", "/api/newsletter/provider-events", {
      rawBody: body,
      headers: { "Content-Type": "application/json", "X-Flowlane-Signature": await signProviderEvent(secret, body, t) },
    });
  };

  it("a signed bounce suppresses the address: the next issue is not sent to it", async () => {
    const restore = setConfig({ EMAIL_WEBHOOK_SECRET: SECRET });
    try {
      const { reader, row, issue, due } = await deliveredMessage();
      const answer = await call({ type: "bounced", email: reader.email, messageId: `newsletter.issue:${row.id}` });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ success: true, data: { suppressed: true } });
      const stored = await db()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, reader.id))
        .get();
      expect(stored).toMatchObject({ suppressedReason: "bounced" });
      expect((await issueStats(await requireIssue(issue.id), due)).stats.bounced).toBe(1);
      const next = await scheduledIssue();
      expect(
        await db()
          .select()
          .from(newsletterDeliveries)
          .where(and(eq(newsletterDeliveries.issueId, next.id), eq(newsletterDeliveries.subscriberId, reader.id)))
          .all(),
      ).toEqual([]);
      const delivered = await call({ type: "delivered", email: reader.email, messageId: `newsletter.issue:${row.id}` });
      expect(delivered.json.data.suppressed).toBe(false);
    } finally {
      restore();
    }
  });

  it("a wrong, stale or missing signature is refused and changes nothing", async () => {
    const restore = setConfig({ EMAIL_WEBHOOK_SECRET: SECRET });
    try {
      const [reader] = await readers(1);
      const event = { type: "complained", email: reader?.email };
      expect((await call(event, { secret: "wrong" })).status).toBe(401);
      expect((await call(event, { t: Math.floor(Date.now() / 1000) - 600 })).status).toBe(401);
      const unsigned = await api("POST", "/api/newsletter/provider-events", { body: event });
      expect(unsigned.status).toBe(401);
      const stored = await db()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, reader?.id ?? ""))
        .get();
      expect(stored?.suppressedAt).toBeNull();
    } finally {
      restore();
    }
  });
});
