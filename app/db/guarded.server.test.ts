import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditStatement } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/errors";
import { db } from "./client.server";
import { guardedBatch, isGuardAbort, rowMatches } from "./guarded.server";
import { auditLog, callbackRequests, changeGuards } from "./schema";

const actor = { id: null, email: "guard@flowlane.test" };

async function newCallback() {
  const id = crypto.randomUUID();
  await db()
    .insert(callbackRequests)
    .values({ id, firstName: "Ann", lastName: "Lee", email: "ann@example.com", company: "Lee & Co" });
  return id;
}

const auditCount = async (targetId: string) =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, targetId)).get())?.n ?? 0;

/** "Mark contacted" as a guarded change: the new → contacted move and its audit row. */
function markContacted(id: string) {
  return guardedBatch(
    rowMatches(
      "callback is new",
      callbackRequests,
      and(eq(callbackRequests.id, id), eq(callbackRequests.status, "new")),
    ),
    [
      db().update(callbackRequests).set({ status: "contacted" }).where(eq(callbackRequests.id, id)),
      auditStatement(actor, "callback.contacted", "callback", id, { status: "new" }, { status: "contacted" }),
    ],
    () => new AppError(409, "Already contacted."),
  );
}

describe("guardedBatch", () => {
  it("runs every statement when the guard holds", async () => {
    const id = await newCallback();
    await markContacted(id);
    const row = await db().select().from(callbackRequests).where(eq(callbackRequests.id, id)).get();
    expect(row?.status).toBe("contacted");
    expect(await auditCount(id)).toBe(1);
  });

  it("writes nothing and throws the refusal when the guard does not hold", async () => {
    const id = await newCallback();
    await markContacted(id);
    await expect(markContacted(id)).rejects.toMatchObject({ status: 409, message: "Already contacted." });
    expect(await auditCount(id)).toBe(1);
    const guards = await db().select({ n: count() }).from(changeGuards).get();
    expect(guards?.n).toBe(0);
  });

  it("lets exactly one of 25 parallel copies through, with exactly one side effect", async () => {
    for (let round = 0; round < 10; round++) {
      const id = await newCallback();
      const outcomes = await Promise.allSettled(Array.from({ length: 25 }, () => markContacted(id)));
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ status: 409 });
      expect(await auditCount(id)).toBe(1);
    }
  });

  it("leaves other failures alone", async () => {
    const id = await newCallback();
    const failure = guardedBatch(
      rowMatches("callback exists", callbackRequests, eq(callbackRequests.id, id)),
      [db().insert(callbackRequests).values({ id, firstName: "A", lastName: "B", email: "x@y.z", company: "C" })],
      () => new AppError(409, "never"),
    );
    const error = await failure.catch((e: unknown) => e);
    expect(isGuardAbort(error)).toBe(false);
    expect(String((error as Error).cause ?? error)).toMatch(/UNIQUE/);
  });
});
