import type { APIRequestContext } from "@playwright/test";
import { emailsTo, expect, test, uniqueAddress, uniqueEmail } from "./fixtures";
import { freeTimes, openDays, pick } from "./slots";

/**
 * Limits per client address (issue 11, decision 014). The local server has no Cloudflare edge,
 * so requests carry no CF-Connecting-IP and are not limited per address; each test here sends
 * its own random address, so it neither meets the other tests nor the rest of the suite.
 */

const TOO_MANY = /^Too many requests from your network\. Please try again in \d+ minutes?\.$/;

const randomAddress = uniqueAddress;

/** A free slot at least a day ahead, and one more free slot for each extra booking. */
async function freeSlots(request: APIRequestContext, count: number) {
  const { date } = pick(await openDays(request));
  const free = (await freeTimes(request, date)).sort(() => Math.random() - 0.5);
  return free.slice(0, count).map((time) => ({ date, time }));
}

test("the demo booking form says when this network booked too often, and stores nothing", async ({ page, request }) => {
  // Reading the email log signs in as the admin (a deliberately slow password hash).
  test.setTimeout(60_000);
  const address = randomAddress();
  const slots = await freeSlots(request, 4);
  for (const slot of slots.slice(0, 3)) {
    const response = await request.post("/api/meetings", {
      headers: { "CF-Connecting-IP": address },
      data: {
        name: "Limit Tester",
        email: uniqueEmail("limit"),
        phone: "+91 90000 00000",
        company: "Limits Ltd",
        meetingType: "demo",
        date: slot.date,
        timeSlot: slot.time,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  const last = slots[3]!;
  const email = uniqueEmail("refused");
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": address });
  await page.goto(`/demo?date=${last.date}&time=${last.time}`);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await page.getByLabel("Name").fill("Fourth Booking");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  expect(await emailsTo(request, email)).toEqual([]);
  // The slot is still free for everyone else.
  const after = (await (await request.get(`/api/calendar/available-slots?date=${last.date}`)).json()).data as {
    time: string;
    available: boolean;
  }[];
  expect(after.find((s) => s.time === last.time)?.available).toBe(true);
});

test("the callback form says when this network asked too often", async ({ page, request }) => {
  const address = randomAddress();
  for (let i = 0; i < 3; i++) {
    const response = await request.post("/api/callbacks", {
      headers: { "CF-Connecting-IP": address },
      data: { firstName: "Limit", lastName: "Tester", email: uniqueEmail("cb-limit"), company: "Limits Ltd" },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": address });
  await page.goto("/demo?mode=callback");
  await page.getByLabel("First name").fill("Fourth");
  await page.getByLabel("Last name").fill("Request");
  await page.getByLabel("Email").fill(uniqueEmail("cb-refused"));
  await page.getByLabel("Company").fill("Limits Ltd");
  await page.getByRole("button", { name: "Request Callback" }).click();
  await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
  await expect(page.getByTestId("callback-success")).toHaveCount(0);
});

test("the admin login says when this network failed too often, even with the right password", async ({
  page,
  request,
}) => {
  // Each attempt costs a deliberately slow password hash (scrypt, 16 MiB).
  test.setTimeout(120_000);
  const address = randomAddress();
  // 20 failed attempts from this network, against an address that has no account. One at a
  // time: 20 parallel 16 MiB hashes in one local isolate would test its memory, not the limit.
  for (let i = 0; i < 20; i++) {
    const response = await request.post("/api/auth/login", {
      headers: { "CF-Connecting-IP": address },
      data: { email: "nobody@e2e.test", password: `wrong-password-${i}` },
    });
    expect(response.status()).toBe(401);
  }
  const refused = await request.post("/api/auth/login", {
    headers: { "CF-Connecting-IP": address },
    data: { email: "nobody@e2e.test", password: "wrong-password-x" },
  });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);

  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": address });
  await page.goto("/admin");
  await page.getByLabel("Email").fill("nobody@e2e.test");
  await page.getByLabel("Password", { exact: true }).fill("wrong-password-y");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("auth-error")).toHaveText(
    "Too many requests from your network. Please try again in 15 minutes.",
  );
  await expect(page).toHaveURL(/\/admin(?:\?index)?$/);
});

test("oversized form posts get a 413 and cross-site resource posts a 403", async ({ request }) => {
  const big = await request.post("/demo", {
    form: { intent: "callback", message: "x".repeat(100 * 1024) },
  });
  expect(big.status()).toBe(413);
  const crossSite = await request.post("/resources/theme", {
    headers: { Origin: "https://evil.example" },
    form: { theme: "dark", returnTo: "/" },
  });
  expect(crossSite.status()).toBe(403);
  const offSite = await request.post("/resources/theme", {
    form: { theme: "dark", returnTo: "/\\evil.example" },
    maxRedirects: 0,
  });
  expect(offSite.status()).toBe(303);
  expect(offSite.headers().location).toBe("/");
  const malformed = await request.get("/api/blogs/%E0%A4%A");
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).success).toBe(false);
});

test("same-site resource posts still work", async ({ request, baseURL }) => {
  const form = await request.post("/resources/theme", {
    headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" },
    form: { theme: "dark", returnTo: "/pricing?from=toggle" },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(303);
  expect(form.headers().location).toBe("/pricing?from=toggle");
  const json = await request.post("/resources/theme", {
    headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" },
    data: { theme: "light" },
  });
  expect(json.status()).toBe(200);
  expect(json.headers()["set-cookie"]).toMatch(/flowlane_theme=/);
});
