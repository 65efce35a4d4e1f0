import { waitUntil } from "cloudflare:workers";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type DeliveryKind, drain } from "~/db/outbox.server";
import {
  blogPosts,
  emailOutbox,
  leads,
  type NewsletterDelivery,
  type NewsletterIssue,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
} from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { renderMarkdown } from "~/domain/blog/markdown";
import { deliverSoon, emailStatement, handToTransport } from "~/domain/email/outbox.server";
import { isLimitRefusal, limitError, limitHitStatement } from "~/domain/limits/client-limits.server";
import { signValue, unsignValue } from "~/domain/verification/secret.server";
import { composeEmail } from "~/emails/render.server";
import { config, siteUrl } from "~/lib/config.server";
import { MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { isLocalHttp } from "~/lib/local-http";
import { newsletterUnsubscribeUrls } from "./newsletter.server";
import { ISSUE_MESSAGES, type IssueInput } from "./schemas";

/**
 * Newsletter issues (issue 28 item 4, decision 092): composed in markdown through the blog's
 * sanitizer (or from a post), sent once per confirmed subscriber through the one delivery
 * engine (decision 056), each message with RFC 8058 one-click unsubscribe and first-party
 * signed click tracking (no open pixel).
 */

const CLICK_PREFIX = "newsletter-click:";

/** Links in a newsletter are signed with the key the site that serves them checks (a local run's own). */
const localSite = () => isLocalHttp(new Request(siteUrl()));

/** The campaign every tracked link of an issue carries: a readable slug and a piece of the id. */
export function campaignOf(subject: string, id: string) {
  const slug = subject
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `newsletter-${slug ? `${slug}-` : ""}${id.slice(0, 8)}`;
}

/** Site-relative links and images of the sanitized HTML made absolute: mail clients have no base URL. */
function absolutize(html: string) {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${siteUrl()}/`);
}

/** A new issue from markdown, or from a post ("send this post"). Answers the stored issue. */
export async function createIssue(actor: Actor, input: IssueInput, now = new Date()): Promise<NewsletterIssue> {
  let markdown: string;
  let postId: string | null = null;
  if ("postId" in input) {
    const post = await db()
      .select({ id: blogPosts.id, content: blogPosts.content, status: blogPosts.status })
      .from(blogPosts)
      .where(eq(blogPosts.id, input.postId))
      .get();
    if (post?.status !== "published") throw new AppError(404, ISSUE_MESSAGES.postNotFound);
    markdown = post.content;
    postId = post.id;
  } else {
    markdown = input.markdown;
  }
  const id = crypto.randomUUID();
  const row = {
    id,
    subject: input.subject,
    markdown,
    html: absolutize(renderMarkdown(markdown)),
    postId,
    campaign: campaignOf(input.subject, id),
    createdBy: actor.id,
    createdAt: now,
    updatedAt: now,
  };
  const client = db();
  const [[issue]] = await client.batch([
    client.insert(newsletterIssues).values(row).returning(),
    auditStatement(
      actor,
      "newsletter.issue_created",
      "newsletter_issue",
      id,
      null,
      { subject: input.subject, postId },
      now,
    ),
  ]);
  if (!issue) throw new Error("The issue was not stored");
  return issue;
}

export async function requireIssue(id: string): Promise<NewsletterIssue> {
  const issue = await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).get();
  if (!issue) throw new AppError(404, ISSUE_MESSAGES.notFound);
  return issue;
}

export async function listIssues(limit = 50) {
  return db().select().from(newsletterIssues).orderBy(desc(newsletterIssues.createdAt)).limit(limit).all();
}

/** The issue's own site links with `utm_source=newsletter` and its campaign (links elsewhere are left alone). */
export function withCampaign(href: string, campaign: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  if (url.origin !== new URL(siteUrl()).origin) return href;
  url.searchParams.set("utm_source", "newsletter");
  url.searchParams.set("utm_medium", "email");
  url.searchParams.set("utm_campaign", campaign);
  return url.toString();
}

/** A first-party redirect that records the click: the delivery and the target, signed together. */
export async function trackedUrl(deliveryId: string, target: string) {
  const token = await signValue(`${CLICK_PREFIX}${deliveryId}|${target}`, localSite());
  return `${siteUrl()}/newsletter/click?t=${encodeURIComponent(token)}`;
}

const HTML_LINK = /(<a\b[^>]*?\bhref=")(https?:\/\/[^"]+)"/g;
/** A markdown link (not an image): absolute, or site-relative (the HTML has those made absolute). */
const TEXT_LINK = /(?<!!)\[([^\]]*)\]\(((?:https?:\/\/|\/(?!\/))[^)\s]+)\)/g;
/** rehype-stringify writes `&` in an attribute as `&#x26;`; React as `&amp;`. */
const unescapeAttr = (href: string) => href.replace(/&(?:amp|#x26|#38);/gi, "&");
const escapeAttr = (url: string) => url.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
const absoluteOf = (href: string) => (href.startsWith("/") ? `${siteUrl()}${href}` : href);

/**
 * Every http(s) link of the HTML and of the markdown text (the plain-text part) through
 * `rewrite`, each target once; images and mailto: are left alone.
 */
async function rewriteLinks(html: string, text: string, rewrite: (href: string) => Promise<string> | string) {
  const targets = new Set<string>();
  for (const match of html.matchAll(HTML_LINK)) targets.add(unescapeAttr(match[2] ?? ""));
  for (const match of text.matchAll(TEXT_LINK)) targets.add(absoluteOf(match[2] ?? ""));
  const mapped = new Map<string, string>();
  for (const target of targets) mapped.set(target, await rewrite(target));
  return {
    html: html.replace(HTML_LINK, (all, start: string, href: string) => {
      const to = mapped.get(unescapeAttr(href));
      return to ? `${start}${escapeAttr(to)}"` : all;
    }),
    text: text.replace(TEXT_LINK, (all, label: string, href: string) => {
      const to = mapped.get(absoluteOf(href));
      return to ? `${label} (${to})` : all;
    }),
  };
}

type Composed = { kind: "newsletter.issue" | "newsletter.test"; subject: string; html: string; text: string };

async function compose(
  issue: NewsletterIssue,
  envelope: { kind: "newsletter.issue" | "newsletter.test"; to: string; idempotencyKey: string },
  body: { html: string; text: string },
  unsubscribeUrl?: string,
): Promise<Composed> {
  const subject = envelope.kind === "newsletter.test" ? `[Test] ${issue.subject}` : issue.subject;
  const message = await composeEmail(
    { ...envelope, subject },
    {
      preview: issue.subject,
      heading: issue.subject,
      blocks: [{ article: body }],
      ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
    },
  );
  return { kind: envelope.kind, subject, html: message.html, text: message.text };
}

/** What the console's preview shows: the message as a subscriber gets it, links with the campaign. */
export async function previewIssue(issue: NewsletterIssue) {
  const body = await rewriteLinks(issue.html, issue.markdown, (href) => withCampaign(href, issue.campaign));
  const message = await compose(
    issue,
    { kind: "newsletter.issue", to: "subscriber@example.com", idempotencyKey: "preview" },
    body,
    `${siteUrl()}/newsletter/unsubscribe`,
  );
  return { html: message.html, text: message.text };
}

/**
 * The message one subscriber gets: tracked links, and the RFC 8058 pair — a one-click HTTPS URL
 * the mail provider POSTs to and a `mailto:` — with `List-Unsubscribe-Post`.
 */
export async function bulkMessage(issue: NewsletterIssue, delivery: Pick<NewsletterDelivery, "id" | "subscriberId">) {
  const body = await rewriteLinks(issue.html, issue.markdown, (href) =>
    trackedUrl(delivery.id, withCampaign(href, issue.campaign)),
  );
  const urls = await newsletterUnsubscribeUrls(delivery.subscriberId, delivery.id, { local: localSite() });
  const message = await compose(
    issue,
    { kind: "newsletter.issue", to: "", idempotencyKey: `newsletter.issue:${delivery.id}` },
    body,
    urls.page,
  );
  return {
    ...message,
    headers: {
      "List-Unsubscribe": `<${urls.oneClick}>, <${urls.mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** A test copy: "[Test]" before the subject, links with the campaign but not tracked, no unsubscribe. */
export async function testMessage(issue: NewsletterIssue, to: string) {
  const body = await rewriteLinks(issue.html, issue.markdown, (href) => withCampaign(href, issue.campaign));
  return compose(issue, { kind: "newsletter.test", to, idempotencyKey: "test" }, body);
}

/**
 * A test copy to one address (any address; never a list): through the email outbox, counted
 * against the member's 10 an hour in the same batch, so a refused one stores nothing.
 */
export async function sendTest(actor: Actor, issueId: string, to: string, now = new Date()) {
  const issue = await requireIssue(issueId);
  const idempotencyKey = `newsletter.test:${issue.id}:${crypto.randomUUID()}`;
  const message = await testMessage(issue, to);
  const client = db();
  try {
    await client.batch([
      limitHitStatement("newsletterTest", actor.id, now),
      emailStatement({ ...message, to, idempotencyKey }),
    ]);
  } catch (error) {
    if (isLimitRefusal(error)) throw await limitError("newsletterTest", actor.id, now);
    throw error;
  }
  deliverSoon([idempotencyKey]);
  return { to: to.toLowerCase() };
}

/**
 * Sends (or schedules) the issue to every confirmed, unsuppressed subscriber. One guarded
 * statement sets `sendAt` once, naming this press (`sendKey`); the recipients are inserted only
 * by the press that won, and at most once per pair by the unique index — so 20 parallel presses
 * send the issue once per subscriber. Scheduled rows wait: their first attempt is due at `at`.
 * Answers whether this press started the sending.
 */
export async function sendIssue(actor: Actor, issueId: string, { at }: { at?: Date | null } = {}, now = new Date()) {
  await requireIssue(issueId);
  const sendAt = at && at.getTime() > now.getTime() ? at : now;
  const key = crypto.randomUUID();
  const client = db();
  const i = newsletterIssues;
  const s = newsletterSubscribers;
  const [claimed] = await client.batch([
    client
      .update(i)
      .set({ sendAt, sendKey: key, sentBy: actor.id, updatedAt: now })
      .where(and(eq(i.id, issueId), isNull(i.sendAt)))
      .returning({ id: i.id }),
    client
      .insert(newsletterDeliveries)
      .select(
        client
          .select({
            // Every column, in the table's order (drizzle's insert … select asks for it).
            id: sql<string>`lower(hex(randomblob(16)))`.as("id"),
            issueId: sql<string>`${issueId}`.as("issue_id"),
            subscriberId: s.id,
            email: s.email,
            status: sql<"pending">`'pending'`.as("status"),
            attempts: sql<number>`0`.as("attempts"),
            nextAttemptAt: sql<number>`${sendAt.getTime()}`.as("next_attempt_at"),
            leaseUntil: sql<null>`NULL`.as("lease_until"),
            lastError: sql<null>`NULL`.as("last_error"),
            sentAt: sql<null>`NULL`.as("sent_at"),
            deliveredAt: sql<null>`NULL`.as("delivered_at"),
            bouncedAt: sql<null>`NULL`.as("bounced_at"),
            clickedAt: sql<null>`NULL`.as("clicked_at"),
            unsubscribedAt: sql<null>`NULL`.as("unsubscribed_at"),
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          })
          .from(s)
          .where(
            and(
              eq(s.status, "confirmed"),
              isNull(s.suppressedAt),
              sql`EXISTS (SELECT 1 FROM ${i} WHERE ${i.id} = ${issueId} AND ${i.sendKey} = ${key})`,
            ),
          ),
      )
      .onConflictDoNothing(),
    auditStatement(actor, "newsletter.issue_sent", "newsletter_issue", issueId, null, { sendAt }, now),
  ]);
  if (claimed.length === 0) throw new AppError(409, ISSUE_MESSAGES.alreadySent);
  if (sendAt.getTime() <= now.getTime()) deliverIssuesSoon();
  return requireIssue(issueId);
}

/** The first batch right after the press (the cron takes the rest, `NEWSLETTER_BATCH_SIZE` a run). */
function deliverIssuesSoon() {
  const work = drain([newsletterDelivery], new Date()).catch((error) => console.error("newsletter delivery", error));
  try {
    waitUntil(work);
  } catch {
    // Outside a request (scripts, some tests): the promise still runs.
  }
  return work;
}

/**
 * The newsletter as a kind of the delivery engine (decision 056): one row per subscriber and
 * issue, claimed with a lease (a crashed deliverer's rows are taken again when it ends),
 * `NEWSLETTER_BATCH_SIZE` per cron run (the sending rate), 8 attempts with backoff. A subscriber
 * who unsubscribed or was suppressed after the press is not written to (a final refusal).
 */
export const newsletterDelivery: DeliveryKind<typeof newsletterDeliveries> = {
  name: "newsletter",
  table: newsletterDeliveries,
  rules: {
    maxAttempts: 8,
    lease: 2 * MINUTE,
    backoff: { first: MINUTE, cap: 120 * MINUTE },
    get perRun() {
      return config().NEWSLETTER_BATCH_SIZE;
    },
  },
  delivered: "sent",
  async send(row, now, signal) {
    const client = db();
    const [issue, subscriber] = await Promise.all([
      client.select().from(newsletterIssues).where(eq(newsletterIssues.id, row.issueId)).get(),
      client
        .select({ status: newsletterSubscribers.status, suppressedAt: newsletterSubscribers.suppressedAt })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, row.subscriberId))
        .get(),
    ]);
    if (!issue) return { ok: false, error: "The issue was deleted", final: true };
    if (subscriber?.status !== "confirmed" || subscriber.suppressedAt) {
      return { ok: false, error: "Unsubscribed or suppressed before delivery", final: true };
    }
    const message = { ...(await bulkMessage(issue, row)), to: row.email, idempotencyKey: `newsletter.issue:${row.id}` };
    if (config().EMAIL_TRANSPORT === "outbox") {
      // The local transport: the message is kept in the email log, as every local message is.
      await emailStatement(message);
      await client
        .update(emailOutbox)
        .set({ status: "sent", sentAt: now })
        .where(eq(emailOutbox.idempotencyKey, message.idempotencyKey));
    } else {
      await handToTransport({ ...message, attachments: [] }, signal);
    }
    return { ok: true, set: { sentAt: now } };
  },
};

/** Due newsletter messages only, until the time budget is spent (the cron drains every kind at once). */
export function deliverDueIssues(now: Date, signal?: AbortSignal) {
  return drain([newsletterDelivery], now, signal);
}

/** A click on a tracked link: the first one is recorded; answers where to go, or null for a forged link. */
export async function followClick(token: string, { now = new Date(), local = false } = {}) {
  const value = await unsignValue(token, local);
  if (!value?.startsWith(CLICK_PREFIX)) return null;
  const rest = value.slice(CLICK_PREFIX.length);
  const bar = rest.indexOf("|");
  const deliveryId = rest.slice(0, bar);
  const target = rest.slice(bar + 1);
  if (bar <= 0 || !/^https?:\/\//.test(target) || !URL.canParse(target)) return null;
  await db()
    .update(newsletterDeliveries)
    .set({ clickedAt: now })
    .where(and(eq(newsletterDeliveries.id, deliveryId), isNull(newsletterDeliveries.clickedAt)));
  return target;
}

export type ProviderEvent = { type: "delivered" | "bounced" | "complained"; email: string; messageId?: string };

/**
 * An event from the email provider's signed webhook: a bounce or a complaint suppresses the
 * address (no issue is sent to it again) and marks the message; a delivery marks the message.
 * Answers whether the address is now suppressed.
 */
export async function recordProviderEvent(event: ProviderEvent, now = new Date()) {
  const email = event.email.toLowerCase();
  const deliveryId = event.messageId?.startsWith("newsletter.issue:")
    ? event.messageId.slice("newsletter.issue:".length)
    : null;
  const d = newsletterDeliveries;
  const s = newsletterSubscribers;
  const client = db();
  const ofMessage = deliveryId ? and(eq(d.id, deliveryId), eq(d.email, email)) : undefined;
  if (event.type === "delivered") {
    if (ofMessage)
      await client
        .update(d)
        .set({ deliveredAt: now })
        .where(and(ofMessage, isNull(d.deliveredAt)));
    return false;
  }
  await client.batch([
    client
      .update(s)
      .set({ suppressedAt: now, suppressedReason: event.type, updatedAt: now })
      .where(and(eq(s.email, email), isNull(s.suppressedAt))),
    client
      .update(d)
      .set({ bouncedAt: now })
      .where(and(ofMessage ?? eq(d.email, email), isNull(d.bouncedAt), inArray(d.status, ["sent", "pending"]))),
  ]);
  return true;
}

export const ISSUE_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** An issue with where it stands and its numbers: sent, delivered, failed, unique clicks, unsubscribes, leads. */
export async function issueStats(issue: NewsletterIssue, now = new Date()) {
  const d = newsletterDeliveries;
  const client = db();
  const [counts, leadCount] = await Promise.all([
    client
      .select({
        recipients: sql<number>`count(*)`,
        pending: sql<number>`coalesce(sum(${d.status} = 'pending'), 0)`,
        sent: sql<number>`coalesce(sum(${d.status} = 'sent'), 0)`,
        failed: sql<number>`coalesce(sum(${d.status} = 'failed'), 0)`,
        delivered: sql<number>`count(${d.deliveredAt})`,
        bounced: sql<number>`count(${d.bouncedAt})`,
        clicks: sql<number>`count(${d.clickedAt})`,
        unsubscribes: sql<number>`count(${d.unsubscribedAt})`,
      })
      .from(d)
      .where(eq(d.issueId, issue.id))
      .get(),
    client.select({ n: sql<number>`count(*)` }).from(leads).where(eq(leads.campaign, issue.campaign)).get(),
  ]);
  const c = counts ?? {
    recipients: 0,
    pending: 0,
    sent: 0,
    failed: 0,
    delivered: 0,
    bounced: 0,
    clicks: 0,
    unsubscribes: 0,
  };
  const status: IssueStatus = !issue.sendAt
    ? "draft"
    : issue.sendAt.getTime() > now.getTime()
      ? "scheduled"
      : c.pending > 0
        ? "sending"
        : "sent";
  return {
    status,
    stats: {
      recipients: c.recipients,
      sent: c.sent,
      delivered: c.delivered,
      failed: c.failed,
      bounced: c.bounced,
      uniqueClicks: c.clicks,
      unsubscribes: c.unsubscribes,
      leads: leadCount?.n ?? 0,
    },
  };
}

/** The API's view of an issue. */
export async function toIssueJson(issue: NewsletterIssue, now = new Date()) {
  const { status, stats } = await issueStats(issue, now);
  return {
    id: issue.id,
    subject: issue.subject,
    postId: issue.postId,
    campaign: issue.campaign,
    status,
    sendAt: issue.sendAt?.toISOString() ?? null,
    createdAt: issue.createdAt.toISOString(),
    stats,
  };
}
