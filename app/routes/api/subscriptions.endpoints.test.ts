import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, subscriptions, webhookDeliveries } from "~/db/schema";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api, cookiesOf } from "../../../tests/helpers/api";
import { subscriptionOf } from "../../../tests/helpers/subscriptions";
import {
  emailsFor,
  individualPayload,
  latestCodeFor,
  orgPayload,
  setConfig,
  uniqueTrialEmail,
} from "../../../tests/helpers/trial";

let token: string;
beforeAll(async () => {
  ({ token } = await createAdmin());
});

const subscriptionCount = async () => (await db().select({ n: count() }).from(subscriptions).get())?.n ?? 0;
const auditCount = async (targetId: string) =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, targetId)).get())?.n ?? 0;

async function start(payload = orgPayload()) {
  const r = await api("POST", "/api/subscriptions/trial/start", { body: payload });
  expect(r.status).toBe(201);
  return { email: payload.email as string, userId: r.json.data.userId as string, cookie: cookiesOf(r) };
}

/** A signup whose email is verified: it awaits approval. */
async function verifiedSignup(payload = orgPayload()) {
  const signup = await start(payload);
  await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email: signup.email } });
  const otp = await latestCodeFor(signup.email);
  const r = await api("POST", "/api/auth/general-email-verification/verify-otp", {
    body: { email: signup.email, otp },
  });
  expect(r.status).toBe(200);
  const row = await subscriptionOf(signup.email);
  return { ...signup, id: row!.id };
}

describe("POST /api/subscriptions/trial/start", () => {
  it("stores an unverified trial and returns the userId to use", async () => {
    const payload = orgPayload({ requestedPlan: "Pro" });
    const r = await api("POST", "/api/subscriptions/trial/start", { body: payload });
    expect(r.status).toBe(201);
    expect(r.json.success).toBe(true);
    expect(r.json.data).toMatchObject({
      email: payload.email,
      plan: "trial",
      status: "unverified",
      nextStep: "verify-email",
    });
    expect(r.json.data.userId).toMatch(/^api[a-z0-9]+_\d{13}$/);
    expect(r.json.data.userId).not.toBe("client-made-id");
    const row = await subscriptionOf(payload.email);
    expect(row).toMatchObject({
      role: "organization",
      firstName: "Ravi",
      companyName: "Iyer Logistics",
      companySize: "11-50",
      jobTitle: "CTO",
      website: "https://iyer.example",
      howDidYouHear: "Google Search",
      plan: "trial",
      status: "unverified",
      emailVerified: false,
      approvalStatus: null,
      requestedPlan: "pro",
    });
  });

  it("accepts an individual with country only", async () => {
    const payload = individualPayload();
    const r = await api("POST", "/api/subscriptions/trial/start", { body: payload });
    expect(r.status).toBe(201);
    const row = await subscriptionOf(payload.email);
    expect(row).toMatchObject({
      role: "individual",
      country: "India",
      occupation: "Freelance designer",
      companyName: "",
    });
  });

  it.each([
    [
      "missing step 1 fields",
      { email: "", role: "", personalInfo: {} },
      [
        { field: "role", message: "Please select your role" },
        { field: "firstName", message: "First name is required" },
        { field: "lastName", message: "Last name is required" },
        { field: "email", message: "Email is required" },
      ],
    ],
    ["an invalid email", { email: "not-an-email" }, [{ field: "email", message: "Email is invalid" }]],
    [
      "missing organization fields",
      { companyInfo: { country: "" }, personalInfo: { firstName: "A", lastName: "B" } },
      [
        { field: "companyName", message: "Company name is required" },
        { field: "jobTitle", message: "Job title is required" },
        { field: "companySize", message: "Company size is required" },
        { field: "industry", message: "Industry is required" },
        { field: "country", message: "Country is required" },
      ],
    ],
    [
      "an individual without country",
      { role: "individual", companyInfo: {} },
      [{ field: "country", message: "Country is required" }],
    ],
    [
      "values outside the option lists",
      {
        companyInfo: { name: "X", size: "12", industry: "Mining", country: "India" },
        additionalInfo: { howDidYouHear: "TV" },
      },
      [
        { field: "companySize", message: "Company size is required" },
        { field: "industry", message: "Industry is required" },
        { field: "howDidYouHear", message: "Please choose an option from the list" },
      ],
    ],
    [
      "a bad phone and website",
      {
        personalInfo: { firstName: "A", lastName: "B", jobTitle: "C", phone: "call me" },
        companyInfo: { name: "X", size: "1-10", industry: "Retail", country: "India", website: "not a site" },
      },
      [
        { field: "phone", message: "Phone number is invalid" },
        { field: "website", message: "Website must be a valid URL, like https://example.com" },
      ],
    ],
  ])("rejects %s with field details and stores nothing", async (_name, overrides, details) => {
    const before = await subscriptionCount();
    const r = await api("POST", "/api/subscriptions/trial/start", { body: orgPayload(overrides) });
    expect(r.status).toBe(400);
    expect(r.json.success).toBe(false);
    for (const detail of details) expect(r.json.details).toContainEqual(detail);
    expect(r.json.error).toBe(r.json.details[0].message);
    expect(await subscriptionCount()).toBe(before);
  });

  it("rejects a plan other than trial and wrong types", async () => {
    const plan = await api("POST", "/api/subscriptions/trial/start", { body: orgPayload({ plan: "premium" }) });
    expect(plan.status).toBe(400);
    expect(plan.json.details[0].field).toBe("plan");
    const types = await api("POST", "/api/subscriptions/trial/start", { body: orgPayload({ personalInfo: "x" }) });
    expect(types.status).toBe(400);
  });

  it("answers 'already has a subscription' with currentPlan for a known email", async () => {
    const { email, id } = await verifiedSignup();
    const again = await api("POST", "/api/subscriptions/trial/start", { body: orgPayload({ email }) });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      success: false,
      error: "This email already has a subscription.",
      currentPlan: "trial",
      status: "pending",
      state: "awaiting-approval",
    });
    // An admin-approved active user too.
    await api("POST", `/api/subscriptions/${id}/approve`, { token, body: { action: "approve" } });
    const active = await api("POST", "/api/subscriptions/trial/start", {
      body: orgPayload({ email: email.toUpperCase() }),
    });
    expect(active.json).toMatchObject({ currentPlan: "trial", status: "active" });
  });

  it("lets an abandoned (unverified) signup start again, keeping its userId", async () => {
    const first = await start();
    const before = await subscriptionCount();
    const again = await api("POST", "/api/subscriptions/trial/start", {
      body: orgPayload({ email: first.email, personalInfo: { firstName: "New", lastName: "Name", jobTitle: "Lead" } }),
    });
    expect(again.status).toBe(201);
    expect(again.json.data.userId).toBe(first.userId);
    expect(await subscriptionCount()).toBe(before);
    const row = await subscriptionOf(first.email);
    expect(row?.firstName).toBe("New");
  });
});

