import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { backoffDelay, drain } from "~/db/outbox.server";
import {
  auditLog,
  emailOutbox,
  leads,
  newsletterSubscribers,
  webhookEndpointDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { nextAttribution, type Touch, touchOf } from "~/domain/leads/attribution";
import { requireLead, updateLead, updateLeads } from "~/domain/leads/leads.server";
import { captureEnterpriseLead, requestCallback } from "~/domain/meetings/callbacks.server";
import { cancelByVisitor, rescheduleByVisitor } from "~/domain/meetings/manage.server";
import {
  bookMeeting,
  completePastMeetings,
  requireMeeting,
  updateMeetingStatus,
} from "~/domain/meetings/meetings.server";
import { confirmSubscription, subscribe, unsubscribe, unsubscribeUrl } from "~/domain/newsletter/newsletter.server";
import { decideApproval, setEmailVerification } from "~/domain/subscriptions/lifecycle.server";
import { sendTrialCode, verifyTrialEmail } from "~/domain/subscriptions/subscriptions.server";
import { createActor, createAdmin } from "../../../tests/helpers/accounts";
import { weekday } from "../../../tests/helpers/booking";
import { CLIENT, orgSignup, setConfig, startSignup, uniqueTrialEmail } from "../../../tests/helpers/trial";
import { countEndpoints, hookUrl, localSiteAndOwnEndpoints, received } from "../../../tests/helpers/webhooks";
import { ENDPOINT_MESSAGES, endpointUrlProblem, isPrivateHost, SIGNATURE_HEADER, WEBHOOK_EVENT_TYPES } from "./events";

const MEETING_EVENTS = WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith("meeting."));
const TRIAL_EVENTS = WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith("trial."));

import { outboxTo } from "../../../tests/helpers/outbox";
import {
  attemptTimer,
  CRM_WEBHOOK_RULES,
  createEndpoint,
  crmWebhookDelivery,
  deleteEndpoint,
  eventStatements,
  replayDelivery,
  rotateSecret,
  updateEndpoint,
} from "./webhooks.server";

/*
 * CRM webhooks (issue 26, decision 074) against a real HTTP receiver on the loopback network
 * (tests/helpers/webhook-receiver.global.ts): signing, retries and backoff, disabling after
 * sustained failure, replay, parallel drains, and the URL rules.
 */

const box = () => `box-${crypto.randomUUID()}`;

let actor: Awaited<ReturnType<typeof createActor>>;
beforeAll(async () => {
  actor = await createActor();
});

localSiteAndOwnEndpoints();

const deliveriesOf = (endpointId: string) =>
  db()
    .select()
    .from(webhookEndpointDeliveries)
    .where(eq(webhookEndpointDeliveries.endpointId, endpointId))
    .orderBy(webhookEndpointDeliveries.createdAt)
    .all();

/** Ada's demo booking, as the booking form sends it. */
const booking = (email: string, slot: string, day: number) => ({
  name: "Ada Lovelace",
  email,
  phone: "",
  company: "Engines",
  notes: "",
  meetingType: "demo" as const,
  date: weekday(day),
  timeSlot: slot,
  visitorTimezone: null,
});

/** An event written as a change would write it, due at `now`. */
async function emit(now: Date, type: "meeting.booked" | "trial.started" = "meeting.booked") {
  const event = eventStatements(type, { email: "ada@example.com", name: "Ada", meeting: { id: "m-1" } }, now);
  await db().batch(event.statements);
  return event.id;
}

