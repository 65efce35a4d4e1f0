import type { Page } from "@playwright/test";
import { png } from "../../app/domain/blog/testing/image-bytes";
import { adminToken, expect, signInAsAdmin, test, uniqueMark } from "./fixtures";

/**
 * Editor comfort (issue 16 item 6, decision 030): revisions viewable and restorable (with and
 * without JavaScript), autosave of drafts, the unsaved-changes prompt and a failed autosave.
 */

/** A post made through the API, answering its id. */
async function makePost(page: Page, title: string, content: string, status: "draft" | "published") {
  const token = await adminToken(page.request);
  const response = await page.request.post("/api/blogs", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, content, excerpt: "Revisions journey", author: "Rita Revisor", tags: ["revisions"], status },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data.id as string;
}

const editor = (id: string) => `/admin/dashboard/blog/${id}/edit`;

/**
 * Opens the editor, then puts its timers on Playwright's clock, so autosave's 5 s wait is run by
 * the test (clock.runFor) instead of waited for. The clock is installed once the page is
 * hydrated (the autosave status only renders then): installed before, the admin pages do not
 * hydrate cleanly (React error 418, seen on every console page, not only the editor).
 */
async function openEditor(page: Page, id: string) {
  await page.goto(editor(id));
  await expect(page.getByTestId("autosave-status")).toBeVisible();
  await page.clock.install();
}

test.describe("revision history", () => {
  test("edit a post twice, view the older revision, restore it; the article shows the restored text", async ({
    page,
  }) => {
    test.slow();
    const title = uniqueMark("Revised post");
    await signInAsAdmin(page);
    const id = await makePost(page, title, "The first wording of the post.", "published");

    await page.goto(editor(id));
    await page.getByLabel("Content").fill("The second wording, replacing the first.");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL(/notice=updated/);
    await page.goto(editor(id));
    await page.getByLabel("Content").fill("The third wording.");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL(/notice=updated/);

    await page.goto(editor(id));
    const revisions = page.getByTestId("revisions").getByRole("listitem");
    await expect(revisions).toHaveCount(3);
    await expect(revisions.first()).toContainText("Saved");
    await expect(revisions.first()).toContainText("latest");

    // The oldest: the text as created.
    await revisions
      .nth(2)
      .getByRole("link", { name: /^View revision/ })
      .click();
    await expect(page.getByTestId("revision-title")).toHaveText(title);
    await expect(page.getByTestId("revision-content")).toContainText("The first wording of the post.");
    await page.getByRole("button", { name: "Restore this revision" }).click();

    await expect(page).toHaveURL(/\/edit\?restored=\d+/);
    await expect(page.getByText("Revision restored. The status and publish time are unchanged.")).toBeVisible();
    await expect(page.getByLabel("Content")).toHaveValue("The first wording of the post.");
    await expect(revisions).toHaveCount(4);
    await expect(revisions.first()).toContainText("Restored");
    await expect(page.getByLabel("Status")).toHaveValue("published");

    await page.goto(`/blog/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.locator("article")).toContainText("The first wording of the post.");
    await expect(page.locator("article")).not.toContainText("The third wording.");
  });

  test("a restore from a page loaded before someone else's save is refused and changes nothing", async ({ page }) => {
    const title = uniqueMark("Contested post");
    await signInAsAdmin(page);
    const id = await makePost(page, title, "Original words.", "draft");
    await page.goto(editor(id));
    await page.getByLabel("Content").fill("My edit.");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL(/notice=updated/);
    await page.goto(`${editor(id)}#revisions`);
    // Someone else saves meanwhile.
    const token = await adminToken(page.request);
    await page.request.put(`/api/blogs/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { content: "Someone else's words." },
    });
    await page
      .getByTestId("revisions")
      .getByRole("listitem")
      .last()
      .getByRole("button", { name: /^Restore revision/ })
      .click();
    await expect(
      page.getByText("This post was changed by someone else meanwhile. Reload it and try again."),
    ).toBeVisible();
    const api = await page.request.get(`/api/blogs/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await api.json()).data.content).toBe("Someone else's words.");
  });
});