describe("GET /api/subscriptions/trial/status/:userId", () => {
  it("tells the signup's own client (its trial cookie) where the signup stands, without personal data", async () => {
    const { userId, cookie } = await start();
    const r = await api("GET", `/api/subscriptions/trial/status/${userId}`, { cookie });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      userId,
      plan: "trial",
      status: "unverified",
      emailVerified: false,
      approvalStatus: null,
      trialApproved: false,
      startDate: null,
      endDate: null,
      daysRemaining: null,
      trialExpired: false,
      nextStep: "verify-email",
    });
    expect(JSON.stringify(r.json)).not.toMatch(/@|Ravi|Iyer/);
  });

  it("answers anyone else as if the userId did not exist; an admin reads it (decision 042)", async () => {
    const { userId } = await start();
    const other = await start();
    for (const options of [{}, { cookie: other.cookie }, { cookie: "flowlane_trial=forged" }]) {
      const r = await api("GET", `/api/subscriptions/trial/status/${userId}`, options);
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ success: false, error: "User not found" });
    }
    const admin = await api("GET", `/api/subscriptions/trial/status/${userId}`, { token });
    expect(admin.status).toBe(200);
    expect(admin.json.data.userId).toBe(userId);
    // 20 guesses at once by a stranger: all the same 404.
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => api("GET", `/api/subscriptions/trial/status/${userId}`)),
    );
    expect(new Set(guesses.map((g) => `${g.status} ${g.text}`)).size).toBe(1);
  });

  it("404s an unknown userId", async () => {
    const r = await api("GET", "/api/subscriptions/trial/status/nobody_123");
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ success: false, error: "User not found" });
  });
});

