import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { containsAny } from "~/db/lists.server";
import { auditLog, leadEvents, leads } from "~/db/schema";
import { captureEnterpriseLead, requestCallback } from "~/domain/meetings/callbacks.server";
import { bookMeeting } from "~/domain/meetings/meetings.server";
import { subscribe } from "~/domain/newsletter/newsletter.server";
import { setEmailVerification } from "~/domain/subscriptions/lifecycle.server";
import { parseTrialSignup } from "~/domain/subscriptions/signup-schemas";
import { sendTrialCode, startTrial, verifyTrialEmail } from "~/domain/subscriptions/subscriptions.server";
import type { AppError } from "~/lib/errors";
import { createActor, createAdmin } from "../../../tests/helpers/accounts";
import { weekday } from "../../../tests/helpers/booking";
import { leadOf, uniqueLeadEmail } from "../../../tests/helpers/leads";
import { CLIENT, orgSignup } from "../../../tests/helpers/trial";
import { type Attribution, nextAttribution, type Touch, touchOf } from "./attribution";
import { addLeadNote, leadTimeline, listLeads, requireLead, toLeadJson, updateLead, updateLeads } from "./leads.server";

const OWN = ["localhost"];
const touch = (query: string, at = new Date()) => touchOf(new URL(`http://localhost/${query}`), null, OWN, at) as Touch;
const newsletterNov = () => nextAttribution(null, touch("?utm_source=Newsletter&utm_campaign=nov")) as Attribution;

let actor: Awaited<ReturnType<typeof createActor>>;
beforeAll(async () => {
  actor = await createActor();
  await createAdmin({ role: "sales", name: "Sam Sales" });
});

/** Each lead form through its domain function, carrying `attribution`. */
const FORMS = {
  meeting: async (email: string, attribution: Attribution | null) => {
    await bookMeeting(
      {
        name: "Asha Verma",
        email,
        phone: "",
        company: "Acme",
        notes: "",
        meetingType: "demo",
        visitorTimezone: null,
        date: weekday(3),
        timeSlot: `${10 + Math.floor(Math.random() * 7)}:${Math.random() < 0.5 ? "00" : "30"}`,
      },
      { attribution },
    );
  },
  callback: (email: string, attribution: Attribution | null) =>
    requestCallback(
      { firstName: "Asha", lastName: "Verma", email, company: "Acme", phone: "", message: "Call me" },
      { attribution },
    ),
  enterprise: (email: string, attribution: Attribution | null) =>
    captureEnterpriseLead(
      { firstName: "Asha", lastName: "Verma", email, company: "Acme", teamSize: "51-200", message: "" },
      { attribution },
    ),
  // A trial signup is a lead once its address is verified (decision 083): the code's touches count.
  trial: async (email: string, attribution: Attribution | null) => {
    await startTrial(parseTrialSignup(orgSignup({ email })));
    const { code } = await sendTrialCode(email, CLIENT);
    await verifyTrialEmail(email, code, CLIENT, new Date(), { attribution });
  },
  newsletter: (email: string, attribution: Attribution | null) => subscribe({ email }, { attribution }),
} as const;

describe("every lead form makes a lead carrying the visitor's touches", () => {
  for (const [kind, submit] of Object.entries(FORMS)) {
    it(`${kind}`, async () => {
      const email = uniqueLeadEmail(kind);
      await submit(email, newsletterNov());
      const lead = await leadOf(email);
      expect(lead).toBeDefined();
      const json = toLeadJson(lead!);
      expect(json.kinds).toEqual([kind]);
      expect(json.status).toBe("new");
      expect(json.ownerId).not.toBeNull();
      expect(json.attribution.first).toMatchObject({ source: "newsletter", campaign: "nov", landingPath: "/" });
      expect(json.attribution.last).toEqual(json.attribution.first);
      const timeline = await leadTimeline(lead!);
      expect(timeline.filter((e) => e.type === kind)).toHaveLength(1);
    });
  }

  it("without a cookie the lead is stored with no attribution", async () => {
    const email = uniqueLeadEmail("plain");
    await FORMS.callback(email, null);
    expect(toLeadJson((await leadOf(email))!).attribution).toEqual({ first: null, last: null });
  });
});

