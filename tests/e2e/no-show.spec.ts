import { adminToken, emailsTo, expect, hydrating, signInAsAdmin, test, uniqueEmail, uniqueMark } from "./fixtures";
import { shoot } from "./screenshots";
import { E2E_AGE_PATH } from "./server/path";
import { freeSlot } from "./slots";

/**
 * Issue 27 item 7 (decision 084): after a confirmed demo has ended, the host marks it a no-show on
 * the meeting's page (one button, a plain form: the same with JavaScript off); the visitor's
 * "sorry we missed you" email is in the email log, and its link brings them back to /demo with
 * their details filled in.
 */

test("the host marks a no-show; the visitor is emailed a link that keeps their details", async ({
  page,
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  const tag = uniqueMark("noshow");
  const email = uniqueEmail("noshow");
  const name = `Nia Missed ${tag}`;
  const { date, time } = await freeSlot(request);
  const booked = await request.post("/api/meetings", {
    data: { name, email, company: `Co ${tag}`, date, timeSlot: time, meetingType: "demo" },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()).data;
  const auth = { Authorization: `Bearer ${await adminToken(request)}` };
  const approved = await request.put(`/api/meetings/${id}/status`, {
    data: { status: "confirmed", meetingLink: "https://meet.example.com/noshow" },
    headers: auth,
  });
  expect(approved.status()).toBe(200);
  // The demo ended 15 minutes ago (the e2e server's test-only path, behind the clean-up token).
  const aged = await fetch(new URL(E2E_AGE_PATH, baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-E2E-Cleanup": process.env.E2E_CLEANUP_TOKEN ?? "" },
    body: JSON.stringify({ email, minutesAgo: 45 }),
  });
  expect(aged.status).toBe(200);

  await signInAsAdmin(page);
  const app = hydrating(page, javaScriptEnabled);
  await app.goto(`/admin/dashboard/meetings/${id}`);
  await expect(page.getByText(`The demo has ended. Did ${name} come?`)).toBeVisible();
  await shoot(page, "meeting-attendance");
  await page.getByRole("button", { name: "No-show" }).click();
  await expect(page.getByTestId("decision-message")).toHaveText(
    `Marked no-show: ${name} has been emailed a link to book another time.`,
  );
  await expect(page.getByRole("button", { name: "No-show" })).toHaveCount(0);

  const mails = await emailsTo(request, email);
  const sorry = mails.find((m) => m.kind === "meeting.no_show");
  expect(sorry?.subject).toMatch(/^Sorry we missed you/);
  const link = /https?:\/\/\S+\/demo\?again=[\w-]+/.exec(sorry?.text ?? "")?.[0];
  expect(link).toBeTruthy();

  // The link, on this server: /demo remembers the visitor, and the details step is filled in.
  await page.context().clearCookies();
  await app.goto(`/demo?again=${new URL(link as string).searchParams.get("again")}`);
  await expect(page).toHaveURL(/\/demo$/);
  const later = await freeSlot(request);
  await app.goto(`/demo?date=${later.date}&time=${later.time}`);
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Company")).toHaveValue(`Co ${tag}`);

  await signInAsAdmin(page);
  await app.goto("/admin/dashboard");
  await expect(page.getByTestId("show-rate")).toBeVisible();
  await shoot(page, "overview-show-rate");
});
