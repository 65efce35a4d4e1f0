import type { APIRequestContext } from "@playwright/test";
import {
  adminToken,
  emailsTo,
  expect,
  signInAsAdmin,
  test,
  uniqueAddress,
  uniqueEmail,
  uniqueMark,
  verifiedTrialByApi,
} from "./fixtures";
import { gradientPng } from "./png";
import { bookByApi } from "./slots";

/**
 * Issue 30, items 5 and 11: the promises the product makes are kept, and the smaller fixes:
 * the video link sent when an admin adds it, the trial's newsletter tick, the seeded posts'
 * first revision, absolute addresses in the feed, length limits on long fields, and the manage
 * page's own time and add-to-calendar. Both projects (js and no-js).
 */

test.describe.configure({ timeout: 90_000 });

/** Books a demo through the API (another slot when one is taken meanwhile). */
const book = (request: APIRequestContext, email: string, visitorTimezone: string | null = null) =>
  bookByApi(
    request,
    { name: "Maya Torres", email, company: "Torres Freight", visitorTimezone },
    { headers: { "CF-Connecting-IP": uniqueAddress() }, tries: 5 },
  );

const manageLink = (text: string) => text.match(/\/demo\/manage\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";

test("a meeting approved without a video link: the admin adds it later and the visitor is emailed it", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("linkless");
  const meeting = await book(request, email);
  const token = await adminToken(request);
  const approved = await request.put(`/api/meetings/${meeting.id}/status`, {
    data: { status: "confirmed", meetingLink: null },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(approved.status()).toBe(200);
  const confirmed = (await emailsTo(request, email)).find((m) => m.kind === "meeting.confirmed");
  expect(confirmed?.text).toContain("Where: Video call: the link is sent before the meeting");

  await signInAsAdmin(page);
  await page.goto(`/admin/dashboard/meetings/${meeting.id}`);
  const form = page.getByTestId("meeting-link-form");
  await expect(form.getByText("No link sent yet: the visitor was told it comes before the meeting.")).toBeVisible();
  // A plain http:// address is refused at the field, and nothing is sent.
  await form.getByLabel("Video link").fill("http://meet.example/plain");
  await form.getByRole("button", { name: /^Send link/ }).click();
  await expect(form.getByText("Meeting link must be an https:// address.")).toBeVisible();
  expect((await emailsTo(request, email)).some((m) => m.kind === "meeting.link")).toBe(false);

  await form.getByLabel("Video link").fill("https://meet.example/torres-demo");
  await form.getByRole("button", { name: /^Send link/ }).click();
  await expect(page.getByTestId("decision-message")).toHaveText(
    "Link saved: Maya Torres has been emailed the video link.",
  );
  await expect(page.getByRole("link", { name: "https://meet.example/torres-demo" })).toBeVisible();
  await expect(form.getByRole("button", { name: /^Change link/ })).toBeVisible();
  const sent = (await emailsTo(request, email)).find((m) => m.kind === "meeting.link");
  expect(sent?.subject).toMatch(/^Video link for your Flowlane demo/);
  expect(sent?.text).toContain("Join: https://meet.example/torres-demo");

  // The visitor's manage page shows the link from now on.
  await page.goto(manageLink(sent?.text ?? ""));
  await expect(page.getByRole("link", { name: "https://meet.example/torres-demo" })).toBeVisible();
});

test("the trial's newsletter tick puts the verified address in Subscribers, confirmed", async ({ page, request }) => {
  const ticked = uniqueEmail("ticked");
  const unticked = uniqueEmail("unticked");
  for (const [email, subscribeNewsletter] of [
    [ticked, true],
    [unticked, false],
  ] as const) {
    await verifiedTrialByApi(request, {
      email,
      role: "individual",
      personalInfo: { firstName: "Ines", lastName: "Duarte" },
      companyInfo: { country: "Portugal" },
      preferences: { subscribeNewsletter },
      plan: "trial",
      agreeToTerms: true,
    });
  }
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/settings/subscribers?status=confirmed");
  const row = page.getByTestId("subscriber-row").filter({ hasText: ticked });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("confirmed");
  await page.goto("/admin/dashboard/settings/subscribers");
  await expect(page.getByTestId("subscriber-row").filter({ hasText: unticked })).toHaveCount(0);
});

test("a seeded post has its original text as its first revision", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/blog/seed-post-draft-case-study/edit");
  const revisions = page.getByTestId("revisions").getByRole("listitem");
  await expect(revisions.last()).toContainText("by seed");
  await revisions
    .last()
    .getByRole("link", { name: /^View revision/ })
    .click();
  await expect(page.getByTestId("revision-content")).not.toBeEmpty();
});

test("the feed's content carries absolute addresses", async ({ request, baseURL }) => {
  const title = `Feed links ${uniqueMark()}`;
  const created = await request.post("/api/blogs", {
    data: {
      title,
      author: "Feed Tester",
      excerpt: "Links in the feed.",
      content: "See [our pricing](/pricing) and [the demo](/demo).",
      tags: ["Feeds"],
      status: "published",
    },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(created.status()).toBe(201);
  const feed = await (await request.get("/blog/rss.xml")).text();
  const item = feed.split("<item>").find((part) => part.includes(title)) ?? "";
  expect(item).toContain(`<a href="${baseURL}/pricing">our pricing</a>`);
  expect(item).toContain(`<a href="${baseURL}/demo">the demo</a>`);
  expect(item).not.toMatch(/(?:href|src)="\//);
});

test("long text fields show their limit, and count what is typed with JavaScript", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/demo?mode=callback");
  const message = page.getByLabel("Message");
  const hint = page.locator(`#${await message.getAttribute("id")}-length`);
  await expect(message).toHaveAttribute("maxlength", "2000");
  await expect(message).toHaveAttribute("aria-describedby", /-length/);
  if (!javaScriptEnabled) {
    await expect(hint).toHaveText("Up to 2,000 characters.");
    return;
  }
  await expect(hint).toHaveText("0 of 2,000 characters");
  await message.fill("Please call after lunch.");
  await expect(hint).toHaveText("24 of 2,000 characters");
  await message.fill("x".repeat(1900));
  await expect(hint).toHaveText("1,900 of 2,000 characters");
});

test("the manage page leads with the visitor's time and adds the demo to a calendar", async ({ page, request }) => {
  const email = uniqueEmail("calendar");
  await book(request, email, "America/New_York");
  const confirmation = (await emailsTo(request, email)).find((m) => m.kind === "meeting.confirmation");
  await page.goto(manageLink(confirmation?.text ?? ""));
  const facts = page.locator("dl").first();
  await expect(facts.locator("dt").first()).toHaveText("Your time");
  await expect(page.getByTestId("manage-visitor-time")).toContainText("(America/New_York)");
  await expect(facts.locator("dt").nth(1)).toHaveText("Our time");
  await expect(page.getByTestId("manage-time")).toContainText("(Asia/Kolkata)");

  const links = page.getByTestId("add-to-calendar");
  const google = await links.getByRole("link", { name: /^Google Calendar/ }).getAttribute("href");
  expect(new URL(google ?? "").host).toBe("calendar.google.com");
  expect(new URL(google ?? "").searchParams.get("dates")).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
  const outlook = await links.getByRole("link", { name: /^Outlook\.com/ }).getAttribute("href");
  expect(new URL(outlook ?? "").host).toBe("outlook.live.com");
  const ics = await links.getByRole("link", { name: /\.ics/ }).getAttribute("href");
  const file = await request.get(ics ?? "");
  expect(file.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await file.text();
  expect(text).toContain("METHOD:PUBLISH");
  expect(text).toContain("SUMMARY:Flowlane demo (30 minutes)");
});

test("a new post opens in its editor, where an uploaded image goes in at the cursor (JavaScript) or is there to copy", async ({
  page,
  javaScriptEnabled,
}) => {
  const title = `Image placement ${uniqueMark()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Author").fill("Iris Images");
  await page.getByLabel("Excerpt").fill("Where the picture goes.");
  await page.getByLabel("Content").fill("First paragraph.\n\nLast paragraph.");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/edit\?created=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Blog post created." })).toBeVisible();

  // Upload it as the cover: the content stays as written.
  const panel = page.locator("#images");
  await panel.getByLabel("Image file").setInputFiles({
    name: "diagram.png",
    mimeType: "image/png",
    buffer: gradientPng(320, 180, [37, 99, 235], [16, 185, 129]),
  });
  await panel.getByLabel("Alt text").fill("Approval diagram");
  await panel.getByLabel("Cover image").check();
  await panel.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByText("Cover image set.")).toBeVisible();
  const markdown = (await panel.getByTestId("uploaded-images").locator("code").first().textContent()) ?? "";
  expect(markdown).toMatch(/^!\[Approval diagram\]\(\/media\/[^)]+\)$/);
  const content = page.getByLabel("Content");
  await expect(content).toHaveValue("First paragraph.\n\nLast paragraph.");
  if (!javaScriptEnabled) {
    // Without JavaScript the markdown is shown to copy; the upload form can also append it.
    await expect(panel.getByRole("button", { name: /^Insert at cursor/ })).toHaveCount(0);
    return;
  }
  // The caret after the first paragraph: the image goes there, on a line of its own.
  const insert = panel.getByRole("button", { name: "Insert at cursor: Approval diagram" });
  await expect(insert).toBeVisible();
  await content.focus();
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(16, 16));
  await insert.click();
  await expect(content).toHaveValue(`First paragraph.\n\n${markdown}\n\nLast paragraph.`);
  await expect(page.getByTestId("live-preview").getByRole("img", { name: "Approval diagram" })).toBeVisible();
});