async function independentHmac(secret: string, message: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("where an endpoint may point", () => {
  it("in production: https on a public host only, whatever the host literal's spelling", () => {
    const production = { local: false };
    expect(endpointUrlProblem("https://crm.example.com/hooks", production)).toBeNull();
    expect(endpointUrlProblem("https://93.184.216.34/hooks", production)).toBeNull();
    expect(endpointUrlProblem("http://crm.example.com/hooks", production)).toBe(ENDPOINT_MESSAGES.https);
    for (const url of [
      "https://localhost/x",
      "https://127.0.0.1/x",
      "https://0x7f.1/x",
      "https://2130706433/x",
      "https://10.1.2.3/x",
      "https://172.16.0.1/x",
      "https://192.168.1.1/x",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/x",
      "https://0.0.0.0/x",
      "https://[::1]/x",
      "https://[fd00::1]/x",
      "https://[fe80::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://intranet/x",
      "https://printer.local/x",
      "https://db.internal/x",
    ]) {
      expect(endpointUrlProblem(url, production), url).toBe(ENDPOINT_MESSAGES.privateAddress);
    }
    expect(endpointUrlProblem("https://user:pw@crm.example.com/", production)).toBe(ENDPOINT_MESSAGES.credentials);
    expect(endpointUrlProblem("not a url", production)).toBe(ENDPOINT_MESSAGES.url);
    expect(endpointUrlProblem("ftp://crm.example.com/", production)).toBe(ENDPOINT_MESSAGES.https);
  });

  it("on a plain-http localhost site: a loopback http receiver too, but still no private network", () => {
    const local = { local: true };
    expect(endpointUrlProblem("http://127.0.0.1:9000/hook", local)).toBeNull();
    expect(endpointUrlProblem("http://localhost:9000/hook", local)).toBeNull();
    expect(endpointUrlProblem("http://[::1]:9000/hook", local)).toBeNull();
    expect(endpointUrlProblem("http://192.168.1.5/hook", local)).toBe(ENDPOINT_MESSAGES.https);
    expect(endpointUrlProblem("https://10.0.0.5/hook", local)).toBe(ENDPOINT_MESSAGES.privateAddress);
    expect(isPrivateHost("crm.example.com")).toBe(false);
  });

  it("'local' comes from SITE_URL, not from anything a request says", async () => {
    const before = await countEndpoints();
    const production = setConfig({ SITE_URL: "https://www.flowlane.com" });
    try {
      await expect(createEndpoint(actor, { url: hookUrl(box()), events: ["meeting.booked"] })).rejects.toMatchObject({
        status: 400,
        message: ENDPOINT_MESSAGES.https,
      });
    } finally {
      production();
    }
    expect(await countEndpoints()).toBe(before);
    await expect(createEndpoint(actor, { url: hookUrl(box()), events: ["meeting.booked"] })).resolves.toBeDefined();
  });
});

describe("endpoints", () => {
  it("a secret is generated when none is given; changes are audited without the secret", async () => {
    const made = await createEndpoint(actor, { url: hookUrl(box()), events: ["meeting.booked"] });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const given = await createEndpoint(actor, {
      url: hookUrl(box()),
      events: ["trial.started"],
      secret: "my-own-secret-0123456789",
    });
    expect(given.secret).toBe("my-own-secret-0123456789");
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, made.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["webhook.created"]);
    expect(JSON.stringify(audit)).not.toContain(made.secret);

    const rotated = await rotateSecret(actor, made.id);
    expect(rotated.secret).not.toBe(made.secret);
    const updated = await updateEndpoint(actor, made.id, { events: ["meeting.booked", "meeting.cancelled"] });
    expect(updated.events).toEqual(["meeting.booked", "meeting.cancelled"]);
    expect(updated.secret).toBe(rotated.secret);
    await deleteEndpoint(actor, made.id);
    await expect(deleteEndpoint(actor, made.id)).rejects.toMatchObject({ status: 404 });
    await expect(rotateSecret(actor, made.id)).rejects.toMatchObject({ status: 404 });
  });

  it("an update to a private address is refused and changes nothing", async () => {
    const made = await createEndpoint(actor, { url: hookUrl(box()), events: ["meeting.booked"] });
    const production = setConfig({ SITE_URL: "https://www.flowlane.com" });
    try {
      await expect(updateEndpoint(actor, made.id, { url: "https://10.0.0.8/hook" })).rejects.toMatchObject({
        status: 400,
        message: ENDPOINT_MESSAGES.privateAddress,
      });
    } finally {
      production();
    }
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.id)).all();
    expect(row?.url).toBe(made.url);
  });
});

