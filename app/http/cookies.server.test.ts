import { afterEach, describe, expect, it, vi } from "vitest";
import { requireSignedIn } from "~/http/guards.server";
import { randomToken } from "~/lib/crypto.server";
import { action as themeAction } from "~/routes/resources/theme";
import {
  BOOKMARK_COOKIE,
  CHALLENGE_COOKIE,
  REFRESH_COOKIE,
  requestCookies,
  SESSION_COOKIE,
  type SiteCookie,
  THEME_COOKIE,
  TRIAL_COOKIE,
} from "./cookies.server";
import { resolveTheme, themeSession } from "./theme.server";

const LOCAL = "http://localhost/admin";
const DEPLOYED = "https://flowlane.example/admin";

afterEach(() => vi.restoreAllMocks());

/** A request to `url` that sends `cookie` (a `name=value` pair or a whole Set-Cookie line). */
const sending = (cookie: string, url = LOCAL) => new Request(url, { headers: { Cookie: cookie.split(";")[0] ?? "" } });

/** Every cookie with the attributes it must carry, deployed and on plain-http localhost. */
const CASES: { cookie: SiteCookie; value: string; maxAge: number; localPath: string; prefix: boolean }[] = [
  { cookie: SESSION_COOKIE, value: randomToken(), maxAge: 604800, localPath: "/", prefix: true },
  { cookie: REFRESH_COOKIE, value: randomToken(), maxAge: 2592000, localPath: "/api/auth", prefix: true },
  { cookie: CHALLENGE_COOKIE, value: randomToken(), maxAge: 300, localPath: "/", prefix: true },
  { cookie: BOOKMARK_COOKIE, value: "0000000a-00000001", maxAge: 300, localPath: "/", prefix: true },
  { cookie: TRIAL_COOKIE, value: "user_1", maxAge: 86400, localPath: "/", prefix: true },
];

// First in the file: React Router warns once per isolate, so a later test would miss the warning.
describe("the theme cookie through its route", () => {
  it("saves a signed choice that the next page reads, with no unsigned-cookie warning", async () => {
    const warn = vi.spyOn(console, "warn");
    const request = new Request("http://localhost/resources/theme", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: new URLSearchParams({ theme: "dark", returnTo: "/pricing" }),
    });
    const response = (await themeAction({ request, params: {}, context: {} } as never)) as Response;
    expect(response.status).toBe(303);
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect((await resolveTheme(sending(cookie, "http://localhost/pricing"))).theme).toBe("dark");
    expect(warn.mock.calls.flat().join(" ")).not.toMatch(/not signed/);
  });
});

describe("cookie definitions: Set-Cookie attributes", () => {
  for (const { cookie, value, maxAge, localPath, prefix } of CASES) {
    it(`${cookie.base}: __Host- and Secure deployed, plain on http://localhost`, async () => {
      const deployed = await cookie.serialize(new Request(DEPLOYED), value);
      const name = prefix ? `__Host-${cookie.base}` : cookie.base;
      expect(deployed).toMatch(
        new RegExp(`^${name}=[^;]+; Max-Age=${maxAge}; Path=/; HttpOnly; Secure; SameSite=Lax$`),
      );
      const local = await cookie.serialize(new Request(LOCAL), value);
      expect(local).toMatch(
        new RegExp(`^${cookie.base}=[^;]+; Max-Age=${maxAge}; Path=${localPath}; HttpOnly; SameSite=Lax$`),
      );
    });

    it(`${cookie.base}: reads back what it wrote, on both origins; clearing keeps name and path`, async () => {
      for (const url of [DEPLOYED, LOCAL]) {
        const written = await cookie.serialize(new Request(url), value);
        expect(await cookie.read(sending(written, url))).toBe(value);
        const cleared = await cookie.clear(new Request(url));
        expect(cleared.startsWith(`${cookie.name(new Request(url))}=; Max-Age=0; Path=`)).toBe(true);
        expect(cleared.split("; ").slice(1)).toEqual(written.split("; ").slice(1).with(0, "Max-Age=0"));
        expect(await cookie.read(sending(cleared, url))).toBeNull();
      }
    });
  }

  it("a cookie sent under the other origin's name is not read (no prefix on http, prefix on https)", async () => {
    const deployed = await SESSION_COOKIE.serialize(new Request(DEPLOYED), randomToken());
    expect(await SESSION_COOKIE.read(sending(deployed, LOCAL))).toBeNull();
    expect(SESSION_COOKIE.has(sending(deployed, LOCAL))).toBe(false);
    expect(SESSION_COOKIE.has(sending(deployed, DEPLOYED))).toBe(true);
  });

  it("the theme cookie keeps its unprefixed name, a year, and is signed", async () => {
    const session = await themeSession(new Request("https://flowlane.example/"));
    session.setTheme("dark" as never);
    const committed = await session.commit();
    expect(committed).toMatch(/^flowlane_theme=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(decodeURIComponent(committed.split(";")[0]!.split("=")[1]!)).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/]+$/);
    expect(THEME_COOKIE.cookie(new Request("https://flowlane.example/")).isSigned).toBe(true);
  });
});

