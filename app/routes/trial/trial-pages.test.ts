import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { signupDrafts, subscriptions, verificationCodes } from "~/db/schema";
import { DRAFT_LIFETIME, purgeSignupDrafts } from "~/domain/subscriptions/signup-drafts.server";
import { sendTrialCode } from "~/domain/subscriptions/subscriptions.server";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { runRoute } from "../../../tests/helpers/route-call";
import { latestCodeFor, uniqueTrialEmail } from "../../../tests/helpers/trial";
import { action as trialAction, loader as trialLoader } from "./free-trial";
import { limitedText, action as verifyAction, loader as verifyLoader } from "./verify";
import { loader as welcomeLoader } from "./welcome";

// biome-ignore lint/suspicious/noExplicitAny: tests read action results loosely
type Result = { data: Record<string, any>; init: { status?: number; headers?: HeadersInit } | null };

const ORIGIN = "http://localhost";

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(withFormToken(fields)),
    headers: cookie ? { Cookie: cookie } : {},
  });
}

/** The draft cookie a step's answer set, as a Cookie header. */
const draftCookieOf = (response?: Response) =>
  (response?.headers.get("Set-Cookie") ?? "")
    .split(/,(?=\s*\w+=)/)
    .find((c) => c.trim().startsWith("flowlane_signup="))
    ?.split(";")[0]
    ?.trim() ?? "";

/** The drafts holding this email. */
const draftsOf = (email: string) =>
  db().select().from(signupDrafts).where(sql`json_extract(fields, '$.email') = ${email}`).all();

/** The step page's loader data (it answers data, not a redirect). */
async function page(path: string, cookie: string) {
  const { result, response } = await run(trialLoader, new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }));
  expect(response, `no redirect from ${path}`).toBeUndefined();
  // biome-ignore lint/suspicious/noExplicitAny: tests read loader data loosely
  return result?.data as unknown as { step: number; plan: string | null; values: Record<string, any> };
}

/** Runs a loader or action: its data, or the redirect it returned or threw. */
const run = (fn: (a: never) => unknown, request: Request) => runRoute<Result>(fn, request);

const step1 = (email: string) => ({
  role: "organization",
  firstName: "Kiran",
  lastName: "Rao",
  email,
  phone: "",
});
const step2 = {
  companyName: "Rao Mills",
  jobTitle: "Owner",
  companySize: "1-10",
  industry: "Manufacturing",
  country: "India",
};
const step3 = { howDidYouHear: "YouTube", useCase: "", currentTools: "", agreeToTerms: "on" };

