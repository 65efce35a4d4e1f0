import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, sessions } from "~/db/schema";
import { createAdmin, getAdminByEmail, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";

const adminCount = async () => (await db().select({ n: count() }).from(admins).get())?.n ?? 0;

describe("POST /api/auth/login", () => {
  it("returns an access token that opens admin endpoints", async () => {
    const { admin } = await createAdmin({ email: "login@flowlane.test" });
    const login = await api("POST", "/api/auth/login", {
      body: { email: "Login@Flowlane.test", password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.json.success).toBe(true);
    expect(login.json.data.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(login.json.data.user).toMatchObject({ email: admin.email, role: "owner" });
    expect(login.headers.get("Set-Cookie")).toMatch(/flowlane_refresh=.+; Path=\/api\/auth; HttpOnly; SameSite=Lax/);
    const profile = await api("GET", "/api/auth/profile", { token: login.json.data.accessToken });
    expect(profile.json).toEqual({
      success: true,
      data: { id: admin.id, name: "Test Admin", email: "login@flowlane.test", role: "owner", status: "active" },
    });
  });

  it("gives the same generic error for an unknown email and a wrong password", async () => {
    await createAdmin({ email: "known@flowlane.test" });
    const unknown = await api("POST", "/api/auth/login", {
      body: { email: "nobody@flowlane.test", password: "whatever-1" },
    });
    const wrong = await api("POST", "/api/auth/login", {
      body: { email: "known@flowlane.test", password: "wrong-pass-1" },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.json).toEqual({ success: false, error: "Invalid email or password." });
    expect(wrong.json).toEqual(unknown.json);
  });

  it("locks the account for 15 minutes after 10 failures", async () => {
    await createAdmin({ email: "locked@flowlane.test" });
    for (let i = 0; i < 10; i++) {
      const r = await api("POST", "/api/auth/login", { body: { email: "locked@flowlane.test", password: `bad-${i}` } });
      expect(r.status).toBe(401);
    }
    const locked = await api("POST", "/api/auth/login", {
      body: { email: "locked@flowlane.test", password: TEST_PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(locked.json.error).toMatch(/Too many failed sign-in attempts/);
  });

  it.each([
    ["missing fields", {}, 400],
    ["wrong types", { email: 42, password: ["x"] }, 400],
    ["invalid email", { email: "not-an-email", password: "x" }, 400],
  ])("rejects %s with details", async (_name, body, status) => {
    const r = await api("POST", "/api/auth/login", { body });
    expect(r.status).toBe(status);
    expect(r.json.success).toBe(false);
    expect(r.json.details.length).toBeGreaterThan(0);
    expect(r.json.details[0]).toHaveProperty("field");
  });

  it("rejects malformed JSON, the wrong content type and oversized bodies", async () => {
    const malformed = await api("POST", "/api/auth/login", {
      rawBody: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ success: false, error: "Malformed JSON body." });
    const wrongType = await api("POST", "/api/auth/login", {
      rawBody: "email=a@b.c&password=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(wrongType.status).toBe(415);
    const huge = await api("POST", "/api/auth/login", {
      rawBody: JSON.stringify({ email: "a@b.co", password: "x".repeat(70_000) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(huge.status).toBe(413);
  });

  it("refuses cross-site state changes", async () => {
    const r = await api("POST", "/api/auth/login", {
      body: { email: "a@b.co", password: "x" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe("Cross-site request refused.");
  });
});

describe("POST /api/auth/register", () => {
  it("creates a pending account that grants nothing, whatever role the body claims", async () => {
    const r = await api("POST", "/api/auth/register", {
      body: {
        email: "new@flowlane.test",
        password: "a-strong-pass-1",
        name: "New Person",
        role: "admin",
        status: "active",
      },
    });
    expect(r.status).toBe(201);
    expect(r.json.data.user).toMatchObject({ email: "new@flowlane.test", status: "pending", role: null });
    expect((await getAdminByEmail("new@flowlane.test"))?.status).toBe("pending");

    const login = await api("POST", "/api/auth/login", {
      body: { email: "new@flowlane.test", password: "a-strong-pass-1" },
    });
    expect(login.status).toBe(200);
    const token = login.json.data.accessToken;
    const profile = await api("GET", "/api/auth/profile", { token });
    expect(profile.json.data.status).toBe("pending");
    const changed = await api("PUT", "/api/auth/profile", { token, body: { name: "Sneaky" } });
    expect(changed.status).toBe(403);
    expect(changed.json.error).toBe("Your account is waiting for approval by an administrator.");
    expect((await getAdminByEmail("new@flowlane.test"))?.name).toBe("New Person");
  });

  it("rejects a weak password and a missing name; a duplicate email gets the new-account answer and stores nothing", async () => {
    await createAdmin({ email: "taken@flowlane.test" });
    const before = await adminCount();
    const weak = await api("POST", "/api/auth/register", {
      body: { email: "w@flowlane.test", password: "short", name: "W" },
    });
    expect(weak.status).toBe(400);
    expect(weak.json.details).toContainEqual({
      field: "password",
      message: "Password must be at least 10 characters and include a letter and a number.",
    });
    const noName = await api("POST", "/api/auth/register", {
      body: { email: "n@flowlane.test", password: "a-strong-pass-1" },
    });
    expect(noName.status).toBe(400);
    expect(noName.json.details).toContainEqual({ field: "name", message: "Name is required" });
    const dup = await api("POST", "/api/auth/register", {
      body: { email: "taken@flowlane.test", password: "a-strong-pass-1", name: "Dup" },
    });
    // Decision 020: the same answer as for a new email; the owner gets an email instead.
    expect(dup.status).toBe(201);
    expect(dup.json.data.user).toMatchObject({ email: "taken@flowlane.test", name: "Dup", status: "pending" });
    expect(await adminCount()).toBe(before);
  });
});

describe("sessions", () => {
  it("logout revokes the token on the server", async () => {
    const { token, sessionId } = await createAdmin();
    expect((await api("POST", "/api/auth/logout", { token })).status).toBe(200);
    const after = await api("GET", "/api/auth/profile", { token });
    expect(after.status).toBe(401);
    expect(after.json.error).toBe("Authentication expired. Please login again.");
    const row = await db().select().from(sessions).all();
    expect(row.find((s) => s.id === sessionId)?.revokedAt).toBeInstanceOf(Date);
  });

  it("a password change revokes the other sessions but keeps the current one", async () => {
    const { admin, token } = await createAdmin({ email: "pw@flowlane.test" });
    const other = await api("POST", "/api/auth/login", {
      body: { email: "pw@flowlane.test", password: TEST_PASSWORD },
    });
    const otherToken = other.json.data.accessToken;
    const wrong = await api("PUT", "/api/auth/change-password", {
      token,
      body: { currentPassword: "nope-nope-1", newPassword: "brand-new-pass-2" },
    });
    expect(wrong.status).toBe(400);
    expect((await api("GET", "/api/auth/profile", { token: otherToken })).status).toBe(200);
    const changed = await api("PUT", "/api/auth/change-password", {
      token,
      body: { currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass-2" },
    });
    expect(changed.status).toBe(200);
    expect((await api("GET", "/api/auth/profile", { token })).status).toBe(200);
    expect((await api("GET", "/api/auth/profile", { token: otherToken })).status).toBe(401);
    const relogin = await api("POST", "/api/auth/login", {
      body: { email: admin.email, password: "brand-new-pass-2" },
    });
    expect(relogin.status).toBe(200);
  });

  it("refresh rotates the cookie and refuses a reused refresh token", async () => {
    await createAdmin({ email: "refresh@flowlane.test" });
    const login = await api("POST", "/api/auth/login", {
      body: { email: "refresh@flowlane.test", password: TEST_PASSWORD },
    });
    const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    const first = await api("POST", "/api/auth/refresh", { cookie });
    expect(first.status).toBe(200);
    const rotated = (first.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    expect(rotated).not.toBe(cookie);
    expect((await api("GET", "/api/auth/profile", { token: first.json.data.accessToken })).status).toBe(200);
    // The old access token was replaced.
    expect((await api("GET", "/api/auth/profile", { token: login.json.data.accessToken })).status).toBe(401);

    const reused = await api("POST", "/api/auth/refresh", { cookie });
    expect(reused.status).toBe(401);
    expect(reused.json.error).toBe("Refresh token was already used. Please login again.");
    // Reuse revokes the whole family, including the token issued by the first refresh.
    expect((await api("POST", "/api/auth/refresh", { cookie: rotated })).status).toBe(401);
    expect((await api("GET", "/api/auth/profile", { token: first.json.data.accessToken })).status).toBe(401);
    expect((await api("POST", "/api/auth/refresh")).json.error).toBe("Failed to refresh token");
  });

  it("GET /api/auth/session reports who is signed in", async () => {
    const { token, admin } = await createAdmin();
    expect((await api("GET", "/api/auth/session")).json.data).toEqual({ authenticated: false, user: null });
    const r = await api("GET", "/api/auth/session", { token });
    expect(r.json.data.authenticated).toBe(true);
    expect(r.json.data.user.email).toBe(admin.email);
  });

  it("PUT /api/auth/profile changes the name and writes the audit log", async () => {
    const { token } = await createAdmin();
    const r = await api("PUT", "/api/auth/profile", { token, body: { name: "Renamed Admin" } });
    expect(r.json.data.name).toBe("Renamed Admin");
    const bad = await api("PUT", "/api/auth/profile", { token, body: { name: "" } });
    expect(bad.status).toBe(400);
  });
});

describe("unknown paths", () => {
  it("answer 404 and 405 in the JSON error shape", async () => {
    expect((await api("GET", "/api/nothing-here")).json).toEqual({
      success: false,
      error: "No API endpoint at /api/nothing-here.",
    });
    expect((await api("DELETE", "/api/auth/login")).status).toBe(405);
  });
});
