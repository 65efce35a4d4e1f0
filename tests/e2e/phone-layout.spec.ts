import type { APIRequestContext, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { isoWeekOf } from "../../app/domain/calendar/week";
import { adminRoutes } from "../../app/routes/admin/routes";
import { type Account, quietWebhookEndpoint, registerAccount } from "./console-helpers";
import { adminToken, emailsTo, expect, signInAsAdmin, test, uniqueAddress, uniqueEmail, uniqueMark } from "./fixtures";
import { shoot as shootAt } from "./screenshots";
import { bookByApi } from "./slots";

/**
 * Phone layouts with long data (issue 30 item 8): every console page at 375 px, filled with
 * the longest unbroken values the forms accept (names of 100 characters, companies of 150–200,
 * titles of 200, notes of 2,000, a 500-character link, long emails), must not reach past the
 * right edge. The check measures the box of every visible element, not only the document's
 * `scrollWidth`: a row the page clips (`overflow: hidden`, `truncate`) keeps the document 375 px
 * wide while its text is cut off, and that counts too; so does text that runs out of a box that
 * itself stays in bounds (one long word in a heading). Only a container that scrolls sideways on
 * purpose (its class `overflow-x-auto` or `overflow-auto`, e.g. a table's scroller) may hold
 * wider content.
 *
 * Which pages: every console route with a page (`.tsx`) in `app/routes/admin/routes.ts`; a new
 * one without an entry in PAGES fails the first test. E2E_SCREENSHOTS=dir saves each page.
 */

const PHONE = { width: 375, height: 812 };

/** A string with no break opportunity: letters only, starting with `tag` so a search finds it. */
const unbroken = (tag: string, length: number) => (tag + "W".repeat(length)).slice(0, length);
const longEmail = () => uniqueEmail("averyveryverylongmailboxnameforlayouttests");
const word = () => Math.random().toString(36).slice(2, 10).replace(/\d/g, "q");

type LongData = {
  tag: string;
  scheduledId: string;
  confirmedId: string;
  meetingDate: string;
  postId: string;
  revisionId: string;
  userId: string;
  emailId: string;
  endpointId: string;

  leadId: string;

  /** A member whose availability page is shown (the long-named Admin). */
  hostId?: string;
  /** A newsletter issue with a long subject and text (decision 092). */
  issueId: string;

  /** The long booking's address: People shows everything held about it. */
  scheduledEmail: string;
};

/** Books a demo with the longest values the booking accepts (a slot taken meanwhile: another one). */
async function bookLong(request: APIRequestContext, tag: string) {
  const email = longEmail();
  const booked = await bookByApi(
    request,
    {
      name: unbroken(tag, 100),
      email,
      phone: "+91 98765 43210 1234567",
      company: unbroken(`Co${tag}`, 150),
      notes: `${unbroken(`Notes${tag}`, 600)} ${unbroken("Second", 400)}`,
      visitorTimezone: "America/Los_Angeles",
    },
    { headers: { "CF-Connecting-IP": uniqueAddress() }, tries: 5 },
  );
  return { ...booked, email };
}

async function makeLongData(request: APIRequestContext): Promise<LongData> {
  const tag = `Lay${word()}`;
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };

  const scheduled = await bookLong(request, tag);
  const confirmed = await bookLong(request, tag);
  const approved = await request.put(`/api/meetings/${confirmed.id}/status`, {
    data: { status: "confirmed", meetingLink: `https://meet.example/${unbroken(tag, 470)}` },
    headers: auth,
  });
  expect(approved.status(), await approved.text()).toBe(200);

  const callback = await request.post("/api/callbacks", {
    data: {
      firstName: unbroken(tag, 100),
      lastName: unbroken("Last", 100),
      email: longEmail(),
      company: unbroken(`Co${tag}`, 150),
      phone: "+91 98765 43210",
      message: unbroken("Message", 2000),
    },
    headers: { "CF-Connecting-IP": uniqueAddress() },
  });
  expect(callback.status(), await callback.text()).toBe(201);

  const trial = await request.post("/api/subscriptions/trial/start", {
    data: {
      email: longEmail(),
      role: "organization",
      personalInfo: { firstName: unbroken(tag, 100), lastName: unbroken("Last", 100), jobTitle: unbroken("Job", 100) },
      companyInfo: {
        name: unbroken(`Co${tag}`, 200),
        size: "11-50",
        industry: "Retail",
        country: unbroken("Country", 100),
        website: `https://${unbroken("site", 180)}.example`,
      },
      additionalInfo: { useCase: unbroken("Use", 1000), currentTools: unbroken("Tools", 500) },
      preferences: { subscribeNewsletter: true },
      plan: "trial",
      agreeToTerms: true,
    },
  });
  expect(trial.status(), await trial.text()).toBe(201);
  const userId = (await trial.json()).data.userId as string;

  // The footer box's subscriber with a long address.
  const subscribed = await request.post("/newsletter", { form: { email: longEmail() } });
  expect(subscribed.ok()).toBe(true);

  const post = await request.post("/api/blogs", {
    data: {
      title: `${uniqueMark("Lay")} ${unbroken(tag, 180)}`,
      author: unbroken("Author", 100),
      excerpt: unbroken("Excerpt", 500),
      content: `## ${unbroken("Heading", 150)}\n\n${unbroken("Body", 800)}\n\n[${unbroken("Link", 100)}](https://example.com/${unbroken("path", 300)})`,
      tags: [unbroken("TagOne", 40), unbroken("TagTwo", 40), unbroken("TagThree", 40)],
      status: "published",
    },
    headers: auth,
  });
  expect(post.status(), await post.text()).toBe(201);
  const postId = (await post.json()).data.id as string;

  // A CRM webhook endpoint with a long URL (Settings → Integrations lists it, its page shows it).
  const endpointId = await quietWebhookEndpoint(
    request,
    `https://${unbroken("hooks", 60)}.example/${uniqueMark("lay")}/${unbroken("path", 300)}`,
  );

  await expect.poll(async () => (await emailsTo(request, scheduled.email)).length).toBeGreaterThan(0);
  const [message] = await emailsTo(request, scheduled.email);
  // The booking's lead (issue 26): a long name, company and email on the inbox and its page.
  const leads = await request.get(`/api/leads?q=${encodeURIComponent(scheduled.email)}`, { headers: auth });
  expect(leads.status(), await leads.text()).toBe(200);
  const leadId = (await leads.json()).data[0].id as string;
  // A newsletter issue, never sent, with an unbroken subject and a long link (Settings → Newsletter).
  const issue = await request.post("/api/newsletter/issues", {
    data: {
      subject: `${uniqueMark("issue")} ${unbroken("subject", 100)}`,
      markdown: `${unbroken("text", 200)} [a link](https://${unbroken("host", 60)}.example/${unbroken("path", 300)})`,
    },
    headers: auth,
  });
  expect(issue.status(), await issue.text()).toBe(201);
  return {
    issueId: (await issue.json()).data.id as string,
    leadId,
    tag,
    scheduledId: scheduled.id,
    confirmedId: confirmed.id,
    meetingDate: confirmed.date,
    postId,
    revisionId: "",
    userId,
    emailId: (message as unknown as { id: string }).id,
    endpointId,
    scheduledEmail: scheduled.email,
  };
}

