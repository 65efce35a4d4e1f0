import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, callbackRequests } from "~/db/schema";
import { config } from "~/lib/config.server";
import { createActor } from "../../../tests/helpers/accounts";
import { outboxTo } from "../../../tests/helpers/outbox";
import { captureEnterpriseLead, listCallbacks, requestCallback, setCallbackStatus } from "./callbacks.server";

let ADMIN: Awaited<ReturnType<typeof createActor>>;
beforeAll(async () => {
  ADMIN = await createActor();
});

let counter = 0;
const callback = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ravi",
  lastName: `Kumar${++counter}`,
  email: `caller${counter}@example.com`,
  company: `Northwind ${counter}`,
  phone: "+91 90000 00000",
  message: "Please call after 3 pm.",
  ...overrides,
});

const storedFor = (email: string) =>
  db().select().from(callbackRequests).where(eq(callbackRequests.email, email)).all();
const noticesAbout = async (id: string) =>
  (await outboxTo(config().SALES_EMAIL)).filter((email) => email.idempotencyKey.endsWith(id));

describe("requestCallback", () => {
  it("stores a new demo-form request and notifies the sales inbox in the same batch", async () => {
    const input = callback();
    const stored = await requestCallback(input);
    expect(stored).toMatchObject({ status: "new", source: "demo", teamSize: null, email: input.email });
    expect(await storedFor(input.email)).toHaveLength(1);
    const [notice] = await noticesAbout(stored.id);
    expect(notice?.text).toContain(input.company);
  });

  it("a filled honeypot answers like a success and stores and sends nothing", async () => {
    const input = callback({ faxNumber: "555-0100" });
    const answer = await requestCallback(input as ReturnType<typeof callback>);
    expect(answer.status).toBe("new");
    expect(await storedFor(input.email)).toEqual([]);
    expect(await noticesAbout(answer.id)).toEqual([]);
  });

  it("20 requests at once from one address: 3 are stored with their notices, the rest get a 429 and leave nothing", async () => {
    const inputs = Array.from({ length: 20 }, () => callback());
    const results = await Promise.allSettled(
      inputs.map((input) => requestCallback(input, { clientAddress: "198.51.100.20" })),
    );
    const stored = results.filter((r) => r.status === "fulfilled");
    expect(stored).toHaveLength(3);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ status: 429 });
    }
    const rows = (await Promise.all(inputs.map((input) => storedFor(input.email)))).flat();
    expect(rows).toHaveLength(3);
    const notices = (await Promise.all(rows.map((row) => noticesAbout(row.id)))).flat();
    expect(notices).toHaveLength(3);
  });

  it("the same request 20 times at once (a resubmission): one row, one notice, one hit on the limit, 20 answers of it", async () => {
    const input = callback();
    const address = "198.51.100.52";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => requestCallback(input, { clientAddress: address })),
    );
    const [row, ...more] = await storedFor(input.email);
    expect(more).toEqual([]);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([row?.id]));
    expect(await noticesAbout(row!.id)).toHaveLength(1);
    // Sending it again later does not use up the address's 3 an hour either.
    await requestCallback(input, { clientAddress: address });
    await requestCallback(callback(), { clientAddress: address });
    await requestCallback(callback(), { clientAddress: address });
    await expect(requestCallback(callback(), { clientAddress: address })).rejects.toMatchObject({
      status: 429,
    });
  });

  it("a resubmission counts only within 24 hours, and only with every field the same", async () => {
    const input = callback();
    const first = await requestCallback(input, { now: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    const again = await requestCallback(input);
    expect(again.id).not.toBe(first.id);
    const changed = await requestCallback({ ...input, phone: "+91 90000 00001" });
    expect(changed.id).not.toBe(again.id);
    expect(await storedFor(input.email)).toHaveLength(3);
  });
});

describe("captureEnterpriseLead", () => {
  it("stores a pricing-enterprise lead with its team size and notifies sales; a honeypot stores nothing", async () => {
    const input = { ...callback(), teamSize: "51-200" as const };
    const lead = await captureEnterpriseLead(input as Parameters<typeof captureEnterpriseLead>[0]);
    expect(await storedFor(input.email)).toEqual([
      expect.objectContaining({ source: "pricing-enterprise", teamSize: "51-200", phone: "" }),
    ]);
    expect((await noticesAbout(lead.id))[0]?.subject).toContain("Enterprise lead");

    const bot = { ...callback(), teamSize: "51-200" as const, faxNumber: "1" };
    const ignored = await captureEnterpriseLead(bot as Parameters<typeof captureEnterpriseLead>[0]);
    expect(await storedFor(bot.email)).toEqual([]);
    expect(await noticesAbout(ignored.id)).toEqual([]);
  });
});

describe("setCallbackStatus", () => {
  it("marks contacted and back to new, each audited; the same status again or an unknown id changes nothing", async () => {
    const stored = await requestCallback(callback());
    expect((await setCallbackStatus(ADMIN, stored.id, "contacted")).status).toBe("contacted");
    await expect(setCallbackStatus(ADMIN, stored.id, "contacted")).rejects.toMatchObject({ status: 409 });
    expect((await setCallbackStatus(ADMIN, stored.id, "new")).status).toBe("new");
    await expect(setCallbackStatus(ADMIN, "no-such-id", "contacted")).rejects.toMatchObject({ status: 404 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, stored.id)).all();
    expect(audit.map((entry) => entry.action).sort()).toEqual(["callback.contacted", "callback.new"]);
  });

  it("20 admins marking one request contacted at once: one change and one audit record", async () => {
    const stored = await requestCallback(callback());
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => setCallbackStatus(ADMIN, stored.id, "contacted")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ status: 409 });
    }
    const [audits] = await db().select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, stored.id)).all();
    expect(audits?.n).toBe(1);
  });
});

describe("listCallbacks", () => {
  it("finds by full name or company, case-insensitively, and filters by status", async () => {
    const input = callback({ firstName: "Zoya", lastName: "Quartermaine", company: "Helios Quanta" });
    const stored = await requestCallback(input);
    const byName = await listCallbacks({ status: "all", q: "zoya quarter", page: 1, limit: 50 });
    expect(byName.callbacks.map((c) => c.id)).toEqual([stored.id]);
    const byCompany = await listCallbacks({ status: "new", q: "HELIOS", page: 1, limit: 50 });
    expect(byCompany.callbacks.map((c) => c.id)).toEqual([stored.id]);
    const contacted = await listCallbacks({ status: "contacted", q: "helios", page: 1, limit: 50 });
    expect(contacted).toEqual({ callbacks: [], total: 0 });
  });
});
