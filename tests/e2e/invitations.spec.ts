import { axeFindings } from "./axe";
import { invitationLink } from "./console-helpers";
import { emailsTo, expect, signInAsAdmin, test, uniqueEmail } from "./fixtures";
import { shoot } from "./screenshots";

/**
 * Issue 25 item 2 (decision 065): an Owner invites a colleague by email with a role; the
 * invitee opens the link from the email, sees who invited them and the role, chooses a name
 * and password, and lands in the console signed in. Opening the link spends nothing; the link
 * works once. With JavaScript on and off (the projects).
 */

const PASSWORD = "invited-pass-42";

test("an Owner invites a colleague, who accepts from the email and lands in the console", async ({
  page,
  request,
  otherPage,
  javaScriptEnabled,
}) => {
  const email = uniqueEmail("invitee");
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/settings");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Invitations" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/settings\/invitations$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role").selectOption("marketing");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
  const row = page.getByTestId("pending-invitation").filter({ hasText: email });
  await expect(row).toContainText("Marketing");
  // The form is ready for the next colleague.
  await expect(page.getByLabel("Email")).toHaveValue("");
  if (javaScriptEnabled) await shoot(page, "invitations-page");

  const link = await invitationLink(request, email);
  // The invitee, in a browser of their own.
  const invitee = await otherPage();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Join the Flowlane team" })).toBeVisible();
  await expect(invitee.getByText("Erin Admin", { exact: true })).toBeVisible();
  await expect(invitee.getByText("Marketing", { exact: true })).toBeVisible();
  if (javaScriptEnabled) await shoot(invitee, "accept-page");
  // The accept page is a page of its own outside the console: axe (a script) checks it in the js project.
  if (javaScriptEnabled) {
    const serious = await axeFindings(invitee);
    expect(serious, serious.join("\n")).toEqual([]);
  }
  // Opening it again (as a mail scanner would) still shows the form: nothing was spent.
  await invitee.reload();
  await invitee.getByLabel("Your name").fill("Ines Invited");
  await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await invitee.getByLabel("Repeat the password").fill(`${PASSWORD}x`);
  await invitee.getByRole("button", { name: "Accept and join" }).click();
  await expect(invitee.getByText("The two passwords do not match.")).toBeVisible();
  await expect(invitee.getByLabel("Your name")).toHaveValue("Ines Invited");
  await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await invitee.getByLabel("Repeat the password").fill(PASSWORD);
  await invitee.getByRole("button", { name: "Accept and join" }).click();
  await invitee.waitForURL(/\/admin\/dashboard$/);
  // Signed in and able to work: the console's pages open, and the profile says who and which role.
  await invitee.goto("/admin/dashboard/blog");
  await expect(invitee).toHaveURL(/\/admin\/dashboard\/blog$/);
  const profile = await invitee.request.get("/api/auth/profile");
  expect((await profile.json()).data).toMatchObject({ email, name: "Ines Invited", role: "marketing" });

  // The link works once.
  await invitee.goto(link);
  await expect(invitee.getByTestId("invitation-broken")).toContainText("already accepted");
  await page.reload();
  await expect(page.getByTestId("pending-invitation").filter({ hasText: email })).toHaveCount(0);
});

test("resending makes the old link dead; revoking makes the new one dead", async ({ page, request }) => {
  const email = uniqueEmail("invitee");
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/settings/invitations");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role").selectOption("sales");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
  const first = await invitationLink(request, email);

  await page.getByRole("button", { name: `Resend the invitation to ${email}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `A fresh invitation was sent to ${email}` })).toBeVisible();
  await expect.poll(async () => (await emailsTo(request, email)).length).toBe(2);
  const second = await invitationLink(request, email);
  expect(second).not.toBe(first);

  const opened = await page.context().request.get(first);
  expect(opened.status()).toBe(404);

  const row = page.getByTestId("pending-invitation").filter({ hasText: email });
  await row.getByText("Revoke", { exact: true }).click();
  await row.getByRole("button", { name: "Confirm revoke" }).click();
  await expect(page.getByRole("status").filter({ hasText: `The invitation to ${email} was withdrawn` })).toBeVisible();
  const dead = await page.context().request.get(second);
  expect(dead.status()).toBe(410);
  expect(await dead.text()).toContain("This invitation was withdrawn.");
});
