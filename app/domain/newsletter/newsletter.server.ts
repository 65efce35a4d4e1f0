import { and, eq, isNull, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { constraintFailure } from "~/db/guarded.server";
import { newestFirstPage } from "~/db/lists.server";
import {
  type NewsletterSubscriber,
  newsletterDeliveries,
  newsletterSubscribers,
  webhookEndpointDeliveries,
} from "~/db/schema";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { deliverEventsSoon, subscriberEvent } from "~/domain/integrations/webhooks.server";

import type { Attribution } from "~/domain/leads/attribution";
import { leadArrivalStatements } from "~/domain/leads/leads.server";
import { consentStatement, withdrawMarketingStatement } from "~/domain/privacy/consents.server";
import { signValue, unsignValue } from "~/domain/verification/secret.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { config, siteUrl } from "~/lib/config.server";
import { randomToken, sha256Hex } from "~/lib/crypto.server";
import { HOUR } from "~/lib/durations";
import { filledHoneypot } from "~/lib/honeypot";
import type { SubscribeInput, SubscriberListQuery } from "./schemas";

/** Newsletter subscribers with double opt-in (decision record 019). */

export const NEWSLETTER_RULES = {
  /** How long a confirmation link works. */
  confirmLifetime: 48 * HOUR,
  /**
   * A second subscribe of a pending address within this time sends no second email: one
   * pending confirmation per address per day, whoever asks (decision 042).
   */
  resendCooldown: 24 * HOUR,
} as const;

/** `local`: a plain-http localhost preview, whose links are signed with the development key. */
type LinkOptions = { now?: Date; local?: boolean };
/** A sign-up also carries the visitor's touches into the lead inbox (decision 071). */
type SubscribeOptions = LinkOptions & { attribution?: Attribution | null };

const UNSUBSCRIBE_PREFIX = "newsletter-unsubscribe:";

/**
 * The unsubscribe link of a subscriber: the id signed with the server key, so every
 * newsletter-type email (now or later) can carry one without storing a token per message.
 */
export async function unsubscribeUrl(subscriberId: string, { local = false }: LinkOptions = {}) {
  const token = await signValue(`${UNSUBSCRIBE_PREFIX}${subscriberId}`, local);
  return `${siteUrl()}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * The unsubscribe addresses of one newsletter message (decision 092): the page (a button, for
 * the footer link), the one-click URL a mail provider POSTs to (RFC 8058) and a `mailto:` to the
 * sender's address with the token in the subject. The token also names the message, so the
 * issue's numbers count the unsubscribe.
 */
export async function newsletterUnsubscribeUrls(subscriberId: string, deliveryId: string, { local = false } = {}) {
  const token = encodeURIComponent(await signValue(`${UNSUBSCRIBE_PREFIX}${subscriberId}:${deliveryId}`, local));
  const from = config().EMAIL_FROM;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return {
    page: `${siteUrl()}/newsletter/unsubscribe?token=${token}`,
    oneClick: `${siteUrl()}/newsletter/unsubscribe/one-click?token=${token}`,
    mailto: `mailto:${address}?subject=${encodeURIComponent("unsubscribe ")}${token}`,
  };
}

export async function confirmationEmail(
  subscriber: Pick<NewsletterSubscriber, "id" | "email">,
  token: string,
  options: LinkOptions = {},
): Promise<OutgoingEmail> {
  return composeEmail(
    {
      kind: "newsletter.confirm",
      to: subscriber.email,
      subject: `Confirm your subscription to the ${BRAND.name} newsletter`,
      idempotencyKey: `newsletter.confirm:${subscriber.id}:${token.slice(0, 16)}`,
    },
    {
      preview: `Confirm your subscription to the ${BRAND.name} newsletter`,
      heading: "Confirm your subscription",
      blocks: [
        { p: `Someone (we hope you) asked to receive the ${BRAND.name} newsletter at this address.` },
        {
          button: {
            label: "Confirm my subscription",
            href: `${siteUrl()}/newsletter/confirm?token=${encodeURIComponent(token)}`,
          },
        },
        {
          note: `The link works for ${NEWSLETTER_RULES.confirmLifetime / HOUR} hours. If you did not ask for this, ignore this email: nothing is sent until you confirm.`,
        },
      ],
      unsubscribeUrl: await unsubscribeUrl(subscriber.id, options),
    },
  );
}

/**
 * Subscribes an address, or does nothing visible: the caller always shows the same text, so
 * the answer never tells whether the address was already on the list.
 *
 * New, unsubscribed, or pending past the cooldown: one statement stores a fresh token (hashed)
 * and the confirmation email goes in the same batch. Confirmed, or pending within the cooldown:
 * the upsert sets an invalid status, the CHECK constraint fails, and the batch (with its email)
 * writes nothing. So 20 parallel subscribes of one address give one row and one email.
 * Returns whether a confirmation email was queued (for tests and the log, never the visitor).
 */
export async function subscribe(input: SubscribeInput, options: SubscribeOptions = {}): Promise<boolean> {
  if (filledHoneypot(input)) return false;
  const now = options.now ?? new Date();
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const id = crypto.randomUUID();
  const cooldownStart = now.getTime() - NEWSLETTER_RULES.resendCooldown;
  const t = newsletterSubscribers;
  const client = db();
  // The id the email's links carry: a new row's, or the existing row's (read first; the batch
  // below re-checks everything, so a stale read only costs a harmless no-op).
  const existing = await client.select({ id: t.id }).from(t).where(eq(t.email, input.email)).get();
  const subscriber = { id: existing?.id ?? id, email: input.email };
  const email = await confirmationEmail(subscriber, token, options);
  const expiresAt = new Date(now.getTime() + NEWSLETTER_RULES.confirmLifetime);
  const arrival = leadArrivalStatements({
    kind: "newsletter",
    email: input.email,
    name: "",
    company: "",
    attribution: options.attribution ?? null,
    detail: "Signed up for the newsletter",
    at: now,
  });
  try {
    await client.batch([
      client
        .insert(t)
        .values({
          id,
          email: input.email,
          status: "pending",
          confirmTokenHash: tokenHash,
          confirmExpiresAt: expiresAt,
          confirmSentAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: t.email,
          set: {
            status: sql`CASE WHEN ${t.id} = ${subscriber.id} AND (${t.status} = 'unsubscribed' OR (${t.status} = 'pending' AND ${t.confirmSentAt} < ${cooldownStart})) THEN 'pending' ELSE 'unchanged' END`,
            confirmTokenHash: tokenHash,
            confirmExpiresAt: expiresAt,
            confirmSentAt: now,
            unsubscribedAt: null,
            updatedAt: now,
          },
        }),
      emailStatement(email),
      ...arrival.statements,
    ]);
  } catch (error) {
    if (!constraintFailure(error)) throw error;
    return false;
  }
  deliverSoon([email.idempotencyKey]);
  deliverEventsSoon(arrival.eventIds);
  return true;
}

/**
 * The trial signup's newsletter tick (decision 054), for the batch that verifies the signup's
 * emailed code: that code proved the address as the footer box's confirmation link would, and
 * the tick is the request, so the address is stored `confirmed` without a second email. A
 * pending or unsubscribed address becomes confirmed (its old link stops working); a confirmed
 * one keeps its first confirmation time. When it subscribes (the address was not confirmed
 * already), the CRM webhooks get `newsletter.confirmed`, as a confirmation link's use would send;
 * `eventId` is for `deliverEventsSoon` once the batch has gone through.
 */
export function confirmedBySignupStatements(address: string, now: Date) {
  const t = newsletterSubscribers;
  const email = address.toLowerCase();
  const client = db();
  // Before the change: the event only when the address was not confirmed already.
  const event = subscriberEvent(
    "newsletter.confirmed",
    {
      id: "",
      email,
      status: "confirmed",
      confirmTokenHash: null,
      confirmExpiresAt: null,
      confirmSentAt: null,
      confirmedAt: now,
      unsubscribedAt: null,
      suppressedAt: null,
      suppressedReason: null,
      createdAt: now,
      updatedAt: now,
    },
    now,
    sql`NOT EXISTS (SELECT 1 FROM ${t} WHERE ${t.email} = ${email} AND ${t.status} = 'confirmed')`,
  );
  const d = webhookEndpointDeliveries;
  return {
    statements: [
      ...event.statements,
      confirmedBySignupStatement(email, now),
      // The subscriber's id is known only now (a new row's, or the pending or unsubscribed one's).
      client
        .update(d)
        .set({
          payload: sql`json_set(${d.payload}, '$.data.subscriber.id', (SELECT ${t.id} FROM ${t} WHERE ${t.email} = ${email}))`,
        })
        .where(eq(d.eventId, event.id)),
    ],
    eventId: event.id,
  };
}

function confirmedBySignupStatement(email: string, now: Date) {
  const t = newsletterSubscribers;
  return db()
    .insert(t)
    .values({
      id: crypto.randomUUID(),
      email: email.toLowerCase(),
      status: "confirmed",
      confirmedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: t.email,
      set: {
        status: "confirmed",
        confirmedAt: sql`CASE WHEN ${t.status} = 'confirmed' THEN ${t.confirmedAt} ELSE ${now.getTime()} END`,
        confirmTokenHash: null,
        confirmExpiresAt: null,
        unsubscribedAt: null,
        updatedAt: now,
      },
    });
}

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "invalid";

/** Uses a confirmation link. Single use: only a pending, unexpired row with that hash changes. */
export async function confirmSubscription(token: string, now = new Date()): Promise<ConfirmOutcome> {
  const t = newsletterSubscribers;
  const tokenHash = await sha256Hex(token);
  const client = db();
  const pending = await client
    .select()
    .from(t)
    .where(
      and(eq(t.confirmTokenHash, tokenHash), eq(t.status, "pending"), sql`${t.confirmExpiresAt} > ${now.getTime()}`),
    )
    .get();
  if (pending) {
    const confirmable = and(
      eq(t.id, pending.id),
      eq(t.status, "pending"),
      sql`${t.confirmExpiresAt} > ${now.getTime()}`,
    );
    // The event first, on the same condition as the change: both or neither (a double click confirms once).
    const event = subscriberEvent(
      "newsletter.confirmed",
      { ...pending, status: "confirmed", confirmedAt: now, updatedAt: now },
      now,
      sql`EXISTS (SELECT 1 FROM ${t} WHERE ${confirmable})`,
    );
    // The ledger's consent on the same condition: the confirmation is when it is given (decision 087).
    const consent = consentStatement({
      email: pending.email,
      purpose: "newsletter",
      form: "newsletter",
      at: now,
      onlyIf: sql`EXISTS (SELECT 1 FROM ${t} WHERE ${confirmable})`,
    });
    const [, , changed] = await client.batch([
      ...event.statements,
      consent,
      client
        .update(t)
        .set({ status: "confirmed", confirmedAt: now, updatedAt: now })
        .where(confirmable)
        .returning({ id: t.id }),
    ]);
    if (changed.length > 0) {
      deliverEventsSoon([event.id]);
      return "confirmed";
    }
  }
  // The same link again (a double click, a mail scanner): harmless, and it says so.
  const row = await client.select({ status: t.status }).from(t).where(eq(t.confirmTokenHash, tokenHash)).get();
  return row?.status === "confirmed" ? "already-confirmed" : "invalid";
}

/** The subscriber an unsubscribe token names, or null when the token was not made by us. */
export async function subscriberOfUnsubscribeToken(token: string, local = false) {
  const value = await unsignValue(token, local);
  if (!value?.startsWith(UNSUBSCRIBE_PREFIX)) return null;
  // `id` or, in a newsletter message's token, `id:deliveryId` (decision 092).
  const [id = "", deliveryId = null] = value.slice(UNSUBSCRIBE_PREFIX.length).split(":");
  const subscriber = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).get();
  return subscriber ? { ...subscriber, deliveryId } : null;
}

/** Unsubscribes; doing it again changes nothing. Returns false for a token we did not make. */
export async function unsubscribe(token: string, { now = new Date(), local = false } = {}): Promise<boolean> {
  const found = await subscriberOfUnsubscribeToken(token, local);
  if (!found) return false;
  const { deliveryId, ...subscriber } = found;
  const t = newsletterSubscribers;
  const d = newsletterDeliveries;
  const subscribed = and(eq(t.id, subscriber.id), or(eq(t.status, "pending"), eq(t.status, "confirmed")));
  // The event on the same condition as the change: unsubscribing again sends nothing.
  const event = subscriberEvent(
    "newsletter.unsubscribed",
    { ...subscriber, status: "unsubscribed", unsubscribedAt: now },
    now,
    sql`EXISTS (SELECT 1 FROM ${t} WHERE ${subscribed})`,
  );
  const client = db();
  await client.batch([
    ...event.statements,
    // Unsubscribing is withdrawing the marketing consent (decision 087): both in one batch.
    withdrawMarketingStatement(subscriber.email, now),
    client
      .update(t)
      .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, updatedAt: now })
      .where(subscribed),
    // The issue whose message carried the link counts it, once.
    client
      .update(d)
      .set({ unsubscribedAt: now })
      .where(and(eq(d.id, deliveryId ?? ""), eq(d.subscriberId, subscriber.id), isNull(d.unsubscribedAt))),
  ]);
  deliverEventsSoon([event.id]);
  return true;
}

export async function listSubscribers({ status, page, limit }: SubscriberListQuery) {
  const where = status === "all" ? undefined : eq(newsletterSubscribers.status, status);
  const { rows, total } = await newestFirstPage(newsletterSubscribers, where, { page, limit });
  return { subscribers: rows, total };
}