describe("a trial signup is a lead once its address is verified (decision 083)", () => {
  it("not at signup nor after a wrong code; with the right code, carrying the touches of the browser that entered it", async () => {
    const email = uniqueLeadEmail("unproved");
    await startTrial(parseTrialSignup(orgSignup({ email })));
    expect(await leadOf(email)).toBeUndefined();
    const { code } = await sendTrialCode(email, CLIENT);
    await expect(verifyTrialEmail(email, code === "000000" ? "111111" : "000000", CLIENT)).rejects.toMatchObject({
      status: 400,
    });
    expect(await leadOf(email)).toBeUndefined();
    await verifyTrialEmail(email, code, CLIENT, new Date(), { attribution: newsletterNov() });
    const lead = toLeadJson((await leadOf(email))!);
    expect(lead).toMatchObject({ kinds: ["trial"], status: "new", name: "Asha Verma" });
    expect(lead.attribution.first).toMatchObject({ source: "newsletter", campaign: "nov" });
  });

  it("20 verifications of one code at once: one lead, one timeline entry", async () => {
    const email = uniqueLeadEmail("race");
    await startTrial(parseTrialSignup(orgSignup({ email })));
    const { code } = await sendTrialCode(email, CLIENT);
    await Promise.allSettled(Array.from({ length: 20 }, () => verifyTrialEmail(email, code, CLIENT)));
    const lead = (await leadOf(email))!;
    expect((await leadTimeline(lead)).filter((e) => e.type === "trial")).toHaveLength(1);
  });

  it("a member marking the address verified makes the lead too (no visitor touches); marking it unverified keeps it", async () => {
    const email = uniqueLeadEmail("marked");
    const started = await startTrial(parseTrialSignup(orgSignup({ email })));
    if (!started.stored) throw new Error("not stored");
    expect(await leadOf(email)).toBeUndefined();
    await setEmailVerification(actor, started.subscription.id, true);
    const lead = toLeadJson((await leadOf(email))!);
    expect(lead).toMatchObject({ kinds: ["trial"], attribution: { first: null, last: null } });
    await setEmailVerification(actor, started.subscription.id, false);
    expect(await leadOf(email)).toBeDefined();
  });
});