/** An admin account whose name is 100 unbroken letters and whose email is long, pending and approved. */
async function longAdmins(request: APIRequestContext, tag: string) {
  const register = async (name: string) => {
    const email = longEmail();
    const password = `layout-pass-${word()}-42`;
    const response = await request.post("/api/auth/register", { data: { email, password, name } });
    expect(response.status()).toBe(201);
    return { id: (await response.json()).data.user.id as string, email, password, name } satisfies Account;
  };
  const member = await register(unbroken(`Admin${tag}`, 100));
  const pending = await register(unbroken(`Pending${tag}`, 100));
  const decided = await request.post(`/api/admin/team/${member.id}/decision`, {
    data: { action: "approve", role: "admin" },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(decided.ok()).toBeTruthy();
  // A pending invitation to a long email, sent by the long-named Admin (Settings → Invitations lists it).
  const login = await request.post("/api/auth/login", { data: { email: member.email, password: member.password } });
  const invited = await request.post("/api/team/invitations", {
    data: { email: longEmail(), role: "marketing" },
    headers: { Authorization: `Bearer ${(await login.json()).data.accessToken}` },
  });
  expect(invited.status()).toBe(201);
  // A short-named pending account too ("QA …" was all a phone showed of one), as Team lists them together.
  const short = await registerAccount(request, `QA ${word()}`);
  return { member, pending, short };
}

/** Console page paths by route pattern (relative to /admin/dashboard). */
const PAGES: Record<string, (d: LongData) => string[]> = {
  "": () => [""],
  meetings: (d) => ["/meetings", `/meetings?q=${d.tag}`],
  "meetings/callbacks": (d) => [`/meetings/callbacks?q=${d.tag}`],
  "meetings/calendar": (d) => [`/meetings/calendar?week=${isoWeekOf(d.meetingDate)}`],
  "meetings/:id": (d) => [`/meetings/${d.scheduledId}`, `/meetings/${d.confirmedId}`],
  "meetings/:id/reject": (d) => [`/meetings/${d.scheduledId}/reject`],
  blog: () => ["/blog"],
  "blog/new": () => ["/blog/new"],
  "blog/:id/edit": (d) => [`/blog/${d.postId}/edit`],
  "blog/:id/preview": (d) => [`/blog/${d.postId}/preview`],
  "blog/:id/delete": (d) => [`/blog/${d.postId}/delete`],
  "blog/:id/revisions/:revision": (d) => [`/blog/${d.postId}/revisions/${d.revisionId}`],
  users: (d) => ["/users", `/users?q=${d.tag}`],
  "users/:id": (d) => [`/users/${d.userId}`],
  "users/:id/:decision": (d) => [`/users/${d.userId}/resend-code`],
  settings: () => ["/settings"],
  "settings/security": () => ["/settings/security"],
  "settings/team": () => ["/settings/team"],
  "settings/invitations": () => ["/settings/invitations"],
  "settings/activity": () => ["/settings/activity"],
  "settings/emails": () => ["/settings/emails"],
  "settings/emails/:id": (d) => [`/settings/emails/${d.emailId}`],
  "settings/subscribers": () => ["/settings/subscribers"],
  "settings/export": () => ["/settings/export"],
  "settings/integrations": () => ["/settings/integrations"],
  "settings/integrations/:id": (d) => [`/settings/integrations/${d.endpointId}`],
  "settings/newsletter": () => ["/settings/newsletter"],
  "settings/newsletter/:id": (d) => [`/settings/newsletter/${d.issueId}`],

  "settings/scheduling": () => ["/settings/scheduling"],
  "settings/scheduling/hosts/:memberId": (d) => [`/settings/scheduling/hosts/${d.hostId}`],
  "settings/calendar": () => ["/settings/calendar"],
  search: (d) => [`/search?q=${d.tag}`],
  leads: (d) => ["/leads", `/leads?q=${d.tag}`],
  "leads/:id": (d) => [`/leads/${d.leadId}`],
  people: (d) => ["/people", `/people?email=${encodeURIComponent(d.scheduledEmail)}`],

  insights: () => ["/insights", "/insights?by=campaign"],
};

/**
 * Every console route with a page (a `.tsx` module), as "meetings/:id" etc. A layout with an
 * index child (the dashboard, Settings) is that index's page; Users is a page with dialogs below.
 */
function consolePagePatterns(entries: RouteConfigEntry[], base = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [base, entry.index ? "" : (entry.path ?? "")].filter(Boolean).join("/");
    const layoutOfIndex = entry.children?.some((child) => child.index) ?? false;
    const own = entry.file.endsWith(".tsx") && path.startsWith("admin/dashboard") && !layoutOfIndex;
    return [
      ...(own ? [path.replace(/^admin\/dashboard\/?/, "")] : []),
      ...consolePagePatterns(entry.children ?? [], path),
    ];
  });
}

