import { axeFindings } from "./axe";
import { approvedAccount, passwordStep, totp } from "./console-helpers";
import { chooseTheme, expect, signInAsAdmin, signOut, test } from "./fixtures";

const SECURITY = "/admin/dashboard/settings/security";
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

test.describe("two-factor sign-in", () => {
  test("enable with the key off the page, then sign in with a code and with a recovery code", async ({
    page,
    request,
  }) => {
    // A long journey (enrol, three sign-ins) on a machine shared with other runs.
    test.setTimeout(120_000);
    const account = await approvedAccount(request, "Tess Twofactor");
    await signInAsAdmin(page, account);
    await page.goto(SECURITY);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code with your two-factor key" })).toBeVisible();
    const written = (await page.getByTestId("totp-secret").textContent()) ?? "";
    const secret = written.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code first: refused, nothing changes.
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByText("That code is not valid")).toBeVisible();

    // Enrol with the current code; sign-in below uses the next one (a code is accepted once).
    await page.getByLabel("Code from the app").fill(totp(secret, 0));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByTestId("recovery-code")).toHaveCount(10);
    const codes = await page.getByTestId("recovery-code").allTextContents();
    expect(codes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    // The text file holds the same codes.
    const download = await page.request.post(`${SECURITY}/recovery-codes.txt`, {
      form: Object.fromEntries(codes.slice(0, 1).map((c) => ["code", c])),
    });
    expect(download.headers()["content-disposition"]).toContain("attachment");
    expect(await download.text()).toContain(codes[0]);

    await page.getByRole("link", { name: "I have saved them" }).click();
    await expect(page.getByTestId("two-factor-status")).toContainText("10 of 10 recovery codes left");

    // Password, then the code step.
    await signOut(page);
    await passwordStep(page, account);
    await page.getByLabel("Code").fill("123456");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByText("That code is not valid")).toBeVisible();
    await page.getByLabel("Code").fill(totp(secret, 1));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);

    // Password, then a recovery code instead.
    await signOut(page);
    await passwordStep(page, account);
    await page.getByLabel("Code").fill(codes[0] ?? "");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.goto(SECURITY);
    await expect(page.getByTestId("two-factor-status")).toContainText("9 of 10 recovery codes left");

    // The used recovery code does not work twice.
    await signOut(page);
    await passwordStep(page, account);
    await page.getByLabel("Code").fill(codes[0] ?? "");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByText("That code is not valid")).toBeVisible();
  });

  test("the API: login asks for the code step and gives no token until it is answered", async ({ request }) => {
    const account = await approvedAccount(request, "Api Twofactor");
    const login = await request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
    const token = (await login.json()).data.accessToken as string;
    const auth = { Authorization: `Bearer ${token}` };
    const setup = await (await request.post("/api/auth/2fa/setup", { headers: auth })).json();
    const enable = await request.post("/api/auth/2fa/enable", {
      headers: auth,
      data: { code: totp(setup.data.secret, 0) },
    });
    expect((await enable.json()).data.recoveryCodes).toHaveLength(10);

    const second = await (
      await request.post("/api/auth/login", { data: { email: account.email, password: account.password } })
    ).json();
    expect(second.data.twoFactorRequired).toBe(true);
    expect(second.data.accessToken).toBeUndefined();
    const verify = await request.post("/api/auth/2fa/verify", {
      data: { challengeToken: second.data.challengeToken, code: totp(setup.data.secret, 1) },
    });
    expect(verify.status()).toBe(200);
    expect((await verify.json()).data.tokenType).toBe("Bearer");
  });
});

test.describe("sessions", () => {
  test("lists this device and another session, and revokes the other one", async ({ page, request }) => {
    const account = await approvedAccount(request, "Sam Sessions");
    // Another device: an API session from an "iPhone".
    const login = await request.post("/api/auth/login", {
      data: { email: account.email, password: account.password },
      headers: { "User-Agent": IPHONE_UA },
    });
    const phoneToken = (await login.json()).data.accessToken as string;

    await signInAsAdmin(page, account);
    await page.goto(SECURITY);
    const sessions = page.getByTestId("session");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
    await expect(sessions.filter({ hasText: "Safari on iOS" })).toHaveCount(1);

    await page.getByRole("button", { name: /^Revoke Safari on iOS/ }).click();
    await expect(page.getByText("The session was signed out.")).toBeVisible();
    await expect(page.getByTestId("session")).toHaveCount(1);
    const profile = await request.get("/api/auth/profile", { headers: { Authorization: `Bearer ${phoneToken}` } });
    expect(profile.status()).toBe(401);
  });
});

test.describe("accessibility of Overview and Security (and the pages of the issue's earlier findings)", () => {
  const paths = [
    "/admin/dashboard",
    SECURITY,
    // Filter counts of the Meetings toolbar, the active email-log filter, the blog editor's preview.
    "/admin/dashboard/meetings",
    "/admin/dashboard/settings/emails?status=sent",
    "/admin/dashboard/blog/new",
  ];
  // Every other console page ("axe reports 0 serious or critical on every admin page"): its
  // server HTML is the same with JavaScript off, so the js project checks it once per theme.
  const everyOtherPage = [
    "/admin/dashboard/meetings/callbacks",
    "/admin/dashboard/meetings/calendar",
    "/admin/dashboard/blog",
    "/admin/dashboard/users",
    "/admin/dashboard/settings",
    "/admin/dashboard/settings/team",
    "/admin/dashboard/settings/invitations",
    "/admin/dashboard/settings/activity",
    "/admin/dashboard/settings/emails",
    "/admin/dashboard/settings/subscribers",
    "/admin/dashboard/settings/export",
    "/admin/dashboard/search?q=a",
  ];
  for (const theme of ["light", "dark"] as const) {
    for (const path of [...paths, ...everyOtherPage]) {
      test(`${path} in the ${theme} theme has no serious or critical axe findings`, async ({ request, axePage }) => {
        test.skip(
          !test.info().project.use.javaScriptEnabled && everyOtherPage.includes(path),
          "checked once, in the js project",
        );
        test.setTimeout(60_000);
        const account = await approvedAccount(request, "Axel Axe");
        // Signed in once the page is hydrated, as every console test is (fixtures.ts `hydrating`); a
        // press before hydration is hydration-window.spec's subject.
        const page = await axePage();
        await chooseTheme(page, theme);
        await signInAsAdmin(page, account);
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(new RegExp(theme));
        // Open every <details> so the number tables are checked too.
        await page.evaluate(() => {
          for (const d of document.querySelectorAll("details")) d.open = true;
        });
        const serious = await axeFindings(page);
        expect(serious, serious.join("\n")).toEqual([]);
        await page.context().close();
      });
    }
  }
});
