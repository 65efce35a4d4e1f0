import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import {
  approvedAccount,
  invitedByApi,
  quietWebhookEndpoint,
  registerAccount,
  totp,
  turnOnTwoFactor,
} from "./console-helpers";
import { E2E_ADMIN } from "./credentials";
import {
  adminToken,
  emailsTo,
  expect,
  hydrating,
  signInAsAdmin,
  test,
  uniqueEmail,
  uniqueMark,
  verifiedTrialByApi,
} from "./fixtures";
import { bookByApi, freeSlot } from "./slots";

/**
 * Issue 30 item 1 (decision 047): nothing typed or auto-filled before hydration is lost. The page's
 * scripts start after the first paint (decision 036); on a throttled phone a page looks ready
 * 1.3–1.5 s before React hydrates it. Here the scripts are held back with `page.route`, every
 * field of every form on the page is filled, the scripts are let go, and after `<html
 * data-hydrated>` every field must still hold what was typed.
 *
 * The pages come from the route table: every route module whose code (or a module it imports)
 * renders a form must be in FORM_PAGES, so a new form cannot be forgotten.
 */

test.describe.configure({ timeout: 180_000 });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the hydration window exists only with JavaScript");

// ---------------------------------------------------------------- the route table's forms

const APP = path.join(process.cwd(), "app");
const FORM_TAG = /<Form\b|<form\b|\.Form\b/;

/** Route module files (app-relative) named by the route config files. */
function routeModules(): string[] {
  const configs = [
    "routes.ts",
    ...Array.from(
      readFileSync(path.join(APP, "routes.ts"), "utf8").matchAll(/from "\.\/(routes\/[^"]+\/routes)"/g),
      (m) => `${m[1]}.ts`,
    ),
  ];
  const files = new Set<string>();
  for (const config of configs) {
    for (const match of readFileSync(path.join(APP, config), "utf8").matchAll(/"(routes\/[^"]+\.tsx)"/g)) {
      files.add(match[1] as string);
    }
  }
  return [...files];
}

/** Whether the module, or a .tsx module it imports (directly or further down), renders a form. */
function rendersForm(file: string): boolean {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length) {
    const current = queue.shift() as string;
    const source = readFileSync(current, "utf8");
    if (FORM_TAG.test(source)) return true;
    for (const match of source.matchAll(/from "((?:\.{1,2}|~)\/[^"]+)"/g)) {
      const spec = match[1] as string;
      const base = spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : path.join(path.dirname(current), spec);
      const resolved = [`${base}.tsx`, base].find((candidate) => candidate.endsWith(".tsx") && existsSync(candidate));
      if (resolved && !seen.has(resolved)) {
        seen.add(resolved);
        queue.push(resolved);
      }
    }
  }
  return false;
}

// ---------------------------------------------------------------- typing before hydration

