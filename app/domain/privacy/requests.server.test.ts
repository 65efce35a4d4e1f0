import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, meetings } from "~/db/schema";
import { requestCallback } from "~/domain/meetings/callbacks.server";
import { bookMeeting } from "~/domain/meetings/meetings.server";
import { createActor } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { weekday } from "../../../tests/helpers/booking";
import { outboxTo } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { PRIVACY_LINK_LIFETIME } from "./requests.server";
import { PRIVACY_TEXTS } from "./schemas";

beforeAll(async () => {
  await createActor();
});

const ORIGIN = "http://localhost";
const unique = () => `privacy-${crypto.randomUUID().slice(0, 8)}@umbrella.example`;

/** The confirmation link's token, read from the email as the visitor would. */
async function linkToken(email: string) {
  const message = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "privacy.request_confirm")))
    .orderBy(sql`rowid DESC`)
    .get();
  const link = message?.text.match(/\/privacy\/requests\/confirm\?token=([^\s)>\]]+)/)?.[1];
  if (!link) throw new Error("no confirmation link");
  // From SITE_URL, never the request's Host.
  expect(message?.text).toContain(`${TEST_SITE_URL}/privacy/requests/confirm?token=`);
  return decodeURIComponent(link);
}

const confirm = (token: string) =>
  import("~/routes/privacy-requests/confirm").then(async ({ action, loader }) => {
    const opened = loader({
      request: new Request(`${ORIGIN}/privacy/requests/confirm?token=x`),
      params: {},
      context: {},
    } as never);
    expect(opened).toEqual({ token: "x" });
    const answer = (await action({
      request: new Request(`${ORIGIN}/privacy/requests/confirm`, {
        method: "POST",
        headers: { Origin: ORIGIN },
        body: new URLSearchParams({ token }),
      }),
      params: {},
      context: {},
    } as never)) as { data: { outcome: string; message: string }; init: { status: number } | null };
    return answer;
  });

describe("a visitor's own request (decision 088)", () => {
  it("POST /api/privacy/requests answers 202 and emails a link; opening it changes nothing; confirming erases", async () => {
    const email = unique();
    await requestCallback({ firstName: "Leo", lastName: "Kim", email, company: "Umbrella", phone: "", message: "" });
    const r = await api("POST", "/api/privacy/requests", { body: { email: email.toUpperCase(), kind: "erase" } });
    expect(r.status).toBe(202);
    expect(r.json).toEqual({ success: true, message: PRIVACY_TEXTS.checkInbox });
    const token = await linkToken(email);
    const done = await confirm(token);
    expect(done.data).toEqual({ outcome: "erased", message: PRIVACY_TEXTS.erased });
    const outbox = await outboxTo(email);
    expect(outbox).toEqual([]);
    const again = await confirm(token);
    expect(again.data.outcome).toBe("nothing-held");
  });

  it("an export link emails the JSON file once, however often it is confirmed", async () => {
    const email = unique();
    await requestCallback({ firstName: "Leo", lastName: "Kim", email, company: "Umbrella", phone: "", message: "" });
    expect((await api("POST", "/api/privacy/requests", { body: { email, kind: "export" } })).status).toBe(202);
    const token = await linkToken(email);
    await Promise.all(Array.from({ length: 5 }, () => confirm(token)));
    const sent = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "privacy.export")))
      .all();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.sensitive).toBe(true);
    const file = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(sent[0]?.attachments[0]?.content ?? ""), (c) => c.charCodeAt(0))),
    );
    expect(file.held.callbacks[0]).toMatchObject({ email, firstName: "Leo" });
  });

  it("20 requests at once send one email; a bad kind is a 400 with the form's message; no bot check is a 403", async () => {
    const email = unique();
    const calls = await Promise.all(
      Array.from({ length: 20 }, () => api("POST", "/api/privacy/requests", { body: { email, kind: "erase" } })),
    );
    // The client limit refuses past 5 an hour; the idempotency key sends one email whatever the count.
    expect(calls.filter((c) => c.status === 202).length).toBeGreaterThan(0);
    expect(calls.every((c) => c.status === 202 || c.status === 429)).toBe(true);
    const sent = await outboxTo(email);
    expect(sent).toHaveLength(1);
    const bad = await api("POST", "/api/privacy/requests", {
      body: { email, kind: "delete" },
      headers: { "CF-Connecting-IP": "198.51.100.41" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toEqual([{ field: "kind", message: PRIVACY_TEXTS.kindRequired }]);
    const bot = await api("POST", "/api/privacy/requests", {
      body: { email, kind: "erase" },
      botCheck: false,
      headers: { "CF-Connecting-IP": "198.51.100.42" },
    });
    expect(bot.status).toBe(403);
  });

  it("an erasure link is refused while a demo is upcoming; a forged or expired link does nothing", async () => {
    const email = unique();
    await bookMeeting({
      name: "Leo Kim",
      email,
      phone: "",
      company: "Umbrella",
      notes: "",
      meetingType: "demo",
      visitorTimezone: null,
      date: weekday(5),
      timeSlot: "14:30",
    });
    expect(
      (
        await api("POST", "/api/privacy/requests", {
          body: { email, kind: "erase" },
          headers: { "CF-Connecting-IP": "198.51.100.43" },
        })
      ).status,
    ).toBe(202);
    const token = await linkToken(email);
    const refused = await confirm(token);
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toEqual({ outcome: "refused", message: PRIVACY_TEXTS.upcoming });
    expect(await db().select().from(meetings).where(eq(meetings.email, email)).all()).toHaveLength(1);
    const forged = await confirm(token.replace(/erase/, "export"));
    expect(forged.data.outcome).toBe("invalid");
    const { confirmPrivacyRequest } = await import("./requests.server");
    const late = await confirmPrivacyRequest(token, { now: new Date(Date.now() + PRIVACY_LINK_LIFETIME + 60_000) });
    expect(late.outcome).toBe("invalid");
  });
});