describe("GET /api/subscriptions", () => {
  it("is admin-only", async () => {
    expect((await api("GET", "/api/subscriptions")).status).toBe(401);
    const { token: pending } = await createAdmin({ status: "pending" });
    expect((await api("GET", "/api/subscriptions", { token: pending })).status).toBe(403);
  });

  it("pages 10 at a time with pagination, filters and search", async () => {
    const prefix = `page${Date.now().toString(36)}`;
    for (let i = 0; i < 12; i++) {
      await start(orgPayload({ email: `${prefix}-${i}@example.com` }));
    }
    const first = await api("GET", `/api/subscriptions?q=${prefix}`, { token });
    expect(first.status).toBe(200);
    expect(first.json.subscriptions).toHaveLength(10);
    expect(first.json.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 12, itemsPerPage: 10 });
    const second = await api("GET", `/api/subscriptions?q=${prefix.toUpperCase()}&page=2`, { token });
    expect(second.json.subscriptions).toHaveLength(2);
    const emails = [...first.json.subscriptions, ...second.json.subscriptions].map((s: { email: string }) => s.email);
    expect(new Set(emails).size).toBe(12);

    const filtered = await api("GET", `/api/subscriptions?q=${prefix}&status=pending&plan=trial`, { token });
    expect(filtered.json.pagination.totalItems).toBe(0);
    const unverified = await api("GET", `/api/subscriptions?q=${prefix}&status=unverified&limit=5`, { token });
    expect(unverified.json.pagination).toEqual({ currentPage: 1, totalPages: 3, totalItems: 12, itemsPerPage: 5 });
  });

  it("finds users by first or last name and company, case-insensitive", async () => {
    const { email } = await start(
      orgPayload({
        personalInfo: { firstName: "Zebulon", lastName: "Quartermaine", jobTitle: "CEO" },
        companyInfo: { name: "Xylophonic Works", size: "1-10", industry: "Retail", country: "India" },
      }),
    );
    for (const q of ["zebulon", "QUARTERMAINE", "xylophonic", "zebulon quarter", email.slice(0, 12)]) {
      const r = await api("GET", `/api/subscriptions?q=${encodeURIComponent(q)}`, { token });
      expect(
        r.json.subscriptions.map((s: { email: string }) => s.email),
        q,
      ).toContain(email);
    }
    const none = await api("GET", "/api/subscriptions?q=%25", { token });
    expect(none.json.subscriptions.every((s: { email: string }) => s.email.includes("%"))).toBe(true);
  });

  it("returns top-level fields and a metadata object that agree", async () => {
    const { userId } = await verifiedSignup();
    const r = await api("GET", `/api/subscriptions/${userId}`, { token });
    expect(r.status).toBe(200);
    const s = r.json.data;
    expect(s._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.userId).toBe(userId);
    expect(s.metadata.personalInfo).toEqual({
      firstName: s.firstName,
      lastName: s.lastName,
      phone: s.phone,
      jobTitle: s.jobTitle,
    });
    expect(s.metadata.companyInfo).toEqual({
      name: s.companyName,
      companyName: s.companyName,
      industry: s.industry,
      country: s.country,
      size: s.companySize,
      companySize: s.companySize,
    });
    expect(s.metadata.approvalStatus).toBe(s.approvalStatus);
    expect(s.metadata.emailVerified).toBe(s.emailVerified);
    expect(s.metadata.pricing).toEqual({ amount: 0, currency: "INR", cycle: "monthly", billingCycle: "monthly" });
    for (const key of [
      "email",
      "plan",
      "status",
      "trialApproved",
      "startDate",
      "endDate",
      "createdAt",
      "updatedAt",
      "emailSent",
      "emailSentAt",
      "features",
      "howDidYouHear",
      "useCase",
      "currentTools",
      "subscribeNewsletter",
    ]) {
      expect(s, key).toHaveProperty(key);
    }
    // Found by _id as well.
    expect((await api("GET", `/api/subscriptions/${s._id}`, { token })).json.data.userId).toBe(userId);
  });

  it.each([
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["status=expired", "status"],
    ["plan=gold", "plan"],
    ["page=99999", "page"],
  ])("rejects %s", async (query, field) => {
    const r = await api("GET", `/api/subscriptions?${query}`, { token });
    expect(r.status).toBe(400);
    expect(r.json.details[0].field).toBe(field);
  });

  it("404s an unknown user", async () => {
    const r = await api("GET", "/api/subscriptions/unknown-user", { token });
    expect(r.status).toBe(404);
    expect(r.json.error).toBe("User not found");
  });
});