async function signUp(email = uniqueTrialEmail("page")) {
  const { response } = await run(
    trialAction,
    post("/free-trial", { intent: "step-3", ...step1(email), ...step2, ...step3, plan: "standard" }),
  );
  expect(response?.status).toBe(302);
  const cookie = (response?.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  return { email, cookie, location: response?.headers.get("Location") };
}

describe("/free-trial steps", () => {
  it("shows the plan from ?plan= and ignores unknown plans", async () => {
    const pro = await page("/free-trial?plan=Pro", "");
    expect(pro.plan).toBe("pro");
    const odd = await page("/free-trial?plan=gold", "");
    expect(odd.plan).toBeNull();
  });

  it("answers an empty step 1 with the spec's messages and the banner", async () => {
    const { result } = await run(trialAction, post("/free-trial", { intent: "step-1" }));
    expect(result?.init?.status).toBe(400);
    expect(result?.data.step).toBe(1);
    expect(result?.data.banner).toBe(true);
    expect(result?.data.result.error).toMatchObject({
      role: ["Please select your role"],
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
    });
  });

  it("moves on step by step: each step answers with a redirect to its own page, which shows the values", async () => {
    const email = uniqueTrialEmail("steps");
    const one = await run(trialAction, post("/free-trial", { intent: "step-1", ...step1(email), plan: "pro" }));
    expect(one.response?.status).toBe(303);
    expect(one.response?.headers.get("Location")).toBe("/free-trial?step=2");
    const cookie = draftCookieOf(one.response);
    expect(cookie).toMatch(/^flowlane_signup=/);
    const page2 = await page("/free-trial?step=2", cookie);
    expect(page2).toMatchObject({ step: 2, plan: "pro", values: { email, firstName: "Kiran", plan: "pro" } });

    const two = await run(trialAction, post("/free-trial", { intent: "step-2", ...step2 }, cookie));
    expect(two.response?.headers.get("Location")).toBe("/free-trial?step=3");
    expect(await page("/free-trial?step=3", cookie)).toMatchObject({
      step: 3,
      values: { email, companyName: "Rao Mills" },
    });
    // A reload of step 3 is step 3; Back to step 2 shows step 2 filled in; step 1 keeps its fields.
    expect((await page("/free-trial?step=2", cookie)).values).toMatchObject({
      companyName: "Rao Mills",
      country: "India",
    });
    expect((await page("/free-trial", cookie)).values).toMatchObject({ email, lastName: "Rao" });

    const individual = await run(
      trialAction,
      post("/free-trial", { intent: "step-2", ...step1(email), role: "individual", country: "" }, cookie),
    );
    expect(individual.result?.data.result.error).toEqual({ country: ["Country is required"] });
    // The form's Back button keeps what was typed on the step it leaves.
    const back = await run(
      trialAction,
      post("/free-trial", { intent: "back-1", ...step2, jobTitle: "Founder" }, cookie),
    );
    expect(back.response?.headers.get("Location")).toBe("/free-trial?step=1");
    expect((await page("/free-trial?step=1", cookie)).values).toMatchObject({ jobTitle: "Founder" });
  });

  it("a page showing a draft is kept by no cache; an empty one may be", async () => {
    const one = await run(trialAction, post("/free-trial", { intent: "step-1", ...step1(uniqueTrialEmail("cache")) }));
    const cookie = draftCookieOf(one.response);
    const mine = await run(trialLoader, new Request(`${ORIGIN}/free-trial?step=2`, { headers: { Cookie: cookie } }));
    expect(new Headers(mine.result?.init?.headers).get("Cache-Control")).toBe("private, no-store");
    const empty = await run(trialLoader, new Request(`${ORIGIN}/free-trial?plan=pro`));
    expect(new Headers(empty.result?.init?.headers).get("Cache-Control")).toBeNull();
  });

  it("a step's page without the steps before it goes to the first incomplete one", async () => {
    expect((await run(trialLoader, new Request(`${ORIGIN}/free-trial?step=3`))).response?.headers.get("Location")).toBe(
      "/free-trial?step=1",
    );
    const one = await run(trialAction, post("/free-trial", { intent: "step-1", ...step1(uniqueTrialEmail("gap")) }));
    const cookie = draftCookieOf(one.response);
    const skipped = await run(trialLoader, new Request(`${ORIGIN}/free-trial?step=3`, { headers: { Cookie: cookie } }));
    expect(skipped.response?.headers.get("Location")).toBe("/free-trial?step=2");
    // No draft at all: /free-trial is step 1, empty.
    expect(await page("/free-trial", "")).toMatchObject({ step: 1, values: {} });
  });

  it("a field emptied or a box unticked on the step shown is emptied in the draft too", async () => {
    const email = uniqueTrialEmail("clear");
    const one = await run(
      trialAction,
      post("/free-trial", { intent: "step-1", ...step1(email), phone: "+91 98765 43210" }),
    );
    const cookie = draftCookieOf(one.response);
    await run(trialAction, post("/free-trial", { intent: "back-1", ...step2 }, cookie));
    const again = await run(trialAction, post("/free-trial", { intent: "step-1", ...step1(email), phone: "" }, cookie));
    expect(again.response?.status).toBe(303);
    expect((await page("/free-trial?step=2", cookie)).values.phone).toBeUndefined();
    await run(trialAction, post("/free-trial", { intent: "step-2", ...step2 }, cookie));
    await run(
      trialAction,
      post("/free-trial", { intent: "back-2", subscribeNewsletter: "on", useCase: "Leave" }, cookie),
    );
    expect((await page("/free-trial?step=3", cookie)).values).toMatchObject({ subscribeNewsletter: "on" });
    await run(trialAction, post("/free-trial", { intent: "back-2", useCase: "Leave" }, cookie));
    expect((await page("/free-trial?step=3", cookie)).values.subscribeNewsletter).toBeUndefined();
  });

  it("20 posts of one browser at once leave one draft, holding one of them whole", async () => {
    const email = uniqueTrialEmail("burst");
    const one = await run(trialAction, post("/free-trial", { intent: "step-1", ...step1(email) }));
    const cookie = draftCookieOf(one.response);
    const titles = Array.from({ length: 20 }, (_, i) => `Title ${i}`);
    const answers = await Promise.all(
      titles.map((jobTitle) => run(trialAction, post("/free-trial", { intent: "back-1", ...step2, jobTitle }, cookie))),
    );
    expect(answers.every((a) => a.response?.status === 303)).toBe(true);
    const rows = await db().select().from(signupDrafts).where(sql`json_extract(fields, '$.email') = ${email}`).all();
    expect(rows).toHaveLength(1);
    expect(titles).toContain(rows[0]?.fields.jobTitle);
    expect(rows[0]?.fields).toMatchObject({ email, companyName: "Rao Mills" });
  });

  it("keeps no draft for a bot (filled honeypot) and none after the signup is stored", async () => {
    const bot = uniqueTrialEmail("bot-draft");
    const botStep = await run(trialAction, post("/free-trial", { intent: "step-1", ...step1(bot), faxNumber: "x" }));
    expect(botStep.response?.headers.get("Location")).toBe("/free-trial?step=2");
    expect(botStep.response?.headers.get("Set-Cookie")).toBeNull();
    expect(await draftsOf(bot)).toHaveLength(0);

    const email = uniqueTrialEmail("done");
    const one = await run(trialAction, post("/free-trial", { intent: "step-1", ...step1(email) }));
    const cookie = draftCookieOf(one.response);
    await run(trialAction, post("/free-trial", { intent: "step-2", ...step2 }, cookie));
    expect(await draftsOf(email)).toHaveLength(1);
    const done = await run(trialAction, post("/free-trial", { intent: "step-3", ...step3 }, cookie));
    expect(done.response?.headers.get("Location")).toBe("/free-trial/verify?sent=1");
    expect(done.response?.headers.get("Set-Cookie")).toMatch(/flowlane_signup=; Max-Age=0/);
    expect(await draftsOf(email)).toHaveLength(0);
  });

  it("purges drafts a day after their last step", async () => {
    const email = uniqueTrialEmail("old");
    const one = await run(trialAction, post("/free-trial", { intent: "step-1", ...step1(email) }));
    const cookie = draftCookieOf(one.response);
    expect(await purgeSignupDrafts(new Date(Date.now() + DRAFT_LIFETIME - 60_000))).toBe(0);
    expect((await page("/free-trial?step=2", cookie)).values.email).toBe(email);
    await purgeSignupDrafts(new Date(Date.now() + DRAFT_LIFETIME + 60_000));
    expect(await draftsOf(email)).toHaveLength(0);
  });

  it("sends a step posted out of order back to the first incomplete step, storing nothing", async () => {
    const email = uniqueTrialEmail("order");
    const skipped = await run(trialAction, post("/free-trial", { intent: "step-3", email, ...step3 }));
    expect(skipped.result?.init?.status).toBe(400);
    expect(skipped.result?.data.step).toBe(1);
    const noStep2 = await run(trialAction, post("/free-trial", { intent: "step-3", ...step1(email), ...step3 }));
    expect(noStep2.result?.data.step).toBe(2);
    expect(noStep2.result?.data.result.error.companyName).toEqual(["Company name is required"]);
    const noTerms = await run(
      trialAction,
      post("/free-trial", { intent: "step-3", ...step1(email), ...step2, howDidYouHear: "" }),
    );
    expect(noTerms.result?.data.result.error).toEqual({ agreeToTerms: ["You must agree to the terms"] });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get()).toBeUndefined();
  });

  it("stores nothing when the honeypot is filled", async () => {
    const email = uniqueTrialEmail("bot");
    const { response } = await run(
      trialAction,
      post("/free-trial", { intent: "step-3", ...step1(email), ...step2, ...step3, faxNumber: "x" }),
    );
    expect(response?.headers.get("Location")).toBe("/free-trial/welcome");
    expect(await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get()).toBeUndefined();
  });

  it("stores the signup, emails a code and opens the code screen", async () => {
    const { email, cookie, location } = await signUp();
    expect(location).toBe("/free-trial/verify?sent=1");
    expect(cookie).toMatch(/^flowlane_trial=.+/);
    const row = await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get();
    expect(row).toMatchObject({ status: "unverified", requestedPlan: "standard", companyName: "Rao Mills" });
    expect(await latestCodeFor(email)).toMatch(/^\d{6}$/);
  });

  it("greets an email that already has a subscription with its plan", async () => {
    const { email } = await signUp();
    await db()
      .update(subscriptions)
      .set({ status: "active", emailVerified: true })
      .where(eq(subscriptions.email, email));
    const { result } = await run(
      trialAction,
      post("/free-trial", { intent: "step-3", ...step1(email), ...step2, ...step3 }),
    );
    expect(result?.init?.status).toBe(409);
    expect(result?.data.existing).toEqual({ email, currentPlan: "trial", state: "active" });
  });
});

