import type { Page } from "@playwright/test";
import { approvedAccount, invitedByApi, signInElsewhere, virtualAuthenticator } from "./console-helpers";
import { adminToken, emailsTo, expect, signInAsAdmin, signOut, test, uniqueEmail, uniqueMark } from "./fixtures";

/*
 * Issue 25's team gaps, with JavaScript on and off: an Author's post goes through review
 * (decision 069) and may be withdrawn, the Author hears of a send-back and a publication by
 * email, and a disabled member is signed out at once, cannot sign in and gets no reset email
 * (decision 070).
 */

/** Signs the page's member out by dropping the session cookie (the next member signs in through the form). */
async function switchTo(page: Page, account: { email: string; password: string }) {
  await page.context().clearCookies();
  await signInAsAdmin(page, account);
}

/** The signed-in Author (Rae Writer) writes a new post and submits it for review; the page stays on its editor. */
async function writeForReview(page: Page, title: string, excerpt: string, content: string) {
  await page.goto("/admin/dashboard/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Author", { exact: true }).fill("Rae Writer");
  await page.getByLabel("Excerpt", { exact: true }).fill(excerpt);
  await page.getByLabel("Content", { exact: true }).fill(content);
  await page.getByRole("button", { name: "Create Post" }).click();
  await page.getByRole("button", { name: "Submit for review" }).click();
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
    await writeForReview(page, title, "Ready to go.", "Finished text.");
    await expect(page.getByRole("status").filter({ hasText: "Post submitted for review." })).toBeVisible();

    await switchTo(page, marketing);
    await page.goto("/admin/dashboard/blog?status=review");
    await postRow(page, title).getByLabel(`Actions for ${title}`).click();
    await postRow(page, title).getByRole("link", { name: "Edit" }).click();
    await page.getByTestId("review").getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post published." })).toBeVisible();
    await expect(postRow(page, title).getByTestId("status-badge")).toHaveText("Published");
  });

  test("the Author withdraws their submission from the Review card and submits it again", async ({ page, request }) => {
    const author = await approvedAccount(request, "Rae Writer", "author");
    const title = uniqueMark("Withdraw journey");
    await signInAsAdmin(page, author);
    await writeForReview(page, title, "Not ready after all.", "Half a thought.");
    await expect(postRow(page, title).getByTestId("review-badge")).toHaveText("In review");

    await postRow(page, title).getByLabel(`Actions for ${title}`).click();
    await postRow(page, title).getByRole("link", { name: "Edit" }).click();
    await page.getByTestId("review").getByRole("button", { name: "Withdraw submission" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Submission withdrawn: the post is your draft again." }),
    ).toBeVisible();
    await expect(postRow(page, title).getByTestId("review-badge")).toHaveCount(0);
    await expect(postRow(page, title)).not.toContainText("Sent back");

    await postRow(page, title).getByLabel(`Actions for ${title}`).click();
    await postRow(page, title).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByTestId("review").getByRole("button", { name: "Withdraw submission" })).toHaveCount(0);
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post submitted for review." })).toBeVisible();
  });

  test("the Author is emailed when their post is sent back (with the note) and when it is published", async ({
    page,
    request,
  }) => {
    const author = await approvedAccount(request, "Rae Writer", "author");
    // Two members and two rounds of review, each page hydrated: longer than one journey.
    test.slow();
    const marketing = await approvedAccount(request, "Mo Marketing", "marketing");
    const title = uniqueMark("Emailed review");
    await signInAsAdmin(page, author);
    await writeForReview(page, title, "Tell me how it goes.", "Some words.");
    await expect(page.getByRole("status").filter({ hasText: "Post submitted for review." })).toBeVisible();

    const openAsReviewer = async () => {
      await switchTo(page, marketing);
      await page.goto("/admin/dashboard/blog?status=review");
      await postRow(page, title).getByLabel(`Actions for ${title}`).click();
      await postRow(page, title).getByRole("link", { name: "Edit" }).click();
    };
    await openAsReviewer();
    await page.getByTestId("review").getByLabel("Note for the author (optional)").fill("Needs a closing line.");
    await page.getByTestId("review").getByRole("button", { name: "Send back" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post sent back to its author." })).toBeVisible();
    const returned = (await emailsTo(request, author.email)).filter((m) => m.kind === "blog.returned");
    expect(returned).toHaveLength(1);
    expect(returned[0]?.subject).toBe(`Your post “${title}” was sent back for changes`);
    expect(returned[0]?.text).toContain("Needs a closing line.");
    expect(returned[0]?.text).toMatch(/https?:\/\/\S+\/admin\/dashboard\/blog\/[\w-]+\/edit/);

    await switchTo(page, author);
    await page.goto("/admin/dashboard/blog");
    await postRow(page, title).getByLabel(`Actions for ${title}`).click();
    await postRow(page, title).getByRole("link", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post submitted for review." })).toBeVisible();

    await openAsReviewer();
    await page.getByTestId("review").getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post published." })).toBeVisible();
    const published = (await emailsTo(request, author.email)).filter((m) => m.kind === "blog.published");
    expect(published).toHaveLength(1);
    expect(published[0]?.subject).toBe(`Your post “${title}” is published`);
    expect(published[0]?.text).toMatch(/https?:\/\/\S+\/blog\/[\w-]+/);
  });
});

test.describe("a disabled member", () => {
  test("the Owner disables a member: their next request lands on the sign-in page, and they cannot sign in until enabled", async ({
    page,
    request,
    otherPage,
  }) => {
    const member = await approvedAccount(request, "Dee Disabled", "sales");
    // The member's own browser, signed in (its page waits for hydration like the test's own).
    const memberPage = await signInElsewhere(otherPage, member);

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
  });
});

test.describe("a disabled member asks for a password reset", () => {
  test("the same answer as anyone, and no email", async ({ page, request }) => {
    const member = await approvedAccount(request, "Dee Disabled", "sales");
    const owner = await adminToken(request);
    const disabled = await request.patch(`/api/team/${member.id}`, {
      data: { status: "disabled" },
      headers: { Authorization: `Bearer ${owner}` },
    });
    expect(disabled.ok()).toBeTruthy();

    const ask = async (email: string) => {
      await page.goto("/admin/forgot-password");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Email me a reset link" }).click();
      return page.getByTestId("reset-requested");
    };
    await expect(await ask(member.email)).toHaveText(
      `If an admin account exists for ${member.email}, we have emailed it a link to set a new password. The link is valid for 30 minutes and works once.`,
    );
    const ghost = uniqueEmail("ghost");
    await expect(await ask(ghost)).toHaveText(
      `If an admin account exists for ${ghost}, we have emailed it a link to set a new password. The link is valid for 30 minutes and works once.`,
    );
    // The row and its (absent) email are written before the answer: nothing to wait for.
    expect((await emailsTo(request, member.email)).filter((m) => m.kind === "admin.password-reset")).toHaveLength(0);
  });
});

test.describe("accepting an invitation with a passkey", () => {
  test("with JavaScript the invitee joins with a passkey (no password) and signs in with it alone; without, the password form stays", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("passkey-invitee");
    const link = await invitedByApi(request, await adminToken(request), email);

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
    await signOut(page);
    const login = await request.post("/api/auth/login", { data: { email, password: "anything-at-all-42" } });
    expect(login.status()).toBe(401);
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.goto("/admin/dashboard/settings/security");
    // Deleting the last sign-in method stays refused.
    await expect(page.getByTestId("passkey")).toHaveCount(1);
  });
});