describe("POST /api/subscriptions/:id/approve", () => {
  it("approves: 7-day trial from now, default note, email, audit", async () => {
    const { id, email } = await verifiedSignup();
    const before = Date.now();
    const r = await api("POST", `/api/subscriptions/${id}/approve`, { token, body: { action: "approve" } });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe("User approved successfully!");
    expect(r.json).not.toHaveProperty("customerAccount");
    const s = r.json.data;
    expect(s).toMatchObject({ status: "active", approvalStatus: "approved", trialApproved: true });
    expect(s.metadata.approvalStatus).toBe("approved");
    const start = Date.parse(s.startDate);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(s.endDate) - start).toBe(7 * 24 * 60 * 60 * 1000);
    expect(s.approvalNotes).toMatch(/^Trial approved by admin on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect((await emailsFor(email)).map((m) => m.kind)).toContain("trial.approved");
    expect(await auditCount(id)).toBe(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, id)).get();
    expect(audit?.action).toBe("subscription.approved");
  });

  it("rejects (final): a later approve is refused and nothing changes", async () => {
    const { id, email } = await verifiedSignup();
    const r = await api("POST", `/api/subscriptions/${id}/approve`, {
      token,
      body: { action: "reject", notes: "Not a business" },
    });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe("User rejected successfully!");
    expect(r.json.data).toMatchObject({
      status: "rejected",
      approvalStatus: "rejected",
      approvalNotes: "Not a business",
    });
    expect((await emailsFor(email)).map((m) => m.kind)).toContain("trial.rejected");
    const again = await api("POST", `/api/subscriptions/${id}/approve`, { token, body: { action: "approve" } });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("This user was rejected. A rejection cannot be undone.");
    const row = await db().select().from(subscriptions).where(eq(subscriptions.id, id)).get();
    expect(row?.status).toBe("rejected");
    expect(await auditCount(id)).toBe(1);
  });

  it("refuses a second approval, bad actions and unknown ids", async () => {
    const { id } = await verifiedSignup();
    await api("POST", `/api/subscriptions/${id}/approve`, { token, body: { action: "approve" } });
    const twice = await api("POST", `/api/subscriptions/${id}/approve`, { token, body: { action: "reject" } });
    expect(twice.status).toBe(409);
    const bad = await api("POST", `/api/subscriptions/${id}/approve`, { token, body: { action: "maybe" } });
    expect(bad.status).toBe(400);
    expect(bad.json.details[0]).toEqual({ field: "action", message: 'action must be "approve" or "reject"' });
    const unknown = await api("POST", "/api/subscriptions/nope/approve", { token, body: { action: "approve" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe("User not found");
    expect((await api("POST", `/api/subscriptions/${id}/approve`, { body: { action: "approve" } })).status).toBe(401);
  });

  it("PATCH /approval decides with the same rules", async () => {
    const { id } = await verifiedSignup();
    const r = await api("PATCH", `/api/subscriptions/${id}/approval`, {
      token,
      body: { approvalStatus: "rejected" },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.status).toBe("rejected");
    expect(r.json.data.approvalNotes).toMatch(/^Trial rejected by admin on /);
    const again = await api("PATCH", `/api/subscriptions/${id}/approval`, {
      token,
      body: { approvalStatus: "approved" },
    });
    expect(again.status).toBe(409);
    const bad = await api("PATCH", `/api/subscriptions/${id}/approval`, {
      token,
      body: { approvalStatus: "pending_admin_approval" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("provisioning webhook on approval", () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    vi.restoreAllMocks();
  });

  it("sends a signed, timestamped webhook and returns customerAccount from its answer", async () => {
    restore = setConfig({
      PROVISIONING_WEBHOOK_URL: "https://app.example/hooks/provision",
      PROVISIONING_WEBHOOK_SECRET: "s3cret",
    });
    const calls: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push(new Request(input as string, init));
      return Response.json({ success: true, userId: "cust_42", message: "Account ready" }, { status: 201 });
    });
    const { id, userId } = await verifiedSignup();
    const r = await api("POST", `/api/subscriptions/${id}/approve`, { token, body: { action: "approve" } });
    expect(r.json.customerAccount).toEqual({
      status: "created",
      code: "account.created",
      message: "Account ready",
      userId: "cust_42",
    });
    expect(calls).toHaveLength(1);
    const request = calls[0]!;
    const body = await request.text();
    const timestamp = request.headers.get("X-Flowlane-Timestamp")!;
    expect(Number(timestamp)).toBeGreaterThan(1_700_000_000);
    const { hmacSha256Hex } = await import("~/lib/crypto.server");
    expect(request.headers.get("X-Flowlane-Signature")).toBe(
      `sha256=${await hmacSha256Hex("s3cret", `${timestamp}.${body}`)}`,
    );
    expect(JSON.parse(body).data).toMatchObject({ userId, subscriptionId: id });
    const delivery = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, id)).get();
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 201 });

    const logs = await api("GET", "/api/subscriptions/webhooks/logs", { token });
    expect(logs.json.data.some((d: { id: string }) => d.id === delivery?.id)).toBe(true);
    const stats = await api("GET", "/api/subscriptions/webhooks/stats", { token });
    expect(stats.json.data).toMatchObject({ configured: true });
    expect(stats.json.data.succeeded).toBeGreaterThanOrEqual(1);
  });

  it("reports an existing account, and a failure that is retried", async () => {
    restore = setConfig({
      PROVISIONING_WEBHOOK_URL: "https://app.example/hooks/provision",
      PROVISIONING_WEBHOOK_SECRET: "s3cret",
    });
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      Response.json({ error: "Customer already exists" }, { status: 409 }),
    );
    const existing = await verifiedSignup();
    const a = await api("POST", `/api/subscriptions/${existing.id}/approve`, { token, body: { action: "approve" } });
    expect(a.status).toBe(200);
    expect(a.json.customerAccount).toMatchObject({
      status: "failed",
      code: "account.exists",
      message: "Customer account already exists",
    });

    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("down", { status: 503 }));
    const flaky = await verifiedSignup();
    const b = await api("POST", `/api/subscriptions/${flaky.id}/approve`, { token, body: { action: "approve" } });
    expect(b.json.data.status).toBe("active");
    expect(b.json.customerAccount).toMatchObject({ status: "failed", code: "account.retrying" });
    expect(b.json.customerAccount.message).toMatch(/will be retried/);
    const delivery = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, flaky.id))
      .get();
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: 503 });

    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(Response.json({ userId: "cust_7" }));
    const retried = await api("POST", "/api/subscriptions/webhooks/retry", {
      token,
      body: { deliveryId: delivery!.id },
    });
    expect(retried.status).toBe(200);
    expect(retried.json.data[0].customerAccount).toEqual({
      status: "created",
      code: "account.created",
      message: "Customer account created",
      userId: "cust_7",
    });
    const again = await api("POST", "/api/subscriptions/webhooks/retry", { token, body: { deliveryId: delivery!.id } });
    expect(again.status).toBe(409);
    const unknown = await api("POST", "/api/subscriptions/webhooks/retry", { token, body: { deliveryId: "nope" } });
    expect(unknown.status).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "webhook.retried")).all();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it("webhook endpoints are admin-only and validate their input", async () => {
    expect((await api("GET", "/api/subscriptions/webhooks/logs")).status).toBe(401);
    expect((await api("GET", "/api/subscriptions/webhooks/stats")).status).toBe(401);
    expect((await api("POST", "/api/subscriptions/webhooks/retry", { body: {} })).status).toBe(401);
    expect((await api("GET", "/api/subscriptions/webhooks/logs?status=odd", { token })).status).toBe(400);
    expect((await api("GET", "/api/subscriptions/webhooks/logs?limit=0", { token })).status).toBe(400);
  });
});

