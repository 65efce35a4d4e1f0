import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { DAY } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { api } from "../../../tests/helpers/api";
import {
  CLIENT,
  emailsFor,
  individualPayload,
  orgSignup,
  startSignup,
  uniqueTrialEmail,
} from "../../../tests/helpers/trial";
import { TRIAL_MESSAGES } from "./options";
import { parseTrialSignup } from "./signup-schemas";
import {
  listSubscriptions,
  requireSubscription,
  sendTrialCode,
  startTrial,
  startTrialAndSendCode,
  toTrialStatus,
  toView,
  verifyTrialEmail,
} from "./subscriptions.server";

const T0 = new Date("2026-06-01T05:00:00.000Z");
const rowsFor = (email: string) => db().select().from(subscriptions).where(eq(subscriptions.email, email)).all();

describe("startTrial", () => {
  it("stores the parsed signup unverified, with the trial's features and the requested plan", async () => {
    const fields = orgSignup({ requestedPlan: "PRO" });
    const started = await startSignup(fields, T0);
    expect(started.created).toBe(true);
    expect(started.subscription).toMatchObject({
      email: fields.email,
      plan: "trial",
      status: "unverified",
      emailVerified: false,
      approvalStatus: null,
      companyName: "Verma Textiles",
      requestedPlan: "pro",
    });
    expect(started.subscription.features.length).toBeGreaterThan(0);
  });

  it("a filled honeypot stores nothing and says so", async () => {
    const fields = orgSignup({ [HONEYPOT_FIELD]: "http://spam.example" });
    expect(await startTrial(parseTrialSignup(fields), { now: T0 })).toEqual({ stored: false });
    expect(await rowsFor(fields.email)).toEqual([]);
  });

  it("an abandoned unverified signup is updated and keeps its userId", async () => {
    const email = uniqueTrialEmail("again");
    const first = await startSignup(orgSignup({ email, firstName: "First" }), T0);
    const second = await startSignup(orgSignup({ email, firstName: "Second" }), new Date(T0.getTime() + 60_000));
    expect(second.created).toBe(false);
    expect(second.subscription.userId).toBe(first.subscription.userId);
    expect(await rowsFor(email)).toMatchObject([{ firstName: "Second" }]);
  });

  it("refuses an email with a subscription by code, with where it stands; nothing changes", async () => {
    const { subscription } = await startSignup(orgSignup(), T0);
    const { code } = await sendTrialCode(subscription.email, CLIENT, T0);
    await verifyTrialEmail(subscription.email, code, CLIENT, T0);
    const before = await rowsFor(subscription.email);
    const refusal = await startSignup(orgSignup({ email: subscription.email, firstName: "Other" }), T0).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      status: 409,
      code: "trial.already_subscribed",
      message: TRIAL_MESSAGES.alreadyHas,
      extra: { currentPlan: "trial", status: "pending", state: "awaiting-approval" },
    });
    expect(await rowsFor(subscription.email)).toEqual(before);
  });

  it("20 parallel signups of one email leave one row; the others are updates or refusals", async () => {
    const email = uniqueTrialEmail("burst");
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => startSignup(orgSignup({ email, lastName: `Burst ${i}` }), T0)),
    );
    const stored = results.filter((r) => r.status === "fulfilled");
    expect(stored.length).toBeGreaterThan(0);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409 });
    }
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    const userIds = new Set(stored.map((r) => (r.status === "fulfilled" ? r.value.subscription.userId : "")));
    expect(userIds).toEqual(new Set([rows[0]?.userId]));
  });
});

describe("the same signup sent again", () => {
  it("20 identical signups at once (a double click, a reload): one row, every answer a success for it", async () => {
    const email = uniqueTrialEmail("twice");
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => startSignup(orgSignup({ email }), T0)));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    for (const r of results) {
      if (r.status === "fulfilled") expect(r.value.subscription.userId).toBe(rows[0]?.userId);
    }
  });
});

describe("startTrialAndSendCode (the signup form's submit)", () => {
  const codeEmails = async (email: string) =>
    (await emailsFor(email)).filter((m) => m.idempotencyKey.startsWith("code:"));

  it("stores the signup and sends its code to the row it stored", async () => {
    const fields = orgSignup();
    const started = await startTrialAndSendCode(parseTrialSignup(fields), CLIENT, { now: T0 });
    expect(started).toMatchObject({ stored: true, created: true, codeOnItsWay: true });
    expect(await rowsFor(fields.email)).toHaveLength(1);
    expect(await codeEmails(fields.email)).toHaveLength(1);
  });

  it("a filled honeypot: nothing stored, no code", async () => {
    const fields = orgSignup({ [HONEYPOT_FIELD]: "http://spam.example" });
    expect(await startTrialAndSendCode(parseTrialSignup(fields), CLIENT, { now: T0 })).toEqual({ stored: false });
    expect(await rowsFor(fields.email)).toEqual([]);
    expect(await codeEmails(fields.email)).toEqual([]);
  });

  it("started again within the cooldown: the signup is updated and the code already sent is the one to use", async () => {
    const fields = orgSignup();
    await startTrialAndSendCode(parseTrialSignup(fields), CLIENT, { now: T0 });
    const again = await startTrialAndSendCode(parseTrialSignup({ ...fields, firstName: "Again" }), CLIENT, {
      now: new Date(T0.getTime() + 10_000),
    });
    expect(again).toMatchObject({ stored: true, created: false, codeOnItsWay: true });
    expect(await rowsFor(fields.email)).toMatchObject([{ firstName: "Again" }]);
    expect(await codeEmails(fields.email)).toHaveLength(1);
  });

  it("20 identical submits at once: one row, one code email, every answer a stored signup with its code coming", async () => {
    const fields = orgSignup();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => startTrialAndSendCode(parseTrialSignup(fields), CLIENT, { now: T0 })),
    );
    const rows = await rowsFor(fields.email);
    expect(rows).toHaveLength(1);
    for (const result of results) {
      expect(result).toMatchObject({ stored: true, codeOnItsWay: true, subscription: { userId: rows[0]?.userId } });
    }
    expect(await codeEmails(fields.email)).toHaveLength(1);
  });
});

