import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, sessions } from "~/db/schema";
import { runJobs } from "~/domain/jobs/runner.server";
import { createAdmin } from "../tests/helpers/accounts";
import { scheduled } from "./scheduled";

describe("scheduled handler", () => {
  it("runs the periodic jobs: a due email is sent and an expired session purged", async () => {
    const { sessionId } = await createAdmin();
    const past = new Date(Date.now() - 60_000);
    await db().update(sessions).set({ expiresAt: past }).where(eq(sessions.id, sessionId));
    await db().insert(emailOutbox).values({
      idempotencyKey: "job-test-1",
      kind: "test",
      to: "someone@flowlane.test",
      subject: "Hello",
      text: "Body",
      status: "pending",
      attempts: 1,
      nextAttemptAt: past,
    });

    const ctx = createExecutionContext();
    await scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const email = await db().select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, "job-test-1")).get();
    expect(email?.status).toBe("sent");
    expect(email?.attempts).toBe(2);
    expect(await db().select().from(sessions).where(eq(sessions.id, sessionId)).get()).toBeUndefined();
  });

  it("keeps running the other jobs when one fails", async () => {
    const results = await runJobs(
      [
        { name: "boom", run: async () => Promise.reject(new Error("exploded")) },
        { name: "fine", run: async () => 3 },
      ],
      new Date(),
    );
    expect(results).toEqual([
      { name: "boom", ok: false, changed: 0, error: "exploded" },
      { name: "fine", ok: true, changed: 3 },
    ]);
  });
});
