import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { requestCallback } from "~/domain/meetings/callbacks.server";
import { createActor, createAdmin } from "../../../tests/helpers/accounts";
import { updateLead } from "./leads.server";

/* Round-robin assignment, in a database of its own: the team here is the whole team. */

let actor: Awaited<ReturnType<typeof createActor>>;
let team: string[];
beforeAll(async () => {
  actor = await createActor(); // an Owner: never assigned
  await createAdmin({ role: "marketing" });
  await createAdmin({ role: "sales", status: "pending" });
  team = await Promise.all([1, 2, 3].map(async () => (await createAdmin({ role: "sales" })).admin.id));
});

let n = 0;
const arrive = (at = new Date()) => {
  const i = ++n;
  return requestCallback(
    { firstName: "L", lastName: `${i}`, email: `rr-${i}@company-${i}.example`, company: "C", phone: "", message: "" },
    { now: at },
  );
};

async function openCounts() {
  const rows = await db()
    .select({ ownerId: leads.ownerId, n: sql<number>`count(*)` })
    .from(leads)
    .where(sql`${leads.status} IN ('new', 'contacted', 'qualified')`)
    .groupBy(leads.ownerId)
    .all();
  return new Map(rows.map((r) => [r.ownerId, r.n]));
}

describe("round-robin among active Sales members", () => {
  it("spreads 100 leads (arriving 20 at a time) within one of each other, only to active Sales members", async () => {
    for (let wave = 0; wave < 5; wave++) await Promise.all(Array.from({ length: 20 }, () => arrive()));
    const counts = await openCounts();
    expect([...counts.keys()].sort()).toEqual([...team].sort());
    const values = team.map((id) => counts.get(id) ?? 0);
    expect(values.reduce((a, b) => a + b, 0)).toBe(100);
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
  });

  it("gives the next lead to the member with the fewest open leads; ties to the least recently assigned", async () => {
    // Close two of the first member's leads: they now have the fewest open ones.
    const [first, second, third] = team as [string, string, string];
    const theirs = await db().select().from(leads).where(eq(leads.ownerId, first)).limit(3).all();
    for (const lead of theirs) await updateLead(actor, lead.id, { status: "won" });
    const counts = await openCounts();
    const before = [first, second, third].map((id) => counts.get(id) ?? 0);
    await arrive();
    const after = await openCounts();
    expect(after.get(first)).toBe((before[0] ?? 0) + 1);
    // Equal open counts again: the one who waited longest gets the next.
    const lastAssigned = await db()
      .select({ ownerId: leads.ownerId, at: sql<number>`max(${leads.assignedAt})` })
      .from(leads)
      .groupBy(leads.ownerId)
      .all();
    const level = await openCounts();
    const min = Math.min(...team.map((id) => level.get(id) ?? 0));
    const expected = team
      .filter((id) => (level.get(id) ?? 0) === min)
      .sort(
        (a, b) =>
          (lastAssigned.find((r) => r.ownerId === a)?.at ?? 0) - (lastAssigned.find((r) => r.ownerId === b)?.at ?? 0),
      )[0];
    const callback = await arrive();
    const lead = await db().select().from(leads).where(eq(leads.email, callback.email)).get();
    expect(lead?.ownerId).toBe(expected);
  });
});
