import type { CDPSession } from "@playwright/test";
import { approvedAccount, virtualAuthenticator } from "./console-helpers";
import { expect, signInAsAdmin, signOut, test } from "./fixtures";

const SECURITY = "/admin/dashboard/settings/security";

const credentialsOf = async (cdp: CDPSession, authenticatorId: string) =>
  (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;

test.describe("passkeys", () => {
  test("register two in Settings → Security, rename, delete, and sign in with the button", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "WebAuthn needs JavaScript; the no-js project checks what is shown instead");
    test.setTimeout(90_000);
    // A browser without conditional UI: the button is the only way in (the autofill request has its own test).
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const account = await approvedAccount(request, "Pat Passkey");
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await signInAsAdmin(page, account);
    await page.goto(SECURITY);
    await expect(page.getByTestId("no-passkeys")).toBeVisible();

    await page.getByLabel("Name (optional)").fill("Work laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("The passkey was added. You can now sign in with it.")).toBeVisible();
    await expect(page.getByTestId("passkey-name")).toHaveText(/^Work laptop/);
    const [credential] = await credentialsOf(cdp, authenticatorId);
    expect(credential?.isResidentCredential).toBe(true);

    // The same authenticator a second time: the browser refuses (it is in excludeCredentials).
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("This passkey is already registered.")).toBeVisible();
    expect(await credentialsOf(cdp, authenticatorId)).toHaveLength(1);

    // A second authenticator (a security key) makes a second passkey.
    const second = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "usb",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: false });
    await page.getByLabel("Name (optional)").fill("Security key");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByTestId("passkey")).toHaveCount(2);
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: second.authenticatorId });
    await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: true });

    // Rename, and a blank name is refused with the field's message.
    await page.getByLabel("Name of Security key").fill(" ");
    await page.getByRole("button", { name: "Rename" }).nth(1).click();
    await expect(page.getByText("Enter a name for the passkey.")).toBeVisible();
    await page.getByLabel("Name of Security key").fill("Old key");
    await page.getByRole("button", { name: "Rename" }).nth(1).click();
    await expect(page.getByText("The passkey was renamed.")).toBeVisible();
    await page.getByRole("button", { name: "Delete passkey Old key" }).click();
    await expect(page.getByText("The passkey was deleted.")).toBeVisible();
    await expect(page.getByTestId("passkey")).toHaveCount(1);

    // Signed out, the button signs in with the passkey alone: no password, no code step.
    await signOut(page);
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.goto(SECURITY);
    await expect(page.getByTestId("passkey")).toContainText("Last used");
    const [used] = await credentialsOf(cdp, authenticatorId);
    expect(used?.signCount).toBeGreaterThan(0);
  });

  test("conditional UI: the email field offers the passkey and signs in with it", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "WebAuthn needs JavaScript");
    const account = await approvedAccount(request, "Cora Conditional");
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await signInAsAdmin(page, account);
    await page.goto(SECURITY);
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByTestId("passkey")).toHaveCount(1);
    await signOut(page);

    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("autocomplete", "username webauthn");
    // The page made a conditional-mediation request on load; Chromium's virtual authenticator
    // answers such a request with its resident passkey, as a person picking it from autofill.
    await email.click();
    await page.waitForURL(/\/admin\/dashboard$/);
    expect((await credentialsOf(cdp, authenticatorId))[0]?.signCount).toBeGreaterThan(0);
  });

  for (const withApp of [true, false]) {
    test(
      withApp
        ? "a passkey answers the second step after a password, instead of a code"
        : "a passkey-only account's password opens the second step, which its passkey alone answers",
      async ({ page, request, javaScriptEnabled }) => {
        test.skip(!javaScriptEnabled, "WebAuthn needs JavaScript");
        test.setTimeout(60_000);
        const account = await approvedAccount(request, withApp ? "Sam Second" : "Pat Passkey");
        const { cdp, authenticatorId } = await virtualAuthenticator(page, { presence: false });
        await signInAsAdmin(page, account);
        await page.goto(SECURITY);
        await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: true });
        await page.getByRole("button", { name: "Add a passkey" }).click();
        await expect(page.getByTestId("passkey")).toHaveCount(1);
        if (withApp) {
          // Two-factor on, through the API (its own tests cover the page).
          const { generateHOTP } = await import("@oslojs/otp");
          const { decodeBase32IgnorePadding } = await import("@oslojs/encoding");
          const setup = await page.request.post("/api/auth/2fa/setup");
          const secret = (await setup.json()).data.secret as string;
          const code = generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000)), 6);
          expect((await page.request.post("/api/auth/2fa/enable", { data: { code } })).ok()).toBeTruthy();
        }
        // No conditional request on the login page may answer for us: presence off before it
        // opens, until the step's button.
        await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: false });
        await signOut(page);

        await page.getByLabel("Email").fill(account.email);
        await page.getByLabel("Password", { exact: true }).fill(account.password);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await page.waitForURL(/\/admin\/2fa$/);
        // Without an app there is no code to enter: the passkey is the step.
        await expect(page.getByLabel("Code")).toHaveCount(withApp ? 1 : 0);
        await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: true });
        await page.getByRole("button", { name: withApp ? "Use a passkey instead" : "Use your passkey" }).click();
        await page.waitForURL(/\/admin\/dashboard$/);
      },
    );
  }

  test("without JavaScript no passkey button is shown, and Security says what adding one needs", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "the no-js view");
    await page.goto("/admin");
    await expect(page.getByRole("button", { name: /passkey/i })).toHaveCount(0);
    const account = await approvedAccount(request, "Nora Nojs");
    await signInAsAdmin(page, account);
    await page.goto(SECURITY);
    await expect(
      page.getByText("Adding a passkey needs JavaScript and a browser that supports passkeys."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /passkey/i })).toHaveCount(0);
  });
});
