import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { APIRequestContext, Page } from "@playwright/test";
import type { DashboardStats } from "../../app/domain/reporting/stats.server";
import { adminToken, expect, newestEmail, type OtherPage, signInAsAdmin, uniqueEmail } from "./fixtures";

export type Account = { id: string; email: string; password: string; name: string };

/** Registers an admin account through the API; it stays pending until someone approves it. */
export async function registerAccount(request: APIRequestContext, name = "Casey Console"): Promise<Account> {
  const email = uniqueEmail("console");
  const password = `console-pass-${Math.random().toString(36).slice(2, 8)}-42`;
  const response = await request.post("/api/auth/register", { data: { email, password, name } });
  expect(response.status()).toBe(201);
  const id = (await response.json()).data.user.id as string;
  return { id, email, password, name };
}

/**
 * A second, approved member of its own (an Admin unless told another role), so a test never
 * changes the shared e2e Owner.
 */
export async function approvedAccount(
  request: APIRequestContext,
  name?: string,
  role: "owner" | "admin" | "sales" | "marketing" | "author" = "admin",
): Promise<Account> {
  const account = await registerAccount(request, name);
  const token = await adminToken(request);
  const decided = await request.post(`/api/admin/team/${account.id}/decision`, {
    data: { action: "approve", role },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(decided.ok()).toBeTruthy();
  return account;
}

/** The accept link of the newest invitation email to `email`, as a path. */
export async function invitationLink(request: APIRequestContext, email: string) {
  const mail = await newestEmail(request, email, "team.invitation");
  const link = /\/admin\/invitation\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, "the accept link in the email").toBeTruthy();
  return link as string;
}

/** Invites `email` as an Author through the API, by the member whose API token is `token`: the accept link. */
export async function invitedByApi(request: APIRequestContext, token: string, email: string) {
  const invited = await request.post("/api/team/invitations", {
    data: { email, role: "author" },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(invited.status()).toBe(201);
  return invitationLink(request, email);
}

/** `account` signed in to the console on another device: a page of the test's `otherPage`. */
export async function signInElsewhere(otherPage: OtherPage, account: Account) {
  const page = await otherPage();
  await signInAsAdmin(page, account);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

export async function dashboardStats(request: APIRequestContext, token: string): Promise<DashboardStats> {
  const response = await request.get("/api/dashboard/stats", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBeTruthy();
  const body = await response.json();
  expect(body.success).toBe(true);
  return body.data;
}

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF), to check exported files. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && input[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** With JavaScript, the console is interactive once React has hydrated: Refresh turns from a link into a button. */
export async function waitForHydration(page: Page) {
  await expect(page.getByRole("button", { name: "Refresh data" })).toBeVisible();
}

/** The password half of a two-factor sign-in (works with JavaScript on or off): it stops at /admin/2fa. */
export async function passwordStep(page: Page, account: Pick<Account, "email" | "password">) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/2fa$/);
}

/** The code an authenticator app shows for this key, `offset` 30-second steps from now. */
export function totp(secret: string, offset = 0) {
  const step = Math.floor(Date.now() / 30_000) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

/**
 * Turns two-factor sign-in on for `account` through the API, with the app's code `offset` steps
 * from now: the key and the recovery codes.
 */
export async function turnOnTwoFactor(request: APIRequestContext, account: Account, offset = 0) {
  const login = await request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).data.accessToken as string}` };
  const setup = await (await request.post("/api/auth/2fa/setup", { headers })).json();
  const secret = setup.data.secret as string;
  const enabled = await request.post("/api/auth/2fa/enable", { headers, data: { code: totp(secret, offset) } });
  expect(enabled.ok()).toBeTruthy();
  return { secret, recoveryCodes: (await enabled.json()).data.recoveryCodes as string[] };
}

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform authenticator with resident
 * keys and user verification that always verifies, as Touch ID or Windows Hello would.
 */
export async function virtualAuthenticator(page: Page, { presence = true } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: presence,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * A CRM webhook endpoint that pages can list but that receives nothing: made, then turned off at
 * once. Its host is made up, and other tests cause every event (newsletter unsubscribes among
 * them), so an endpoint left on would make the server try to reach that host offline.
 */
export async function quietWebhookEndpoint(request: APIRequestContext, url: string): Promise<string> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post("/api/integrations/webhooks", {
    headers,
    data: { url, events: ["newsletter.unsubscribed"] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  const off = await request.patch(`/api/integrations/webhooks/${id}`, { headers, data: { enabled: false } });
  expect(off.status(), await off.text()).toBe(200);
  return id;
}
