import type { APIRequestContext } from "@playwright/test";
import { approvedAccount } from "./console-helpers";
import { adminToken, expect, signInAsAdmin, test, uniqueEmail, uniqueMark } from "./fixtures";
import { freeSlot } from "./slots";

/**
 * Issue 27 item 4: a member who takes demos opens Demo Meetings on their own meetings, each card
 * naming its host, and switches to Everyone with the host select (a plain GET form, so the same
 * with JavaScript off).
 */

async function bookFor(request: APIRequestContext, name: string, hostId: string) {
  const { date, time } = await freeSlot(request);
  const booked = await request.post("/api/meetings", {
    data: { name, email: uniqueEmail("own-calendar"), date, timeSlot: time, meetingType: "demo" },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()).data;
  const moved = await request.put(`/api/meetings/${id}/host`, {
    data: { hostId },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(moved.status()).toBe(200);
}

test("a host sees their own meetings first and switches to everyone's", async ({ page, request }) => {
  const tag = uniqueMark("own");
  const host = await approvedAccount(request, `Hana Host ${tag}`, "sales");
  const other = await approvedAccount(request, `Omar Other ${tag}`, "sales");
  await bookFor(request, `Mine ${tag}`, host.id);
  await bookFor(request, `Theirs ${tag}`, other.id);

  await signInAsAdmin(page, host);
  await page.goto(`/admin/dashboard/meetings?q=${tag}`);
  const cards = page.getByTestId("meeting-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`Mine ${tag}`);
  await expect(cards.first().getByTestId("meeting-host")).toHaveText(`Host: Hana Host ${tag}`);
  await expect(page.getByLabel("Host", { exact: true })).toHaveValue(host.id);

  await page.getByLabel("Host", { exact: true }).selectOption({ label: "Everyone" });
  await page.getByTestId("host-filter").getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]host=all/);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: `Theirs ${tag}` }).getByTestId("meeting-host")).toHaveText(
    `Host: Omar Other ${tag}`,
  );
});