describe("delivering", { timeout: 120_000 }, () => {
  it("posts {id, type, createdAt, data} signed t=…,v1=HMAC-SHA256(t.body), verified by an independent HMAC", async () => {
    const name = box();
    const endpoint = await createEndpoint(actor, { url: hookUrl(name), events: ["meeting.booked"] });
    const now = new Date(Date.now() + 60_000);
    const eventId = await emit(now);
    expect(await drain([crmWebhookDelivery], now)).toBe(1);
    const [post] = await received(name);
    expect(post).toBeDefined();
    const body = JSON.parse(post!.body);
    expect(body).toEqual({
      id: eventId,
      type: "meeting.booked",
      createdAt: now.toISOString(),
      // No lead for this address: `lead` is there, null.
      data: { email: "ada@example.com", name: "Ada", meeting: { id: "m-1" }, lead: null },
    });
    const header = post!.headers[SIGNATURE_HEADER.toLowerCase()] ?? "";
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBe(Math.floor(now.getTime() / 1000));
    expect(match![2]).toBe(await independentHmac(endpoint.secret, `${match![1]}.${post!.body}`));
    expect(match![2]).not.toBe(await independentHmac("another-secret-000000", `${match![1]}.${post!.body}`));
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200, eventId });
    expect(row?.responseExcerpt).toBe(`received ${name}`);
  });

  it("only enabled endpoints subscribed to the type get a delivery", async () => {
    const now = new Date(Date.now() + 60_000);
    const wants = await createEndpoint(actor, { url: hookUrl(box()), events: ["meeting.booked"] });
    const other = await createEndpoint(actor, { url: hookUrl(box()), events: ["trial.started"] });
    const off = await createEndpoint(actor, { url: hookUrl(box()), events: ["meeting.booked"] });
    await updateEndpoint(actor, off.id, { enabled: false });
    const eventId = await emit(now);
    expect(await deliveriesOf(wants.id)).toMatchObject([{ eventId, eventType: "meeting.booked", status: "pending" }]);
    expect(await deliveriesOf(other.id)).toEqual([]);
    expect(await deliveriesOf(off.id)).toEqual([]);
  });

  it("a failure is retried after the backoff (1, 2, 4… minutes), and a success ends the streak", async () => {
    const name = box();
    const endpoint = await createEndpoint(actor, { url: hookUrl(name, "status=503"), events: ["meeting.booked"] });
    let clock = Date.now() + 60_000;
    await emit(new Date(clock));
    for (let attempt = 1; attempt <= 3; attempt++) {
      await drain([crmWebhookDelivery], new Date(clock));
      expect(await received(name)).toHaveLength(attempt);
      const [row] = await deliveriesOf(endpoint.id);
      const wait = backoffDelay(crmWebhookDelivery.rules, attempt);
      expect(wait).toBe(Math.min(60_000 * 2 ** (attempt - 1), CRM_WEBHOOK_RULES.backoff.cap));
      expect(row).toMatchObject({ status: "pending", attempts: attempt, responseStatus: 503, lastError: "HTTP 503" });
      expect(row?.nextAttemptAt?.getTime()).toBe(clock + wait);
      // Not before the backoff.
      await drain([crmWebhookDelivery], new Date(clock + wait - 1));
      expect(await received(name)).toHaveLength(attempt);
      clock += wait;
    }
    // The receiver is fixed: the next attempt succeeds and the streak is over.
    const fixed = box();
    await updateEndpoint(actor, endpoint.id, { url: hookUrl(fixed) });
    await drain([crmWebhookDelivery], new Date(clock));
    expect(await received(fixed)).toHaveLength(1);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: "succeeded", attempts: 4, responseStatus: 200 });
    const [after] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).all();
    expect(after).toMatchObject({ failures: 0, failingSince: null, enabled: true });
  });

  it(`a receiver that holds the request past ${CRM_WEBHOOK_RULES.timeout / 1000} seconds: the attempt is cut off, logged and retried after the backoff`, async () => {
    const name = box();
    // The receiver holds its answer for a minute; the attempt's 10 s timer is the test's to fire.
    const endpoint = await createEndpoint(actor, { url: hookUrl(name, "delay=60000"), events: ["meeting.booked"] });
    const real = attemptTimer.timeout;
    const asked: number[] = [];
    const timer = new AbortController();
    attemptTimer.timeout = (ms) => {
      asked.push(ms);
      return timer.signal;
    };
    try {
      const now = new Date(Date.now() + 60_000);
      await emit(now);
      const draining = drain([crmWebhookDelivery], now);
      // The request reached the receiver and waits there; then the 10 s are up.
      await expect.poll(async () => (await received(name)).length).toBe(1);
      expect((await deliveriesOf(endpoint.id))[0]?.status).toBe("pending");
      timer.abort(new DOMException("The operation timed out.", "TimeoutError"));
      expect(await draining).toBe(0);
      expect(asked).toEqual([CRM_WEBHOOK_RULES.timeout]);
      const [row] = await deliveriesOf(endpoint.id);
      expect(row).toMatchObject({
        status: "pending",
        attempts: 1,
        responseStatus: null,
        responseExcerpt: null,
        lastError: `No answer within ${CRM_WEBHOOK_RULES.timeout / 1000} seconds`,
        leaseUntil: null,
      });
      expect(row?.nextAttemptAt?.getTime()).toBe(now.getTime() + backoffDelay(crmWebhookDelivery.rules, 1));
      const [after] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).all();
      expect(after).toMatchObject({ failures: 1, enabled: true });
    } finally {
      attemptTimer.timeout = real;
    }
  });

  it("reads at most the response cap and keeps a capped excerpt", async () => {
    const endpoint = await createEndpoint(actor, {
      url: hookUrl(box(), "size=200000"),
      events: ["meeting.booked"],
    });
    const now = new Date(Date.now() + 60_000);
    await emit(now);
    await drain([crmWebhookDelivery], now);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row?.status).toBe("succeeded");
    expect(row?.responseExcerpt).toHaveLength(CRM_WEBHOOK_RULES.excerpt);
  });

  it(`sustained failure (${CRM_WEBHOOK_RULES.disableAfterFailures} failed attempts over a day) turns the endpoint off and emails each Owner once; nothing is dropped silently`, async () => {
    const { admin: owner } = await createAdmin({ role: "owner" });
    const { admin: sales } = await createAdmin({ role: "sales" });
    const name = box();
    const endpoint = await createEndpoint(actor, { url: hookUrl(name, "status=500"), events: ["meeting.booked"] });
    const start = Date.now() + 60_000;
    const n = CRM_WEBHOOK_RULES.disableAfterFailures;
    for (let i = 0; i < n; i++) await emit(new Date(start));
    // Ten failed attempts at once: not yet a day of failure, still on.
    await Promise.all(Array.from({ length: 5 }, () => drain([crmWebhookDelivery], new Date(start))));
    expect(await received(name)).toHaveLength(n);
    let [state] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).all();
    expect(state).toMatchObject({ enabled: true, failures: n, failingSince: new Date(start) });

    // A day later the retries fail again: off, with one email to each Owner (20 drains at once).
    const dayLater = new Date(start + CRM_WEBHOOK_RULES.disableAfterFor);
    await Promise.all(Array.from({ length: 20 }, () => drain([crmWebhookDelivery], dayLater)));
    [state] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).all();
    expect(state).toMatchObject({ enabled: false });
    expect(state?.disabledAt).not.toBeNull();
    const notices = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "integration.webhook_disabled"))
      .all();
    expect(notices.filter((m) => m.to === owner.email)).toHaveLength(1);
    expect(notices.filter((m) => m.to === sales.email)).toHaveLength(0);
    expect(notices[0]?.text).toContain(new URL(endpoint.url).host);
    expect(notices[0]?.text).toContain(`http://localhost:8787/admin/dashboard/settings/integrations/${endpoint.id}`);

    // Every delivery is in the log: the ones not yet given up failed once the endpoint was off.
    const rows = await deliveriesOf(endpoint.id);
    expect(rows).toHaveLength(n);
    for (const row of rows) expect(row.status === "failed" || row.status === "pending").toBe(true);
    await drain([crmWebhookDelivery], new Date(dayLater.getTime() + CRM_WEBHOOK_RULES.backoff.cap));
    for (const row of await deliveriesOf(endpoint.id)) expect(row.status).toBe("failed");
    // New events are not queued for an endpoint that is off.
    await emit(new Date(dayLater.getTime() + 1));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(n);
    // Turning it on again clears the streak.
    const on = await updateEndpoint(actor, endpoint.id, { enabled: true });
    expect(on).toMatchObject({ enabled: true, failures: 0, failingSince: null, disabledAt: null });
  });

  it("replay posts the same event (same id and body) as a new delivery; the original stays", async () => {
    const name = box();
    const endpoint = await createEndpoint(actor, { url: hookUrl(name), events: ["meeting.booked"] });
    const now = new Date(Date.now() + 60_000);
    const eventId = await emit(now);
    await drain([crmWebhookDelivery], now);
    const [original] = await deliveriesOf(endpoint.id);
    const replay = await replayDelivery(actor, original!.id, new Date(now.getTime() + 1000));
    expect(replay).toMatchObject({ eventId, replayOf: original!.id, status: "succeeded", attempts: 1 });
    expect(replay.id).not.toBe(original!.id);
    const posts = await received(name);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toBe(posts[0]!.body);
    expect(posts[1]!.headers["flowlane-delivery"]).toBe(replay.id);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);
    await expect(replayDelivery(actor, "no-such-delivery")).rejects.toMatchObject({ status: 404 });
    await updateEndpoint(actor, endpoint.id, { enabled: false });
    await expect(replayDelivery(actor, original!.id)).rejects.toMatchObject({ status: 409 });
  });

  it("20 parallel drains deliver each delivery exactly once", async () => {
    const name = box();
    const endpoint = await createEndpoint(actor, { url: hookUrl(name), events: ["meeting.booked"] });
    const now = new Date(Date.now() + 60_000);
    for (let i = 0; i < 5; i++) await emit(now);
    const delivered = await Promise.all(Array.from({ length: 20 }, () => drain([crmWebhookDelivery], now)));
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(5);
    const posts = await received(name);
    expect(posts).toHaveLength(5);
    expect(new Set(posts.map((p) => p.headers["flowlane-delivery"])).size).toBe(5);
    for (const row of await deliveriesOf(endpoint.id)) expect(row).toMatchObject({ status: "succeeded", attempts: 1 });
  });
});