test.describe("autosave and unsaved changes (JavaScript)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "autosave and the leave prompt need JavaScript");

  test("a draft is autosaved after typing stops; Update Post then still saves", async ({ page }) => {
    const title = uniqueMark("Autosaved draft");
    await signInAsAdmin(page);
    const id = await makePost(page, title, "Draft words.", "draft");
    await openEditor(page, id);
    const status = page.getByTestId("autosave-status");
    await expect(status).toHaveText("Drafts are saved automatically a few seconds after you stop typing.");
    await page.getByLabel("Content").fill("Draft words, and more typed later.");
    await page.clock.runFor(5_000);
    await expect(status).toHaveText(/Saved at \d{2}:\d{2}$/);
    await expect(page.getByTestId("revisions").getByRole("listitem").first()).toContainText("Autosaved");

    // The form's version moved forward with the autosave: its own Save is not "someone else".
    await page.getByLabel("Title", { exact: true }).fill(`${title} (final)`);
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL(/notice=updated/);
    const api = await page.request.get(`/api/blogs/${id}`, {
      headers: { Authorization: `Bearer ${await adminToken(page.request)}` },
    });
    expect((await api.json()).data).toMatchObject({
      title: `${title} (final)`,
      content: "Draft words, and more typed later.",
      status: "draft",
    });
  });

  test("a published post is not autosaved", async ({ page }) => {
    const title = uniqueMark("Live post");
    await signInAsAdmin(page);
    const id = await makePost(page, title, "Live words.", "published");
    // Nothing typed: leaving does not ask.
    await page.goto(editor(id));
    await expect(page.getByTestId("autosave-status")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Blog Management" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/blog$/);
    await openEditor(page, id);
    await page.getByLabel("Content").fill("Not yet for readers.");
    await page.clock.runFor(10_000);
    await expect(page.getByTestId("autosave-status")).toHaveText(
      "Autosave is off for published posts: changes go live only when you press Update Post.",
    );
    const api = await page.request.get(`/api/blogs/${id}`);
    expect((await api.json()).data.content).toBe("Live words.");
  });

  test("leaving with an edit pending asks first; after autosave has caught up it does not", async ({ page }) => {
    const title = uniqueMark("Leaving draft");
    await signInAsAdmin(page);
    const id = await makePost(page, title, "Words.", "draft");
    await openEditor(page, id);
    await page.getByLabel("Content").fill("Words I have not saved.");
    await page.getByRole("main").getByRole("link", { name: "Blog Management" }).click();
    const prompt = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Stay and keep editing" }).click();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${editor(id)}$`));
    await expect(page.getByLabel("Content")).toHaveValue("Words I have not saved.");

    // Closing the tab asks too (the browser's own question).
    const question = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await question;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
  });

  test("no question once autosave has caught up", async ({ page }) => {
    const title = uniqueMark("Caught-up draft");
    await signInAsAdmin(page);
    const id = await makePost(page, title, "Words.", "draft");
    await openEditor(page, id);
    await page.getByLabel("Content").fill("Words that autosave keeps.");
    await page.clock.runFor(5_000);
    await expect(page.getByTestId("autosave-status")).toContainText("Saved at");
    await page.getByRole("main").getByRole("link", { name: "Blog Management" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/blog$/);
  });

  test("a failed autosave keeps the text and says so; the next one saves it", async ({ page }) => {
    const title = uniqueMark("Offline draft");
    await signInAsAdmin(page);
    const id = await makePost(page, title, "Words.", "draft");
    await openEditor(page, id);
    await page.route("**/autosave", (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Content").fill("Typed while offline.");
    await page.clock.runFor(5_000);
    const status = page.getByTestId("autosave-status");
    await expect(status).toContainText("Couldn't save — your text is kept");
    await expect(page.getByLabel("Content")).toHaveValue("Typed while offline.");

    await page.unroute("**/autosave");
    await page.getByLabel("Content").press("End");
    await page.getByLabel("Content").pressSequentially(" Back online.");
    await page.clock.runFor(5_000);
    await expect(status).toContainText("Saved at");
    const api = await page.request.get(`/api/blogs/${id}`, {
      headers: { Authorization: `Bearer ${await adminToken(page.request)}` },
    });
    expect((await api.json()).data.content).toBe("Typed while offline. Back online.");
  });
});

test.describe("deleting a post with its unused images", () => {
  test("offers the images no other post shows, deletes them, and keeps the one another post shows", async ({
    page,
  }) => {
    test.slow();
    const title = uniqueMark("Post with pictures");
    await signInAsAdmin(page);
    const id = await makePost(page, title, "Pictures below.", "draft");
    const upload = async (alt: string, use: string) => {
      await page.goto(editor(id));
      const panel = page.locator("#images");
      await panel.getByLabel("Image file").setInputFiles({
        name: "p.png",
        mimeType: "image/png",
        buffer: Buffer.from(png(64, 48)),
      });
      await panel.getByLabel("Alt text").fill(alt);
      await panel.getByLabel(use).check();
      await panel.getByRole("button", { name: "Upload image" }).click();
      await expect(page).toHaveURL(/uploaded=/);
    };
    await upload("Own cover", "Cover image");
    await upload("Shared chart", "Inline image (added to the post)");
    const content = await page.getByLabel("Content").inputValue();
    const shared = content.match(/!\[Shared chart\]\((\/media\/[^)]+)\)/)?.[1] ?? "";
    expect(shared).toBeTruthy();
    const cover = (await page.getByTestId("editor-cover").getAttribute("src")) ?? "";
    // A second post shows the chart too.
    await makePost(page, uniqueMark("Borrowing post"), `Borrowed: ![Shared chart](${shared})`, "draft");

    await page.goto(`/admin/dashboard/blog/${id}/delete`);
    const offer = page.getByRole("checkbox", { name: /Also delete 1 unused image/ });
    await expect(offer).toBeChecked();
    await expect(page.getByTestId("unused-images").getByRole("img")).toHaveCount(1);
    await expect(page.getByTestId("unused-images").getByRole("img")).toHaveAttribute("src", cover);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/notice=deleted/);

    expect((await page.request.get(cover)).status()).toBe(404);
    expect((await page.request.get(shared)).status()).toBe(200);
  });
});
