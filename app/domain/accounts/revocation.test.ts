import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/http/cookies.server";
import { action as loginAction } from "~/routes/admin/login";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { createSession, findSession } from "./sessions.server";

const cookieOf = (response: { headers: Headers }) => (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";

async function apiLogin(email: string) {
  const login = await api("POST", "/api/auth/login", { body: { email, password: TEST_PASSWORD } });
  expect(login.status).toBe(200);
  return { token: login.json.data.accessToken as string, refreshCookie: cookieOf(login) };
}

describe("Bearer logout", () => {
  it("revokes the refresh token of that login, so its cookie cannot mint a new access token", async () => {
    const { admin } = await createAdmin();
    const { token, refreshCookie } = await apiLogin(admin.email);
    // Logged out with the Bearer token only: the client does not send the refresh cookie.
    expect((await api("POST", "/api/auth/logout", { token })).status).toBe(200);
    expect((await api("GET", "/api/auth/profile", { token })).status).toBe(401);
    const refresh = await api("POST", "/api/auth/refresh", { cookie: refreshCookie });
    expect(refresh.status).toBe(401);
  });

  it("after a refresh, revokes the rotated family too", async () => {
    const { admin } = await createAdmin();
    const { refreshCookie } = await apiLogin(admin.email);
    const first = await api("POST", "/api/auth/refresh", { cookie: refreshCookie });
    expect(first.status).toBe(200);
    const rotated = cookieOf(first);
    expect((await api("POST", "/api/auth/logout", { token: first.json.data.accessToken })).status).toBe(200);
    expect((await api("POST", "/api/auth/refresh", { cookie: rotated })).status).toBe(401);
  });

  it("leaves the admin's other logins alone", async () => {
    const { admin } = await createAdmin();
    const one = await apiLogin(admin.email);
    const two = await apiLogin(admin.email);
    expect((await api("POST", "/api/auth/logout", { token: one.token })).status).toBe(200);
    expect((await api("GET", "/api/auth/profile", { token: two.token })).status).toBe(200);
    expect((await api("POST", "/api/auth/refresh", { cookie: two.refreshCookie })).status).toBe(200);
  });
});

describe("form login", () => {
  it("revokes the session of the cookie it replaces", async () => {
    const { admin } = await createAdmin();
    const old = await createSession(admin.id, "browser");
    const page = new Request("http://localhost/admin");
    const oldCookie = (await SESSION_COOKIE.serialize(page, old.token)).split(";")[0];
    const request = new Request("http://localhost/admin?index", {
      method: "POST",
      body: new URLSearchParams({ intent: "login", email: admin.email, password: TEST_PASSWORD }),
      headers: { Cookie: oldCookie ?? "" },
    });
    const response = (await loginAction({ request, params: {}, context: {} } as never)) as Response;
    expect(response.status).toBe(302);
    const issued = new Request("http://localhost/admin", { headers: { Cookie: cookieOf(response) } });
    const fresh = await SESSION_COOKIE.read(issued);
    expect(fresh).not.toBe(old.token);
    expect(await findSession(fresh ?? "")).not.toBeNull();
    expect(await findSession(old.token)).toBeNull();
  });
});
