import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, leads } from "~/db/schema";
import { bookingRules } from "~/domain/calendar/calendar.server";
import { requestCallback } from "~/domain/meetings/callbacks.server";
import { HOUR, MINUTE } from "~/lib/durations";
import { createActor, createAdmin } from "../../../tests/helpers/accounts";
import { leadOf, uniqueLeadEmail } from "../../../tests/helpers/leads";
import { setConfig } from "../../../tests/helpers/trial";
import { businessHoursBetween } from "./business-hours";
import { addLeadNote, flagLateLeads, isLate, leadTimeline, speedToLeadByWeek, updateLead } from "./leads.server";

/*
 * The SLA flag and speed to lead, in a file (and so a database) of their own: every lead here
 * arrives at a time the test names, and the job looks at all of them.
 */

let actor: Awaited<ReturnType<typeof createActor>>;
let sales: { id: string; email: string };
beforeAll(async () => {
  actor = await createActor();
  sales = (await createAdmin({ role: "sales", name: "Sam Sales" })).admin;
});

describe("speed to lead and the SLA", () => {
  // Asia/Kolkata, 09:00-18:00 (UTC+5:30): Friday 2026-11-27 16:30 local = 11:00Z.
  const FRIDAY_1630 = new Date("2026-11-27T11:00:00Z");
  const at = (iso: string) => new Date(iso);

  it("flags a lead still new after 2 business hours once, emailing its owner once", async () => {
    const email = uniqueLeadEmail("sla");
    await requestCallback(
      { firstName: "Late", lastName: "Lead", email, company: "Acme", phone: "", message: "" },
      { now: FRIDAY_1630 },
    );
    const lead = (await leadOf(email))!;
    // Friday 18:00 local: 1.5 business hours. The weekend adds none. Monday 09:30: 2 hours.
    expect(await flagLateLeads(at("2026-11-27T12:30:00Z"))).toBe(0);
    expect(await flagLateLeads(at("2026-11-30T03:59:00Z"))).toBe(0);
    const monday = at("2026-11-30T04:00:00Z");
    const [first, second] = await Promise.all([flagLateLeads(monday), flagLateLeads(monday)]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await flagLateLeads(at("2026-11-30T09:00:00Z"))).toBe(0);
    const mails = (await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "lead.sla")).all()).filter((m) =>
      m.idempotencyKey.endsWith(lead.id),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(sales.email);
    expect(mails[0]?.text).toContain(`/admin/dashboard/leads/${lead.id}`);
    expect((await leadTimeline(lead)).filter((e) => e.type === "sla")).toHaveLength(1);
  });

  it("does not flag a lead the team touched, and honours LEAD_SLA_HOURS", async () => {
    const restore = setConfig({ LEAD_SLA_HOURS: "4" });
    try {
      const email = uniqueLeadEmail("sla4");
      await requestCallback(
        { firstName: "Slow", lastName: "Lead", email, company: "Acme", phone: "", message: "" },
        { now: at("2026-12-01T04:00:00Z") }, // Tuesday 09:30 local
      );
      const touched = uniqueLeadEmail("sla-touched");
      await requestCallback(
        { firstName: "Fast", lastName: "Lead", email: touched, company: "Acme", phone: "", message: "" },
        { now: at("2026-12-01T04:00:00Z") },
      );
      await updateLead(actor, (await leadOf(touched))!.id, { status: "contacted" }, at("2026-12-01T04:10:00Z"));
      expect(await flagLateLeads(at("2026-12-01T07:00:00Z"))).toBe(0); // 3 business hours
      expect(await flagLateLeads(at("2026-12-01T08:00:00Z"))).toBe(1); // 4: only the untouched one
      expect((await leadOf(touched))?.slaNotifiedAt).toBeNull();
    } finally {
      restore();
      setConfig({ LEAD_SLA_HOURS: "2" });
    }
  });

  it("the weekly median of arrival to first touch", async () => {
    const weekStart = at("2026-12-07T00:00:00Z"); // a Monday
    const minutes = [10, 30, 50];
    for (const m of minutes) {
      const email = uniqueLeadEmail("speed");
      await requestCallback(
        { firstName: "S", lastName: "L", email, company: "Acme", phone: "", message: "" },
        { now: weekStart },
      );
      await addLeadNote(actor, (await leadOf(email))!.id, "hi", new Date(weekStart.getTime() + m * 60000));
    }
    const weeks = await speedToLeadByWeek(at("2026-12-09T00:00:00Z"), 2);
    expect(weeks.at(-1)).toEqual({ week: "2026-12-07", medianMinutes: 30, touched: 3 });
  });

  it("the weekly median: the mean of the two middle ones for an even count, weeks apart, untouched leads left out", async () => {
    const arrive = async (iso: string, touchedAfter: number | null) => {
      const createdAt = at(iso);
      await db()
        .insert(leads)
        .values({
          email: uniqueLeadEmail("median"),
          createdAt,
          updatedAt: createdAt,
          firstTouchAt: touchedAfter === null ? null : new Date(createdAt.getTime() + touchedAfter * MINUTE),
        });
    };
    // Week of Monday 2027-03-01: 80, 10, 40, 20 minutes (median 30) and one never touched;
    // Sunday 2027-03-07 23:59 still belongs to it. Week of 2027-03-08: one lead, 5 minutes.
    await arrive("2027-03-01T00:00:00Z", 80);
    await arrive("2027-03-03T12:00:00Z", 10);
    await arrive("2027-03-05T09:30:00Z", 40);
    await arrive("2027-03-07T23:59:00Z", 20);
    await arrive("2027-03-04T10:00:00Z", null);
    await arrive("2027-03-08T00:00:00Z", 5);
    // Before the window (Sunday of the week before it): not counted.
    await arrive("2027-02-21T23:00:00Z", 1);
    expect(await speedToLeadByWeek(at("2027-03-10T15:00:00Z"), 3)).toEqual([
      { week: "2027-02-22", medianMinutes: null, touched: 0 },
      { week: "2027-03-01", medianMinutes: 30, touched: 4 },
      { week: "2027-03-08", medianMinutes: 5, touched: 1 },
    ]);
  });

  it("whether a lead is late counts its first business hours only, with the same answer as counting every day", () => {
    const rules = bookingRules();
    const to = at("2026-11-27T11:00:00Z");
    // From three years before to minutes before, across weekends and evenings.
    for (const hoursBefore of [0.5, 1, 2, 3, 9, 20, 50, 70, 200, 1000, 26_000]) {
      const from = new Date(to.getTime() - hoursBefore * HOUR);
      const full = businessHoursBetween(from, to, rules);
      const capped = businessHoursBetween(from, to, rules, 2);
      expect(capped >= 2).toBe(full >= 2);
      expect(capped).toBeLessThanOrEqual(full);
      expect(isLate({ status: "new", createdAt: from }, to)).toBe(full >= 2);
    }
  });
});