/** Holds back the page's scripts (the modules under /assets) until `release()`. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pattern = /\/assets\/.+\.js(\?.*)?$/;
  await page.route(pattern, async (route) => {
    await released;
    // A route the page gave up on (a navigation away, the end of the test) is already handled.
    await route.continue().catch(() => {});
  });
  return {
    release,
    done: () => page.unroute(pattern),
  };
}

/** `goto` without the fixture's wait for hydration (which is held back here), up to the first paint. */
async function openPainted(page: Page, url: string) {
  const goto = Object.getPrototypeOf(page).goto as Page["goto"];
  await goto.call(page, url, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() =>
    performance.getEntriesByType("paint").some((entry) => entry.name === "first-contentful-paint"),
  );
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

type Field = {
  mark: string;
  tag: string;
  type: string;
  name: string;
  id: string;
  inputMode: string;
  checked: boolean;
  value: string;
  options: string[];
};

/** Marks every field a person could type into (visible, enabled, in a form) and describes it. */
function markFields(page: Page): Promise<Field[]> {
  return page.evaluate(() => {
    const skipped = new Set(["hidden", "submit", "button", "reset", "image", "file", "range", "color"]);
    const fields: Field[] = [];
    let next = 0;
    for (const node of Array.from(document.querySelectorAll("input, textarea, select"))) {
      // One shape for the three kinds; `tagName` tells them apart.
      const element = node as unknown as HTMLInputElement;
      const select = element.tagName === "SELECT" ? (node as unknown as HTMLSelectElement) : null;
      if (!element.form || element.disabled) continue;
      if (!select && (skipped.has(element.type) || element.readOnly)) continue;
      if (element.getClientRects().length === 0 || element.closest("[aria-hidden='true']")) continue;
      if (getComputedStyle(element).visibility === "hidden") continue;
      const mark = String(next++);
      element.setAttribute("data-typed-before-hydration", mark);
      fields.push({
        mark,
        tag: element.tagName.toLowerCase(),
        type: select ? "select" : element.type,
        name: element.name,
        id: element.id,
        inputMode: element.getAttribute("inputmode") ?? "",
        checked: element.tagName === "INPUT" && element.checked,
        value: element.value,
        options: select ? Array.from(select.options, (option) => option.value) : [],
      });
    }
    return fields;
  });
}

/** What a person might type into a field of this kind. */
function typedValue(field: Field) {
  if (field.inputMode === "numeric") return "123456";
  switch (field.type) {
    case "email":
      return `early-${field.mark}@example.test`;
    case "url":
      return "https://early.example";
    case "tel":
      return "+91 90000 1111";
    case "number":
      return "3";
    case "date":
      return "2030-01-15";
    case "datetime-local":
      return "2030-01-15T10:30";
    case "time":
      return "10:30";
    case "password":
      return "typed-early-secret";
    default:
      return `Typed early ${field.mark}`;
  }
}

/** Types into every field the way a person (or the browser's auto-fill) would. */
async function fillEverything(page: Page, fields: Field[]) {
  const radioGroups = new Set<string>();
  for (const field of fields) {
    const locator = page.locator(`[data-typed-before-hydration="${field.mark}"]`);
    if (field.type === "select") {
      const choice = [...field.options].reverse().find((option) => option !== "" && option !== field.value);
      if (choice !== undefined) await locator.selectOption(choice);
    } else if (field.type === "checkbox") {
      await locator.setChecked(!field.checked);
    } else if (field.type === "radio") {
      const group = `${field.name}`;
      if (field.checked || radioGroups.has(group)) continue;
      radioGroups.add(group);
      await locator.check();
    } else {
      await locator.fill(typedValue(field));
    }
  }
}

type Shown = { value: string; checked: boolean } | null;

function readFields(page: Page, marks: string[]): Promise<Shown[]> {
  return page.evaluate(
    (list) =>
      list.map((mark) => {
        const element = document.querySelector<HTMLInputElement>(`[data-typed-before-hydration="${mark}"]`);
        return element ? { value: element.value, checked: element.checked } : null;
      }),
    marks,
  );
}

/**
 * Opens `url` with its scripts held back, fills every field, lets the scripts go and returns
 * what changed across hydration (empty when nothing typed was lost).
 */
async function typeBeforeHydration(page: Page, url: string) {
  const scripts = await holdScripts(page);
  try {
    await openPainted(page, url);
    expect(await isHydrated(page), `${url}: not hydrated yet`).toBe(false);
    const fields = await markFields(page);
    // The page shows its forms (not an error page). Some have only buttons (sign out, confirm).
    expect(await page.locator("form").count(), `${url}: no form on the page`).toBeGreaterThan(0);
    await fillEverything(page, fields);
    const typed = await readFields(
      page,
      fields.map((f) => f.mark),
    );
    // Still the page without its scripts: everything above happened in the hydration window.
    expect(await isHydrated(page), `${url}: hydrated while typing`).toBe(false);

    scripts.release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15_000 });
    // Modules fetched after hydration (zod and the schemas, decision 026) re-render the forms.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    const after = await readFields(
      page,
      fields.map((f) => f.mark),
    );
    const lost: string[] = [];
    fields.forEach((field, i) => {
      const before = typed[i];
      const now = after[i];
      const label = `${url} ${field.tag}[name=${field.name}${field.id ? ` id=${field.id}` : ""}]`;
      if (!now) lost.push(`${label}: replaced at hydration (its value went with it)`);
      else if (before && (now.value !== before.value || now.checked !== before.checked)) {
        lost.push(`${label}: ${JSON.stringify(before)} became ${JSON.stringify(now)}`);
      }
    });
    return { fields: fields.length, lost };
  } finally {
    scripts.release();
    await scripts.done();
  }
}

async function typeOnEach(page: Page, urls: string[]) {
  const lost: string[] = [];
  let typed = 0;
  for (const url of urls) {
    const { fields, lost: here } = await typeBeforeHydration(page, url);
    typed += fields;
    lost.push(...here);
  }
  console.log(`typed into ${typed} fields on ${urls.length} pages before hydration: ${urls.join(" ")}`);
  expect(lost, lost.join("\n")).toEqual([]);
}