type Overflow = { element: string; text: string; left: number; right: number; clipped: number };

/**
 * Every visible element that reaches past the viewport's right (or left) edge, or whose
 * content its own box clips (`scrollWidth` beyond its width with overflow hidden), outside
 * containers that scroll sideways on purpose.
 */
async function overflowing(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Scrolls sideways on purpose: made a scroller by its classes (`overflow-x-auto`, `overflow-auto`),
    // not a panel that scrolls down (`overflow-y-auto`), which the browser also lets scroll sideways.
    const scrollsOnPurpose = (el: Element) =>
      /(?:^|\s)overflow-(?:x-)?(?:auto|scroll)(?:\s|$)/.test(el.getAttribute("class") ?? "") &&
      el !== document.documentElement &&
      el !== document.body;
    const insideScroller = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (scrollsOnPurpose(parent)) return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const testId = el.getAttribute("data-testid");
      const classes = (el.getAttribute("class") ?? "").split(/\s+/).slice(0, 4).join(".");
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ""}${classes ? `.${classes}` : ""}`;
    };
    // What a closed <details> holds is not shown (only its summary is).
    const inClosedDetails = (el: Element) => {
      for (let d = el.closest("details:not([open])"); d; d = d.parentElement?.closest("details:not([open])") ?? null) {
        const summary = d.querySelector(":scope > summary");
        if (!summary?.contains(el)) return true;
      }
      return false;
    };
    // Drawn on the page, outside a sideways scroller and a closed <details>.
    const shown = (el: Element) => {
      if (el.closest("[hidden], template, svg, head, script, style, noscript")) return false;
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden" || style.display === "contents") return false;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false; // nothing drawn, or sr-only
      return !insideScroller(el) && !inClosedDetails(el);
    };
    const found: Overflow[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (!shown(el)) continue;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      const isControl =
        el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
      const clips = (style.overflowX === "hidden" || style.overflowX === "clip") && !isControl;
      const clipped = clips ? el.scrollWidth - el.clientWidth : 0;
      if (rect.right > width + 0.5 || rect.left < -0.5 || clipped > 1) {
        found.push({
          element: describe(el),
          text: (el.textContent ?? "").trim().slice(0, 40),
          left: Math.round(rect.left),
          right: Math.round(rect.right),
          clipped,
        });
      }
    }
    // Text that runs past the edge while its own box stays inside (one long word in a flex row
    // or a heading): the element's box is in bounds, the letters are not.
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !(node.textContent ?? "").trim() || parent.closest("select") || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && (rect.right > width + 0.5 || rect.left < -0.5)) {
          found.push({
            element: `text in ${describe(parent)}`,
            text: (node.textContent ?? "").trim().slice(0, 40),
            left: Math.round(rect.left),
            right: Math.round(rect.right),
            clipped: 0,
          });
          break;
        }
      }
    }
    return found;
  });
}

/** With E2E_SCREENSHOTS=dir: the page at this phone's and a desktop width, light and dark. */
const shoot = (page: Page, name: string) =>
  shootAt(page, name.replace(/[^a-z0-9]+/gi, "-"), { widths: [PHONE.width, 1280], height: PHONE.height });

test.describe.configure({ timeout: 180_000 });

test("every console page with a route is listed here", () => {
  const patterns = consolePagePatterns(adminRoutes);
  expect(patterns.length).toBeGreaterThan(15);
  expect(patterns.filter((pattern) => !(pattern in PAGES))).toEqual([]);
});

test("no console page reaches past the right edge of a 375 px phone with long names", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const data = await makeLongData(request);
  const { member } = await longAdmins(request, data.tag);
  data.hostId = member.id;
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page, member);

  // The revision to view: the first in the editor's Revisions list.
  await page.goto(`/admin/dashboard/blog/${data.postId}/edit`);
  const revisionHref = await page.locator("a[href*='/revisions/']").first().getAttribute("href");
  data.revisionId = revisionHref?.match(/\/revisions\/(\d+)/)?.[1] ?? "";
  expect(data.revisionId).not.toBe("");

  const problems: string[] = [];
  for (const [pattern, paths] of Object.entries(PAGES)) {
    for (const path of paths(data)) {
      const response = await page.goto(`/admin/dashboard${path}`);
      expect(response?.status(), path).toBeLessThan(400);
      for (const o of await overflowing(page)) {
        problems.push(
          `${path} (${pattern || "overview"}): ${o.element} "${o.text}" ${o.left}–${o.right}px${o.clipped ? `, clips ${o.clipped}px` : ""}`,
        );
      }
      await shoot(page, `${testInfo.project.name}-${path}`);
    }
  }
  // The side menu, opened on the phone, with the long name of the signed-in admin.
  await page.goto("/admin/dashboard");
  await page.getByTestId("admin-menu").locator("summary").click();
  await expect(page.getByTestId("admin-menu").getByTestId("admin-name")).toBeVisible();
  for (const o of await overflowing(page)) problems.push(`menu: ${o.element} "${o.text}" ${o.left}–${o.right}px`);
  await shoot(page, `${testInfo.project.name}-menu`);
  // The notifications menu, opened on the phone (its entries name the long-named visitors).
  await page.goto("/admin/dashboard");
  await page.getByTestId("notifications").locator("summary").click();
  await expect(page.getByTestId("notifications").getByRole("heading", { name: "Notifications" })).toBeVisible();
  for (const o of await overflowing(page))
    problems.push(`notifications: ${o.element} "${o.text}" ${o.left}–${o.right}px`);
  await shoot(page, `${testInfo.project.name}-notifications`);

  expect(problems, `${javaScriptEnabled ? "js" : "no-js"}:\n${problems.slice(0, 40).join("\n")}`).toEqual([]);
});

test("Settings → Team shows pending names and emails in full on a phone", async ({ page, request }) => {
  const tag = `Team${word()}`;
  const { pending, short } = await longAdmins(request, tag);
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/settings/team");
  const row = page.getByTestId("pending-registrations").getByRole("listitem").filter({ hasText: pending.email });
  await expect(row.getByText(pending.name, { exact: true })).toBeVisible();
  await expect(row.getByText(pending.email, { exact: true })).toBeVisible();
  // Shown in full: the box of each is as wide as what it holds (nothing cut off with "…").
  for (const text of [pending.name, pending.email]) {
    const cut = await row.getByText(text, { exact: true }).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(cut, text).toBeLessThanOrEqual(0);
  }
  const shortRow = page.getByTestId("pending-registrations").getByRole("listitem").filter({ hasText: short.email });
  await expect(shortRow.getByText(short.name, { exact: true })).toBeVisible();
  await expect(shortRow.getByText(short.email, { exact: true })).toBeVisible();
});
