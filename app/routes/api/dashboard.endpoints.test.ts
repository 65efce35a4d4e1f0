import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { buildOpenApi } from "~/http/api/openapi.server";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { addCallback, addMeeting, addPost, addUser, NO_STATS } from "../../../tests/helpers/console-data";
import { allEndpoints } from "./registry.server";

// Password hashing (scrypt) is slow on a loaded machine: more than vitest's default 5 s.
const SCRYPT_TIMEOUT = 30_000;

describe("GET /api/dashboard/stats", { timeout: SCRYPT_TIMEOUT }, () => {
  it("needs an approved admin", async () => {
    expect((await api("GET", "/api/dashboard/stats")).status).toBe(401);
    const { token } = await createAdmin({ status: "pending" });
    const pending = await api("GET", "/api/dashboard/stats", { token });
    expect(pending.status).toBe(403);
    expect(pending.json).toEqual({
      success: false,
      error: "Your account is waiting for approval by an administrator.",
    });
  });

  it("returns exactly the spec's stats object", async () => {
    const { token } = await createAdmin();
    const empty = await api("GET", "/api/dashboard/stats", { token });
    expect(empty.json).toEqual({
      success: true,
      data: NO_STATS,
    });
    await addMeeting({ status: "scheduled" });
    await addMeeting({ status: "completed", createdDaysAgo: 10 });
    await addPost({ status: "published" });
    await addUser({ plan: "trial" });
    const r = await api("GET", "/api/dashboard/stats", { token });
    expect(r.json.data).toEqual({
      totalMeetings: 2,
      pendingMeetings: 1,
      totalBlogs: 1,
      publishedBlogs: 1,
      totalUsers: 1,
      trialUsers: 1,
      recentActivity: 1,
    });
  });
});

describe("GET /api/dashboard/search", { timeout: SCRYPT_TIMEOUT }, () => {
  it("finds meetings by company and users by email", async () => {
    const { token } = await createAdmin();
    await addMeeting({ name: "Ananya Sharma", company: "Northwind Logistics" });
    await addUser({ email: "kavya.menon@orbitsoft.example", firstName: "Kavya", lastName: "Menon" });
    const meetings = await api("GET", "/api/dashboard/search?q=northwind%20logistics", { token });
    expect(meetings.json.data.meetings.map((m: { name: string }) => m.name)).toEqual(["Ananya Sharma"]);
    const users = await api("GET", "/api/dashboard/search?q=Kavya.Menon@orbitsoft.example", { token });
    expect(users.json.data.users.map((u: { email: string }) => u.email)).toEqual(["kavya.menon@orbitsoft.example"]);
    const tooLong = await api("GET", `/api/dashboard/search?q=${"x".repeat(101)}`, { token });
    expect(tooLong.status).toBe(400);
  });

  it("answers FTS syntax, any script and up to 100 characters with 200, never a 5xx", async () => {
    const { token } = await createAdmin();
    const queries = [
      '"',
      'a" OR "b',
      "NEAR(",
      "*",
      "x:y",
      "^",
      "\u0000",
      "日本",
      "ह".repeat(100),
      "😀".repeat(50),
      "%_",
    ];
    for (const q of queries) {
      const r = await api("GET", `/api/dashboard/search?q=${encodeURIComponent(q)}`, { token });
      expect(r.status, q).toBe(200);
      expect(r.json.data.totalMeetings, q).toBe(0);
    }
  });
});

describe("notifications", { timeout: SCRYPT_TIMEOUT }, () => {
  it("lists and marks as read", async () => {
    const { token } = await createAdmin();
    await addCallback({ firstName: "Neha", lastName: "Joshi" });
    const before = await api("GET", "/api/dashboard/notifications", { token });
    expect(before.json.data.unread).toBeGreaterThan(0);
    expect(before.json.data.items[0]).toMatchObject({ kind: "callback", title: "Callback request: Neha Joshi" });
    expect((await api("POST", "/api/dashboard/notifications/seen", { token })).json).toEqual({ success: true });
    expect((await api("GET", "/api/dashboard/notifications", { token })).json.data.unread).toBe(0);
  });
});