// ---------------------------------------------------------------- what the pages need

type Context = { page: Page; request: APIRequestContext; browser: Browser; baseURL: string };

async function publishedPost(request: APIRequestContext) {
  const token = await adminToken(request);
  const mark = uniqueMark("hydra");
  const response = await request.post("/api/blogs", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `Typing early ${mark}`,
      content: "Nothing typed is lost.",
      excerpt: "A post for the hydration window.",
      author: `Hydra ${mark}`,
      tags: [mark],
      status: "published",
    },
  });
  expect(response.status()).toBe(201);
  const post = (await response.json()).data as { id: string; author: string };
  return { id: post.id, tag: mark, authorSlug: `hydra-${mark}`.toLowerCase() };
}

async function bookedMeeting(request: APIRequestContext) {
  const email = uniqueEmail("hydra-meeting");
  const { id } = await bookByApi(request, { name: "Hydra Visitor", email, company: "Early Typing Co" });
  await expect.poll(async () => (await emailsTo(request, email)).length).toBeGreaterThan(0);
  const text = (await emailsTo(request, email)).map((m) => m.text).join("\n");
  const manage = /\/demo\/manage\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(manage, "manage link in the booking email").toBeTruthy();
  return { id, manage: manage as string };
}

/** A callback request's lead (issue 26), by its id. */
async function callbackLead(request: APIRequestContext) {
  const email = uniqueEmail("hydra-lead");
  const sent = await request.post("/api/callbacks", {
    data: { firstName: "Hydra", lastName: "Lead", email, company: "Early Typing Co" },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const found = await request.get(`/api/leads?q=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  return (await found.json()).data[0].id as string;
}

/** A trial signup posted through the form's action (its cookie lands in the page's context). */
async function trialThroughSteps(page: Page, upTo: 1 | 2 | 3) {
  const email = uniqueEmail("hydra-trial");
  const post = (form: Record<string, string>) => page.request.post("/free-trial", { form, maxRedirects: 0 });
  const step1 = { role: "organization", firstName: "Hema", lastName: "Early", email };
  const step2 = {
    companyName: "Early Co",
    jobTitle: "Owner",
    companySize: "1-10",
    industry: "Retail",
    country: "India",
  };
  expect((await post({ intent: "step-1", ...step1 })).status()).toBe(303);
  if (upTo >= 2) expect((await post({ intent: "step-2", ...step2 })).status()).toBe(303);
  // Step 3 answered once already (the form's Back keeps it): its textarea is not empty on the server,
  // the case React's hydration used to reset.
  if (upTo >= 2)
    expect((await post({ intent: "back-2", useCase: "Approvals", currentTools: "Email" })).status()).toBe(303);
  if (upTo === 3) expect((await post({ intent: "step-3", agreeToTerms: "on" })).status()).toBe(302);
}

/** A trial signup that verified its email (it awaits approval); its id. */
async function verifiedSignup(request: APIRequestContext) {
  const email = uniqueEmail("hydra-user");
  await verifiedTrialByApi(request, {
    email,
    role: "individual",
    personalInfo: { firstName: "Uma", lastName: "Early" },
    companyInfo: { country: "India" },
    plan: "trial",
    agreeToTerms: true,
  });
  const token = await adminToken(request);
  const found = await request.get(`/api/subscriptions?q=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await found.json();
  const id = (body.subscriptions ?? body.data)?.[0]?._id as string | undefined;
  expect(id, "the signup in the users list").toBeTruthy();
  return id as string;
}

/** A fresh account with two-factor sign-in on (through the API). */
async function accountWithTwoFactor(request: APIRequestContext) {
  const account = await approvedAccount(request, "Hydra Twofactor");
  await turnOnTwoFactor(request, account);
  return account;
}

/** A page of its own (a browser context of its own: nobody signed in), failing on page and console errors. */
async function ownPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const page = hydrating(await context.newPage(), true);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) {
      errors.push(`console.error: ${message.text()}`);
    }
  });
  const close = async () => {
    await context.close();
    expect(errors, errors.join("\n")).toEqual([]);
  };
  return { close, page };
}

/**
 * Every route module with a form, and the pages that show its forms. A module listed here with
 * pages of another group (the layouts) is covered by those pages.
 */