describe("one lead per person", () => {
  it("de-duplicates by email (any case), gathers the kinds, keeps the first touch and takes the last", async () => {
    const email = uniqueLeadEmail("dedupe");
    await FORMS.newsletter(email, newsletterNov());
    const later = nextAttribution(
      newsletterNov(),
      touch("pricing?utm_source=LinkedIn&utm_campaign=Dec"),
    ) as Attribution;
    await FORMS.callback(email.toUpperCase(), later);
    await FORMS.enterprise(email, null);
    const rows = await db().select().from(leads).where(eq(leads.email, email)).all();
    expect(rows).toHaveLength(1);
    const json = toLeadJson(rows[0]!);
    expect(json.kinds).toEqual(["callback", "enterprise", "newsletter"]);
    expect(json.name).toBe("Asha Verma");
    expect(json.attribution.first).toMatchObject({ source: "newsletter", campaign: "nov" });
    expect(json.attribution.last).toMatchObject({ source: "linkedin", campaign: "dec", landingPath: "/pricing" });
    expect(rows[0]?.companyDomain).toBe(email.split("@")[1]);
    expect((await leadTimeline(rows[0]!)).map((e) => e.type).filter((t) => t !== "email")).toEqual([
      "newsletter",
      "callback",
      "enterprise",
    ]);
  });

  it("keeps no company domain for a public mailbox", async () => {
    const email = `someone-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    await FORMS.callback(email, null);
    expect((await leadOf(email))?.companyDomain).toBeNull();
  });

  it("20 simultaneous callbacks of one person make one lead and one timeline entry", async () => {
    const email = uniqueLeadEmail("parallel");
    await Promise.all(Array.from({ length: 20 }, () => FORMS.callback(email, newsletterNov())));
    const lead = await leadOf(email);
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id)).all();
    expect(events).toHaveLength(1);
  });
});

describe("a member works the lead", () => {
  async function freshLead() {
    const email = uniqueLeadEmail("work");
    await FORMS.callback(email, newsletterNov());
    return (await leadOf(email))!;
  }

  it("changes status with a timeline entry and an audit record; the first change is the first touch", async () => {
    const lead = await freshLead();
    const now = new Date(lead.createdAt.getTime() + 30 * 60 * 1000);
    const after = await updateLead(actor, lead.id, { status: "contacted" }, now);
    expect(after.firstTouchAt).toEqual(now);
    await updateLead(actor, lead.id, { status: "qualified" }, new Date(now.getTime() + 1000));
    expect((await requireLead(lead.id)).firstTouchAt).toEqual(now);
    const entries = (await leadTimeline(lead)).filter((e) => e.type === "status");
    expect(entries.map((e) => e.text)).toEqual(["New → Contacted", "Contacted → Qualified"]);
    expect(entries[0]?.actor).toBe(actor.email);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, lead.id)).all();
    expect(audits.map((a) => a.action)).toEqual(["lead.updated", "lead.updated"]);
  });

  it("needs a reason to lose or disqualify, and refuses a bad owner, a no-op and an unknown lead (changing nothing)", async () => {
    const lead = await freshLead();
    await expect(updateLead(actor, lead.id, { status: "lost" })).rejects.toMatchObject({ status: 400 });
    await expect(updateLead(actor, lead.id, { ownerId: actor.id })).rejects.toMatchObject({ status: 400 });
    await expect(updateLead(actor, lead.id, {})).rejects.toMatchObject({ status: 400 });
    await expect(updateLead(actor, lead.id, { status: "new" })).rejects.toMatchObject({ status: 409 });
    await expect(updateLead(actor, "nope", { status: "won" })).rejects.toMatchObject({ status: 404 });
    expect(await requireLead(lead.id)).toEqual(lead);
    await updateLead(actor, lead.id, { status: "disqualified", reason: "Student project" });
    const entry = (await leadTimeline(lead)).find((e) => e.type === "status");
    expect(entry?.text).toBe("New → Disqualified (Student project)");
  });

  it("20 parallel status changes: one wins, one timeline entry, one audit record", async () => {
    const lead = await freshLead();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => updateLead(actor, lead.id, { status: i % 2 ? "contacted" : "qualified" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).status).toBe(409);
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).all();
    expect(events.filter((e) => e.type === "status")).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, lead.id)).all()).toHaveLength(1);
  });

  it("20 parallel reassignments: one wins", async () => {
    const lead = await freshLead();
    const others = await Promise.all([1, 2].map(() => createAdmin({ role: "sales" })));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => updateLead(actor, lead.id, { ownerId: others[i % 2]!.admin.id })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).all();
    expect(events.filter((e) => e.type === "owner")).toHaveLength(1);
  });

  it("notes go on the timeline in order and count as the first touch", async () => {
    const lead = await freshLead();
    const at = new Date(lead.createdAt.getTime() + 5 * 60 * 1000);
    await addLeadNote(actor, lead.id, "Left a voicemail", at);
    await addLeadNote(actor, lead.id, "Called back, wants pricing", new Date(at.getTime() + 1000));
    expect((await requireLead(lead.id)).firstTouchAt).toEqual(at);
    const notes = (await leadTimeline(lead)).filter((e) => e.type === "note");
    expect(notes.map((n) => n.text)).toEqual(["Left a voicemail", "Called back, wants pricing"]);
    await expect(addLeadNote(actor, "nope", "x")).rejects.toMatchObject({ status: 404 });
  });

  it("bulk changes skip what changed meanwhile and apply the rest", async () => {
    const a = await freshLead();
    const b = await freshLead();
    await updateLead(actor, b.id, { status: "won" });
    expect(await updateLeads(actor, [a.id, b.id, "missing"], { status: "won" })).toEqual({ updated: 1, skipped: 2 });
    expect((await requireLead(a.id)).status).toBe("won");
  });

  it("the list filters by status, owner, kind, source, campaign, date and search", async () => {
    const email = uniqueLeadEmail("filters");
    await FORMS.enterprise(email, nextAttribution(null, touch("?utm_source=Partner&utm_campaign=Q4-Push")));
    const lead = (await leadOf(email))!;
    const base = { page: 1, limit: 50 };
    const found = async (query: Record<string, unknown>) =>
      (await listLeads({ ...base, ...query })).leads.some((l) => l.id === lead.id);
    expect(await found({ source: "partner", campaign: "q4-push", kind: "enterprise", status: "new" })).toBe(true);
    expect(await found({ kind: "meeting" })).toBe(false);
    expect(await found({ ownerId: lead.ownerId })).toBe(true);
    expect(await found({ ownerId: "none" })).toBe(false);
    expect(await found({ q: email.slice(0, 10) })).toBe(true);
    const day = lead.createdAt.toISOString().slice(0, 10);
    expect(await found({ from: new Date(lead.createdAt.getTime() + 86400000).toISOString().slice(0, 10) })).toBe(false);
    expect(await found({ from: day, to: day })).toBe(true);
  });
});

describe("the search reads its index and finds exactly what a scan of every lead finds", () => {
  // The scan the index replaced: name, email or company contains the text (case-insensitive, literal).
  const scanned = async (q: string, page: number, limit: number, extra?: SQL) => {
    const where = and(containsAny(q, [leads.name, leads.email, leads.company]), extra);
    const rows = await db()
      .select({ id: leads.id })
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await db().select({ n: count() }).from(leads).where(where);
    return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
  };
  const listed = async (q: string, page: number, limit: number, status?: "new" | "won") => {
    const { leads: rows, total } = await listLeads({ q, page, limit, status });
    return { ids: rows.map((r) => r.id), total };
  };

  const token = crypto.randomUUID().slice(0, 6);
  beforeAll(async () => {
    // 130 leads sharing a company word (more matches than DENSE_MATCHES: read newest first), a
    // few rare ones, arriving a second apart, some already won.
    const start = Date.parse("2026-10-01T00:00:00Z");
    const rows = Array.from({ length: 130 }, (_, i) => ({
      email: `p${i}-${token}@search-${token}.example`,
      name: i % 2 ? `Léa O'Brien-${i}` : `Ravi Kumar ${i}`,
      company: `Common${token} Ltd`,
      status: i % 3 ? ("new" as const) : ("won" as const),
      createdAt: new Date(start + i * 1000),
      updatedAt: new Date(start + i * 1000),
    }));
    rows.push(
      ...["Rare", "RARE", "rarely"].map((word, i) => ({
        email: `r${i}-${token}@rare-${token}.example`,
        name: `Zed ${word}${token}`,
        company: "",
        status: "new" as const,
        createdAt: new Date(start + (200 + i) * 1000),
        updatedAt: new Date(start + (200 + i) * 1000),
      })),
    );
    // Ten rows a statement: D1 binds at most 100 values.
    for (let i = 0; i < rows.length; i += 10)
      await db()
        .insert(leads)
        .values(rows.slice(i, i + 10));
  });

  it.each([
    ["a common word, any case", () => `COMMON${token.toUpperCase()}`],
    ["part of an email", () => `${token}@search`],
    ["a name with a space", () => "Ravi Kumar 1"],
    ["an apostrophe and a hyphen", () => "o'brien-1"],
    ["a rare word", () => `rare${token}`],
    ["two characters (scanned: no trigram)", () => "zE"],
    ["FTS operators and quotes taken literally", () => `"rare" OR ${token}*`],
    ["nothing", () => `nobody-${token}`],
  ])("%s", async (_, text) => {
    const q = text();
    for (const [page, limit] of [
      [1, 25],
      [2, 25],
      [6, 25],
    ] as const) {
      expect(await listed(q, page, limit)).toEqual(await scanned(q, page, limit));
    }
    expect(await listed(q, 1, 10, "won")).toEqual(await scanned(q, 1, 10, eq(leads.status, "won")));
  });

  it("follows a lead's changed name and a deleted lead", async () => {
    const email = `change-${token}@rare-${token}.example`;
    await db()
      .insert(leads)
      .values({ email, name: `Before${token}` });
    expect((await listed(`before${token}`, 1, 10)).total).toBe(1);
    await db()
      .update(leads)
      .set({ name: `After${token}` })
      .where(eq(leads.email, email));
    expect((await listed(`before${token}`, 1, 10)).total).toBe(0);
    expect((await listed(`after${token}`, 1, 10)).total).toBe(1);
    await db().delete(leads).where(eq(leads.email, email));
    expect((await listed(`after${token}`, 1, 10)).total).toBe(0);
  });
});
