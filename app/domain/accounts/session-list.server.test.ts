import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { describeUserAgent, listActiveSessions, revokeOwnSession } from "./session-list.server";
import { createSession, findSession, issueRefreshToken, rotateRefreshToken } from "./sessions.server";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const FIREFOX_WIN = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const EDGE_WIN =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

describe("describeUserAgent", () => {
  it.each([
    [CHROME_MAC, "Chrome", "macOS"],
    [SAFARI_IPHONE, "Safari", "iOS"],
    [FIREFOX_WIN, "Firefox", "Windows"],
    [EDGE_WIN, "Edge", "Windows"],
    ["curl/8.5.0", "curl", "Unknown system"],
    [null, "Unknown client", "Unknown system"],
  ])("%s", (ua, browser, system) => {
    expect(describeUserAgent(ua)).toEqual({ browser, system });
  });
});

describe("session listing and revocation", () => {
  it("lists the admin's own working sessions, marks this one, and hides others' and ended ones", async () => {
    const { admin, sessionId } = await createAdmin();
    const other = await createAdmin();
    const laptop = await createSession(admin.id, "browser", { userAgent: CHROME_MAC, country: "IN" });
    const ended = await createSession(admin.id, "browser", { userAgent: FIREFOX_WIN });
    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ended.sessionId));
    const idle = await createSession(admin.id, "browser", { now: new Date(Date.now() - 13 * 3600 * 1000) });
    const list = await listActiveSessions(admin.id, sessionId);
    const ids = list.map((s) => s.id);
    expect(ids).toContain(sessionId);
    expect(ids).toContain(laptop.sessionId);
    expect(ids).not.toContain(ended.sessionId);
    expect(ids).not.toContain(idle.sessionId);
    expect(ids).not.toContain(other.sessionId);
    expect(list.find((s) => s.id === laptop.sessionId)).toMatchObject({
      browser: "Chrome",
      system: "macOS",
      country: "IN",
      current: false,
    });
    expect(list.find((s) => s.id === sessionId)?.current).toBe(true);
  });

  it("cannot revoke someone else's session (404, and it keeps working)", async () => {
    const mine = await createAdmin();
    const theirs = await createAdmin();
    const r = await api("DELETE", `/api/auth/sessions/${theirs.sessionId}`, { token: mine.token });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ success: false, error: "Session not found." });
    expect(await findSession(theirs.token)).not.toBeNull();
    expect((await api("DELETE", "/api/auth/sessions/nonsense", { token: mine.token })).status).toBe(404);
  });

  it("revokes one of my sessions and the refresh tokens bound to it", async () => {
    const { admin, token } = await createAdmin();
    const phone = await createSession(admin.id, "api", { userAgent: SAFARI_IPHONE });
    const refresh = await issueRefreshToken(admin.id, phone.sessionId);
    const listed = await api("GET", "/api/auth/sessions", { token });
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((s: { id: string }) => s.id)).toContain(phone.sessionId);
    const r = await api("DELETE", `/api/auth/sessions/${phone.sessionId}`, { token });
    expect(r.status).toBe(200);
    expect(await findSession(phone.token)).toBeNull();
    expect((await rotateRefreshToken(refresh)).ok).toBe(false);
    // Twice: already gone.
    expect((await api("DELETE", `/api/auth/sessions/${phone.sessionId}`, { token })).status).toBe(404);
  });

  it("parallel revocations of one session: one succeeds", async () => {
    const { admin } = await createAdmin();
    const target = await createSession(admin.id, "browser");
    const actor = { id: admin.id, email: admin.email };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => revokeOwnSession(actor, target.sessionId)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("signs out everywhere else but keeps this session", async () => {
    const { admin, token } = await createAdmin();
    const a = await createSession(admin.id, "browser");
    const b = await createSession(admin.id, "api");
    const r = await api("POST", "/api/auth/sessions/revoke-others", { token });
    expect(r.status).toBe(200);
    expect(r.json.data.revoked).toBe(2);
    expect(await findSession(a.token)).toBeNull();
    expect(await findSession(b.token)).toBeNull();
    expect(await findSession(token)).not.toBeNull();
  });

  it("needs a signed-in admin", async () => {
    expect((await api("GET", "/api/auth/sessions")).status).toBe(401);
  });
});
