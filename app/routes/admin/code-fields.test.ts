import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { createSession } from "~/domain/accounts/sessions.server";
import { beginSetup, createChallenge, enableTwoFactor, stepAt, totpAt } from "~/domain/accounts/two-factor.server";
import { CHALLENGE_COOKIE, SESSION_COOKIE } from "~/http/cookies.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { outcome, routeArgs } from "../../../tests/helpers/route-call";
import { action as securityAction } from "./dashboard/settings/security";
import { action as codeStepAction } from "./two-factor";

/**
 * Issue 30: the admin's code fields take a code as it is pasted — spaces, dashes, full-width
 * digits — without JavaScript too: the HTML actions normalise before checking.
 */

const ORIGIN = "http://localhost";

const cookiePair = (setCookie: string) => setCookie.split(";")[0] ?? "";

/** "123456" as people paste it: with a space, a dash, or in full-width digits with an ideographic space. */
const pasted = (code: string) => ({
  spaced: `${code.slice(0, 3)} ${code.slice(3)}`,
  dashed: `${code.slice(0, 3)}-${code.slice(3)}`,
  fullWidth: [...code]
    .map((d) => String.fromCharCode(0xff10 + Number(d)))
    .join("")
    .replace(/^(.{3})/, "$1\u3000"),
});

function post(path: string, fields: Record<string, string>, cookie: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });
}

async function enrolled(now: Date) {
  const { admin } = await createAdmin();
  const actor = { id: admin.id, email: admin.email };
  const key = decodeBase32IgnorePadding((await beginSetup(actor, { local: true })).secret);
  const { recoveryCodes } = await enableTwoFactor(actor, { code: totpAt(key, stepAt(now) - 1) }, { now, local: true });
  return { admin, key, recoveryCodes };
}

async function codeStep(adminId: string, code: string) {
  const token = await createChallenge(adminId);
  const request = new Request(`${ORIGIN}/admin/2fa`);
  const cookie = cookiePair(await CHALLENGE_COOKIE.serialize(request, token));
  return (await outcome(() => codeStepAction(routeArgs(post("/admin/2fa", { code }, cookie))))) as Response;
}

describe("the sign-in code step (/admin/2fa) takes pasted codes", () => {
  it("an app code with a dash or in full-width digits signs in", async () => {
    const now = new Date();
    const { admin, key } = await enrolled(now);
    // One step each (a step's code is used once): the current one, then the next.
    const dashed = await codeStep(admin.id, pasted(totpAt(key, stepAt(now))).dashed);
    expect(dashed.headers.get("Location")).toBe("/admin/dashboard");
    const fullWidth = await codeStep(admin.id, pasted(totpAt(key, stepAt(now) + 1)).fullWidth);
    expect(fullWidth.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("a recovery code in full-width letters with spaces signs in", async () => {
    const { admin, recoveryCodes } = await enrolled(new Date());
    const code = recoveryCodes[0] ?? "";
    const wide = [...code.toUpperCase()]
      .map((c) => (c === "-" ? "\u3000" : String.fromCharCode(c.charCodeAt(0) + 0xfee0)))
      .join("");
    const answer = await codeStep(admin.id, ` ${wide} `);
    expect(answer.headers.get("Location")).toBe("/admin/dashboard");
  });
});

describe("Settings → Security takes pasted codes", () => {
  it("turns two-factor sign-in on with a code pasted in full-width digits", async () => {
    const { admin } = await createAdmin();
    const actor = { id: admin.id, email: admin.email };
    const key = decodeBase32IgnorePadding((await beginSetup(actor, { local: true })).secret);
    const session = await createSession(admin.id, "browser");
    const path = "/admin/dashboard/settings/security";
    const cookie = cookiePair(await SESSION_COOKIE.serialize(new Request(`${ORIGIN}${path}`), session.token));
    const result = (await outcome(() =>
      securityAction(
        routeArgs(post(path, { intent: "enable", code: pasted(totpAt(key, stepAt(new Date()))).fullWidth }, cookie)),
      ),
    )) as { data: { recoveryCodes?: string[]; fieldErrors?: unknown } };
    expect(result.data.fieldErrors).toBeUndefined();
    expect(result.data.recoveryCodes).toHaveLength(10);
  });
});