describe("team API", { timeout: SCRYPT_TIMEOUT }, () => {
  it("lists pending registrations and decides them; a registered account can then sign in", async () => {
    const { token } = await createAdmin();
    const registered = await api("POST", "/api/auth/register", {
      body: { email: "joiner@flowlane.test", password: "joiner-pass-42", name: "Jo Iner" },
    });
    const id = registered.json.data.user.id;
    const pending = await api("GET", "/api/admin/team/pending", { token });
    expect(pending.json.data.map((a: { email: string }) => a.email)).toContain("joiner@flowlane.test");

    const bad = await api("POST", `/api/admin/team/${id}/decision`, { token, body: { action: "maybe" } });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toEqual([{ field: "action", message: "action must be approve or reject" }]);

    const approved = await api("POST", `/api/admin/team/${id}/decision`, {
      token,
      body: { action: "approve", role: "admin" },
    });
    expect(approved.json).toMatchObject({ success: true, data: { email: "joiner@flowlane.test", status: "active" } });
    const again = await api("POST", `/api/admin/team/${id}/decision`, { token, body: { action: "reject" } });
    expect(again.status).toBe(409);

    const login = await api("POST", "/api/auth/login", {
      body: { email: "joiner@flowlane.test", password: "joiner-pass-42" },
    });
    const profile = await api("GET", "/api/auth/profile", { token: login.json.data.accessToken });
    expect(profile.json.data.status).toBe("active");
  });

  it("refuses self-approval", async () => {
    const { admin, token } = await createAdmin();
    const r = await api("POST", `/api/admin/team/${admin.id}/decision`, {
      token,
      body: { action: "approve", role: "admin" },
    });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe("You cannot approve or reject your own account.");
  });
});

describe("GET /api/admin/audit", { timeout: SCRYPT_TIMEOUT }, () => {
  it("shows the actions just taken, filterable and paginated", async () => {
    const { admin, token } = await createAdmin({ email: "auditor@flowlane.test" });
    await api("PUT", "/api/auth/profile", { token, body: { name: "Renamed" } });
    await api("PUT", "/api/auth/change-password", {
      token,
      body: { currentPassword: TEST_PASSWORD, newPassword: "another-pass-42" },
    });
    const r = await api("GET", "/api/admin/audit?actor=auditor@flowlane.test&limit=1", { token });
    expect(r.json.data.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 2, itemsPerPage: 1 });
    expect(r.json.data.entries[0]).toMatchObject({
      action: "account.password_changed",
      actorId: admin.id,
      targetType: "admin",
    });
    const filtered = await api("GET", "/api/admin/audit?actor=auditor@flowlane.test&action=account.profile_updated", {
      token,
    });
    expect(filtered.json.data.entries).toHaveLength(1);
    expect(filtered.json.data.entries[0].after).toEqual({ name: "Renamed" });
    expect((await api("GET", "/api/admin/audit?page=zero", { token })).status).toBe(400);
  });
});

describe("POST /api/admin/emails/:id/retry", { timeout: SCRYPT_TIMEOUT }, () => {
  it("retries a failed email", async () => {
    const { token } = await createAdmin();
    const row = await db()
      .insert(emailOutbox)
      .values({
        idempotencyKey: "retry-api",
        kind: "k",
        to: "r@example.test",
        subject: "S",
        text: "T",
        status: "failed",
      })
      .returning()
      .get();
    const r = await api("POST", `/api/admin/emails/${row.id}/retry`, { token });
    expect(r.json).toEqual({ success: true, data: { id: row.id, to: "r@example.test", subject: "S", status: "sent" } });
    expect((await api("POST", `/api/admin/emails/${row.id}/retry`, { token })).status).toBe(409);
  });
});

describe("GET /api/admin/export/:kind", { timeout: SCRYPT_TIMEOUT }, () => {
  it("downloads CSV with a header row, quoting, formula neutralising, readable phone numbers and offsets", async () => {
    const { token } = await createAdmin();
    await addMeeting({ name: "=cmd|' /C calc'!A0", company: "Acme, Inc.", phone: "+91 98200 11111" });
    const r = await api("GET", "/api/admin/export/meetings", { token });
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="flowlane-meetings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = r.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("_id,name,email,phone,company,meetingType,date,timeSlot,status,notes,createdAt");
    const row = lines.find((l) => l.includes("calc"));
    expect(row).toContain(`'=cmd|' /C calc'!A0,`);
    // Issue 17: a phone number is not a formula; times carry the business timezone's offset.
    expect(row).toContain(`,+91 98200 11111,"Acme, Inc.",demo`);
    expect(row).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);

    for (const kind of ["callbacks", "users", "subscribers"]) {
      expect((await api("GET", `/api/admin/export/${kind}`, { token })).status).toBe(200);
    }
    const unknown = await api("GET", "/api/admin/export/passwords", { token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.success).toBe(false);
    expect((await api("GET", "/api/admin/export/users")).status).toBe(401);
  });
});

describe("OpenAPI document", () => {
  it("describes the console endpoints", () => {
    const doc = buildOpenApi(allEndpoints) as { paths: Record<string, Record<string, unknown>> };
    for (const path of [
      "/api/dashboard/stats",
      "/api/dashboard/search",
      "/api/dashboard/notifications",
      "/api/admin/team/{id}/decision",
      "/api/admin/audit",
      "/api/admin/emails/{id}/retry",
      "/api/admin/export/{kind}",
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
