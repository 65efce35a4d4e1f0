import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { createActor } from "../../../tests/helpers/accounts";
import { orgSignup, startSignup } from "../../../tests/helpers/trial";
import { EXPORT_KINDS, ExportKindSchema, exportCounts, exportCsv, USER_COLUMNS } from "./exports.server";

const T0 = new Date("2026-07-01T20:00:00.000Z"); // 02:00 on 2 July in Asia/Kolkata

let actor: { id: string; email: string };
beforeAll(async () => {
  actor = await createActor();
});

describe("exportCsv", () => {
  it("writes every user under the spec's field names, guards formulas, names the file by the business day and audits the download", async () => {
    const plain = await startSignup(orgSignup({ companyName: "Plain Mills" }), T0);
    const formula = await startSignup(orgSignup({ companyName: "=HYPERLINK(1)" }), T0);
    const { csv, rows, filename } = await exportCsv(actor, "users", "Asia/Kolkata", T0);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(USER_COLUMNS.map((c) => c.header).join(","));
    expect(rows).toBe(lines.length - 1);
    const users = (await exportCounts()).find((c) => c.kind === "users");
    expect(users?.rows).toBe(rows);
    expect(lines.find((l) => l.includes(plain.subscription.email))).toContain("Plain Mills");
    const guarded = lines.find((l) => l.includes(formula.subscription.email));
    expect(guarded).toContain("'=HYPERLINK(1)");
    expect(guarded).not.toMatch(/,=HYPERLINK/);
    expect(filename).toMatch(/-users-2026-07-02\.csv$/);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "export.users")).all();
    expect(audit.at(-1)).toMatchObject({ actorId: actor.id });
  });

  it("answers each kind, and refuses an unknown one with the page's message", async () => {
    for (const kind of EXPORT_KINDS) {
      const { csv } = await exportCsv(actor, kind, "UTC", T0);
      expect(csv.split(/\r?\n/)[0]).toContain("_id");
    }
    const unknown = ExportKindSchema.safeParse("passwords");
    expect(unknown.success ? "" : unknown.error.issues[0]?.message).toBe(
      "Unknown export. Choose meetings, callbacks, users or subscribers.",
    );
  });
});
