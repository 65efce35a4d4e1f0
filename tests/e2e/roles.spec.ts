import { approvedAccount } from "./console-helpers";
import { expect, signInAsAdmin, test } from "./fixtures";

/*
 * Team roles (decision 064), with JavaScript on and off: the console shows a member only what
 * their role may use, and the server refuses the rest by direct URL with the 403 page.
 */

test.describe("roles in the console", () => {
  test("an Author cannot reach trials or exports: not in the menu, refused by URL", async ({ page, request }) => {
    const author = await approvedAccount(request, "Ari Author", "author");
    await signInAsAdmin(page, author);
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu.getByRole("link", { name: /^Blog Management/ })).toBeVisible();
    await expect(menu.getByRole("link", { name: /^Users/ })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: /^Demo Meetings/ })).toHaveCount(0);

    await menu.getByRole("link", { name: /^Settings/ }).click();
    const tabs = page.getByRole("navigation", { name: "Settings" });
    await expect(tabs.getByRole("link", { name: /^Account/ })).toBeVisible();
    await expect(tabs.getByRole("link", { name: /^Export/ })).toHaveCount(0);
    await expect(tabs.getByRole("link", { name: /^Team/ })).toHaveCount(0);
    await expect(page.getByTestId("profile-role")).toHaveText("author");

    for (const path of [
      "/admin/dashboard/users",
      "/admin/dashboard/settings/export",
      "/admin/dashboard/settings/export/meetings",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      if (!path.endsWith("/meetings")) {
        await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
        await expect(page.getByText("Your role does not allow this.")).toBeVisible();
      }
    }
  });

  test("a Sales member sees demo meetings but not the blog or the newsletter settings", async ({ page, request }) => {
    const seller = await approvedAccount(request, "Sasha Sales", "sales");
    await signInAsAdmin(page, seller);
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu.getByRole("link", { name: /^Blog Management/ })).toHaveCount(0);
    await menu.getByRole("link", { name: /^Demo Meetings/ }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/meetings$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Demo Meetings");

    await page.goto("/admin/dashboard/settings");
    const tabs = page.getByRole("navigation", { name: "Settings" });
    await expect(tabs.getByRole("link", { name: /^Export/ })).toBeVisible();
    await expect(tabs.getByRole("link", { name: /^Subscribers/ })).toHaveCount(0);

    for (const path of [
      "/admin/dashboard/blog",
      "/admin/dashboard/blog/new",
      "/admin/dashboard/settings/subscribers",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    }
  });

  test("the Owner changes a member's role in Settings → Team; the member is signed out", async ({ page, request }) => {
    const member = await approvedAccount(request, "Morgan Member", "marketing");
    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/settings/team");
    const row = page.getByTestId("team-members").getByRole("listitem").filter({ hasText: member.email });
    await row.getByLabel(`Role of ${member.name}`, { exact: true }).selectOption("sales");
    await row.getByRole("button", { name: `Change the role of ${member.name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `${member.email}) has a new role` })).toBeVisible();
    await expect(
      page
        .getByTestId("team-members")
        .getByRole("listitem")
        .filter({ hasText: member.email })
        .getByLabel(`Role of ${member.name}`, { exact: true }),
    ).toHaveValue("sales");
    const profile = await request.post("/api/auth/login", { data: { email: member.email, password: member.password } });
    const token = (await profile.json()).data.accessToken as string;
    const me = await request.get("/api/auth/profile", { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).data.role).toBe("sales");
  });
});
