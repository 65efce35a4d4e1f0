import type { Page } from "@playwright/test";
import { approvedAccount, signInElsewhere, virtualAuthenticator } from "./console-helpers";
import { adminToken, emailsTo, expect, signInAsAdmin, test, uniqueEmail, uniqueMark } from "./fixtures";

/*
 * Issue 25's team gaps, with JavaScript on and off: an Author's post goes through review
 * (decision 069), and a disabled member is signed out at once and cannot sign in (decision 070).
 */

/** Signs the page's member out by dropping the session cookie (the next member signs in through the form). */
async function switchTo(page: Page, account: { email: string; password: string }) {
  await page.context().clearCookies();
  await signInAsAdmin(page, account);
}

const postRow = (page: Page, title: string) => page.getByTestId("admin-post").filter({ hasText: title });

test.describe("an Author's post in review", () => {
  test("the Author submits; Marketing sees it in review and sends it back with a note; the Author reads it", async ({
    page,
    request,
  }) => {
    const author = await approvedAccount(request, "Rae Writer", "author");
    const marketing = await approvedAccount(request, "Mo Marketing", "marketing");
    const title = uniqueMark("Review journey");

    await signInAsAdmin(page, author);
    await page.goto("/admin/dashboard/blog/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Author", { exact: true }).fill("Rae Writer");
    await page.getByLabel("Excerpt", { exact: true }).fill("A draft that needs a second pair of eyes.");
    await page.getByLabel("Content", { exact: true }).fill("## First draft\n\nSome words.");
    // An Author cannot choose Published or Scheduled.
    await expect(page.getByLabel("Status").locator("option")).toHaveText(["Draft"]);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/\/edit\?created=1$/);
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post submitted for review." })).toBeVisible();
    await expect(postRow(page, title).getByTestId("review-badge")).toHaveText("In review");
    // The count of posts in review is for the members who review them.
    await expect(page.getByRole("navigation", { name: "Dashboard" }).getByTestId("badge-postsInReview")).toHaveCount(0);

    await switchTo(page, marketing);
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu.getByTestId("badge-postsInReview")).toBeVisible();
    await page.goto("/admin/dashboard/blog?status=review");
    await expect(postRow(page, title).getByTestId("review-badge")).toBeVisible();
    await postRow(page, title).getByLabel(`Actions for ${title}`).click();
    await postRow(page, title).getByRole("link", { name: "Edit" }).click();
    const review = page.getByTestId("review");
    await expect(review.getByText("Submitted for review")).toBeVisible();
    await review.getByLabel("Note for the author (optional)").fill("Please add a conclusion.");
    await review.getByRole("button", { name: "Send back" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post sent back to its author." })).toBeVisible();
    await expect(postRow(page, title).getByTestId("review-badge")).toHaveCount(0);

    await switchTo(page, author);
    await page.goto("/admin/dashboard/blog");
    await expect(postRow(page, title)).toContainText("Sent back");
    await postRow(page, title).getByLabel(`Actions for ${title}`).click();
    await postRow(page, title).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByTestId("review-note")).toContainText("Please add a conclusion.");
    await expect(page.getByRole("button", { name: "Submit for review" })).toBeVisible();
  });

  test("Marketing publishes a post from review", async ({ page, request }) => {
    const author = await approvedAccount(request, "Rae Writer", "author");
    const marketing = await approvedAccount(request, "Mo Marketing", "marketing");
    const title = uniqueMark("Publish from review");
    await signInAsAdmin(page, author);
    await page.goto("/admin/dashboard/blog/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Author", { exact: true }).fill("Rae Writer");
    await page.getByLabel("Excerpt", { exact: true }).fill("Ready to go.");
    await page.getByLabel("Content", { exact: true }).fill("Finished text.");
    await page.getByRole("button", { name: "Create Post" }).click();
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post submitted for review." })).toBeVisible();

    await switchTo(page, marketing);
    await page.goto("/admin/dashboard/blog?status=review");
    await postRow(page, title).getByLabel(`Actions for ${title}`).click();
    await postRow(page, title).getByRole("link", { name: "Edit" }).click();
    await page.getByTestId("review").getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post published." })).toBeVisible();
    await expect(postRow(page, title).getByTestId("status-badge")).toHaveText("Published");
  });
});

