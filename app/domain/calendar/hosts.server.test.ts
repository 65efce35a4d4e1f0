import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, auditLog, companyClosures, hostOverrides, schedulingHosts } from "~/db/schema";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { HOLIDAY_STATES, HOLIDAY_YEARS, indiaHolidays } from "./holidays";
import { HOST_MESSAGES } from "./hosts";

/*
 * Hosts, date overrides and company closures through the API (issue 27 items 1 and 9,
 * decisions 076 and 077).
 */

const WEEK = [
  { day: 1, start: "09:00", end: "13:00" },
  { day: 1, start: "14:00", end: "18:00" },
  { day: 3, start: "10:00", end: "16:00" },
];

afterEach(async () => {
  await db().delete(companyClosures);
  await db().delete(hostOverrides);
  await db().delete(schedulingHosts);
});

const closureCount = async () => (await db().select({ n: count() }).from(companyClosures).get())?.n ?? 0;

describe("hosts", () => {
  it("lists every active member: Sales take demos by default with the business hours, others not", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const { admin: seller } = await createAdmin({ role: "sales", name: "Sita Sales" });
    const { admin: writer } = await createAdmin({ role: "author", name: "Ari Author" });
    await createAdmin({ status: "pending" });
    const r = await api("GET", "/api/scheduling/hosts", { token });
    expect(r.status).toBe(200);
    const byId = new Map(r.json.data.map((h: { memberId: string }) => [h.memberId, h]));
    expect(byId.get(seller.id)).toMatchObject({
      takesDemos: true,
      timeZone: "Asia/Kolkata",
      dailyCap: null,
      weeklyHours: [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "18:00" })),
      overrides: [],
    });
    expect(byId.get(writer.id)).toMatchObject({ takesDemos: false });
    expect(r.json.data.every((h: { role: string | null }) => h.role !== null)).toBe(true);
  });

  it("PUT sets hours with several intervals a day in the host's zone, a cap, and audits it", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const { admin: writer } = await createAdmin({ role: "marketing" });
    const body = { takesDemos: true, timeZone: "Europe/Berlin", weeklyHours: WEEK, dailyCap: 4 };
    const r = await api("PUT", `/api/scheduling/hosts/${writer.id}`, { token, body });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ memberId: writer.id, ...body });
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, "scheduling.host_changed")).all();
    expect(entries.filter((e) => e.targetId === writer.id)).toHaveLength(1);
  });

  it("refuses bad hours with a clear message and changes nothing", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const { admin: seller } = await createAdmin({ role: "sales" });
    const base = { takesDemos: true, timeZone: "Asia/Kolkata", weeklyHours: WEEK, dailyCap: null };
    const cases: [object, string][] = [
      [{ weeklyHours: [{ day: 8, start: "09:00", end: "10:00" }] }, HOST_MESSAGES.day],
      [{ weeklyHours: [{ day: 1, start: "10:00", end: "09:00" }] }, HOST_MESSAGES.time],
      [
        {
          weeklyHours: [
            { day: 2, start: "09:00", end: "12:00" },
            { day: 2, start: "11:00", end: "13:00" },
          ],
        },
        HOST_MESSAGES.overlap,
      ],
      [{ timeZone: "Mars/Olympus" }, HOST_MESSAGES.timeZone],
      [{ dailyCap: 0 }, HOST_MESSAGES.dailyCap],
    ];
    for (const [change, message] of cases) {
      const r = await api("PUT", `/api/scheduling/hosts/${seller.id}`, { token, body: { ...base, ...change } });
      expect(r.status, message).toBe(400);
      expect(JSON.stringify(r.json)).toContain(message);
    }
    expect(await db().select().from(schedulingHosts).all()).toHaveLength(0);
    const missing = await api("PUT", `/api/scheduling/hosts/${crypto.randomUUID()}`, { token, body: base });
    expect(missing.status).toBe(404);
  });

  it("20 saves at once leave one whole row", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const { admin: seller } = await createAdmin({ role: "sales" });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("PUT", `/api/scheduling/hosts/${seller.id}`, {
          token,
          body: { takesDemos: true, timeZone: "Asia/Kolkata", weeklyHours: WEEK, dailyCap: i + 1 },
        }),
      ),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await db().select().from(schedulingHosts).where(eq(schedulingHosts.memberId, seller.id)).all()).toHaveLength(
      1,
    );
  });

  it("overrides: away or other hours over a range; listed, removable; a removed member's go with them", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const { admin: seller } = await createAdmin({ role: "sales" });
    const away = await api("POST", `/api/scheduling/hosts/${seller.id}/overrides`, {
      token,
      body: { from: "2030-03-04", to: "2030-03-08" },
    });
    expect(away.status).toBe(201);
    expect(away.json.data).toMatchObject({ from: "2030-03-04", to: "2030-03-08", hours: null });
    const other = await api("POST", `/api/scheduling/hosts/${seller.id}/overrides`, {
      token,
      body: { from: "2030-03-11", to: "2030-03-11", hours: [{ start: "12:00", end: "15:00" }] },
    });
    expect(other.status).toBe(201);
    const bad = await api("POST", `/api/scheduling/hosts/${seller.id}/overrides`, {
      token,
      body: { from: "2030-03-11", to: "2030-03-10" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(HOST_MESSAGES.range);
    const listed = await api("GET", "/api/scheduling/hosts", { token });
    const host = listed.json.data.find((h: { memberId: string }) => h.memberId === seller.id);
    expect(host.overrides.map((o: { from: string }) => o.from)).toEqual(["2030-03-04", "2030-03-11"]);

    const removed = await api("DELETE", `/api/scheduling/hosts/${seller.id}/overrides/${away.json.data.id}`, { token });
    expect(removed.status).toBe(200);
    const again = await api("DELETE", `/api/scheduling/hosts/${seller.id}/overrides/${away.json.data.id}`, { token });
    expect(again.status).toBe(404);
    await db().delete(admins).where(eq(admins.id, seller.id));
    expect(await db().select().from(hostOverrides).all()).toHaveLength(0);
  });
});