describe("/free-trial/verify", () => {
  it("needs the signup cookie, unaltered", async () => {
    const none = await run(verifyLoader, new Request(`${ORIGIN}/free-trial/verify`));
    expect(none.response?.headers.get("Location")).toBe("/free-trial");
    const { cookie } = await signUp();
    const tampered = `${cookie.slice(0, -3)}abc`;
    const altered = await run(
      verifyLoader,
      new Request(`${ORIGIN}/free-trial/verify`, { headers: { Cookie: tampered } }),
    );
    expect(altered.response?.headers.get("Location")).toBe("/free-trial");
  });

  it("shows the remaining resend seconds, refuses bad codes and early resends, then verifies", async () => {
    const { email, cookie } = await signUp();
    const page = await run(
      verifyLoader,
      new Request(`${ORIGIN}/free-trial/verify?sent=1`, { headers: { Cookie: cookie } }),
    );
    const data = page.result as unknown as { email: string; resendAfter: number; notice: string };
    expect(data.email).toBe(email);
    expect(data.resendAfter).toBeGreaterThan(50);
    expect(data.resendAfter).toBeLessThanOrEqual(60);
    expect(data.notice).toBe("Please check your email for the OTP verification code.");

    const empty = await run(verifyAction, post("/free-trial/verify", { intent: "verify", otp: "" }, cookie));
    expect(empty.result?.data.fieldError).toBe("Please enter the OTP code.");
    const letters = await run(verifyAction, post("/free-trial/verify", { intent: "verify", otp: "12a456" }, cookie));
    expect(letters.result?.data.fieldError).toBe("The code must contain digits only.");
    const short = await run(verifyAction, post("/free-trial/verify", { intent: "verify", otp: "12345" }, cookie));
    expect(short.result?.data.fieldError).toBe("The code must be 6 digits.");

    const code = await latestCodeFor(email);
    const wrong = await run(
      verifyAction,
      post("/free-trial/verify", { intent: "verify", otp: code === "000000" ? "111111" : "000000" }, cookie),
    );
    expect(wrong.result?.data.message).toBe("Error: Invalid code. You have 4 attempts left.");

    const early = await run(verifyAction, post("/free-trial/verify", { intent: "resend" }, cookie));
    expect(early.result?.init?.status).toBe(429);
    expect(early.result?.data.message).toMatch(/^Error: Please wait \d+ seconds before requesting a new code\.$/);

    // After the cooldown, a resend works and says so.
    await db()
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(verificationCodes.email, email));
    const resent = await run(verifyAction, post("/free-trial/verify", { intent: "resend" }, cookie));
    expect(resent.result?.data.message).toBe("OTP resent to your email.");
    const fresh = await latestCodeFor(email);

    const ok = await run(verifyAction, post("/free-trial/verify", { intent: "verify", otp: fresh }, cookie));
    expect(ok.response?.headers.get("Location")).toBe("/free-trial/welcome");
    const after = await run(verifyLoader, new Request(`${ORIGIN}/free-trial/verify`, { headers: { Cookie: cookie } }));
    expect(after.response?.headers.get("Location")).toBe("/free-trial/welcome");
    const welcome = await run(
      welcomeLoader,
      new Request(`${ORIGIN}/free-trial/welcome`, { headers: { Cookie: cookie } }),
    );
    expect(welcome.result).toMatchObject({ firstName: "Kiran", email });
    const row = await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get();
    expect(row).toMatchObject({ status: "pending", approvalStatus: "pending_admin_approval", emailVerified: true });
  });
});