describe("POST /api/subscriptions/:id/send-welcome-email", () => {
  it("sends the login details once; a second call is refused with 409", async () => {
    const { id, email } = await verifiedSignup();
    const early = await api("POST", `/api/subscriptions/${id}/send-welcome-email`, { token });
    expect(early.status).toBe(409);
    expect(early.json.error).toBe("Approve the user before sending the welcome email.");
    await api("POST", `/api/subscriptions/${id}/approve`, { token, body: { action: "approve" } });
    const sent = await api("POST", `/api/subscriptions/${id}/send-welcome-email`, { token });
    expect(sent.status).toBe(200);
    expect(sent.json.data.emailSent).toBe(true);
    expect(Date.parse(sent.json.data.emailSentAt)).toBeGreaterThan(0);
    const welcome = (await emailsFor(email)).filter((m) => m.kind === "trial.welcome");
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.text).toContain("https://app.flowlane.example/login");
    expect(welcome[0]?.text).toContain(`Username: ${email}`);
    const second = await api("POST", `/api/subscriptions/${id}/send-welcome-email`, { token });
    expect(second.status).toBe(409);
    expect(second.json.error).toMatch(/^The welcome email was already sent on .+\. It is sent only once\.$/);
    expect((await emailsFor(email)).filter((m) => m.kind === "trial.welcome")).toHaveLength(1);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, id)).all()).map((a) => a.action);
    expect(actions.filter((a) => a === "subscription.welcome_email_sent")).toHaveLength(1);
    expect((await api("POST", "/api/subscriptions/nope/send-welcome-email", { token })).status).toBe(404);
  });
});

