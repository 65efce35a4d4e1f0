import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, meetings, sessions } from "~/db/schema";
import { createAdmin } from "../tests/helpers/accounts";
import { describeRun, scheduled } from "./scheduled";

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

  it("completes a confirmed meeting whose end has passed and logs one line saying what each job did", async () => {
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    const [meeting] = await db()
      .insert(meetings)
      .values({
        name: "Past Visitor",
        email: "past@flowlane.test",
        date: "2026-01-05",
        timeSlot: "10:00",
        startsAt: hourAgo,
        status: "confirmed",
      })
      .returning();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const ctx = createExecutionContext();
      await scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
      const lines = log.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith("[cron]"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^\[cron\] "\*\/5 \* \* \* \*" at .*: publish-scheduled-posts \d+, fill-post-slugs \d+, deliveries \d+, .*complete-meetings 1(, [^(]*)? \(\d+ ms\)$/,
      );
    } finally {
      log.mockRestore();
    }
    const after = await db().select().from(meetings).where(eq(meetings.id, meeting!.id)).get();
    expect(after?.status).toBe("completed");
  });

  it("describes a failed job with its error", () => {
    const line = describeRun(
      "*/5 * * * *",
      new Date("2026-11-22T21:45:00Z"),
      [
        { name: "a", ok: true, changed: 2 },
        { name: "b", ok: false, changed: 0, error: "D1 unavailable" },
      ],
      12,
    );
    expect(line).toBe('[cron] "*/5 * * * *" at 2026-11-22T21:45:00.000Z: a 2, b FAILED (D1 unavailable) (12 ms)');
  });
});
