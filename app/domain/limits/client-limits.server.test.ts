import { count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, callbackRequests, clientLimits, emailOutbox, meetings } from "~/db/schema";
import { MINUTE } from "~/lib/durations";
import { action as loginAction } from "~/routes/admin/login";
import { action as demoAction } from "~/routes/demo/demo";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { weekday } from "../../../tests/helpers/booking";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { outboxTo } from "../../../tests/helpers/outbox";
import { routeArgs } from "../../../tests/helpers/route-call";
import {
  CLIENT_LIMITS,
  clientAddress,
  purgeClientLimits,
  tooManyMessage,
  withClientLimit,
} from "./client-limits.server";

const _TZ = "Asia/Kolkata";

let ipCounter = 0;
/** A fresh client address for each test, so the tests of this file do not share a window. */
const freshIp = () => `203.0.113.${++ipCounter}`;
const SLOTS = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30"];

const booking = (i: number, date: string) => ({
  name: `Visitor ${i}`,
  email: `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`,
  phone: "+91 98765 43210",
  company: "Acme Corp",
  meetingType: "demo",
  date,
  timeSlot: SLOTS[i % SLOTS.length] ?? "09:00",
  notes: "",
});

const callback = () => ({
  firstName: "Kavya",
  lastName: "Menon",
  email: `cb-${crypto.randomUUID().slice(0, 8)}@example.com`,
  company: "Acme",
  phone: "+91 98765 43210",
  message: "Call me",
});

const formPost = (url: string, fields: Record<string, string>, ip?: string) =>
  new Request(url, {
    method: "POST",
    body: new URLSearchParams(withFormToken(fields)),
    headers: ip ? { "CF-Connecting-IP": ip } : {},
  });

/** React Router's `data()` result as status + data. */
function outcome(result: unknown) {
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const wrapped = result as { data?: unknown; init?: { status?: number; headers?: HeadersInit } };
  return {
    status: wrapped.init?.status ?? 200,
    data: wrapped.data as { result?: { error?: Record<string, string[]> } },
    headers: new Headers(wrapped.init?.headers),
  };
}

