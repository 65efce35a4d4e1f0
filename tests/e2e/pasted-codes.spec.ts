import type { Locator, Page } from "@playwright/test";
import { approvedAccount, passwordStep, totp, turnOnTwoFactor } from "./console-helpers";
import { expect, signInAsAdmin, signOut, test, trialCode, uniqueEmail } from "./fixtures";

/**
 * Issue 30 item 2 (decision 049): every code field takes a code as people paste it, JavaScript
 * on and off: "374 840" from an email, "374-840" from a text message, "３７４８４０" from a
 * full-width keyboard. A paste inserts text the way `keyboard.insertText` does, through the
 * field's `maxLength` (which used to cut "374 840" to "37484").
 */

test.describe.configure({ timeout: 90_000 });

/** Pastes `text` into the field, replacing what it held. */
async function paste(page: Page, field: Locator, text: string) {
  await field.click();
  await field.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;
const dashed = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;
/** Full-width digits (and letters), an ideographic space for a space, a full-width dash for a dash. */
const fullWidth = (text: string) =>
  [...text]
    .map((c) => (c === " " ? "\u3000" : c === "-" ? "\uff0d" : String.fromCharCode(c.charCodeAt(0) + 0xfee0)))
    .join("");

test("the trial code screen verifies a code pasted with a space", async ({ page, request, javaScriptEnabled }) => {
  const email = uniqueEmail("pasted");
  const signup = await page.request.post("/free-trial", {
    form: {
      intent: "step-3",
      role: "individual",
      firstName: "Pia",
      lastName: "Paste",
      email,
      country: "India",
      agreeToTerms: "on",
    },
    maxRedirects: 0,
  });
  expect(signup.status()).toBe(302);
  const code = await trialCode(request, email);

  await page.goto("/free-trial/verify");
  const field = page.getByLabel("Verification code");
  await paste(page, field, spaced(code as string));
  if (javaScriptEnabled) {
    // Tidied as it arrives: six digits, and Verify is on.
    await expect(field).toHaveValue(code as string);
    await expect(page.getByRole("button", { name: "Verify" })).toBeEnabled();
  }
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/free-trial\/welcome$/);
});

test("the trial code field tidies full-width digits and dashes as they are pasted", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the server tidies them (the test above and the unit tests)");
  await page.request.post("/free-trial", {
    form: {
      intent: "step-3",
      role: "individual",
      firstName: "Pia",
      lastName: "Wide",
      email: uniqueEmail("wide"),
      country: "India",
      agreeToTerms: "on",
    },
    maxRedirects: 0,
  });
  await page.goto("/free-trial/verify");
  const field = page.getByLabel("Verification code");
  await paste(page, field, fullWidth("374 840"));
  await expect(field).toHaveValue("374840");
  await paste(page, field, dashed("374840"));
  await expect(field).toHaveValue("374840");
  await expect(page.getByRole("button", { name: "Verify" })).toBeEnabled();
});

test("Settings → Security turns two-factor sign-in on with a code pasted in full-width digits", async ({
  page,
  request,
}) => {
  const account = await approvedAccount(request, "Pat Paste");
  await signInAsAdmin(page, account);
  await page.goto("/admin/dashboard/settings/security");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  await paste(page, page.getByLabel("Code from the app"), fullWidth(spaced(totp(secret))));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
});

test("the sign-in code step takes an app code with a dash and a recovery code in full-width letters", async ({
  page,
  request,
}) => {
  const account = await approvedAccount(request, "Ravi Recovery");
  const { secret, recoveryCodes: recovery } = await turnOnTwoFactor(request, account);

  await passwordStep(page, account);
  // The next step's code: the current one was used to turn two-factor on.
  await paste(page, page.getByLabel("Code"), dashed(totp(secret, 1)));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);

  await signOut(page);
  await passwordStep(page, account);
  await paste(page, page.getByLabel("Code"), fullWidth((recovery[0] ?? "").toUpperCase()));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
});