describe("PATCH /api/subscriptions/:id/email-verification", () => {
  it("marks an email verified (the user then awaits approval) and back, before approval only", async () => {
    const { userId, email } = await start();
    const r = await api("PATCH", `/api/subscriptions/${userId}/email-verification`, {
      token,
      body: { emailVerified: true },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      emailVerified: true,
      status: "pending",
      approvalStatus: "pending_admin_approval",
    });
    expect((await emailsFor(email)).map((m) => m.kind)).toContain("trial.awaiting-approval");
    const same = await api("PATCH", `/api/subscriptions/${userId}/email-verification`, {
      token,
      body: { emailVerified: true },
    });
    expect(same.status).toBe(409);
    const back = await api("PATCH", `/api/subscriptions/${userId}/email-verification`, {
      token,
      body: { emailVerified: false },
    });
    expect(back.json.data).toMatchObject({ emailVerified: false, status: "unverified", approvalStatus: null });
    const bad = await api("PATCH", `/api/subscriptions/${userId}/email-verification`, {
      token,
      body: { emailVerified: "yes" },
    });
    expect(bad.status).toBe(400);
    await api("POST", `/api/subscriptions/${userId}/approve`, { token, body: { action: "approve" } });
    const late = await api("PATCH", `/api/subscriptions/${userId}/email-verification`, {
      token,
      body: { emailVerified: false },
    });
    expect(late.status).toBe(409);
  });
});

