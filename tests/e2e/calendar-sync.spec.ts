import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { approvedAccount } from "./console-helpers";
import { expect, signInAsAdmin, test } from "./fixtures";
import { shoot } from "./screenshots";

/**
 * Settings → My calendar (issue 27 item 5, decision 086), with JavaScript on and off: a member
 * creates their private feed address (shown once; it answers the .ics), revokes it (404 from then
 * on), is told plainly why an http address is refused (keeping what they typed), and pastes the
 * address of a calendar served on this machine (the e2e server runs on plain-http localhost, where
 * a loopback address is accepted), which is saved at once and read right after the answer; its
 * busy times then show on their page and on an Admin's page of that host (Settings → Scheduling →
 * the host).
 */

/** A calendar on 127.0.0.1 with two busy events tomorrow and one free one. */
async function startCalendar() {
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, "");
  const event = (uid: string, from: string, to: string, transp = "OPAQUE") =>
    [
      "BEGIN:VEVENT",
      `UID:${uid}@e2e`,
      `DTSTAMP:${day}T000000Z`,
      `DTSTART:${day}T${from}00Z`,
      `DTEND:${day}T${to}00Z`,
      "SUMMARY:Busy",
      `TRANSP:${transp}`,
      "END:VEVENT",
    ].join("\r\n");
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//E2E//Busy//EN",
    event("a", "0400", "0500"),
    event("b", "0800", "0900"),
    event("c", "1000", "1100", "TRANSPARENT"),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  const server: Server = createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "text/calendar" }).end(ics);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar.ics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("a member creates, uses and revokes their feed address, and has their own calendar read as busy times", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  // Three sign-ins (the member, an Admin, the member again) and a read after the answer.
  test.setTimeout(60_000);
  const calendar = await startCalendar();
  try {
    const member = await approvedAccount(request, "Calendar Member", "marketing");
    await signInAsAdmin(page, member);
    await page.goto("/admin/dashboard/settings");
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "My calendar" }).click();
    await expect(page.getByRole("heading", { name: "Your demos in your own calendar" })).toBeVisible();
    await expect(page.getByTestId("feed-status")).toHaveText("No feed address is live.");

    await page.getByRole("button", { name: "Create feed address" }).click();
    const address = page.getByLabel("Your feed address");
    await expect(address).toHaveValue(/\/calendar\/feeds\/[\w-]+\.ics$/);
    const feedUrl = new URL(await address.inputValue());
    const feed = await request.get(feedUrl.pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(feed.headers()["cache-control"]).toBe("private, max-age=300");
    expect(await feed.text()).toContain("BEGIN:VCALENDAR\r\n");

    // Shown once: a fresh visit says it is live without showing it.
    await page.goto("/admin/dashboard/settings/calendar");
    await expect(page.getByTestId("feed-status")).toContainText("A feed address is live");
    await expect(page.getByLabel("Your feed address")).toHaveCount(0);
    await page.getByLabel("Revoke the feed address…").click();
    await page.getByRole("button", { name: "Confirm revoke" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The feed address was revoked" })).toBeVisible();
    expect((await request.get(feedUrl.pathname)).status()).toBe(404);

    // An http address (not on this machine) is refused with the rule; what was typed stays.
    const field = page.getByLabel("Secret iCal address");
    await field.fill("http://calendar.example.com/basic.ics");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("The calendar address must use https.")).toBeVisible();
    await expect(page.getByLabel("Secret iCal address")).toHaveValue("http://calendar.example.com/basic.ics");

    await page.getByLabel("Secret iCal address").fill(calendar.url);
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your calendar address was saved. We read it within a minute" }),
    ).toBeVisible();
    await expect(page.getByTestId("busy-status")).toContainText("http://127.0.0.1:");
    // The read runs after the answer: a reload shows its result once it is stored.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("busy-result")).toHaveText("2 busy times in the booking window", { timeout: 1000 });
    }).toPass();
    await expect(page.getByTestId("busy-last-read")).toHaveText(
      /^(just now|\d+ minutes? ago) \(\w{3} \d+, \d{4}, \d\d:\d\d\)$/,
    );

    // An Admin sees the same on their page of this host.
    const admin = await approvedAccount(request, "Calendar Admin", "admin");
    await page.context().clearCookies();
    await signInAsAdmin(page, admin);
    await page.goto(`/admin/dashboard/settings/scheduling/hosts/${member.id}`);
    await expect(page.getByRole("heading", { name: "Busy times from Calendar Member's calendar" })).toBeVisible();
    await expect(page.getByTestId("busy-result")).toHaveText("2 busy times in the booking window");
    await expect(page.getByTestId("busy-status")).toContainText("http://127.0.0.1:");
    await expect(page.getByTestId("busy-last-read")).toHaveText(/^(just now|\d+ minutes? ago) \(/);
    if (javaScriptEnabled) await shoot(page, "admin-host-busy-calendar");
    await page.context().clearCookies();
    await signInAsAdmin(page, member);
    await page.goto("/admin/dashboard/settings/calendar");

    await page.getByRole("button", { name: "Remove my calendar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your calendar was removed" })).toBeVisible();
    await expect(page.getByTestId("busy-status")).toHaveCount(0);
  } finally {
    await calendar.close();
  }
});