const FORM_PAGES: Record<
  string,
  { group: "visitor" | "console" | "accounts"; visits: (ctx: Context) => Promise<string[]> }
> = {
  "routes/site-layout.tsx": { group: "visitor", visits: async () => ["/"] },
  "routes/marketing/pricing.tsx": { group: "visitor", visits: async () => ["/pricing"] },
  "routes/marketing/contact-sales.tsx": { group: "visitor", visits: async () => ["/pricing/contact-sales"] },
  "routes/marketing/privacy.tsx": { group: "visitor", visits: async () => ["/privacy"] },
  "routes/marketing/privacy-withdraw.tsx": { group: "visitor", visits: async () => ["/privacy/withdraw"] },
  "routes/blog/index.tsx": { group: "visitor", visits: async () => ["/blog"] },
  "routes/blog/tag.tsx": {
    group: "visitor",
    visits: async ({ request }) => [`/blog/tag/${(await publishedPost(request)).tag}`],
  },
  "routes/blog/author.tsx": {
    group: "visitor",
    visits: async ({ request }) => [`/blog/author/${(await publishedPost(request)).authorSlug}`],
  },
  "routes/demo/demo.tsx": {
    group: "visitor",
    visits: async ({ request }) => {
      const { date, time } = await freeSlot(request);
      return ["/demo?mode=callback", `/demo?date=${date}&time=${time}`];
    },
  },
  "routes/demo/manage.tsx": {
    group: "visitor",
    visits: async ({ request }) => {
      const { manage } = await bookedMeeting(request);
      const { date, time } = await freeSlot(request);
      // The reschedule's new-time step: its time-zone select and the confirm form.
      return [manage, `${manage}?date=${date}&time=${time}`];
    },
  },
  "routes/newsletter/subscribe.tsx": { group: "visitor", visits: async () => ["/newsletter"] },
  "routes/newsletter/confirm.tsx": {
    group: "visitor",
    visits: async () => ["/newsletter/confirm?token=made-up-token"],
  },
  "routes/newsletter/unsubscribe.tsx": {
    group: "visitor",
    visits: async () => ["/newsletter/unsubscribe?token=made-up-token"],
  },
  "routes/privacy-requests/request.tsx": { group: "visitor", visits: async () => ["/privacy/requests"] },
  "routes/privacy-requests/confirm.tsx": {
    group: "visitor",
    visits: async () => ["/privacy/requests/confirm?token=made-up-token"],
  },
  "routes/trial/free-trial.tsx": {
    group: "visitor",
    visits: async ({ page }) => {
      await trialThroughSteps(page, 2);
      return ["/free-trial?step=1", "/free-trial?step=2", "/free-trial?step=3"];
    },
  },
  "routes/trial/verify.tsx": {
    group: "visitor",
    visits: async ({ page }) => {
      await trialThroughSteps(page, 3);
      return ["/free-trial/verify"];
    },
  },

  "routes/admin/dashboard/layout.tsx": { group: "console", visits: async () => ["/admin/dashboard"] },
  "routes/admin/dashboard/meetings.tsx": { group: "console", visits: async () => ["/admin/dashboard/meetings"] },
  "routes/admin/dashboard/meetings/callbacks.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/meetings/callbacks"],
  },
  "routes/admin/dashboard/meetings/calendar.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/meetings/calendar"],
  },
  "routes/admin/dashboard/meetings/details.tsx": {
    group: "console",
    visits: async ({ request }) => [`/admin/dashboard/meetings/${(await bookedMeeting(request)).id}`],
  },
  "routes/admin/dashboard/meetings/reject.tsx": {
    group: "console",
    visits: async ({ request }) => [`/admin/dashboard/meetings/${(await bookedMeeting(request)).id}/reject`],
  },
  "routes/admin/dashboard/blog.tsx": { group: "console", visits: async () => ["/admin/dashboard/blog"] },
  "routes/admin/dashboard/blog/editor.tsx": {
    group: "console",
    visits: async ({ request }) => [
      "/admin/dashboard/blog/new",
      `/admin/dashboard/blog/${(await publishedPost(request)).id}/edit`,
    ],
  },
  "routes/admin/dashboard/blog/delete.tsx": {
    group: "console",
    visits: async ({ request }) => [`/admin/dashboard/blog/${(await publishedPost(request)).id}/delete`],
  },
  "routes/admin/dashboard/blog/revision.tsx": {
    group: "console",
    visits: async ({ request, page }) => {
      const { id } = await publishedPost(request);
      await page.goto(`/admin/dashboard/blog/${id}/edit`);
      const revision = await page.getByTestId("revisions").getByRole("link").first().getAttribute("href");
      expect(revision, "a revision link in the editor").toBeTruthy();
      return [revision as string];
    },
  },
  "routes/admin/dashboard/users.tsx": { group: "console", visits: async () => ["/admin/dashboard/users"] },
  "routes/admin/dashboard/leads.tsx": { group: "console", visits: async () => ["/admin/dashboard/leads"] },
  "routes/admin/dashboard/people.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/people?email=nobody-held%40e2e.test"],
  },
  "routes/admin/dashboard/leads/details.tsx": {
    group: "console",
    visits: async ({ request }) => [`/admin/dashboard/leads/${await callbackLead(request)}`],
  },
  "routes/admin/dashboard/insights.tsx": { group: "console", visits: async () => ["/admin/dashboard/insights"] },
  "routes/admin/dashboard/users/confirm.tsx": {
    group: "console",
    visits: async ({ request }) => [`/admin/dashboard/users/${await verifiedSignup(request)}/approve`],
  },
  "routes/admin/dashboard/settings/account.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings"],
  },
  "routes/admin/dashboard/settings/team.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings/team"],
  },
  "routes/admin/dashboard/settings/invitations.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings/invitations"],
  },
  "routes/admin/dashboard/settings/activity.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings/activity"],
  },
  "routes/admin/dashboard/settings/emails.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings/emails"],
  },
  "routes/admin/dashboard/settings/subscribers.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings/subscribers"],
  },
  "routes/admin/dashboard/settings/integrations.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings/integrations"],
  },
  "routes/admin/dashboard/settings/integration.tsx": {
    group: "console",
    visits: async ({ request }) => {
      const id = await quietWebhookEndpoint(request, `https://crm.example.com/${uniqueMark("hydra-hook")}`);
      return [`/admin/dashboard/settings/integrations/${id}`];
    },
  },
  "routes/admin/dashboard/settings/scheduling.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings/scheduling"],
  },
  "routes/admin/dashboard/settings/newsletter.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings/newsletter"],
  },
  "routes/admin/dashboard/settings/newsletter-issue.tsx": {
    group: "console",
    visits: async ({ request }) => {
      const created = await request.post("/api/newsletter/issues", {
        data: { subject: uniqueMark("hydra-issue"), markdown: "Hello" },
        headers: { Authorization: `Bearer ${await adminToken(request)}` },
      });
      expect(created.status()).toBe(201);
      return [`/admin/dashboard/settings/newsletter/${(await created.json()).data.id}`];
    },
  },
  "routes/admin/dashboard/settings/scheduling-host.tsx": {
    group: "console",
    visits: async ({ request }) => [
      `/admin/dashboard/settings/scheduling/hosts/${(await approvedAccount(request, "Hydra Host", "marketing")).id}`,
    ],
  },
  "routes/admin/dashboard/settings/calendar.tsx": {
    group: "console",
    visits: async () => ["/admin/dashboard/settings/calendar"],
  },

  "routes/admin/login.tsx": { group: "accounts", visits: async () => ["/admin", "/admin?mode=register"] },
  "routes/admin/forgot-password.tsx": { group: "accounts", visits: async () => ["/admin/forgot-password"] },
  "routes/admin/reset-password.tsx": {
    group: "accounts",
    visits: async ({ request }) => {
      const account = await approvedAccount(request, "Hydra Reset");
      const asked = await request.post("/admin/forgot-password", { form: { email: account.email }, maxRedirects: 0 });
      expect(asked.status()).toBeLessThan(400);
      await expect
        .poll(async () => (await emailsTo(request, account.email)).some((m) => m.text.includes("reset-password")))
        .toBe(true);
      const text = (await emailsTo(request, account.email)).map((m) => m.text).join("\n");
      const link = /\/admin\/reset-password\?token=[\w-]+/.exec(text)?.[0];
      expect(link, "reset link in the email").toBeTruthy();
      return [link as string];
    },
  },
  "routes/admin/invitation.tsx": {
    group: "accounts",
    visits: async ({ request }) => {
      // An Admin of its own invites, so the shared e2e Owner's hourly sends stay untouched.
      const inviter = await approvedAccount(request, "Hydra Inviter");
      const login = await request.post("/api/auth/login", {
        data: { email: inviter.email, password: inviter.password },
      });
      const token = (await login.json()).data.accessToken as string;
      return [await invitedByApi(request, token, uniqueEmail("hydra-invitee"))];
    },
  },
  "routes/admin/two-factor.tsx": {
    group: "accounts",
    visits: async ({ page, request }) => {
      const account = await accountWithTwoFactor(request);
      await page.goto("/admin");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/admin\/2fa$/);
      return ["/admin/2fa"];
    },
  },
  "routes/admin/pending.tsx": {
    group: "accounts",
    visits: async ({ page, request }) => {
      const account = await registerAccount(request, "Hydra Pending");
      await signInAsAdmin(page, account);
      await expect(page).toHaveURL(/\/admin\/pending/);
      return ["/admin/pending"];
    },
  },
  "routes/admin/dashboard/settings/security.tsx": {
    group: "accounts",
    visits: async ({ page, request }) => {
      // Two states with code fields: a setup waiting for its code, and two-factor on (password and code).
      const account = await approvedAccount(request, "Hydra Security");
      await signInAsAdmin(page, account);
      await page.goto("/admin/dashboard/settings/security");
      await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      await expect(page.getByLabel("Code from the app")).toBeVisible();
      return ["/admin/dashboard/settings/security"];
    },
  },
};

