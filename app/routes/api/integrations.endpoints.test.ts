import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { drain } from "~/db/outbox.server";
import { ENDPOINT_MESSAGES, WEBHOOK_EVENT_TYPES } from "~/domain/integrations/events";
import { crmWebhookDelivery, eventStatements } from "~/domain/integrations/webhooks.server";
import { openApiDocument } from "~/routes/api/document.server";
import { roleTokens } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { setConfig } from "../../../tests/helpers/trial";
import { countEndpoints, hookUrl, localSiteAndOwnEndpoints } from "../../../tests/helpers/webhooks";

/*
 * The CRM webhook API (issue 26 item 5, decision 074): exact shapes, checked against the OpenAPI
 * document by `api()`, errors included; a real local receiver takes the deliveries.
 */

const hook = (name = crypto.randomUUID()) => hookUrl(name);
const BASE = "/api/integrations/webhooks";

const tokens = roleTokens("owner", "admin", "sales");

localSiteAndOwnEndpoints();

describe("webhook endpoints", () => {
  it("POST answers 201 {data: {id, secret}}; the secret is never answered again", async () => {
    const created = await api("POST", BASE, { token: tokens.owner, body: { url: hook(), events: ["meeting.booked"] } });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ success: true, data: { id: expect.any(String), secret: expect.any(String) } });
    const { id, secret } = created.json.data;
    expect(secret).toMatch(/^whsec_/);

    const given = await api("POST", BASE, {
      token: tokens.admin,
      body: { url: hook(), events: ["trial.started", "trial.started"], secret: "a-secret-of-my-own-1234" },
    });
    expect(given.json.data.secret).toBe("a-secret-of-my-own-1234");

    const list = await api("GET", BASE, { token: tokens.owner });
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(2);
    expect(list.text).not.toContain(secret);
    const one = await api("GET", `${BASE}/${id}`, { token: tokens.owner });
    expect(one.json.data).toMatchObject({ id, events: ["meeting.booked"], enabled: true, failures: 0 });
    expect(one.text).not.toContain(secret);
    const deduplicated = await api("GET", `${BASE}/${given.json.data.id}`, { token: tokens.owner });
    expect(deduplicated.json.data.events).toEqual(["trial.started"]);
  });

  it("bad input is refused with a clear error and changes nothing", async () => {
    const before = await countEndpoints();
    const cases: [unknown, string][] = [
      [{ url: "not a url", events: ["meeting.booked"] }, ENDPOINT_MESSAGES.url],
      [{ url: hook(), events: [] }, ENDPOINT_MESSAGES.events],
      [{ url: hook(), events: ["meeting.exploded"] }, ENDPOINT_MESSAGES.unknownEvent("meeting.exploded")],
      [{ url: hook(), events: ["meeting.booked"], secret: "short" }, ENDPOINT_MESSAGES.secret],
      [{ url: "https://192.168.0.10/hooks", events: ["meeting.booked"] }, ENDPOINT_MESSAGES.privateAddress],
      [{ url: "http://crm.example.com/hooks", events: ["meeting.booked"] }, ENDPOINT_MESSAGES.https],
    ];
    for (const [body, message] of cases) {
      const answer = await api("POST", BASE, { token: tokens.owner, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.json), JSON.stringify(body)).toContain(message);
    }
    // In production a loopback receiver is a private address too.
    const production = setConfig({ SITE_URL: "https://www.flowlane.com" });
    try {
      const answer = await api("POST", BASE, {
        token: tokens.owner,
        body: { url: hook(), events: ["meeting.booked"] },
      });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toBe(ENDPOINT_MESSAGES.https);
    } finally {
      production();
    }
    expect(await countEndpoints()).toBe(before);

    const { id } = (await api("POST", BASE, { token: tokens.owner, body: { url: hook(), events: ["meeting.booked"] } }))
      .json.data;
    const empty = await api("PATCH", `${BASE}/${id}`, { token: tokens.owner, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toContain(ENDPOINT_MESSAGES.nothingToChange);
    const bad = await api("PATCH", `${BASE}/${id}`, { token: tokens.owner, body: { url: "https://10.1.1.1/x" } });
    expect(bad.status).toBe(400);
    expect((await api("GET", `${BASE}/${id}`, { token: tokens.owner })).json.data.url).not.toContain("10.1.1.1");
  });

  it("update, rotate and delete; a Sales member gets 403 and changes nothing", async () => {
    const { id, secret } = (
      await api("POST", BASE, { token: tokens.owner, body: { url: hook(), events: ["meeting.booked"] } })
    ).json.data;
    const patched = await api("PATCH", `${BASE}/${id}`, {
      token: tokens.owner,
      body: { events: ["newsletter.confirmed"], enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toMatchObject({ id, events: ["newsletter.confirmed"], enabled: false });

    expect((await api("GET", BASE, { token: tokens.sales })).status).toBe(403);
    expect((await api("DELETE", `${BASE}/${id}`, { token: tokens.sales })).status).toBe(403);
    expect(
      (await api("POST", BASE, { token: tokens.sales, body: { url: hook(), events: ["meeting.booked"] } })).status,
    ).toBe(403);

    const rotated = await api("POST", `${BASE}/${id}/secret`, { token: tokens.owner });
    expect(rotated.status).toBe(200);
    expect(rotated.json.data).toEqual({ id, secret: expect.any(String) });
    expect(rotated.json.data.secret).not.toBe(secret);

    // 20 deletes at once: one succeeds, the others find nothing.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api("DELETE", `${BASE}/${id}`, { token: tokens.owner })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(19);
    expect((await api("GET", `${BASE}/${id}`, { token: tokens.owner })).status).toBe(404);
  });
});

describe("deliveries and replay", { timeout: 60_000 }, () => {
  it("the log lists each delivery; replay answers 201 with a new delivery of the same event", async () => {
    const { id } = (await api("POST", BASE, { token: tokens.owner, body: { url: hook(), events: ["meeting.booked"] } }))
      .json.data;
    const now = new Date(Date.now() + 60_000);
    const event = eventStatements("meeting.booked", { email: "ada@example.com", name: "Ada" }, now);
    await db().batch(event.statements);
    await drain([crmWebhookDelivery], now);

    const log = await api("GET", `${BASE}/${id}/deliveries`, { token: tokens.owner });
    expect(log.status).toBe(200);
    expect(log.json.pagination).toMatchObject({ currentPage: 1, totalItems: 1 });
    const [delivery] = log.json.data;
    expect(delivery).toMatchObject({
      endpointId: id,
      eventId: event.id,
      eventType: "meeting.booked",
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      replayOf: null,
    });

    const replay = await api("POST", `${BASE}/deliveries/${delivery.id}/replay`, { token: tokens.owner });
    expect(replay.status).toBe(201);
    expect(replay.json.data).toMatchObject({ eventId: event.id, replayOf: delivery.id, status: "succeeded" });
    expect((await api("GET", `${BASE}/${id}/deliveries`, { token: tokens.owner })).json.data).toHaveLength(2);

    expect((await api("POST", `${BASE}/deliveries/missing/replay`, { token: tokens.owner })).status).toBe(404);
    expect((await api("POST", `${BASE}/deliveries/${delivery.id}/replay`, { token: tokens.sales })).status).toBe(403);
    expect((await api("GET", `${BASE}/missing/deliveries`, { token: tokens.owner })).status).toBe(404);
    await api("PATCH", `${BASE}/${id}`, { token: tokens.owner, body: { enabled: false } });
    const off = await api("POST", `${BASE}/deliveries/${delivery.id}/replay`, { token: tokens.owner });
    expect(off.status).toBe(409);
  });
});

describe("the OpenAPI document", () => {
  it("documents every event and its payload in `webhooks`, with the signature header", () => {
    const doc = openApiDocument() as unknown as {
      webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: unknown } }>;
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const hookDoc = doc.webhooks[type]!.post;
      expect(hookDoc.parameters.map((p) => p.name)).toContain("Flowlane-Signature");
      const schema = JSON.stringify(hookDoc.requestBody);
      for (const field of ['"id"', '"type"', '"createdAt"', '"data"', '"email"', '"name"']) {
        expect(schema, `${type} ${field}`).toContain(field);
      }
    }
  });
});
