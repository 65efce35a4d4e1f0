import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, callbackRequests, emailOutbox } from "~/db/schema";
import { MEETING_TEXTS } from "~/domain/meetings/texts";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { outboxTo } from "../../../tests/helpers/outbox";

let counter = 0;
const request = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Neha",
  lastName: "Joshi",
  email: `neha${++counter}@greenleaf.example`,
  company: "GreenLeaf Foods",
  phone: "+91 98111 12345",
  message: "Please call after 3 pm.",
  ...overrides,
});

const callbackCount = async () => (await db().select({ n: count() }).from(callbackRequests).get())?.n ?? 0;

describe("POST /api/callbacks", () => {
  it("stores the request, answers with the spec's text and notifies the sales inbox", async () => {
    const body = request();
    const r = await api("POST", "/api/callbacks", { body });
    expect(r.status).toBe(201);
    expect(r.json.message).toBe("Demo request submitted successfully! We'll contact you within 24 hours.");
    expect(r.json.data).toMatchObject({ ...body, status: "new" });
    expect(r.json.data._id).toBe(r.json.data.id);
    const row = await db().select().from(callbackRequests).where(eq(callbackRequests.id, r.json.data.id)).get();
    expect(row).toMatchObject({ firstName: "Neha", company: "GreenLeaf Foods", status: "new" });
    const mails = (await outboxTo("sales@flowlane.example")).filter((m) => m.text.includes(body.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: "callback.sales_notice",
      subject: "Callback request: Neha Joshi (GreenLeaf Foods)",
    });
  });

  it("takes phone and message as optional", async () => {
    const r = await api("POST", "/api/callbacks", { body: request({ phone: undefined, message: undefined }) });
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({ phone: "", message: "" });
  });

  it.each([
    ["a missing first name", { firstName: undefined }, "firstName", "First name is required"],
    ["a missing last name", { lastName: "" }, "lastName", "Last name is required"],
    ["a missing email", { email: undefined }, "email", "Email is required"],
    ["an invalid email", { email: "neha.example" }, "email", "Email is invalid"],
    ["a missing company", { company: " " }, "company", "Company is required"],
    ["an over-long message", { message: "x".repeat(2001) }, "message", "Message must be at most 2000 characters."],
    [
      "an over-long first name",
      { firstName: "x".repeat(101) },
      "firstName",
      "First name must be at most 100 characters.",
    ],
  ])("refuses %s with a 400 and stores nothing", async (_name, overrides, field, message) => {
    const before = await callbackCount();
    const r = await api("POST", "/api/callbacks", { body: request(overrides) });
    expect(r.status).toBe(400);
    expect(r.json.details).toContainEqual({ field, message });
    expect(await callbackCount()).toBe(before);
  });

  it("pretends to succeed for a filled honeypot and stores and sends nothing", async () => {
    const before = await callbackCount();
    const body = request({ faxNumber: "555-0100" });
    const r = await api("POST", "/api/callbacks", { body });
    expect(r.status).toBe(201);
    expect(r.json.message).toBe(MEETING_TEXTS.callbackSent);
    expect(await callbackCount()).toBe(before);
    const mails = await db().select().from(emailOutbox).all();
    expect(mails.some((m) => m.text.includes(body.email))).toBe(false);
  });
});

describe("admin callback endpoints", () => {
  it("list callback requests for admins only, with search and status filter", async () => {
    expect((await api("GET", "/api/callbacks")).status).toBe(401);
    const { token } = await createAdmin();
    const a = (
      await api("POST", "/api/callbacks", {
        body: request({ firstName: "Marco", lastName: "Rossi", company: "ItalDesign" }),
      })
    ).json.data;
    await api("POST", "/api/callbacks", {
      body: request({ firstName: "Li", lastName: "Wei", company: "Pacific Trade" }),
    });
    const byName = await api("GET", "/api/callbacks?q=marco ROSSI", { token });
    expect(byName.json.data.map((c: { id: string }) => c.id)).toEqual([a.id]);
    const byCompany = await api("GET", "/api/callbacks?q=pacific", { token });
    expect(byCompany.json.data).toHaveLength(1);
    expect(byCompany.json.pagination.totalItems).toBe(1);
    expect((await api("GET", "/api/callbacks?status=contacted", { token })).json.data).toHaveLength(0);
  });

  it("marks a request contacted once, audited", async () => {
    const { token, admin } = await createAdmin();
    const c = (await api("POST", "/api/callbacks", { body: request() })).json.data;
    const r = await api("PUT", `/api/callbacks/${c.id}/status`, { token, body: { status: "contacted" } });
    expect(r.status).toBe(200);
    expect(r.json.data.status).toBe("contacted");
    const again = await api("PUT", `/api/callbacks/${c.id}/status`, { token, body: { status: "contacted" } });
    expect(again.status).toBe(409);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, c.id)).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, action: "callback.contacted", targetType: "callback_request" });
    expect((await api("PUT", "/api/callbacks/none/status", { token, body: { status: "contacted" } })).status).toBe(404);
    expect((await api("PUT", `/api/callbacks/${c.id}/status`, { token, body: { status: "done" } })).status).toBe(400);
  });
});