async function visitsOf(group: "visitor" | "console" | "accounts", ctx: Context) {
  const visits: string[] = [];
  for (const entry of Object.values(FORM_PAGES).filter((e) => e.group === group))
    visits.push(...(await entry.visits(ctx)));
  return visits;
}

// ---------------------------------------------------------------- the tests

test("every route module that renders a form is typed into before hydration here", () => {
  const withForms = routeModules().filter((file) => rendersForm(path.join(APP, file)));
  expect(withForms.length).toBeGreaterThan(20);
  const missing = withForms.filter((file) => !(file in FORM_PAGES));
  expect(missing, `add these route modules to FORM_PAGES: ${missing.join(", ")}`).toEqual([]);
  const stale = Object.keys(FORM_PAGES).filter((file) => !withForms.includes(file));
  expect(stale, `these are no route modules with a form any more: ${stale.join(", ")}`).toEqual([]);
});

test("public pages: every field typed before hydration is still there after it", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await typeOnEach(page, await visitsOf("visitor", { page, request, browser, baseURL: baseURL ?? "" }));
});

test("console pages: every field typed before hydration is still there after it", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page, E2E_ADMIN);
  await typeOnEach(page, await visitsOf("console", { page, request, browser, baseURL: baseURL ?? "" }));
});

test("sign-in, account and security pages: every field typed before hydration is still there after it", async ({
  request,
  browser,
  baseURL,
}) => {
  // Each page in a browser of its own: they need different people signed in (or nobody).
  for (const entry of Object.values(FORM_PAGES).filter((e) => e.group === "accounts")) {
    const { close, page } = await ownPage(browser, baseURL ?? "");
    try {
      await typeOnEach(page, await entry.visits({ page, request, browser, baseURL: baseURL ?? "" }));
    } finally {
      await close();
    }
  }
});

