import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox } from "~/db/schema";
import { createAdmin } from "../../../tests/helpers/accounts";
import { listEmailLog, retryFailedEmail } from "./log.server";

// Password hashing (scrypt) is slow on a loaded machine: more than vitest's default 5 s.
const SCRYPT_TIMEOUT = 30_000;

async function failedEmail(to = "someone@example.test") {
  return db()
    .insert(emailOutbox)
    .values({
      idempotencyKey: `test:${crypto.randomUUID()}`,
      kind: "test.kind",
      to,
      subject: "Hello",
      text: "Body",
      status: "failed",
      attempts: 8,
      lastError: "email API answered 503",
    })
    .returning()
    .get();
}

describe("email log", { timeout: SCRYPT_TIMEOUT }, () => {
  it("lists messages newest first, filtered by status and paginated", async () => {
    for (let i = 0; i < 3; i++) await failedEmail(`f${i}@example.test`);
    const all = await listEmailLog({ page: 1, limit: 2 });
    expect(all.total).toBe(3);
    expect(all.emails).toHaveLength(2);
    expect((await listEmailLog({ page: 2, limit: 2 })).emails).toHaveLength(1);
    expect((await listEmailLog({ status: "sent", page: 1 })).total).toBe(0);
    expect((await listEmailLog({ status: "failed", page: 1 })).total).toBe(3);
    expect((await listEmailLog({ to: "F1@example", page: 1 })).emails.map((e) => e.to)).toEqual(["f1@example.test"]);
    expect((await listEmailLog({ to: "%", page: 1 })).total).toBe(0);
  });

  it("a retry sends a failed message again and records who did it", async () => {
    const { admin } = await createAdmin();
    const message = await failedEmail();
    const result = await retryFailedEmail({ id: admin.id, email: admin.email }, message.id);
    expect(result.status).toBe("sent");
    const row = await db().select().from(emailOutbox).where(eq(emailOutbox.id, message.id)).get();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, message.id)).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "email.retried", actorEmail: admin.email, targetType: "email" });

    // Only failed messages can be retried.
    await expect(retryFailedEmail({ id: admin.id, email: admin.email }, message.id)).rejects.toMatchObject({
      status: 409,
      message: "Only failed emails can be retried.",
    });
    await expect(retryFailedEmail({ id: admin.id, email: admin.email }, "nope")).rejects.toMatchObject({ status: 404 });
  });
});