describe("/free-trial/verify, codes as pasted and waits that mean something (issue 30)", () => {
  it("verifies a code pasted with a space, without JavaScript", async () => {
    const { email, cookie } = await signUp();
    const code = await latestCodeFor(email);
    const ok = await run(
      verifyAction,
      post("/free-trial/verify", { intent: "verify", otp: `${code.slice(0, 3)} ${code.slice(3)}` }, cookie),
    );
    expect(ok.response?.headers.get("Location")).toBe("/free-trial/welcome");
  });

  it("verifies a code in full-width digits with a dash", async () => {
    const { email, cookie } = await signUp();
    const code = await latestCodeFor(email);
    const wide = [...code].map((d) => String.fromCharCode(0xff10 + Number(d))).join("");
    const ok = await run(
      verifyAction,
      post("/free-trial/verify", { intent: "verify", otp: `${wide.slice(0, 3)}－${wide.slice(3)}` }, cookie),
    );
    expect(ok.response?.headers.get("Location")).toBe("/free-trial/welcome");
  });

  it("with the fifth code of the hour out, says to use it instead of counting 3,000-odd seconds", async () => {
    const { email, cookie } = await signUp();
    // Four more codes, each after the previous one's cooldown (moved back a minute and a bit).
    for (let i = 0; i < 4; i++) {
      await db()
        .update(verificationCodes)
        .set({ createdAt: sql`${verificationCodes.createdAt} - 61000` })
        .where(eq(verificationCodes.email, email));
      await sendTrialCode(email, { ip: "", local: true });
    }
    const page = (await run(verifyLoader, new Request(`${ORIGIN}/free-trial/verify`, { headers: { Cookie: cookie } })))
      .result as unknown as { live: boolean; resendAfter: number; limitedFor: number; refused: unknown };
    expect(page.live).toBe(true);
    expect(page.refused).toBeNull();
    // No countdown in seconds: the wait is the hour's, told in minutes beside the code that still works.
    expect(page.resendAfter).toBe(0);
    expect(page.limitedFor).toBeGreaterThan(55 * 60);
    expect(limitedText(page.limitedFor)).toBe(
      "No new code can be sent for about 56 minutes. Please use the code we sent.",
    );
  });
});
