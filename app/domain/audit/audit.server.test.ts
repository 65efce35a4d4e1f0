import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { createAdmin } from "../../../tests/helpers/accounts";
import { addMeeting } from "../../../tests/helpers/console-data";
import { auditStatement, auditTargetLabels, listAudit, listAuditActions, listAuditActors } from "./audit.server";
import { AuditQuerySchema } from "./schemas";

// Password hashing (scrypt) is slow on a loaded machine: more than vitest's default 5 s.
const SCRYPT_TIMEOUT = 30_000;

describe("audit log query", { timeout: SCRYPT_TIMEOUT }, () => {
  it("filters by actor and action, newest first, paginated", async () => {
    const ann = { id: null, email: "ann@flowlane.test" };
    const bob = { id: null, email: "bob@flowlane.test" };
    const base = Date.parse("2026-11-01T00:00:00Z");
    const rows: [typeof ann, string, number][] = [
      [ann, "team.approved", 1],
      [bob, "meeting.confirmed", 2],
      [ann, "meeting.confirmed", 3],
      [ann, "meeting.cancelled", 4],
      [bob, "team.rejected", 5],
    ];
    for (const [actor, action, minute] of rows) {
      await db()
        .insert(auditLog)
        .values({
          actorId: actor.id,
          actorEmail: actor.email,
          action,
          targetType: "x",
          createdAt: new Date(base + minute * 60_000),
        });
    }

    const all = await listAudit({ page: 1, limit: 2 });
    expect(all.total).toBe(5);
    expect(all.entries.map((e) => e.action)).toEqual(["team.rejected", "meeting.cancelled"]);
    const page3 = await listAudit({ page: 3, limit: 2 });
    expect(page3.entries.map((e) => e.action)).toEqual(["team.approved"]);

    const anns = await listAudit({ actor: "ANN@flowlane.test", page: 1, limit: 10 });
    expect(anns.total).toBe(3);
    expect(anns.entries.every((e) => e.actorEmail === "ann@flowlane.test")).toBe(true);

    const confirmed = await listAudit({ action: "meeting.confirmed", page: 1, limit: 10 });
    expect(confirmed.entries.map((e) => e.actorEmail)).toEqual(["ann@flowlane.test", "bob@flowlane.test"]);

    const both = await listAudit({ actor: "bob@flowlane.test", action: "meeting.confirmed", page: 1, limit: 10 });
    expect(both.total).toBe(1);

    expect(await listAuditActors()).toEqual(["ann@flowlane.test", "bob@flowlane.test"]);
    expect(await listAuditActions()).toEqual([
      "meeting.cancelled",
      "meeting.confirmed",
      "team.approved",
      "team.rejected",
    ]);
  });

  it("an audit statement stores before and after as JSON", async () => {
    await auditStatement({ id: null, email: "c@flowlane.test" }, "blog.updated", "blog", "p1", { a: 1 }, { a: 2 });
    const { entries } = await listAudit({ actor: "c@flowlane.test", page: 1, limit: 5 });
    expect(entries[0]).toMatchObject({ targetId: "p1", before: { a: 1 }, after: { a: 2 } });
  });

  it("names the records entries point at, for any known target type", async () => {
    const { admin } = await createAdmin({ name: "Label Me", email: "label@flowlane.test" });
    const meeting = await addMeeting({ name: "Ananya Sharma", date: "2031-02-03", timeSlot: "10:30" });
    const labels = await auditTargetLabels([
      { targetType: "admin", targetId: admin.id },
      { targetType: "meeting", targetId: meeting.id },
      { targetType: "meeting", targetId: "deleted-meeting" },
      { targetType: "export", targetId: null },
      { targetType: "unknown", targetId: "x" },
    ]);
    expect(labels[`admin:${admin.id}`]).toBe("Label Me (label@flowlane.test)");
    expect(labels[`meeting:${meeting.id}`]).toBe("Ananya Sharma — 2031-02-03 10:30");
    expect(labels["meeting:deleted-meeting"]).toBeUndefined();
    expect(labels["unknown:x"]).toBeUndefined();
  });

  it("the query schema treats empty filters as none and defaults the page", () => {
    expect(AuditQuerySchema.parse({ actor: "", action: " " })).toEqual({
      actor: undefined,
      action: undefined,
      page: 1,
      limit: 20,
    });
    expect(AuditQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });
});