describe("the session cookie at the guard", () => {
  /** Where requireSignedIn sends a page request carrying `cookie`, and the cookie it sets. */
  async function guard(cookie: string) {
    try {
      await requireSignedIn(sending(cookie, "http://localhost/admin/dashboard"));
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { location: thrown.headers.get("Location"), setCookie: thrown.headers.get("Set-Cookie") };
    }
    throw new Error("requireSignedIn let the request through");
  }

  it("an unknown token (new or old form) or an unreadable value: session ended, cookie dropped", async () => {
    const issued = await SESSION_COOKIE.serialize(new Request(LOCAL), randomToken());
    for (const cookie of [issued, `flowlane_session=${randomToken()}`, "flowlane_session=junk"]) {
      const { location, setCookie } = await guard(cookie);
      expect(location, cookie).toBe("/admin?session=ended");
      expect(setCookie, cookie).toMatch(/^flowlane_session=; Max-Age=0; Path=\/;/);
    }
  });

  it("no cookie at all: the login screen, nothing to drop", async () => {
    expect(await guard("other=1")).toEqual({ location: "/admin", setCookie: null });
  });
});

describe("cookie definitions: signed cookies refuse tampering", () => {
  it("the trial cookie: another value under the signature, an altered or missing signature", async () => {
    const written = (await TRIAL_COOKIE.serialize(new Request(LOCAL), "user_1")).split(";")[0]!;
    const [name, value] = written.split("=") as [string, string];
    const [payload, signature] = decodeURIComponent(value).split(".") as [string, string];
    const other = btoa(JSON.stringify("user_2"));
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const forged of [`${other}.${signature}`, `${payload}.${flipped}`, payload, `${payload}.`]) {
      expect(await TRIAL_COOKIE.read(sending(`${name}=${encodeURIComponent(forged)}`)), forged).toBeNull();
    }
  });

  it("the theme cookie: a light cookie re-labelled dark is not taken for a stored choice", async () => {
    const session = await themeSession(new Request(LOCAL));
    session.setTheme("light" as never);
    const written = (await session.commit()).split(";")[0]!;
    const [payload, signature] = decodeURIComponent(written.split("=")[1]!).split(".") as [string, string];
    expect((await resolveTheme(sending(written))).theme).toBe("light");
    const relabelled = `${btoa(JSON.stringify({ theme: "dark" }))}.${signature}`;
    expect(payload).not.toBe(relabelled.split(".")[0]);
    expect((await resolveTheme(sending(`flowlane_theme=${encodeURIComponent(relabelled)}`))).theme).toBeNull();
  });
});

describe("the theme cookie: unreadable values", () => {
  it("an unsigned, odd or unreadable theme cookie is no stored choice", async () => {
    const unsigned = `flowlane_theme=${encodeURIComponent(btoa(JSON.stringify({ theme: "dark" })))}`;
    expect((await resolveTheme(sending(unsigned, "https://flowlane.example/"))).theme).toBeNull();
    expect((await resolveTheme(sending("flowlane_theme=garbage"))).theme).toBeNull();
    expect((await resolveTheme(sending("flowlane_theme=light"))).theme).toBeNull();
  });
});

describe("requestCookies (the parser createCookie uses)", () => {
  it("reads names and URI-decoded values; the first of a name wins; a part without '=' names nothing", () => {
    const request = new Request(LOCAL, { headers: { Cookie: "a=1; b=%20x; a=2; junk; c=" } });
    expect({ ...requestCookies(request) }).toEqual({ a: "1", b: " x", c: "" });
    expect(requestCookies(new Request(LOCAL))).toEqual({});
  });
});
