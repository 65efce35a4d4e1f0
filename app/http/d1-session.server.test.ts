import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { callbackRequests } from "~/db/schema";
import { BOOKMARK_COOKIE } from "./cookies.server";
import { BOOKMARK_HEADER, requestBookmark, sessionStart, withDbSession } from "./d1-session.server";

const ORIGIN = "http://localhost";

afterEach(() => vi.restoreAllMocks());

const callback = (firstName: string) => ({
  firstName,
  lastName: "Visitor",
  email: `${firstName}@example.test`,
  company: "Example Co",
});

/** A visitor's write (a callback request) inside a request's D1 session. */
async function writeCallback(name: string) {
  const request = new Request(`${ORIGIN}/demo?index`, { method: "POST" });
  return withDbSession(request, async () => {
    await db().insert(callbackRequests).values(callback(name));
    return new Response(null, { status: 303, headers: { Location: "/demo?sent=1" } });
  });
}

function bookmarkCookie(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("flowlane_bookmark="));
  return cookie?.split(";")[0];
}

/** The bookmark inside a `name=value` cookie, read the way the D1 client reads it. */
async function bookmarkIn(cookie: string | undefined) {
  return BOOKMARK_COOKIE.read(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie ?? "" } }));
}

describe("D1 sessions: where a request starts", () => {
  it("writes and admins start at the primary, visitors anywhere", async () => {
    const at = (path: string, init: RequestInit = {}) => sessionStart(new Request(`${ORIGIN}${path}`, init));
    expect(await at("/demo?index", { method: "POST" })).toBe("first-primary");
    expect(await at("/api/meetings", { method: "POST" })).toBe("first-primary");
    expect(await at("/admin/dashboard")).toBe("first-primary");
    expect(await at("/api/admin/emails")).toBe("first-primary");
    expect(await at("/api/blogs", { headers: { Authorization: "Bearer x" } })).toBe("first-primary");
    expect(await at("/blog", { headers: { Cookie: "flowlane_session=abc" } })).toBe("first-primary");
    expect(await at("/blog")).toBe("first-unconstrained");
    expect(await at("/api/blogs")).toBe("first-unconstrained");
  });

  it("ignores a malformed bookmark instead of sending it to D1", async () => {
    const request = (cookie: string) => new Request(`${ORIGIN}/blog`, { headers: { Cookie: cookie } });
    const encoded = (value: string) => encodeURIComponent(btoa(JSON.stringify(value)));
    expect(await requestBookmark(request("flowlane_bookmark=not a bookmark"))).toBeNull();
    expect(await requestBookmark(request("flowlane_bookmark=00000001-zz"))).toBeNull();
    expect(await requestBookmark(request(`flowlane_bookmark=${encoded("00000001-zz")}`))).toBeNull();
    expect(await sessionStart(request(`flowlane_bookmark=${"0".repeat(500)}`))).toBe("first-unconstrained");
    expect(await sessionStart(request(`flowlane_bookmark=${encoded("0".repeat(500))}`))).toBe("first-unconstrained");
  });

  it("ignores an unsigned bookmark cookie (the raw form from before decision 032 is no longer read)", async () => {
    const request = new Request(`${ORIGIN}/blog`, { headers: { Cookie: "flowlane_bookmark=0000000a-00000001" } });
    expect(await requestBookmark(request)).toBeNull();
  });
});

describe("D1 sessions: the bookmark round trip", () => {
  it("a write hands back a bookmark cookie; the next page starts there and reads the write", async () => {
    const withSession = vi.spyOn(env.DB, "withSession");
    const response = await writeCallback("roundtrip");
    expect(withSession).toHaveBeenLastCalledWith("first-primary");
    const cookie = bookmarkCookie(response);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("flowlane_bookmark="))).toMatch(
      /^flowlane_bookmark=[^;]+; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const bookmark = await bookmarkIn(cookie);
    expect(bookmark).toMatch(/^[0-9a-f-]+$/i);

    const next = new Request(`${ORIGIN}/demo?sent=1`, { headers: { Cookie: cookie! } });
    const page = await withDbSession(next, async () => {
      const row = await db().select().from(callbackRequests).where(eq(callbackRequests.firstName, "roundtrip")).get();
      return new Response(row ? "seen" : "missing");
    });
    expect(withSession).toHaveBeenLastCalledWith(bookmark);
    expect(await page.text()).toBe("seen");
    // Reads never set the cookie: public pages stay cacheable.
    expect(page.headers.getSetCookie()).toEqual([]);
  });

  it("every later write hands back a bookmark at least as new", async () => {
    const first = await bookmarkIn(bookmarkCookie(await writeCallback("first")));
    const second = await bookmarkIn(bookmarkCookie(await writeCallback("second")));
    expect(first).toMatch(/^[0-9a-f-]+$/i);
    expect(second! >= first!).toBe(true);
  });

  it("on /api the bookmark travels in the x-d1-bookmark header, both ways", async () => {
    const withSession = vi.spyOn(env.DB, "withSession");
    const write = await withDbSession(new Request(`${ORIGIN}/api/callbacks`, { method: "POST" }), async () => {
      await db().insert(callbackRequests).values(callback("api"));
      return Response.json({ success: true }, { status: 201 });
    });
    const bookmark = write.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toMatch(/^[0-9a-f-]+$/i);
    expect(write.headers.getSetCookie()).toEqual([]);

    const read = await withDbSession(
      new Request(`${ORIGIN}/api/blogs`, { headers: { [BOOKMARK_HEADER]: bookmark! } }),
      async () =>
        Response.json({
          n: (await db().select().from(callbackRequests).where(eq(callbackRequests.firstName, "api"))).length,
        }),
    );
    expect(withSession).toHaveBeenLastCalledWith(bookmark);
    expect(await read.json()).toEqual({ n: 1 });
    expect(read.headers.get(BOOKMARK_HEADER)).toMatch(/^[0-9a-f-]+$/i);
  });

  it("outside a request (cron jobs) db() is the plain binding", async () => {
    let inside: unknown;
    await withDbSession(new Request(`${ORIGIN}/blog`), async () => {
      inside = db();
      return new Response("ok");
    });
    expect(db()).not.toBe(inside);
    expect(db()).toBe(db());
  });

  it("builds one drizzle client per request, on its first query; a request without one (an edge-cache hit) never reaches D1", async () => {
    const clients: unknown[] = [];
    const withSession = vi.spyOn(env.DB, "withSession");
    await withDbSession(new Request(`${ORIGIN}/`), async () => {
      clients.push(db(), db());
      return new Response("ok");
    });
    expect(clients[0]).toBe(clients[1]);
    const hit = await withDbSession(new Request(`${ORIGIN}/`), async () => new Response("cached"));
    expect(await hit.text()).toBe("cached");
    expect(hit.headers.has("Set-Cookie")).toBe(false);
    expect(withSession).toHaveBeenCalledTimes(2);
    // A session that ran a query has a bookmark; this one never reached D1.
    const session = withSession.mock.results[1]?.value as D1DatabaseSession;
    expect(session.getBookmark()).toBeNull();
  });
});