describe("events are written with the change that causes them", () => {
  it("a booking writes meeting.booked with the visitor's email and name; a refused booking writes none", async () => {
    const endpoint = await createEndpoint(actor, { url: hookUrl(box()), events: ["meeting.booked"] });
    const booking = {
      name: "Grace Hopper",
      email: `grace-${crypto.randomUUID().slice(0, 6)}@example.com`,
      phone: "",
      company: "Navy",
      notes: "",
      meetingType: "demo" as const,
      date: weekday(4),
      timeSlot: "14:00",
      visitorTimezone: "Europe/Berlin",
    };
    const meeting = await bookMeeting(booking);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows).toHaveLength(1);
    const payload = JSON.parse(rows[0]!.payload);
    expect(payload).toMatchObject({
      id: rows[0]!.eventId,
      type: "meeting.booked",
      data: { email: booking.email, name: "Grace Hopper", meeting: { id: meeting.id, status: "scheduled" } },
    });
    // The same slot again by someone else: refused, and no second event.
    await expect(bookMeeting({ ...booking, email: "other@example.com", name: "Other" })).rejects.toMatchObject({
      status: 409,
    });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it("newsletter.confirmed once for a double click; newsletter.unsubscribed once", async () => {
    const endpoint = await createEndpoint(actor, {
      url: hookUrl(box()),
      events: ["newsletter.confirmed", "newsletter.unsubscribed"],
    });
    const email = `reader-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await subscribe({ email });
    const [message] = await outboxTo(email);
    const token = decodeURIComponent(/confirm\?token=([^\s")]+)/.exec(message!.text)?.[1] ?? "");
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => confirmSubscription(token)));
    expect(outcomes.filter((o) => o === "confirmed")).toHaveLength(1);
    let rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.eventType)).toEqual(["newsletter.confirmed"]);
    expect(JSON.parse(rows[0]!.payload).data).toMatchObject({ email, name: null, subscriber: { status: "confirmed" } });
    const subscriberToken = await subscriberUnsubscribeToken(email);
    await Promise.all(Array.from({ length: 20 }, () => unsubscribe(subscriberToken)));
    rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.eventType).sort()).toEqual(["newsletter.confirmed", "newsletter.unsubscribed"]);
  });
});

describe("the trial signup's newsletter tick emits newsletter.confirmed when it subscribes", {
  timeout: 120_000,
}, () => {
  const verified = async (email: string, subscribeNewsletter: boolean) => {
    await startSignup(orgSignup({ email, subscribeNewsletter }));
    const { code } = await sendTrialCode(email, CLIENT);
    await verifyTrialEmail(email, code, CLIENT);
  };
  const subscriberRow = (email: string) =>
    db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();
  const confirmedEvents = async (endpointId: string, email: string) =>
    (await deliveriesOf(endpointId))
      .map((r) => JSON.parse(r.payload))
      .filter((p) => p.type === "newsletter.confirmed" && p.data.email === email);

  it("a new address: one event with the new subscriber, posted right after the verification", async () => {
    const name = box();
    const endpoint = await createEndpoint(actor, { url: hookUrl(name), events: ["newsletter.confirmed"] });
    const email = uniqueTrialEmail("tick");
    await verified(email, true);
    const row = (await subscriberRow(email))!;
    const [event, ...more] = await confirmedEvents(endpoint.id, email);
    expect(more).toEqual([]);
    expect(event.data).toMatchObject({
      email,
      name: null,
      subscriber: {
        id: row.id,
        status: "confirmed",
        confirmedAt: row.confirmedAt!.toISOString(),
        unsubscribedAt: null,
      },
    });
    // No drain runs here: the verification's own deliverEventsSoon posted it.
    await expect.poll(async () => (await received(name)).map((p) => JSON.parse(p.body).id)).toEqual([event.id]);
  });

  it("a pending footer subscription is confirmed with its own id; a confirmed address and an unticked signup emit nothing", async () => {
    const endpoint = await createEndpoint(actor, { url: hookUrl(box()), events: ["newsletter.confirmed"] });
    const pending = uniqueTrialEmail("tick-pending");
    await subscribe({ email: pending });
    const pendingId = (await subscriberRow(pending))!.id;
    await verified(pending, true);
    expect((await confirmedEvents(endpoint.id, pending)).map((e) => e.data.subscriber.id)).toEqual([pendingId]);

    const already = uniqueTrialEmail("tick-confirmed");
    await subscribe({ email: already });
    const [message] = await outboxTo(already);
    expect(
      await confirmSubscription(decodeURIComponent(/confirm\?token=([^\s")]+)/.exec(message!.text)?.[1] ?? "")),
    ).toBe("confirmed");
    await verified(already, true);
    // The confirmation link's event only.
    expect(await confirmedEvents(endpoint.id, already)).toHaveLength(1);

    const unticked = uniqueTrialEmail("tick-none");
    await verified(unticked, false);
    expect(await confirmedEvents(endpoint.id, unticked)).toEqual([]);
  });

  it("20 verifications of one code at once: one event", async () => {
    const endpoint = await createEndpoint(actor, { url: hookUrl(box()), events: ["newsletter.confirmed"] });
    const email = uniqueTrialEmail("tick-race");
    await startSignup(orgSignup({ email, subscribeNewsletter: true }));
    const { code } = await sendTrialCode(email, CLIENT);
    await Promise.allSettled(Array.from({ length: 20 }, () => verifyTrialEmail(email, code, CLIENT)));
    expect(await confirmedEvents(endpoint.id, email)).toHaveLength(1);
  });
});

describe("every entity's changes emit their events", { timeout: 120_000 }, () => {
  it("meetings: booked, confirmed, completed; booked, rescheduled, cancelled (visitor); booked, cancelled (team)", async () => {
    const endpoint = await createEndpoint(actor, { url: hookUrl(box()), events: [...MEETING_EVENTS] });
    const visitor = (slot: string, day: number) =>
      booking(`ada-${crypto.randomUUID().slice(0, 6)}@example.com`, slot, day);
    const a = await bookMeeting(visitor("09:30", 5));
    await updateMeetingStatus(actor, a.id, "confirmed");
    const later = new Date(a.startsAt.getTime() + 60 * 60 * 1000);
    expect(await completePastMeetings(later)).toBeGreaterThanOrEqual(1);
    const b = await bookMeeting(visitor("10:30", 5));
    await rescheduleByVisitor(await requireMeeting(b.id), { date: weekday(6), timeSlot: "10:30" });
    await cancelByVisitor(await requireMeeting(b.id));
    const c = await bookMeeting(visitor("11:30", 5));
    await updateMeetingStatus(actor, c.id, "cancelled", { reason: "Not a fit" });
    const rows = await deliveriesOf(endpoint.id);
    const of = (id: string) => rows.filter((r) => JSON.parse(r.payload).data.meeting.id === id).map((r) => r.eventType);
    expect(of(a.id)).toEqual(["meeting.booked", "meeting.confirmed", "meeting.completed"]);
    expect(of(b.id)).toEqual(["meeting.booked", "meeting.rescheduled", "meeting.cancelled"]);
    expect(of(c.id)).toEqual(["meeting.booked", "meeting.cancelled"]);
    // Each event has its own id, the same in every endpoint's delivery of it.
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(rows.length);
  });

  it("trials: started, verified, approved; another started, verified, rejected — with the person's email and name", async () => {
    const endpoint = await createEndpoint(actor, { url: hookUrl(box()), events: [...TRIAL_EVENTS] });
    const run = async (action: "approve" | "reject") => {
      const email = uniqueTrialEmail("hook");
      const { subscription } = await startSignup(orgSignup({ email, firstName: "Mae", lastName: "Jemison" }));
      const { code } = await sendTrialCode(email, CLIENT);
      await verifyTrialEmail(email, code, CLIENT);
      await decideApproval(actor, subscription.id, { action });
      return subscription.id;
    };
    const approved = await run("approve");
    const rejected = await run("reject");
    const rows = await deliveriesOf(endpoint.id);
    const of = (id: string) => rows.filter((r) => JSON.parse(r.payload).data.trial.id === id);
    expect(of(approved).map((r) => r.eventType)).toEqual(["trial.started", "trial.verified", "trial.approved"]);
    expect(of(rejected).map((r) => r.eventType)).toEqual(["trial.started", "trial.verified", "trial.rejected"]);
    // An admin marking an address verified emits trial.verified too (once, under 20 parallel tries).
    const email = uniqueTrialEmail("hook-admin");
    const { subscription } = await startSignup(orgSignup({ email }));
    await Promise.allSettled(Array.from({ length: 20 }, () => setEmailVerification(actor, subscription.id, true)));
    expect(
      (await deliveriesOf(endpoint.id))
        .filter((r) => JSON.parse(r.payload).data.trial.id === subscription.id)
        .map((r) => r.eventType),
    ).toEqual(["trial.started", "trial.verified"]);
    expect(JSON.parse(of(approved)[2]!.payload).data).toMatchObject({
      name: "Mae Jemison",
      trial: { status: "active", approvalStatus: "approved", emailVerified: true },
    });
  });
});

/** The token of a subscriber's unsubscribe link, as the footer of their emails carries it. */
async function subscriberUnsubscribeToken(email: string) {
  const row = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();
  return new URL(await unsubscribeUrl(row!.id)).searchParams.get("token") ?? "";
}

describe("the lead inbox's events: lead.created, lead.updated, and the lead in every payload", {
  timeout: 120_000,
}, () => {
  const touch = (query: string) =>
    touchOf(new URL(`http://localhost/${query}`), null, ["localhost"], new Date()) as Touch;
  const leadOf = async (email: string) =>
    requireLead((await db().select().from(leads).where(eq(leads.email, email.toLowerCase())).get())!.id);
  const payloads = async (endpointId: string) =>
    (await deliveriesOf(endpointId)).map((r) => ({ ...JSON.parse(r.payload), status: r.status }));

  it("a first booking: meeting.booked and lead.created carry the lead with its source and campaign, delivered signed", async () => {
    const name = box();
    const endpoint = await createEndpoint(actor, {
      url: hookUrl(name),
      events: ["meeting.booked", "lead.created", "lead.updated"],
    });
    const email = `Ada-${crypto.randomUUID().slice(0, 6)}@Example.com`;
    const attribution = nextAttribution(null, touch("?utm_source=Newsletter&utm_campaign=Nov"));
    const meeting = await bookMeeting(booking(email, "09:00", 7), { attribution });
    const lead = await leadOf(email);
    const expectedLead = {
      id: lead.id,
      status: "new",
      ownerId: lead.ownerId,
      attribution: {
        first: expect.objectContaining({ source: "newsletter", campaign: "nov" }),
        last: expect.objectContaining({ source: "newsletter", campaign: "nov" }),
      },
    };
    const rows = await payloads(endpoint.id);
    expect(rows.map((r) => r.type).sort()).toEqual(["lead.created", "meeting.booked"]);
    const booked = rows.find((r) => r.type === "meeting.booked");
    expect(booked.data).toMatchObject({ email, meeting: { id: meeting.id }, lead: expectedLead });
    const created = rows.find((r) => r.type === "lead.created");
    expect(created.data).toEqual({
      email: email.toLowerCase(),
      name: "Ada Lovelace",
      company: "Engines",
      kind: "meeting",
      previous: null,
      lead: expectedLead,
    });
    // The booking's own deliverEventsSoon posted both (the lead's event with the form's), signed.
    await expect.poll(async () => (await received(name)).length).toBe(2);
    for (const post of await received(name)) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(post.headers[SIGNATURE_HEADER.toLowerCase()] ?? "") ?? [];
      expect(v1).toBe(await independentHmac(endpoint.secret, `${t}.${post.body}`));
      expect([booked.id, created.id]).toContain(JSON.parse(post.body).id);
    }
  });

  it("callback, Enterprise and newsletter arrivals post their lead events right after, not on the next cron run", async () => {
    const name = box();
    const endpoint = await createEndpoint(actor, { url: hookUrl(name), events: ["lead.created", "lead.updated"] });
    const person = () => `kay-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const [callback, enterprise, reader] = [person(), person(), person()];
    await requestCallback({
      firstName: "Kay",
      lastName: "Lee",
      email: callback,
      company: "Acme",
      phone: "",
      message: "",
    });
    await captureEnterpriseLead({
      firstName: "Kay",
      lastName: "Lee",
      email: enterprise,
      company: "Acme",
      teamSize: "51-200",
      message: "",
    });
    await subscribe({ email: reader });
    // The same person again (a newsletter sign-up after their callback): lead.updated, posted too.
    await subscribe({ email: callback });
    // No drain runs here: only each form's own deliverEventsSoon can have posted these.
    await expect.poll(async () => (await received(name)).length).toBe(4);
    const posted = (await received(name)).map(
      (post) => JSON.parse(post.body) as { type: string; data: { email: string; kind: string } },
    );
    expect(posted.map((p) => [p.type, p.data.email, p.data.kind]).sort()).toEqual(
      [
        ["lead.created", callback, "callback"],
        ["lead.created", enterprise, "enterprise"],
        ["lead.created", reader, "newsletter"],
        ["lead.updated", callback, "newsletter"],
      ].sort(),
    );
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id)).map((r) => r.status))
      .toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
  });

  it("a returning person's arrival is a lead.updated (new last touch), not a second lead.created", async () => {
    const endpoint = await createEndpoint(actor, { url: hookUrl(box()), events: ["lead.created", "lead.updated"] });
    const email = `grace-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await bookMeeting(booking(email, "10:00", 7), { attribution: nextAttribution(null, touch("?utm_source=ads")) });
    const again = nextAttribution(null, touch("?utm_source=partner&utm_campaign=dec"));
    await bookMeeting(booking(email, "11:00", 7), { attribution: again });
    const rows = await payloads(endpoint.id);
    expect(rows.map((r) => r.type)).toEqual(["lead.created", "lead.updated"]);
    expect(rows[1].data).toMatchObject({
      kind: "meeting",
      previous: null,
      lead: { attribution: { first: { source: "ads" }, last: { source: "partner", campaign: "dec" } } },
    });
  });

  it("a member's status or owner change writes lead.updated with what it was, delivered; refused changes write none", async () => {
    const name = box();
    const endpoint = await createEndpoint(actor, { url: hookUrl(name), events: ["lead.updated"] });
    const email = `lin-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await bookMeeting(booking(email, "12:00", 7));
    const lead = await leadOf(email);
    // Joins after the lead was assigned, so it is not already its owner.
    const sales = await createAdmin({ role: "sales", name: "Sal Es" });
    await updateLead(actor, lead.id, { status: "contacted" });
    await updateLead(actor, lead.id, { ownerId: sales.admin.id });
    // Refused: the same status again, a lost without a reason, an owner who is not in Sales.
    await expect(updateLead(actor, lead.id, { status: "contacted" })).rejects.toMatchObject({ status: 409 });
    await expect(updateLead(actor, lead.id, { status: "lost" })).rejects.toMatchObject({ status: 400 });
    await expect(updateLead(actor, lead.id, { ownerId: actor.id })).rejects.toMatchObject({ status: 400 });
    const rows = await payloads(endpoint.id);
    expect(rows.map((r) => r.data.previous)).toEqual([
      { status: "new", ownerId: lead.ownerId },
      { status: "contacted", ownerId: lead.ownerId },
    ]);
    expect(rows.map((r) => [r.data.lead.status, r.data.lead.ownerId])).toEqual([
      ["contacted", lead.ownerId],
      ["contacted", sales.admin.id],
    ]);
    expect(rows[0].data).toMatchObject({ email, name: "Ada Lovelace", kind: null, lead: { id: lead.id } });
    await expect.poll(async () => (await received(name)).length).toBe(2);
  });

  it("20 parallel status changes: one wins, one lead.updated", async () => {
    const endpoint = await createEndpoint(actor, { url: hookUrl(box()), events: ["lead.updated"] });
    const email = `race-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await bookMeeting(booking(email, "13:00", 7));
    const lead = await leadOf(email);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => updateLead(actor, lead.id, { status: "qualified" })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const rows = await payloads(endpoint.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].data.lead.status).toBe("qualified");
  });

  it("a bulk status change: one lead.updated per changed lead, none for the skipped one", async () => {
    const endpoint = await createEndpoint(actor, { url: hookUrl(box()), events: ["lead.updated"] });
    const emails = ["13:30", "14:00", "14:30"].map((slot) => ({
      slot,
      email: `bulk-${crypto.randomUUID().slice(0, 6)}@example.com`,
    }));
    for (const { slot, email } of emails) await bookMeeting(booking(email, slot, 7));
    const ids = await Promise.all(emails.map(async ({ email }) => (await leadOf(email)).id));
    await updateLead(actor, ids[0]!, { status: "contacted" });
    const before = (await deliveriesOf(endpoint.id)).length;
    expect(await updateLeads(actor, ids, { status: "contacted" })).toEqual({ updated: 2, skipped: 1 });
    const rows = (await payloads(endpoint.id)).slice(before);
    expect(rows.map((r) => r.data.lead.id).sort()).toEqual([ids[1], ids[2]].sort());
  });
});