describe("clientAddress", () => {
  const at = (value?: string) =>
    clientAddress(
      new Request("http://localhost/", { headers: value === undefined ? {} : { "CF-Connecting-IP": value } }),
    );

  it("reads CF-Connecting-IP, counts IPv6 per /64, and ignores a missing or malformed header", () => {
    expect(at("198.51.100.7")).toBe("198.51.100.7");
    expect(at(" 198.51.100.7 ")).toBe("198.51.100.7");
    expect(at("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(at("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(at("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(at("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(at()).toBeNull();
    expect(at("")).toBeNull();
    expect(at("evil; DROP TABLE")).toBeNull();
    expect(at("x".repeat(500))).toBeNull();
  });

  it("treats a loopback address as no edge address (the local runtime fills the header with it)", () => {
    expect(at("127.0.0.1")).toBeNull();
    expect(at("127.8.9.10")).toBeNull();
    expect(at("::ffff:127.0.0.1")).toBeNull();
    expect(at("::1")).toBeNull();
  });

  it("words the refusal in minutes", () => {
    expect(tooManyMessage(3600)).toBe("Too many requests from your network. Please try again in 60 minutes.");
    expect(tooManyMessage(30)).toBe("Too many requests from your network. Please try again in 1 minute.");
  });
});

describe("public bookings: 3 per hour per address", () => {
  it("20 parallel bookings from one address store exactly 3 meetings, 3 confirmations and 3 sales notices", async () => {
    const ip = freshIp();
    const date = weekday(4);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("POST", "/api/meetings", {
          body: booking(i, i < 10 ? date : weekday(5)),
          headers: { "CF-Connecting-IP": ip },
        }),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 429);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.json.error).toMatch(/^Too many requests from your network\. Please try again in \d+ minutes?\.$/);
      const retryAfter = Number(r.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    const ids = created.map((r) => r.json.data.id as string);
    const stored = await db().select().from(meetings).where(like(meetings.name, "Visitor %")).all();
    expect(stored.map((m) => m.id).sort()).toEqual([...ids].sort());
    const visitors = new Set(stored.map((m) => m.email));
    const outbox = await db().select().from(emailOutbox).all();
    expect(outbox.filter((m) => visitors.has(m.to))).toHaveLength(3);
    const notices = outbox.filter(
      (m) => m.to === "sales@flowlane.example" && [...visitors].some((v) => m.text.includes(v)),
    );
    expect(notices).toHaveLength(3);
  });

  it("another address, and a request without the edge header, are not held back by it", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const r = await api("POST", "/api/meetings", {
        body: booking(i, weekday(6)),
        headers: { "CF-Connecting-IP": ip },
      });
      expect(r.status).toBe(201);
    }
    const blocked = await api("POST", "/api/meetings", {
      body: booking(3, weekday(6)),
      headers: { "CF-Connecting-IP": ip },
    });
    expect(blocked.status).toBe(429);
    const other = await api("POST", "/api/meetings", {
      body: booking(4, weekday(6)),
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(other.status).toBe(201);
    const local = await api("POST", "/api/meetings", { body: booking(5, weekday(6)) });
    expect(local.status).toBe(201);
  });

  it("a refused booking (slot taken, bad date) does not use up the allowance", async () => {
    const ip = freshIp();
    const date = weekday(7);
    const first = await api("POST", "/api/meetings", { body: booking(0, date), headers: { "CF-Connecting-IP": ip } });
    expect(first.status).toBe(201);
    for (let i = 0; i < 5; i++) {
      const taken = await api("POST", "/api/meetings", { body: booking(0, date), headers: { "CF-Connecting-IP": ip } });
      expect(taken.status).toBe(409);
    }
    for (const slot of [1, 2]) {
      const r = await api("POST", "/api/meetings", { body: booking(slot, date), headers: { "CF-Connecting-IP": ip } });
      expect(r.status).toBe(201);
    }
    const fourth = await api("POST", "/api/meetings", { body: booking(3, date), headers: { "CF-Connecting-IP": ip } });
    expect(fourth.status).toBe(429);
  });

  it("opens a new window an hour after the first booking", async () => {
    const ip = freshIp();
    const row = { key: `booking:${ip}`, windowStart: new Date(Date.now() - 61 * MINUTE), hits: 3, maxHits: 3 };
    await db().insert(clientLimits).values(row);
    const r = await api("POST", "/api/meetings", { body: booking(4, weekday(8)), headers: { "CF-Connecting-IP": ip } });
    expect(r.status).toBe(201);
    const after = await db().select().from(clientLimits).where(eq(clientLimits.key, row.key)).get();
    expect(after?.hits).toBe(1);
  });

  it("the /demo form shows the limit message in the form, answers 429 and stores nothing", async () => {
    const ip = freshIp();
    await db()
      .insert(clientLimits)
      .values({ key: `booking:${ip}`, windowStart: new Date(Date.now() - 20 * MINUTE), hits: 3, maxHits: 3 });
    const before = (await db().select({ n: count() }).from(meetings).get())?.n;
    const fields = { intent: "book", ...booking(5, weekday(9)) };
    const result = outcome(await demoAction(routeArgs(formPost("http://localhost/demo", fields, ip))));
    expect(result.status).toBe(429);
    expect(result.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(result.data?.result?.error?.[""]).toEqual([
      "Too many requests from your network. Please try again in 40 minutes.",
    ]);
    expect((await db().select({ n: count() }).from(meetings).get())?.n).toBe(before);
    expect(await outboxTo(fields.email)).toHaveLength(0);
  });
});

describe("callback requests: 3 per hour per address", () => {
  it("20 parallel requests from one address store exactly 3 and notify sales 3 times", async () => {
    const ip = freshIp();
    const bodies = Array.from({ length: 20 }, callback);
    const responses = await Promise.all(
      bodies.map((body) => api("POST", "/api/callbacks", { body, headers: { "CF-Connecting-IP": ip } })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(17);
    const emails = new Set(bodies.map((b) => b.email));
    const stored = (await db().select().from(callbackRequests).all()).filter((c) => emails.has(c.email));
    expect(stored).toHaveLength(3);
    const notices = (await db().select().from(emailOutbox).all()).filter((m) =>
      stored.some((c) => m.text.includes(c.email)),
    );
    expect(notices).toHaveLength(3);
  });

  it("the /demo callback form shows the message and stores nothing", async () => {
    const ip = freshIp();
    await db()
      .insert(clientLimits)
      .values({ key: `callback:${ip}`, windowStart: new Date(Date.now() - 59 * MINUTE), hits: 3, maxHits: 3 });
    const body = callback();
    const result = outcome(
      await demoAction(routeArgs(formPost("http://localhost/demo?mode=callback", { intent: "callback", ...body }, ip))),
    );
    expect(result.status).toBe(429);
    expect(result.data?.result?.error?.[""]?.[0]).toMatch(
      /^Too many requests from your network\. Please try again in 1 minute\.$/,
    );
    expect(await db().select().from(callbackRequests).where(eq(callbackRequests.email, body.email)).all()).toEqual([]);
  });
});

describe("login and register attempts: 20 failures per 15 minutes per address", () => {
  it("30 parallel wrong passwords from one address: at most 20 are checked, then even the right one is refused", async () => {
    const ip = freshIp();
    // Different accounts, so the per-account lock is not what stops them.
    const accounts = await Promise.all(Array.from({ length: 3 }, () => createAdmin()));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api("POST", "/api/auth/login", {
          body: { email: accounts[i % 3]?.admin.email, password: "wrong-password-1" },
          headers: { "CF-Connecting-IP": ip },
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 401)).toHaveLength(20);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.headers.get("Retry-After")).toMatch(/^\d+$/);
    const right = await api("POST", "/api/auth/login", {
      body: { email: accounts[0]?.admin.email, password: TEST_PASSWORD },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(right.status).toBe(429);
    expect(right.json.error).toBe("Too many requests from your network. Please try again in 15 minutes.");
    // From another network the account still works.
    const elsewhere = await api("POST", "/api/auth/login", {
      body: { email: accounts[0]?.admin.email, password: TEST_PASSWORD },
      headers: { "CF-Connecting-IP": freshIp() },
    });
    expect(elsewhere.status).toBe(200);
  });

  it("successful logins do not count", async () => {
    const ip = freshIp();
    const { admin } = await createAdmin();
    for (let i = 0; i < 25; i++) {
      const r = await withClientLimit(
        "auth",
        new Request("http://localhost/", { headers: { "CF-Connecting-IP": ip } }),
        async () => i,
        { refundOnSuccess: true },
      );
      expect(r).toBe(i);
    }
    const ok = await api("POST", "/api/auth/login", {
      body: { email: admin.email, password: TEST_PASSWORD },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(ok.status).toBe(200);
    const row = await db()
      .select()
      .from(clientLimits)
      .where(eq(clientLimits.key, `auth:${ip}`))
      .get();
    expect(row?.hits).toBe(0);
  });

  it("registrations count, and a refused one creates no account", async () => {
    const ip = freshIp();
    await db()
      .insert(clientLimits)
      .values({ key: `auth:${ip}`, windowStart: new Date(Date.now() - 5 * MINUTE), hits: 19, maxHits: 20 });
    const first = await api("POST", "/api/auth/register", {
      body: { name: "New One", email: "limit-new-1@flowlane.test", password: "a-long-password-1" },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(first.status).toBe(201);
    const second = await api("POST", "/api/auth/register", {
      body: { name: "New Two", email: "limit-new-2@flowlane.test", password: "a-long-password-1" },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(second.status).toBe(429);
    expect(second.json.error).toBe("Too many requests from your network. Please try again in 10 minutes.");
    expect(await db().select().from(admins).where(eq(admins.email, "limit-new-2@flowlane.test")).get()).toBeUndefined();
  });

  it("the admin login form shows the message with a 429", async () => {
    const ip = freshIp();
    const { admin } = await createAdmin();
    await db()
      .insert(clientLimits)
      .values({ key: `auth:${ip}`, windowStart: new Date(Date.now() - 1 * MINUTE), hits: 20, maxHits: 20 });
    const login = outcome(
      await loginAction(
        routeArgs(
          formPost(
            "http://localhost/admin?index",
            { intent: "login", email: admin.email, password: TEST_PASSWORD },
            ip,
          ),
        ),
      ),
    );
    expect(login.status).toBe(429);
    expect(login.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(login.data?.result?.error?.[""]).toEqual([
      "Too many requests from your network. Please try again in 14 minutes.",
    ]);
    const register = outcome(
      await loginAction(
        routeArgs(
          formPost(
            "http://localhost/admin?index",
            { intent: "register", name: "Form One", email: "limit-form@flowlane.test", password: "a-long-password-1" },
            ip,
          ),
        ),
      ),
    );
    expect(register.status).toBe(429);
    expect(await db().select().from(admins).where(eq(admins.email, "limit-form@flowlane.test")).get()).toBeUndefined();
  });
});

describe("purgeClientLimits", () => {
  it("drops windows that closed more than an hour ago and keeps open ones", async () => {
    const now = new Date();
    const old = {
      key: "booking:192.0.2.200",
      windowStart: new Date(now.getTime() - 3 * 60 * MINUTE),
      hits: 1,
      maxHits: 3,
    };
    const open = {
      key: "booking:192.0.2.201",
      windowStart: new Date(now.getTime() - 10 * MINUTE),
      hits: 1,
      maxHits: 3,
    };
    // A day-long window (one booking's reschedules, decision 042) is kept by its own length.
    const dayLong = { key: "meetingReschedule:m-1", windowStart: old.windowStart, hits: 3, maxHits: 3 };
    const dayOld = {
      key: "meetingReschedule:m-2",
      windowStart: new Date(now.getTime() - 26 * 60 * MINUTE),
      hits: 1,
      maxHits: 3,
    };
    await db().insert(clientLimits).values([old, open, dayLong, dayOld]);
    expect(await purgeClientLimits(now)).toBeGreaterThanOrEqual(2);
    const keys = (await db().select().from(clientLimits).all()).map((r) => r.key);
    expect(keys).toContain(open.key);
    expect(keys).not.toContain(old.key);
    expect(keys).toContain(dayLong.key);
    expect(keys).not.toContain(dayOld.key);
    expect(CLIENT_LIMITS.booking.max).toBe(3);
  });
});
