import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { passkeys } from "~/db/schema";
import {
  beginSetup,
  CHALLENGE,
  createChallenge,
  enableTwoFactor,
  stepAt,
  TOO_MANY_CODES,
  totpAt,
} from "~/domain/accounts/two-factor.server";
import { CHALLENGE_COOKIE } from "~/http/cookies.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { routeArgs as args, outcome } from "../../../tests/helpers/route-call";
import { loader as loginLoader } from "./login";
import { action as codeStep, loader as stepPage } from "./two-factor";

/** An admin with two-factor on, and the Cookie header of a browser at the code step. */
async function atCodeStep() {
  const { admin } = await createAdmin();
  const actor = { id: admin.id, email: admin.email };
  const { secret } = await beginSetup(actor);
  // Enrolment uses the step before, as an app shows it; the test never answers with a right code.
  await enableTwoFactor(actor, { code: totpAt(decodeBase32IgnorePadding(secret), stepAt(new Date()) - 1) });
  const token = await createChallenge(admin.id);
  const setCookie = await CHALLENGE_COOKIE.serialize(new Request("http://localhost/admin/2fa"), token);
  return setCookie.split(";")[0] ?? "";
}

const post = (cookie: string, code: string) =>
  new Request("http://localhost/admin/2fa", {
    method: "POST",
    headers: { Cookie: cookie },
    body: new URLSearchParams({ code }),
  });

describe("the sign-in code step", () => {
  it("after the last wrong code, says the attempt was stopped (not that a session ended)", async () => {
    const cookie = await atCodeStep();
    for (let i = 0; i < CHALLENGE.maxFailures - 1; i++) {
      const wrong = (await codeStep(args(post(cookie, "000000")))) as { init: { status: number } };
      expect(wrong.init.status).toBe(401);
    }
    const last = (await outcome(() => codeStep(args(post(cookie, "000000"))))) as Response;
    expect(last.status).toBe(302);
    expect(last.headers.get("Location")).toBe("/admin?signin=stopped");
    expect(last.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    const login = (await loginLoader(args(new Request("http://localhost/admin?signin=stopped")))) as {
      notice: string | null;
    };
    expect(login.notice).toBe(TOO_MANY_CODES);
    expect(login.notice).not.toMatch(/session/i);
  });
});

describe("the second step of a passkey-only account (decision 066)", () => {
  const stepCookie = async (adminId: string) => {
    const token = await createChallenge(adminId);
    return (await CHALLENGE_COOKIE.serialize(new Request("http://localhost/admin/2fa"), token)).split(";")[0] ?? "";
  };
  const open = (cookie: string) =>
    stepPage(args(new Request("http://localhost/admin/2fa", { headers: { Cookie: cookie } })));

  it("asks for the passkey alone, with no code form to answer; an app account still gets its code form", async () => {
    const { admin } = await createAdmin();
    await db()
      .insert(passkeys)
      .values({
        adminId: admin.id,
        credentialId: `cred-${admin.id}`,
        publicKey: "pk",
        deviceType: "multiDevice",
        name: "Phone",
      });
    const passkeyOnly = await open(await stepCookie(admin.id));
    expect(passkeyOnly).toMatchObject({ codes: false, passkeyOptions: expect.stringContaining(`cred-${admin.id}`) });

    const withApp = await open(await atCodeStep());
    expect(withApp).toMatchObject({ codes: true, passkeyOptions: null });
  });
});