test.describe("a disabled member", () => {
  test("the Owner disables a member: their next request lands on the sign-in page, and they cannot sign in until enabled", async ({
    page,
    browser,
    request,
    baseURL,
    javaScriptEnabled,
  }) => {
    const member = await approvedAccount(request, "Dee Disabled", "sales");
    // The member's own browser, signed in (its page waits for hydration like the test's own).
    const { context: theirs, page: memberPage } = await signInElsewhere(
      browser,
      { baseURL, javaScriptEnabled },
      member,
    );

    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/settings/team");
    const row = page.getByTestId("team-members").getByRole("listitem").filter({ hasText: member.email });
    await row.getByLabel(`Disable ${member.name}…`).click();
    await row.getByRole("button", { name: "Confirm disable" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${member.email}) was disabled` })).toBeVisible();
    await expect(
      page.getByTestId("team-members").getByRole("listitem").filter({ hasText: member.email }),
    ).toContainText("disabled");

    // Their next request: the sign-in page.
    await memberPage.goto("/admin/dashboard/meetings");
    await expect(memberPage).toHaveURL(/\/admin\?session=ended$/);
    await memberPage.getByLabel("Email").fill(member.email);
    await memberPage.getByLabel("Password", { exact: true }).fill(member.password);
    await memberPage.getByRole("button", { name: "Sign in" }).click();
    await expect(
      memberPage.getByText("This account is disabled. Ask an Owner or Admin of your team to enable it."),
    ).toBeVisible();
    await expect(memberPage).toHaveURL(/\/admin(\?.*)?$/);

    await page
      .getByTestId("team-members")
      .getByRole("listitem")
      .filter({ hasText: member.email })
      .getByRole("button", { name: `Enable ${member.name}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: `${member.email}) was enabled` })).toBeVisible();
    await signInAsAdmin(memberPage, member);
    await expect(memberPage).toHaveURL(/\/admin\/dashboard/);
    await theirs.close();
  });
});

test.describe("accepting an invitation with a passkey", () => {
  test("with JavaScript the invitee joins with a passkey (no password) and signs in with it alone; without, the password form stays", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("passkey-invitee");
    const token = await adminToken(request);
    const invited = await request.post("/api/team/invitations", {
      data: { email, role: "author" },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(invited.status()).toBe(201);
    await expect
      .poll(async () => (await emailsTo(request, email)).some((m) => m.kind === "team.invitation"))
      .toBe(true);
    const [mail] = (await emailsTo(request, email)).filter((m) => m.kind === "team.invitation");
    const link = /\/admin\/invitation\?token=[\w-]+/.exec(mail?.text ?? "")?.[0] ?? "";

    if (!javaScriptEnabled) {
      await page.goto(link);
      await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
      await expect(page.getByTestId("join-with-passkey")).toHaveCount(0);
      return;
    }
    // A browser without conditional UI: the sign-in button is the only way in (as passkeys.spec.ts does).
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.goto(link);
    // A name first: the passkey path asks for it like the password path.
    await page.getByTestId("join-with-passkey").click();
    await expect(page.getByTestId("passkey-join-error")).toHaveText("Name is required");
    await page.getByLabel("Your name").fill("Pia Passkey");
    await page.getByTestId("join-with-passkey").click();
    await page.waitForURL(/\/admin\/dashboard$/);
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

    // No password: the passkey is the only way in, and it is the only step.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/admin(\?|$)/);
    const login = await request.post("/api/auth/login", { data: { email, password: "anything-at-all-42" } });
    expect(login.status()).toBe(401);
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.goto("/admin/dashboard/settings/security");
    // Deleting the last sign-in method stays refused.
    await expect(page.getByTestId("passkey")).toHaveCount(1);
  });
});
