import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, teamInvitations } from "~/db/schema";
import { INVITATION_MESSAGES } from "~/domain/accounts/invitation-schemas";
import { pendingInvitationsPage } from "~/domain/accounts/invitations.server";
import { findSession } from "~/domain/accounts/sessions.server";
import { SESSION_COOKIE } from "~/http/cookies.server";
import {
  action as invitationsAction,
  loader as invitationsLoader,
} from "~/routes/admin/dashboard/settings/invitations";
import { action as acceptAction, loader as acceptLoader } from "~/routes/admin/invitation";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api, ORIGIN } from "../../../tests/helpers/api";
import { invitationTokenFor } from "../../../tests/helpers/outbox";

/** Issue 25 items 2 and 6 (decision 065): the invitation endpoints and pages. */

const PASSWORD = "invited-pass-42";
const newEmail = () => `api-invitee-${crypto.randomUUID().slice(0, 8)}@flowlane.test`;

const invitationsOf = (email: string) =>
  db().select().from(teamInvitations).where(eq(teamInvitations.email, email)).all();

describe("POST /api/team/invitations", () => {
  it("answers 201 with the invitation and never the link", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const email = newEmail();
    const res = await api("POST", "/api/team/invitations", {
      token,
      body: { email: email.toUpperCase(), role: "sales" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      success: true,
      data: { id: expect.any(String), email, role: "sales", expiresAt: expect.any(String) },
    });
    expect(res.text).not.toContain(await invitationTokenFor(email));
  });

  it("forbids a Sales member (403) and changes nothing", async () => {
    const { token } = await createAdmin({ role: "sales" });
    const email = newEmail();
    const res = await api("POST", "/api/team/invitations", { token, body: { email, role: "author" } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, error: INVITATION_MESSAGES.forbidden });
    expect(await invitationsOf(email)).toEqual([]);
    const list = await api("GET", "/api/team/invitations", { token });
    expect(list.status).toBe(403);
  });

  it("answers bad input with a clear 400 and changes nothing", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const badRole = await api("POST", "/api/team/invitations", { token, body: { email: newEmail(), role: "boss" } });
    expect(badRole.status).toBe(400);
    expect(badRole.json.error).toBe(INVITATION_MESSAGES.role);
    const badEmail = await api("POST", "/api/team/invitations", { token, body: { email: "nope", role: "sales" } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.error).toBe("Email is invalid");
    expect(await invitationsOf("nope")).toEqual([]);
  });

  it("answers 401 without credentials and 409 for an email with an account", async () => {
    expect((await api("POST", "/api/team/invitations", { body: { email: newEmail(), role: "sales" } })).status).toBe(
      401,
    );
    const { token, admin } = await createAdmin({ role: "admin" });
    const res = await api("POST", "/api/team/invitations", { token, body: { email: admin.email, role: "sales" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(INVITATION_MESSAGES.hasAccount(admin.email));
  });
});

describe("the rest of the invitation API", () => {
  it("lists, resends (old link dead), revokes (DELETE), and refuses a second revoke", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const email = newEmail();
    const created = await api("POST", "/api/team/invitations", { token, body: { email, role: "marketing" } });
    const id = created.json.data.id;
    const list = await api("GET", "/api/team/invitations", { token });
    expect(list.status).toBe(200);
    expect(list.json.data.find((i: { id: string }) => i.id === id)).toMatchObject({
      email,
      role: "marketing",
      expired: false,
    });

    const old = await invitationTokenFor(email);
    const resent = await api("POST", `/api/team/invitations/${id}/resend`, { token });
    expect(resent.status).toBe(200);
    const oldAccept = await api("POST", "/api/team/invitations/accept", {
      body: { token: old, name: "Old Link", password: PASSWORD },
    });
    expect(oldAccept.status).toBe(404);

    const revoked = await api("DELETE", `/api/team/invitations/${id}`, { token });
    expect(revoked.status).toBe(200);
    expect(revoked.json.data).toMatchObject({ id, email });
    const again = await api("DELETE", `/api/team/invitations/${id}`, { token });
    expect(again.status).toBe(409);
    expect((await api("DELETE", `/api/team/invitations/${crypto.randomUUID()}`, { token })).status).toBe(404);
    const dead = await api("POST", "/api/team/invitations/accept", {
      body: { token: await invitationTokenFor(email), name: "Too Late", password: PASSWORD },
    });
    expect(dead.status).toBe(410);
    expect(dead.json).toEqual({ success: false, error: INVITATION_MESSAGES.revoked });
  });

  it("accept (public) answers 201, signs the member in with the invited role, and works once", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const email = newEmail();
    await api("POST", "/api/team/invitations", { token, body: { email, role: "author" } });
    const link = await invitationTokenFor(email);
    const weak = await api("POST", "/api/team/invitations/accept", {
      body: { token: link, name: "A", password: "short" },
    });
    expect(weak.status).toBe(400);
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toEqual([]);

    const res = await api("POST", "/api/team/invitations/accept", {
      body: { token: link, name: "Asha Rao", password: PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(res.json.data.user).toMatchObject({ email, name: "Asha Rao", role: "author", status: "active" });
    const profile = await api("GET", "/api/auth/profile", { token: res.json.data.accessToken });
    expect(profile.json.data).toMatchObject({ email, role: "author" });

    const replay = await api("POST", "/api/team/invitations/accept", {
      body: { token: link, name: "Asha Rao", password: PASSWORD },
    });
    expect(replay.status).toBe(410);
    expect(replay.json.error).toBe(INVITATION_MESSAGES.used);
    const unknown = await api("POST", "/api/team/invitations/accept", {
      body: { token: "made-up", name: "X", password: PASSWORD },
    });
    expect(unknown.status).toBe(404);
  });

  it("20 parallel accepts through the API make one account", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const email = newEmail();
    await api("POST", "/api/team/invitations", { token, body: { email, role: "sales" } });
    const link = await invitationTokenFor(email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("POST", "/api/team/invitations/accept", { body: { token: link, name: `Racer ${i}`, password: PASSWORD } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 410)).toHaveLength(19);
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toHaveLength(1);
  });
});

describe("the pages (no JavaScript needed)", () => {
  /** A form post; `auth` is the Authorization header of a signed-in member, when there is one. */
  const post = (path: string, fields: Record<string, string>, auth?: string) =>
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: auth ? { Authorization: auth } : {},
    });
  async function run(fn: (a: never) => unknown, request: Request) {
    try {
      const result = await fn({ request, params: {}, context: {} } as never);
      if (result instanceof Response) return { response: result };
      // biome-ignore lint/suspicious/noExplicitAny: tests read loader and action results loosely
      return { result: result as any };
    } catch (thrown) {
      if (thrown instanceof Response) return { response: thrown };
      // The guards refuse a role with a thrown `data(message, 403)` (decision 064).
      // biome-ignore lint/suspicious/noExplicitAny: tests read loader and action results loosely
      if ((thrown as any)?.type === "DataWithResponseInit") return { result: thrown as any, refused: true };
      throw thrown;
    }
  }

  it("the accept page shows who invited and the role, checks the form, signs in and lands in the console", async () => {
    const { admin: owner, token } = await createAdmin({ role: "owner", name: "Mira Owner" });
    const email = newEmail();
    await api("POST", "/api/team/invitations", { token, body: { email, role: "sales" } });
    const link = await invitationTokenFor(email);
    const page = await run(acceptLoader, new Request(`${ORIGIN}/admin/invitation?token=${link}`));
    expect(page.result.init?.status ?? 200).toBe(200);
    expect(page.result.data).toMatchObject({
      state: "valid",
      invitation: { email, role: "Sales", inviter: { name: "Mira Owner", email: owner.email } },
    });

    const mismatch = await run(
      acceptAction,
      post("/admin/invitation", { token: link, name: "Ravi", password: PASSWORD, confirmPassword: `${PASSWORD}x` }),
    );
    expect(mismatch.result.init.status).toBe(400);
    expect(mismatch.result.data).toMatchObject({
      name: "Ravi",
      fields: { confirmPassword: "The two passwords do not match." },
    });
    const noName = await run(
      acceptAction,
      post("/admin/invitation", { token: link, name: " ", password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(noName.result.data.fields.name).toBe("Name is required");
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toEqual([]);

    const done = await run(
      acceptAction,
      post("/admin/invitation", { token: link, name: "Ravi", password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(done.response?.status).toBe(303);
    expect(done.response?.headers.get("Location")).toBe("/admin/dashboard");
    const cookie = done.response?.headers.get("Set-Cookie") ?? "";
    const sessionToken = await SESSION_COOKIE.read(
      new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] ?? "" } }),
    );
    const session = await findSession(sessionToken ?? "");
    expect(session?.admin).toMatchObject({ email, role: "sales", status: "active" });

    const used = await run(acceptLoader, new Request(`${ORIGIN}/admin/invitation?token=${link}`));
    expect(used.result.init.status).toBe(410);
    expect(used.result.data).toMatchObject({ state: "used", message: INVITATION_MESSAGES.used, token: "" });
    const again = await run(
      acceptAction,
      post("/admin/invitation", { token: link, name: "Ravi", password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(again.result.init.status).toBe(410);
    expect(again.result.data.error).toBe(INVITATION_MESSAGES.used);
  });

  it("the invitations page: Owners invite, resend and revoke; a Sales member is refused", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const cookie = `Bearer ${token}`;
    const email = newEmail();
    const invited = await run(
      invitationsAction,
      post("/admin/dashboard/settings/invitations", { intent: "invite", email, role: "admin" }, cookie),
    );
    expect(invited.response?.headers.get("Location")).toBe(
      `/admin/dashboard/settings/invitations?invited=${encodeURIComponent(email)}`,
    );
    const [row] = await invitationsOf(email);
    const bad = await run(
      invitationsAction,
      post("/admin/dashboard/settings/invitations", { intent: "invite", email: "x", role: "admin" }, cookie),
    );
    expect(bad.result.init.status).toBe(400);
    expect(bad.result.data).toMatchObject({
      fields: { email: "Email is invalid" },
      values: { email: "x", role: "admin" },
    });

    const listed = await run(
      invitationsLoader,
      new Request(`${ORIGIN}/admin/dashboard/settings/invitations?invited=${email}`, {
        headers: { Authorization: cookie },
      }),
    );
    expect(listed.result.notice).toContain(email);
    expect(listed.result.roles.map((r: { value: string }) => r.value)).toEqual([
      "owner",
      "admin",
      "sales",
      "marketing",
      "author",
    ]);
    expect(listed.result.pending.some((p: { id: string }) => p.id === row?.id)).toBe(true);

    const resent = await run(
      invitationsAction,
      post("/admin/dashboard/settings/invitations", { intent: "resend", id: row?.id ?? "" }, cookie),
    );
    expect(resent.response?.headers.get("Location")).toContain("resent=");
    const revoked = await run(
      invitationsAction,
      post("/admin/dashboard/settings/invitations", { intent: "revoke", id: row?.id ?? "" }, cookie),
    );
    expect(revoked.response?.headers.get("Location")).toContain("revoked=");
    const twice = await run(
      invitationsAction,
      post("/admin/dashboard/settings/invitations", { intent: "revoke", id: row?.id ?? "" }, cookie),
    );
    expect(twice.result.init.status).toBe(409);
    expect(twice.result.data.error).toBe(INVITATION_MESSAGES.closed("revoked"));

    const sales = await createAdmin({ role: "sales" });
    const salesCookie = `Bearer ${sales.token}`;
    const refusedPage = await run(
      invitationsLoader,
      new Request(`${ORIGIN}/admin/dashboard/settings/invitations`, { headers: { Authorization: salesCookie } }),
    );
    expect(refusedPage.refused).toBe(true);
    expect(refusedPage.result.init.status).toBe(403);
    const refused = await run(
      invitationsAction,
      post(
        "/admin/dashboard/settings/invitations",
        { intent: "invite", email: newEmail(), role: "author" },
        salesCookie,
      ),
    );
    expect(refused.refused).toBe(true);
    expect(refused.result.init.status).toBe(403);
    expect(refused.result.data).toBe(INVITATION_MESSAGES.forbidden);
  });

  it("the invitations page shows 20 a page, the last sent first, with page links; past the last page shows the last", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const cookie = `Bearer ${token}`;
    const base = Date.now() + 365 * 86_400_000; // after every other invitation of this file
    const { total: before } = await pendingInvitationsPage({ page: 1, limit: 1 });
    for (let i = 0; i < 21; i++) {
      await db()
        .insert(teamInvitations)
        .values({
          email: `page-${i}-${crypto.randomUUID().slice(0, 8)}@flowlane.test`,
          role: "author",
          tokenHash: crypto.randomUUID(),
          sentAt: new Date(base + i),
          expiresAt: new Date(base + i + 86_400_000),
        });
    }
    const load = (query: string) =>
      run(
        invitationsLoader,
        new Request(`${ORIGIN}/admin/dashboard/settings/invitations${query}`, { headers: { Authorization: cookie } }),
      );
    const first = await load("");
    expect(first.result.pending).toHaveLength(20);
    expect(first.result.pending[0].email).toMatch(/^page-20-/);
    expect(first.result).toMatchObject({ page: 1, total: before + 21 });
    const pages = Math.ceil((before + 21) / 20);
    expect(first.result.pages).toBe(pages);
    const last = await load(`?page=${pages + 5}`);
    expect(last.result.page).toBe(pages);
  });
});