describe("create, purchase, upgrade, renew, cancel", () => {
  it("runs the paid lifecycle as admin state changes, each audited", async () => {
    const email = uniqueTrialEmail("paid");
    const created = await api("POST", "/api/subscriptions/create", {
      token,
      body: { email, firstName: "Paid", lastName: "Customer", plan: "trial" },
    });
    expect(created.status).toBe(201);
    const id = created.json.data._id as string;
    expect(created.json.data).toMatchObject({ status: "active", approvalStatus: "approved", plan: "trial" });
    const dup = await api("POST", "/api/subscriptions/create", {
      token,
      body: { email, firstName: "Paid", lastName: "Customer" },
    });
    expect(dup.status).toBe(409);

    const bought = await api("POST", "/api/subscriptions/purchase", {
      token,
      body: {
        userId: created.json.data.userId,
        plan: "standard",
        billingCycle: "monthly",
        amount: 150000,
        paymentMethod: { type: "card", cardLast4: "4242" },
      },
    });
    expect(bought.status).toBe(200);
    expect(bought.json.data).toMatchObject({ plan: "standard", status: "active" });
    expect(bought.json.data.metadata.pricing).toMatchObject({ amount: 150000, cycle: "monthly" });
    expect(bought.json.data.metadata.paymentMethod).toEqual({ type: "card", cardLast4: "4242" });

    const down = await api("POST", `/api/subscriptions/upgrade/${id}`, { token, body: { plan: "basic" } });
    expect(down.status).toBe(400);
    const up = await api("POST", `/api/subscriptions/upgrade/${id}`, {
      token,
      body: { plan: "premium", amount: 250000 },
    });
    expect(up.status).toBe(200);
    expect(up.json.data.plan).toBe("premium");

    const end = Date.parse(up.json.data.endDate);
    const renewed = await api("POST", `/api/subscriptions/renew/${id}`, { token, body: { billingCycle: "annual" } });
    expect(renewed.status).toBe(200);
    expect(Date.parse(renewed.json.data.endDate)).toBeGreaterThan(end + 364 * 24 * 3600 * 1000);

    const cancelled = await api("POST", `/api/subscriptions/cancel/${id}`, { token, body: { reason: "Budget" } });
    expect(cancelled.json.data.status).toBe("cancelled");
    expect((await api("POST", `/api/subscriptions/cancel/${id}`, { token, body: {} })).status).toBe(409);
    expect(
      (await api("POST", `/api/subscriptions/upgrade/${id}`, { token, body: { plan: "enterprise" } })).status,
    ).toBe(409);
    const reactivated = await api("POST", `/api/subscriptions/renew/${id}`, { token, body: {} });
    expect(reactivated.json.data.status).toBe("active");

    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, id)).all()).map((a) => a.action);
    expect(actions.sort()).toEqual(
      [
        "subscription.cancelled",
        "subscription.created",
        "subscription.purchased",
        "subscription.renewed",
        "subscription.renewed",
        "subscription.upgraded",
      ].sort(),
    );
  });

  it("refuses bad input and impossible changes", async () => {
    const { id } = await verifiedSignup();
    const cases: [string, string, unknown, number][] = [
      ["POST", "/api/subscriptions/create", { email: "x" }, 400],
      [
        "POST",
        "/api/subscriptions/create",
        { email: uniqueTrialEmail(), firstName: "A", lastName: "B", plan: "gold" },
        400,
      ],
      ["POST", "/api/subscriptions/purchase", { userId: id, plan: "trial", amount: 1 }, 400],
      ["POST", "/api/subscriptions/purchase", { userId: id, plan: "basic", amount: -5 }, 400],
      ["POST", "/api/subscriptions/purchase", { userId: id, plan: "basic", amount: 1.5 }, 400],
      [
        "POST",
        "/api/subscriptions/purchase",
        { userId: id, plan: "basic", amount: 1, paymentMethod: { type: "card" } },
        400,
      ],
      ["POST", "/api/subscriptions/purchase", { userId: "nope", plan: "basic", amount: 100 }, 404],
      ["POST", `/api/subscriptions/upgrade/${id}`, { plan: "premium" }, 409],
      ["POST", `/api/subscriptions/renew/${id}`, {}, 409],
      ["POST", "/api/subscriptions/cancel/nope", {}, 404],
      ["POST", "/api/subscriptions/upgrade/nope", { plan: "premium" }, 404],
    ];
    for (const [method, path, body, status] of cases) {
      const r = await api(method, path, { token, body });
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(r.json.success).toBe(false);
    }
    const row = await db().select().from(subscriptions).where(eq(subscriptions.id, id)).get();
    expect(row).toMatchObject({ plan: "trial", status: "pending", priceAmount: 0 });
    for (const path of [
      "/api/subscriptions/create",
      "/api/subscriptions/purchase",
      `/api/subscriptions/cancel/${id}`,
    ]) {
      expect((await api("POST", path, { body: {} })).status).toBe(401);
    }
  });
});

describe("OpenAPI", () => {
  it("documents every subscription and code endpoint", async () => {
    const { buildOpenApi } = await import("~/http/api/openapi.server");
    const { allEndpoints } = await import("~/routes/api/registry.server");
    const doc = buildOpenApi(allEndpoints);
    for (const path of [
      "/api/subscriptions",
      "/api/subscriptions/{userId}",
      "/api/subscriptions/create",
      "/api/subscriptions/trial/start",
      "/api/subscriptions/trial/status/{userId}",
      "/api/subscriptions/cancel/{id}",
      "/api/subscriptions/purchase",
      "/api/subscriptions/upgrade/{id}",
      "/api/subscriptions/renew/{id}",
      "/api/subscriptions/{id}/approval",
      "/api/subscriptions/{id}/approve",
      "/api/subscriptions/{id}/email-verification",
      "/api/subscriptions/email/send-verification",
      "/api/subscriptions/email/verify-code",
      "/api/subscriptions/email/resend-verification",
      "/api/subscriptions/{id}/send-welcome-email",
      "/api/subscriptions/webhooks/logs",
      "/api/subscriptions/webhooks/retry",
      "/api/subscriptions/webhooks/stats",
      "/api/auth/general-email-verification/send-otp",
      "/api/auth/general-email-verification/verify-otp",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