describe("company closures", () => {
  it("adds a range (201), refuses the same range and reason twice (409, also when 20 race), removes it", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const body = { from: "2030-10-20", to: "2030-10-24", reason: "Diwali week" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api("POST", "/api/scheduling/closures", { token, body })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).every((r) => r.json.error === HOST_MESSAGES.closureExists)).toBe(
      true,
    );
    expect(await closureCount()).toBe(1);
    const listed = await api("GET", "/api/scheduling/closures", { token });
    expect(listed.json.data).toEqual([expect.objectContaining({ ...body, source: "manual" })]);
    const id = listed.json.data[0].id;
    expect((await api("DELETE", `/api/scheduling/closures/${id}`, { token })).status).toBe(200);
    expect((await api("DELETE", `/api/scheduling/closures/${id}`, { token })).status).toBe(404);
    expect(await closureCount()).toBe(0);
  });

  it("refuses a bad range and an empty reason, changing nothing", async () => {
    const { token } = await createAdmin({ role: "owner" });
    for (const body of [
      { from: "2030-10-24", to: "2030-10-20", reason: "Backwards" },
      { from: "2030-02-30", to: "2030-03-01", reason: "No such day" },
      { from: "2030-01-01", to: "2031-06-01", reason: "Too long" },
      { from: "2030-01-01", to: "2030-01-01", reason: "  " },
    ]) {
      expect((await api("POST", "/api/scheduling/closures", { token, body })).status).toBe(400);
    }
    expect(await closureCount()).toBe(0);
  });

  it("imports a year of India's public holidays (and a state's), once however often it runs", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const year = HOLIDAY_YEARS[1]!;
    const national = indiaHolidays(year)!;
    expect(national.map((h) => h.name)).toEqual(
      expect.arrayContaining(["Republic Day", "Independence Day", "Gandhi Jayanti"]),
    );
    expect(national.find((h) => h.name === "Republic Day")?.date).toBe(`${year}-01-26`);
    const first = await api("POST", "/api/scheduling/closures/holidays", { token, body: { year } });
    expect(first.status).toBe(201);
    expect(first.json.data.imported).toBe(national.length);
    const twice = await api("POST", "/api/scheduling/closures/holidays", { token, body: { year } });
    expect(twice.json.data.imported).toBe(0);
    // Maharashtra adds its own day; the national ones are not doubled.
    expect(HOLIDAY_STATES.some(([code]) => code === "MH")).toBe(true);
    const withState = await api("POST", "/api/scheduling/closures/holidays", { token, body: { year, state: "MH" } });
    expect(withState.json.data.imported).toBe(indiaHolidays(year, "MH")!.length - national.length);
    expect(withState.json.data.closures.map((c: { reason: string }) => c.reason)).toContain("Maharashtra Day");
    const stored = await db().select().from(companyClosures).all();
    expect(stored.every((c) => c.source === "holidays")).toBe(true);
    expect(stored).toHaveLength(indiaHolidays(year, "MH")!.length);

    const unknown = await api("POST", "/api/scheduling/closures/holidays", { token, body: { year: 1999 } });
    expect(unknown.status).toBe(400);
    const badState = await api("POST", "/api/scheduling/closures/holidays", { token, body: { year, state: "XX" } });
    expect(badState.status).toBe(400);
  });
});
