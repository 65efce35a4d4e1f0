import { describe, expect, it } from "vitest";
import { revokeSession } from "~/domain/accounts/sessions.server";
import { createAdmin } from "../../tests/helpers/accounts";
import { outcome } from "../../tests/helpers/route-call";
import { getSession, optionalSession, requireAdmin, requireSignedIn } from "./guards.server";

const page = (token: string) =>
  new Request("http://localhost/admin/dashboard", { headers: { Authorization: `Bearer ${token}` } });

describe("one session look-up per request (decision 038)", () => {
  it("the guards of one request share its look-up; the next request looks the session up afresh", async () => {
    const { admin, token, sessionId } = await createAdmin();
    const request = page(token);
    // The layout's loader and the page's run on the same Request.
    const first = await requireAdmin(request);
    expect(first.admin.id).toBe(admin.id);
    await revokeSession(sessionId);
    // Read once: a later guard of the same request answers what the first one read.
    expect(await requireAdmin(request)).toBe(first);
    expect(await getSession(request)).toBe(first);
    // A new request (as React Router makes for the loaders after an action) sees the revoke.
    const after = page(token);
    expect(await getSession(after)).toBeNull();
    const refused = (await outcome(() => requireSignedIn(after))) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/admin?session=ended");
  });

  it("20 guards at once on one request agree, and no other request gets their answer", async () => {
    const { admin, token } = await createAdmin();
    const stranger = await createAdmin();
    const request = page(token);
    const sessions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? requireAdmin(request) : optionalSession(request))),
    );
    expect(new Set(sessions).size).toBe(1);
    expect(sessions[0]?.admin.id).toBe(admin.id);
    expect((await requireAdmin(page(stranger.token))).admin.id).toBe(stranger.admin.id);
    expect(await getSession(new Request("http://localhost/admin/dashboard"))).toBeNull();
  });
});
