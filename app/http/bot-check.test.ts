import type { RouteConfigEntry } from "@react-router/dev/routes";
import { like, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { BOT_CHECK_TEXTS, createChallenge, issueFormToken, MIN_FORM_MS } from "~/domain/verification/bot-check.server";
import { BOT_CHECK_HEADER, FORM_TOKEN_FIELD } from "~/lib/bot-check";
import routes from "~/routes";
import { allEndpoints } from "~/routes/api/registry.server";
import { api } from "../../tests/helpers/api";
import { weekday } from "../../tests/helpers/booking";
import { formToken, solvedChallenge } from "../../tests/helpers/bot-check";
import { trialFormFields } from "../../tests/helpers/trial";
import { buildOpenApi } from "./api/openapi.server";
import { declaredPolicy, type RoutePolicy } from "./route-policy";

/**
 * Decision 080, derived from the route table and the endpoint registry: every public form action
 * and every public POST endpoint either runs the bot check — and then refuses a missing, forged,
 * expired, too-fast or replayed proof, storing and sending nothing — or is listed here with the
 * reason it needs none. A new public form or endpoint fails this test until it is one or the other.
 */

// ---------------------------------------------------------------- the /api endpoints

const EXEMPT_ENDPOINTS: Record<string, string> = {
  "POST /api/auth/login":
    "sends nothing and stores no lead; attempts are limited per account and address (decision 020)",
  "POST /api/auth/refresh": "rotates the caller's own refresh cookie; nothing is sent or stored for anyone else",
  "POST /api/auth/general-email-verification/verify-otp":
    "checks a code already emailed; attempts are limited per code and address (decision 041)",
  "POST /api/subscriptions/email/verify-code": "checks a code already emailed (same rules as verify-otp)",
  "POST /api/team/invitations/accept": "needs the secret token from the invitation's email; works once (decision 065)",
  "POST /api/team/invitations/accept/passkey/options":
    "needs the secret token from the invitation's email; spends nothing but a 5-minute challenge (decision 093)",
  "POST /api/team/invitations/accept/passkey":
    "needs the secret token from the invitation's email and a passkey's answer; works once (decision 093)",
  "POST /api/auth/passkeys/authentication/options": "a sign-in challenge: sends nothing, stores a 5-minute challenge",
  "POST /api/auth/passkeys/authentication/verify": "signs in with a passkey: sends nothing, stores no lead",
  "POST /api/auth/2fa/verify": "the second sign-in step after a password; limited per account (decision 041)",
  "POST /api/newsletter/provider-events":
    "the email provider's bounce and complaint webhook: a server, signed with EMAIL_WEBHOOK_SECRET; sends nothing (decision 092)",
  "POST /api/vitals":
    "a page speed beacon sent after the page loads: sends nothing, stores no lead; isbot and a per-client limit (decision 091)",
  "POST /api/page-views":
    "a hydrated visitor's in-app navigation, counted as a page view: sends nothing, stores no lead; isbot and a per-client limit (decision 091)",
};

/** A body each checked endpoint accepts, so the test reaches the check past the body's validation. */
function validBody(key: string, n: number): unknown {
  const email = `botcheck-api-${n}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const bodies: Record<string, unknown> = {
    "POST /api/meetings": { name: "Bot Check", email, date: weekday(12), timeSlot: `${10 + (n % 6)}:00` },
    "POST /api/callbacks": { firstName: "Bot", lastName: "Check", email, company: "Checks Ltd" },
    "POST /api/subscriptions/trial/start": {
      role: "individual",
      firstName: "Bot",
      lastName: "Check",
      email,
      howDidYouHear: "YouTube",
      agreeToTerms: true,
    },
    "POST /api/auth/general-email-verification/send-otp": { email, purpose: "trial" },
    "POST /api/subscriptions/email/send-verification": { email },
    "POST /api/subscriptions/email/resend-verification": { email },
    "POST /api/auth/register": { email, password: "a-long-password-80", name: "Bot Check" },
    "POST /api/privacy/requests": { email, kind: "export" },
  };
  if (!(key in bodies)) throw new Error(`${key} runs the bot check: give this test a valid body for it`);
  return bodies[key];
}

const keyOf = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;
const publicPosts = allEndpoints.filter((e) => e.access === "public" && e.method !== "GET");
const checked = publicPosts.filter((e) => e.botCheck);

/** Emails queued to or about an address. */
const emailsAbout = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(or(like(emailOutbox.to, email), like(emailOutbox.text, `%${email}%`)))
    .all();

describe("the bot check on the public API (decision 080)", () => {
  it("every public POST endpoint runs it or is exempt with a reason, and every exemption is true", () => {
    const missing = publicPosts.filter((e) => !e.botCheck && !(keyOf(e) in EXEMPT_ENDPOINTS)).map(keyOf);
    expect(missing, `public POST endpoints without the bot check or an exemption: ${missing.join(", ")}`).toEqual([]);
    for (const [key, reason] of Object.entries(EXEMPT_ENDPOINTS)) {
      expect(reason.length, key).toBeGreaterThan(20);
      const endpoint = publicPosts.find((e) => keyOf(e) === key);
      expect(endpoint, `${key} is a public POST endpoint`).toBeDefined();
      expect(endpoint?.botCheck, `${key} is exempt, so it runs no check`).toBeUndefined();
    }
    // The endpoints issue 29 names, at least.
    expect(checked.map(keyOf)).toEqual(
      expect.arrayContaining(["POST /api/meetings", "POST /api/callbacks", "POST /api/subscriptions/trial/start"]),
    );
  });

  it("the challenge endpoint hands out a challenge the header then carries", async () => {
    const answer = await api("GET", "/api/bot-check/challenge");
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ algorithm: "SHA-256", maxnumber: 50_000 });
    expect(answer.headers.get("Cache-Control") ?? "").not.toMatch(/public|max-age=[1-9]/);
  });

  for (const endpoint of checked) {
    it(`${keyOf(endpoint)} refuses a missing, forged, expired and replayed solution, and stores nothing for them`, async () => {
      const key = keyOf(endpoint);
      const body = validBody(key, 1) as { email: string };
      const refused = async (botCheck: string | false) => {
        const answer = await api(endpoint.method, endpoint.path, { body, botCheck });
        expect(answer.status, `${key} with ${String(botCheck).slice(0, 20)}`).toBe(403);
        expect(answer.json).toEqual({ success: false, error: BOT_CHECK_TEXTS.api });
      };
      await refused(false);
      await refused("bm90IGEgc29sdXRpb24="); // "not a solution"
      const challenge = await createChallenge({ number: 9 });
      await refused(btoa(JSON.stringify({ ...challenge, number: 10, maxnumber: undefined })));
      await refused(await solvedChallenge({ now: new Date(Date.now() - 21 * 60_000) }));
      expect(await emailsAbout(body.email)).toEqual([]);

      // A valid solution passes; the same one with another body is refused.
      const solution = await solvedChallenge();
      const first = await api(endpoint.method, endpoint.path, { body, botCheck: solution });
      expect(first.status, key).not.toBe(403);
      const other = validBody(key, 2);
      const replayed = await api(endpoint.method, endpoint.path, { body: other, botCheck: solution });
      expect(replayed.status).toBe(403);
      expect(replayed.json.error).toBe(BOT_CHECK_TEXTS.api);
    });
  }

  it("20 calls at once with one solution and different bodies: one is answered, 19 refused", async () => {
    const solution = await solvedChallenge();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("POST", "/api/callbacks", {
          body: { firstName: "Bot", lastName: `Race ${i}`, email: `race-${i}-${Date.now()}@example.com`, company: "R" },
          botCheck: solution,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(19);
  });

  it("documents the header on every checked operation", async () => {
    const document = buildOpenApi(allEndpoints) as unknown as {
      paths: Record<
        string,
        Record<string, { parameters: unknown[]; responses: Record<string, { description: string }> }>
      >;
    };
    for (const endpoint of checked) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation?.parameters, keyOf(endpoint)).toContainEqual(
        expect.objectContaining({ name: BOT_CHECK_HEADER, in: "header", required: true }),
      );
      expect(operation?.responses["403"]?.description).toMatch(/bot check/);
    }
  });
});

// ---------------------------------------------------------------- the public forms

type RouteModule = { action?: (args: never) => Promise<unknown> };
const modules = import.meta.glob<RouteModule>("/app/routes/**/*.{ts,tsx}");

/** Every route file of the table with the policy it answers under (the closest declaration). */
function routeFiles(entries: RouteConfigEntry[], inherited?: RoutePolicy): { file: string; policy?: RoutePolicy }[] {
  return entries.flatMap((entry) => {
    const policy = declaredPolicy(entry) ?? inherited;
    return [{ file: entry.file, policy }, ...routeFiles(entry.children ?? [], policy)];
  });
}

/** Public form actions that need no check, and why. */
const EXEMPT_FORMS: Record<string, string> = {
  "routes/demo/manage.tsx":
    "changes a booking through its secret manage link; emails only that booking's address, limited per booking (decision 042)",
  "routes/newsletter/confirm.tsx": "needs the secret link from the confirmation email",
  "routes/newsletter/unsubscribe.tsx": "needs the link from an email; stores nothing new and sends nothing",
  "routes/admin/reset-password.tsx": "needs the secret link from the reset email; emails only that account",
  "routes/admin/two-factor.tsx": "the second sign-in step after a password; attempts limited (decision 041)",
  "routes/admin/invitation.tsx": "needs the secret link from the invitation email (decision 065)",
  "routes/marketing/pricing.tsx": "a plan choice: answers a redirect, stores and sends nothing",
  "routes/resources/theme.ts": "sets the visitor's own theme cookie",
  "routes/privacy-requests/confirm.tsx":
    "needs the signed link from the privacy request's confirmation email (decision 088)",
  "routes/newsletter/one-click.ts":
    "RFC 8058 one-click unsubscribe, posted by the mail provider with the message's signed token; sends nothing (decision 092)",
};

const ORIGIN = "http://localhost";
const unique = (label: string) => `botcheck-${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A signup awaiting its code, and the cookie that names it (for the code page's resend). */
async function signupCookie() {
  const { action } = await import("~/routes/trial/free-trial");
  const fields = { ...TRIAL_FIELDS(unique("resend")), [FORM_TOKEN_FIELD]: formToken() };
  const answer = await run(
    action,
    new Request(`${ORIGIN}/free-trial`, { method: "POST", body: new URLSearchParams(fields) }),
  );
  return answer.cookie;
}

const TRIAL_FIELDS = (email: string) =>
  trialFormFields(email, { firstName: "Bot", lastName: "Check", companyName: "Checks Ltd" });

type FormCase = {
  /** The form, as the route file and what the test sends. */
  file: string;
  label: string;
  path: string;
  fields: (email: string, n: number) => Record<string, string>;
  cookie?: () => Promise<string>;
};

/** The checked forms, each with fields its action accepts (so the check is what answers). */
const FORMS: FormCase[] = [
  {
    file: "routes/demo/demo.tsx",
    label: "booking",
    path: "/demo",
    fields: (email, n) => ({ intent: "book", name: "Bot Check", email, date: weekday(13), timeSlot: `${10 + n}:30` }),
  },
  {
    file: "routes/demo/demo.tsx",
    label: "callback",
    path: "/demo?mode=callback",
    fields: (email) => ({ intent: "callback", firstName: "Bot", lastName: "Check", email, company: "Checks Ltd" }),
  },
  {
    file: "routes/marketing/contact-sales.tsx",
    label: "Enterprise lead",
    path: "/pricing/contact-sales",
    fields: (email) => ({ firstName: "Bot", lastName: "Check", email, company: "Checks Ltd", teamSize: "201-1000" }),
  },
  { file: "routes/trial/free-trial.tsx", label: "trial start", path: "/free-trial", fields: TRIAL_FIELDS },
  {
    file: "routes/trial/verify.tsx",
    label: "code resend",
    path: "/free-trial/verify",
    fields: () => ({ intent: "resend" }),
    cookie: signupCookie,
  },
  { file: "routes/newsletter/subscribe.tsx", label: "newsletter", path: "/newsletter", fields: (email) => ({ email }) },
  {
    file: "routes/admin/login.tsx",
    label: "admin registration",
    path: "/admin?index",
    fields: (email) => ({ intent: "register", name: "Bot Check", email, password: "a-long-password-80" }),
  },
  {
    file: "routes/admin/forgot-password.tsx",
    label: "password reset",
    path: "/admin/forgot-password",
    fields: (email) => ({ email }),
  },
  {
    file: "routes/privacy-requests/request.tsx",
    label: "privacy request",
    path: "/privacy/requests",
    fields: (email) => ({ email, kind: "erase" }),
  },
  {
    file: "routes/marketing/privacy-withdraw.tsx",
    label: "withdrawal",
    path: "/privacy/withdraw",
    fields: (email) => ({ email }),
  },
];

/** Runs an action: its status, its answer as text (data or a redirect) and a cookie it set. */
async function run(action: ((args: never) => Promise<unknown>) | undefined, request: Request) {
  if (!action) throw new Error("no action");
  let result: unknown;
  try {
    result = await action({ request, params: {}, context: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, text: "", cookie: (result.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "" };
  }
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } };
  if (wrapped?.type === "DataWithResponseInit") {
    const cookie = new Headers(wrapped.init?.headers).get("Set-Cookie")?.split(";")[0] ?? "";
    return { status: wrapped.init?.status ?? 200, text: JSON.stringify(wrapped.data), cookie };
  }
  return { status: 200, text: JSON.stringify(result), cookie: "" };
}

describe("the bot check on every public form (decision 080)", () => {
  it("every public route with an action runs it or is exempt with a reason", async () => {
    const publicFiles = [
      ...new Set(
        routeFiles(routes as RouteConfigEntry[])
          .filter(({ policy }) => policy?.caller === "visitor" || policy?.caller === "public")
          .map(({ file }) => file),
      ),
    ];
    const withAction: string[] = [];
    for (const file of publicFiles) {
      const load = modules[`/app/${file}`];
      if (load && typeof (await load()).action === "function") withAction.push(file);
    }
    const covered = new Set(FORMS.map((form) => form.file));
    const missing = withAction.filter((file) => !covered.has(file) && !(file in EXEMPT_FORMS));
    expect(missing, `public form actions without the bot check or an exemption: ${missing.join(", ")}`).toEqual([]);
    for (const [file, reason] of Object.entries(EXEMPT_FORMS)) {
      expect(reason.length, file).toBeGreaterThan(20);
      expect(withAction, `${file} is a public route with an action`).toContain(file);
    }
  }, 120_000);

  for (const form of FORMS) {
    it(`the ${form.label} form refuses a missing, forged, expired, too-fast and replayed token, keeping the input`, async () => {
      const { action } = await (modules[`/app/${form.file}`] as () => Promise<RouteModule>)();
      const cookie = form.cookie ? await form.cookie() : "";
      const post = (fields: Record<string, string>) =>
        run(
          action,
          new Request(`${ORIGIN}${form.path}`, {
            method: "POST",
            body: new URLSearchParams(fields),
            headers: cookie ? { Cookie: cookie } : {},
          }),
        );
      const email = unique(form.label.replace(/\W/g, ""));
      const fields = form.fields(email, 0);
      const token = issueFormToken({ now: new Date(Date.now() - 10_000) });
      const [issued, nonce, signature] = token.split(".");
      const bad: [string, Record<string, string>, string][] = [
        ["missing", fields, BOT_CHECK_TEXTS.failed],
        [
          "forged",
          { ...fields, [FORM_TOKEN_FIELD]: `${Number(issued) - 1}.${nonce}.${signature}` },
          BOT_CHECK_TEXTS.failed,
        ],
        ["forged work", { ...fields, altcha: btoa('{"algorithm":"SHA-256"}') }, BOT_CHECK_TEXTS.failed],
        ["expired", { ...fields, [FORM_TOKEN_FIELD]: formToken(13 * 60 * 60 * 1000) }, BOT_CHECK_TEXTS.failed],
        ["too fast", { ...fields, [FORM_TOKEN_FIELD]: formToken(MIN_FORM_MS - 1_000) }, BOT_CHECK_TEXTS.tooFast],
      ];
      for (const [what, sent, message] of bad) {
        const answer = await post(sent);
        expect(answer.status, `${form.label}: ${what}`).toBe(403);
        expect(answer.text, `${form.label}: ${what} says what to do`).toContain(JSON.stringify(message).slice(1, -1));
        // The input comes back with the answer (or, with JavaScript, stays in the form).
        if (fields.email) expect(answer.text, `${form.label}: ${what} keeps the email`).toContain(email);
      }
      expect(await emailsAbout(email)).toEqual([]);

      // A person's token passes; the same token with other details is refused.
      const first = await post({ ...fields, [FORM_TOKEN_FIELD]: token });
      expect(first.status, `${form.label}: a valid token`).not.toBe(403);
      const other = form.fields(unique("other"), 1);
      // The code resend has nothing typed: the same token again is the same request (decision 052).
      if (JSON.stringify(other) === JSON.stringify(fields)) return;
      const replayed = await post({ ...other, [FORM_TOKEN_FIELD]: token });
      expect(replayed.status, `${form.label}: replayed`).toBe(403);
      expect(replayed.text).toContain(JSON.stringify(BOT_CHECK_TEXTS.failed).slice(1, -1));
    }, 60_000);
  }
});
