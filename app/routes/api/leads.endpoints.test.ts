import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { leadEvents, leads } from "~/db/schema";
import { withAttribution } from "~/http/attribution.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { latestCodeFor, orgPayload } from "../../../tests/helpers/trial";

let owner: string;
let sales: { id: string; token: string };
let marketing: string;
let author: string;
beforeAll(async () => {
  owner = (await createAdmin({ role: "owner" })).token;
  const s = await createAdmin({ role: "sales", name: "Sam" });
  sales = { id: s.admin.id, token: s.token };
  marketing = (await createAdmin({ role: "marketing" })).token;
  author = (await createAdmin({ role: "author" })).token;
});

/** The cookie a visitor gets landing on `/?utm_source=Newsletter&utm_campaign=nov`. */
async function landedFromNewsletter() {
  const page = new Response("<p>home</p>", { headers: { "Content-Type": "text/html" } });
  const landed = await withAttribution(new Request("http://localhost/?utm_source=Newsletter&utm_campaign=nov"), page);
  return (landed.headers.get("Set-Cookie") ?? "").split(";")[0];
}

let n = 0;
/** A callback through the public API, from a visitor who landed on a newsletter link. */
async function callbackLead(cookie?: string) {
  const email = `api-lead-${++n}@northwind-${n}.example`;
  const r = await api("POST", "/api/callbacks", {
    body: { firstName: "Neha", lastName: "Joshi", email, company: "Northwind", phone: "", message: "" },
    cookie,
  });
  expect(r.status).toBe(201);
  return (await db().select().from(leads).where(eq(leads.email, email)).get())!;
}

describe("the leads API", () => {
  it("a public form sent with the attribution cookie makes a lead whose attribution the API shows", async () => {
    const cookie = await landedFromNewsletter();
    const lead = await callbackLead(cookie);
    const list = await api("GET", `/api/leads?source=NEWSLETTER&campaign=nov&q=${encodeURIComponent(lead.email)}`, {
      token: marketing,
    });
    expect(list.status).toBe(200);
    expect(list.json.pagination).toMatchObject({ currentPage: 1, totalItems: 1 });
    expect(list.json.data[0]).toEqual({
      id: lead.id,
      email: lead.email,
      name: "Neha Joshi",
      company: "Northwind",
      kinds: ["callback"],
      status: "new",
      ownerId: sales.id,
      attribution: {
        first: expect.objectContaining({ source: "newsletter", campaign: "nov", landingPath: "/" }),
        last: expect.objectContaining({ source: "newsletter", campaign: "nov" }),
      },
      createdAt: lead.createdAt.toISOString(),
      firstTouchAt: null,
    });
  });

  it("a trial signup is a lead once its code is verified, with the touches of the request that verifies it (decision 083)", async () => {
    const payload = orgPayload();
    const email = payload.email.toLowerCase();
    expect((await api("POST", "/api/subscriptions/trial/start", { body: payload })).status).toBe(201);
    expect(await db().select().from(leads).where(eq(leads.email, email)).get()).toBeUndefined();
    await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email, purpose: "trial" } });
    const verified = await api("POST", "/api/auth/general-email-verification/verify-otp", {
      body: { email, otp: await latestCodeFor(email) },
      cookie: await landedFromNewsletter(),
    });
    expect(verified.status).toBe(200);
    const lead = (await db().select().from(leads).where(eq(leads.email, email)).get())!;
    const r = await api("GET", `/api/leads/${lead.id}`, { token: marketing });
    expect(r.json.data).toMatchObject({
      kinds: ["trial"],
      attribution: { first: { source: "newsletter", campaign: "nov" }, last: { source: "newsletter" } },
    });
  });

  it("GET one lead adds its timeline", async () => {
    const lead = await callbackLead();
    const r = await api("GET", `/api/leads/${lead.id}`, { token: marketing });
    expect(r.status).toBe(200);
    expect(r.json.data.timeline.map((e: { type: string }) => e.type)).toContain("callback");
    expect(r.json.data.attribution).toEqual({ first: null, last: null });
    expect((await api("GET", "/api/leads/nope", { token: owner })).status).toBe(404);
  });

  it("PATCH changes status and owner; POST notes adds a note; both are first touches", async () => {
    const lead = await callbackLead();
    const patched = await api("PATCH", `/api/leads/${lead.id}`, { token: sales.token, body: { status: "contacted" } });
    expect(patched.status).toBe(200);
    expect(patched.json.data.status).toBe("contacted");
    expect(patched.json.data.firstTouchAt).not.toBeNull();
    const note = await api("POST", `/api/leads/${lead.id}/notes`, {
      token: sales.token,
      body: { text: " Sent pricing " },
    });
    expect(note.status).toBe(201);
    expect(note.json.data).toMatchObject({ type: "note", text: "Sent pricing", actor: expect.any(String) });
    const lost = await api("PATCH", `/api/leads/${lead.id}`, {
      token: owner,
      body: { status: "lost", reason: "Chose a competitor" },
    });
    expect(lost.json.data.status).toBe("lost");
    const detail = await api("GET", `/api/leads/${lead.id}`, { token: sales.token });
    expect(detail.json.data.timeline.map((e: { text: string }) => e.text)).toEqual(
      expect.arrayContaining(["New → Contacted", "Sent pricing", "Contacted → Lost (Chose a competitor)"]),
    );
  });

  it("bad input gets a clear error and changes nothing", async () => {
    const lead = await callbackLead();
    const cases: [unknown, number, string][] = [
      [{ status: "lost" }, 400, "Give a reason for losing or disqualifying this lead."],
      [{ status: "maybe" }, 400, "status must be one of: new, contacted, qualified, won, lost, disqualified."],
      [{}, 400, "Choose a status or an owner."],
      [{ ownerId: "someone" }, 400, "The owner must be an active Sales member."],
      [{ status: "new" }, 409, "This lead already has that status and owner."],
    ];
    for (const [body, status, message] of cases) {
      const r = await api("PATCH", `/api/leads/${lead.id}`, { token: sales.token, body });
      expect([r.status, r.json.error]).toEqual([status, message]);
    }
    const note = await api("POST", `/api/leads/${lead.id}/notes`, { token: sales.token, body: { text: "  " } });
    expect([note.status, note.json.error]).toEqual([400, "Write a note."]);
    expect((await api("GET", "/api/leads?status=open", { token: sales.token })).status).toBe(400);
    expect((await api("GET", "/api/leads?from=2026-13-01", { token: sales.token })).status).toBe(400);
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).all();
    expect(events.map((e) => e.type)).toEqual(["callback"]);
  });

  it("20 parallel PATCHes: one 200, the rest 409, one timeline entry", async () => {
    const lead = await callbackLead();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api("PATCH", `/api/leads/${lead.id}`, { token: sales.token, body: { status: "qualified" } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).all();
    expect(events.filter((e) => e.type === "status")).toHaveLength(1);
  });

  it("Marketing reads but cannot change; an Author cannot read; no token is a 401", async () => {
    const lead = await callbackLead();
    expect((await api("PATCH", `/api/leads/${lead.id}`, { token: marketing, body: { status: "won" } })).status).toBe(
      403,
    );
    expect((await api("POST", `/api/leads/${lead.id}/notes`, { token: marketing, body: { text: "x" } })).status).toBe(
      403,
    );
    expect((await api("GET", "/api/leads", { token: author })).status).toBe(403);
    expect((await api("GET", "/api/leads")).status).toBe(401);
  });
});