test("Settings → Security with two-factor on: the password and code fields keep what was typed early", async ({
  request,
  browser,
  baseURL,
}) => {
  const account = await approvedAccount(request, "Hydra Enabled");
  const { close, page } = await ownPage(browser, baseURL ?? "");
  try {
    await signInAsAdmin(page, account);
    await page.goto("/admin/dashboard/settings/security");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    await page.getByLabel("Code from the app").fill(totp(secret));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByTestId("recovery-code")).toHaveCount(10);
    await typeOnEach(page, ["/admin/dashboard/settings/security"]);
  } finally {
    await close();
  }
});

test("Sign in pressed before the scripts arrive: the form posts without them and the console opens", async ({
  request,
  browser,
  baseURL,
}) => {
  const account = await approvedAccount(request, "Hydra Early");
  // Each release point: before the post is answered, and (the longest) after it.
  for (const releaseAfterMs of [0, 100, 400, 1_500]) {
    const { close, page } = await ownPage(browser, baseURL ?? "");
    try {
      const { release, done } = await holdScripts(page);
      await openPainted(page, "/admin");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "Sign in" }).click({ noWaitAfter: true });
      await page.waitForTimeout(releaseAfterMs);
      release();
      await page.waitForURL(/\/admin\/dashboard$/);
      await done();
    } finally {
      await close();
    }
  }
});
