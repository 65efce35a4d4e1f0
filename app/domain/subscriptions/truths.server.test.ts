import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { DAY } from "~/lib/durations";
import { createActor } from "../../../tests/helpers/accounts";
import { appErrorOf as refusal } from "../../../tests/helpers/errors";
import { outboxTo } from "../../../tests/helpers/outbox";
import {
  approvedTrialBy,
  configPerTest,
  orgSignup,
  startSignup,
  verifiedTrialSignup,
} from "../../../tests/helpers/trial";
import { cancel, sendWelcome } from "./lifecycle.server";
import { consoleStatus, signupState } from "./rules";
import { listSubscriptions } from "./subscriptions.server";

/** Decision 020: states that tell the truth (expired trials, the welcome email, the greeting). */

const T0 = new Date("2026-06-01T06:30:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let actor: { id: string; email: string };
beforeAll(async () => {
  actor = await createActor();
});

/** This file's tests change configuration for one test at a time. */
const configure = configPerTest();

const verifiedSignup = (overrides: Record<string, unknown> = {}, now = T0) => verifiedTrialSignup(overrides, now);
const approvedTrial = (overrides: Record<string, unknown> = {}, now = T0) => approvedTrialBy(actor, overrides, now);

describe("expired trials", () => {
  it("an ended trial files under 'expired' and not under 'active' in the console; the API keeps 'active'", async () => {
    const marker = `Expiry${Date.now().toString(36)}`;
    const ended = await approvedTrial({ companyName: `${marker} Ended` }, at(-30 * DAY));
    const running = await approvedTrial({ companyName: `${marker} Running` }, T0);
    const now = at(DAY);
    const query = { page: 1, limit: 10, q: marker };
    const ids = async (status: "active" | "expired", expiredApart: boolean) =>
      (await listSubscriptions({ ...query, status }, { expiredApart, now })).rows.map((r) => r.id).sort();

    expect(await ids("expired", true)).toEqual([ended.id]);
    expect(await ids("active", true)).toEqual([running.id]);
    // Without the console's derived state (the API), both stored rows are "active".
    expect(await ids("active", false)).toEqual([ended.id, running.id].sort());
    expect(consoleStatus({ status: "active", trialExpired: true })).toBe("expired");
    expect(consoleStatus({ status: "active", trialExpired: false })).toBe("active");
    expect(consoleStatus({ status: "cancelled", trialExpired: true })).toBe("cancelled");
  });

  it("a paid plan or a trial without an end date is never 'expired'", async () => {
    expect(consoleStatus({ status: "pending", trialExpired: false })).toBe("pending");
    expect(signupState({ plan: "basic", status: "active", approvalStatus: "approved", endDate: at(-DAY) }, T0)).toBe(
      "active",
    );
    expect(signupState({ plan: "trial", status: "active", approvalStatus: "approved", endDate: null }, T0)).toBe(
      "active",
    );
  });
});

describe("duplicate-signup greeting state", () => {
  it("says awaiting approval, active, expired or closed as the row stands", async () => {
    const awaiting = await verifiedSignup();
    const again = async (email: string, now: Date) => refusal(startSignup(orgSignup({ email }), now));
    expect((await again(awaiting.email, T0)).extra).toMatchObject({ state: "awaiting-approval", status: "pending" });

    const active = await approvedTrial();
    expect((await again(active.email, at(DAY))).extra).toMatchObject({ state: "active", status: "active" });
    expect((await again(active.email, at(8 * DAY))).extra).toMatchObject({ state: "expired", status: "active" });

    await cancel(actor, active.id, {}, at(DAY));
    expect((await again(active.email, at(2 * DAY))).extra).toMatchObject({ state: "closed", status: "cancelled" });
  });
});

describe("the welcome email", () => {
  const welcomeText = async (email: string) => (await outboxTo(email)).find((m) => m.kind === "trial.welcome");

  it("without provisioning it does not claim an account is ready", async () => {
    const approved = await approvedTrial();
    await sendWelcome(actor, approved.id, at(DAY));
    const message = await welcomeText(approved.email);
    expect(message?.text).not.toContain("Your account is ready");
    expect(message?.text).toContain("Your free trial is approved.");
    expect(message?.subject).not.toContain("login details");
  });

  it("with provisioning that reported the account created it says the account is ready", async () => {
    configure({
      PROVISIONING_WEBHOOK_URL: "https://app.example/provision",
      PROVISIONING_WEBHOOK_SECRET: "k",
    });
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ userId: "acct-1" }));
    const approved = await approvedTrial();
    await sendWelcome(actor, approved.id, at(DAY));
    expect((await welcomeText(approved.email))?.text).toContain("Your account is ready.");
  });

  it("with provisioning that failed it does not claim an account", async () => {
    configure({
      PROVISIONING_WEBHOOK_URL: "https://app.example/provision",
      PROVISIONING_WEBHOOK_SECRET: "k",
    });
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("no", { status: 400 }));
    const approved = await approvedTrial();
    const row = await db().select().from(subscriptions).where(eq(subscriptions.id, approved.id)).get();
    expect(row?.status).toBe("active");
    await sendWelcome(actor, approved.id, at(DAY));
    expect((await welcomeText(approved.email))?.text).not.toContain("Your account is ready");
  });
});