describe("parseTrialSignup: the one signup schema", () => {
  it("answers every field's error at once with the spec's messages, coded trial.invalid_signup", () => {
    let thrown: unknown;
    try {
      parseTrialSignup({ role: "organization", email: "not-an-email" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 400, code: "trial.invalid_signup" });
    const fields = (thrown as AppError).extra.details?.map((d) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(["firstName", "lastName", "email", "companyName", "jobTitle", "country", "agreeToTerms"]),
    );
    expect((thrown as AppError).extra.details).toContainEqual({ field: "agreeToTerms", message: TRIAL_MESSAGES.terms });
  });

  it("requires the terms box: absent, false or anything but true is refused", () => {
    for (const agreeToTerms of [undefined, false, "yes", 1]) {
      expect(() => parseTrialSignup(orgSignup({ agreeToTerms }))).toThrow(TRIAL_MESSAGES.terms);
    }
    expect(parseTrialSignup(orgSignup()).agreeToTerms).toBe(true);
  });
});

describe("POST /api/subscriptions/trial/start applies the form's terms rule (decision 023)", () => {
  it("refuses a payload without agreeToTerms: true with the spec's message, and stores nothing", async () => {
    for (const agreeToTerms of [undefined, false]) {
      const payload = individualPayload({ agreeToTerms });
      const r = await api("POST", "/api/subscriptions/trial/start", { body: payload });
      expect(r.status).toBe(400);
      expect(r.json.details).toContainEqual({ field: "agreeToTerms", message: TRIAL_MESSAGES.terms });
      expect(await rowsFor(payload.email)).toEqual([]);
    }
    const agreed = individualPayload();
    expect((await api("POST", "/api/subscriptions/trial/start", { body: agreed })).status).toBe(201);
    expect(await rowsFor(agreed.email)).toHaveLength(1);
  });
});

describe("views, lookups and the list", () => {
  it("the admin view and the public status agree with the stored row", async () => {
    const { subscription } = await startSignup(orgSignup(), T0);
    const view = toView(subscription, T0);
    expect(view).toMatchObject({
      _id: subscription.id,
      userId: subscription.userId,
      trialExpired: false,
      metadata: { companyInfo: { name: "Verma Textiles", size: "51-200" }, emailVerified: false },
    });
    expect(toTrialStatus(subscription, T0)).toMatchObject({ nextStep: "verify-email", daysRemaining: null });
  });

  it("an unknown id or userId is 404 coded subscription.not_found", async () => {
    await expect(requireSubscription("nobody")).rejects.toMatchObject({ status: 404, code: "subscription.not_found" });
    await expect(requireSubscription("x".repeat(500))).rejects.toMatchObject({ status: 404 });
  });

  it("codes for a missing or already proved signup", async () => {
    await expect(sendTrialCode(uniqueTrialEmail("none"), CLIENT, T0)).rejects.toMatchObject({
      status: 404,
      code: "trial.not_found",
    });
    const { subscription } = await startSignup(orgSignup(), T0);
    const { code } = await sendTrialCode(subscription.email, CLIENT, T0);
    await verifyTrialEmail(subscription.email, code, CLIENT, T0);
    await expect(sendTrialCode(subscription.email, CLIENT, T0)).rejects.toMatchObject({
      status: 409,
      code: "trial.already_verified",
    });
  });

  it("files an ended trial under expired, not active, when the console asks (decision 020)", async () => {
    const tag = `ended${Date.now().toString(36)}`;
    const email = `${tag}@example.com`;
    const { subscription } = await startSignup(orgSignup({ email }), T0);
    await db()
      .update(subscriptions)
      .set({ status: "active", approvalStatus: "approved", endDate: new Date(T0.getTime() - DAY) })
      .where(eq(subscriptions.id, subscription.id));
    const query = { page: 1, limit: 10, q: tag };
    const expired = await listSubscriptions({ ...query, status: "expired" }, { expiredApart: true, now: T0 });
    const active = await listSubscriptions({ ...query, status: "active" }, { expiredApart: true, now: T0 });
    const stored = await listSubscriptions({ ...query, status: "active" }, { now: T0 });
    expect(expired.rows.map((r) => r.id)).toEqual([subscription.id]);
    expect(active.rows).toEqual([]);
    expect(stored.rows.map((r) => r.id)).toEqual([subscription.id]);
    expect(expired.pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 10 });
  });
});
