import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { config, resetConfigCache } from "~/lib/config.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { listEmailLog, retryFailedEmail } from "./log.server";
import { emailStatement, retryDelay, retryPendingEmails, sendEmail } from "./outbox.server";

const message = (key: string) => ({
  kind: "test",
  to: "Reader@Flowlane.test",
  subject: `Subject ${key}`,
  text: "Hello",
  idempotencyKey: key,
});

const byKey = (key: string) => db().select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, key)).get();

afterEach(() => {
  vi.restoreAllMocks();
  resetConfigCache();
});

describe("email outbox", () => {
  it("stores and delivers a message once, whatever the number of sends", async () => {
    await sendEmail(message("once"));
    await sendEmail(message("once"));
    const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, "once")).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "sent", attempts: 1, to: "reader@flowlane.test" });
    const { emails } = await listEmailLog({ to: "READER@flowlane.test", page: 1 });
    expect(emails.map((m) => m.subject)).toContain("Subject once");
  });

  it("backs off exponentially, capped at two hours", () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelay(n) / 60_000)).toEqual([1, 2, 4, 8, 120, 120]);
  });

  it("retries through the http transport and gives up after 8 attempts", async () => {
    config();
    Object.assign(config(), {
      EMAIL_TRANSPORT: "http",
      EMAIL_API_URL: "https://mail.example/send",
      EMAIL_API_KEY: "k",
    });
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("no", { status: 503 }));
    await db().batch([emailStatement(message("flaky"))]);
    let now = new Date();
    for (let attempt = 1; attempt <= 8; attempt++) {
      await retryPendingEmails(now);
      now = new Date(now.getTime() + 3 * 60 * 60 * 1000);
    }
    const row = await byKey("flaky");
    expect(row).toMatchObject({ status: "failed", attempts: 8, lastError: "email API answered 503" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("https://mail.example/send");
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBe("flaky");

    fetchMock.mockResolvedValue(new Response("{}", { status: 200 }));
    const { admin } = await createAdmin();
    const retried = await retryFailedEmail({ id: admin.id, email: admin.email }, row!.id);
    expect(retried).toMatchObject({ status: "sent" });
    expect(await byKey("flaky")).toMatchObject({ status: "sent", attempts: 1 });
    await expect(retryFailedEmail({ id: admin.id, email: admin.email }, row!.id)).rejects.toMatchObject({
      status: 409,
    });
  });

  it("hands the email API both parts: the text and the HTML", async () => {
    Object.assign(config(), { EMAIL_TRANSPORT: "http", EMAIL_API_URL: "https://mail.example", EMAIL_API_KEY: "k" });
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("{}", { status: 200 }));
    await sendEmail({ ...message("both-parts"), html: "<p>Hello</p>" });
    const sent = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(sent).toMatchObject({ to: "reader@flowlane.test", text: "Hello", html: "<p>Hello</p>" });
    expect(await byKey("both-parts")).toMatchObject({ status: "sent", text: "Hello", html: "<p>Hello</p>" });
  });

  it("does not retry a message before its time", async () => {
    Object.assign(config(), { EMAIL_TRANSPORT: "http", EMAIL_API_URL: "https://mail.example", EMAIL_API_KEY: "k" });
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("no", { status: 500 }));
    await db().batch([emailStatement(message("later"))]);
    const now = new Date();
    await retryPendingEmails(now);
    await retryPendingEmails(new Date(now.getTime() + 30_000));
    expect((await byKey("later"))?.attempts).toBe(1);
  });
});
