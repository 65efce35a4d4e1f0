import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, passkeys, webauthnChallenges } from "~/db/schema";
import { PASSKEY_MESSAGES } from "~/domain/accounts/passkeys.server";
import { createChallenge } from "~/domain/accounts/two-factor.server";
import fixtures from "../../../tests/fixtures/passkeys.json";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { seedChallenge } from "../../../tests/helpers/passkeys";
import { setConfig } from "../../../tests/helpers/trial";

/** Registers the fixture passkey through the API, as the Settings page's button does. */
async function registered(fixture = fixtures.counting, name = "Laptop") {
  const created = await createAdmin();
  await seedChallenge(fixture.registration.challenge, "registration", created.admin.id);
  const added = await api("POST", "/api/auth/passkeys/registration/verify", {
    token: created.token,
    body: { name, credential: fixture.registration.credential },
  });
  expect(added.status).toBe(201);
  return { ...created, passkey: added.json.data };
}

/** The recorded passkey's first answer to the second step opened by `challengeToken`. */
async function answerStep(adminId: string, challengeToken: string) {
  const [first] = fixtures.counting.assertions;
  if (!first) throw new Error("fixtures");
  await seedChallenge(first.challenge, "authentication", adminId);
  return api("POST", "/api/auth/passkeys/authentication/verify", {
    body: { credential: first.credential, challengeToken },
  });
}

afterEach(async () => {
  await db().delete(passkeys);
  await db().delete(webauthnChallenges);
});

describe("/api/auth/passkeys", () => {
  it("asks for a signed-in admin", async () => {
    for (const [method, path] of [
      ["GET", "/api/auth/passkeys"],
      ["POST", "/api/auth/passkeys/registration/options"],
      ["DELETE", "/api/auth/passkeys/x"],
    ] as const) {
      expect((await api(method, path)).status).toBe(401);
    }
  });

  it("registration options: a challenge for this site, the user, no attestation", async () => {
    const { token, admin } = await createAdmin({ name: "Ada Admin" });
    const options = await api("POST", "/api/auth/passkeys/registration/options", { token });
    expect(options.status).toBe(200);
    expect(options.json.data).toMatchObject({
      rp: { id: "flowlane.test" },
      user: { name: admin.email, displayName: "Ada Admin" },
      attestation: "none",
      excludeCredentials: [],
    });
    expect(options.json.data.challenge).toMatch(/^[\w-]{43}$/);
  });

  it("registers, lists, renames and deletes", async () => {
    const { token, passkey } = await registered(fixtures.counting, "MacBook");
    expect(passkey).toMatchObject({ name: "MacBook", deviceType: "multiDevice", backedUp: true, lastUsedAt: null });
    const list = await api("GET", "/api/auth/passkeys", { token });
    expect(list.json.data).toEqual([passkey]);
    const renamed = await api("PATCH", `/api/auth/passkeys/${passkey.id}`, { token, body: { name: "  Work Mac " } });
    expect(renamed.json.data.name).toBe("Work Mac");
    const blank = await api("PATCH", `/api/auth/passkeys/${passkey.id}`, { token, body: { name: " " } });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toBe("Enter a name for the passkey.");
    const long = await api("PATCH", `/api/auth/passkeys/${passkey.id}`, { token, body: { name: "x".repeat(61) } });
    expect(long.json.error).toBe("Use at most 60 characters.");
    const missing = await api("PATCH", "/api/auth/passkeys/nope", { token, body: { name: "A" } });
    expect(missing).toMatchObject({ status: 404, json: { success: false, error: PASSKEY_MESSAGES.notFound } });
    const deleted = await api("DELETE", `/api/auth/passkeys/${passkey.id}`, { token });
    expect(deleted.json).toEqual({ success: true });
    expect((await api("GET", "/api/auth/passkeys", { token })).json.data).toEqual([]);
  });

  it("refuses to delete the last sign-in method (409) and says why", async () => {
    const { token, passkey, admin } = await registered();
    await db().update(admins).set({ passwordHash: "" }).where(eq(admins.id, admin.id));
    const refused = await api("DELETE", `/api/auth/passkeys/${passkey.id}`, { token });
    expect(refused).toMatchObject({ status: 409, json: { success: false, error: PASSKEY_MESSAGES.lastMethod } });
  });

  it("refuses a registration answer without a challenge of ours (400), and a malformed one", async () => {
    const { token } = await createAdmin();
    const stale = await api("POST", "/api/auth/passkeys/registration/verify", {
      token,
      body: { credential: fixtures.counting.registration.credential },
    });
    expect(stale).toMatchObject({ status: 400, json: { error: PASSKEY_MESSAGES.challengeEnded } });
    const malformed = await api("POST", "/api/auth/passkeys/registration/verify", {
      token,
      body: { credential: { id: "x" } },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.success).toBe(false);
  });
});

describe("signing in with a passkey through the API", () => {
  it("options for any passkey, then the same token answer as POST /api/auth/login", async () => {
    const { admin } = await registered();
    const options = await api("POST", "/api/auth/passkeys/authentication/options", { body: {} });
    expect(options.json.data).toMatchObject({ rpId: "flowlane.test", userVerification: "required" });
    const [first] = fixtures.counting.assertions;
    if (!first) throw new Error("fixtures");
    await seedChallenge(first.challenge, "authentication", null);
    const signedIn = await api("POST", "/api/auth/passkeys/authentication/verify", {
      body: { credential: first.credential },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data).toMatchObject({ tokenType: "Bearer", user: { id: admin.id, email: admin.email } });
    expect(signedIn.headers.get("Set-Cookie")).toMatch(/flowlane_refresh=/);
    const profile = await api("GET", "/api/auth/profile", { token: signedIn.json.data.accessToken });
    expect(profile.json.data.id).toBe(admin.id);
    const passkey = (await api("GET", "/api/auth/passkeys", { token: signedIn.json.data.accessToken })).json.data[0];
    expect(passkey.lastUsedAt).not.toBeNull();
  });

  it("answers the second step after a password with challengeToken", async () => {
    const { admin } = await registered();
    const challengeToken = await createChallenge(admin.id);
    const options = await api("POST", "/api/auth/passkeys/authentication/options", { body: { challengeToken } });
    expect(options.json.data.allowCredentials).toEqual([
      { id: fixtures.counting.credentialId, type: "public-key", transports: ["internal", "hybrid"] },
    ]);
    const signedIn = await answerStep(admin.id, challengeToken);
    expect(signedIn.status).toBe(200);
    const ended = await api("POST", "/api/auth/passkeys/authentication/options", { body: { challengeToken } });
    expect(ended.status).toBe(401);
  });

  it("a passkey-only account's password alone signs in nobody: it opens the second step, which the passkey answers", async () => {
    const { admin } = await registered();
    const login = await api("POST", "/api/auth/login", { body: { email: admin.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.json.data).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
    const { challengeToken } = login.json.data;
    const signedIn = await answerStep(admin.id, challengeToken);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data.accessToken).toEqual(expect.any(String));
  });

  it("a passkey is a second factor for REQUIRE_2FA (decision 067)", async () => {
    const restore = setConfig({ REQUIRE_2FA: "owner,admin" });
    try {
      const { token } = await registered();
      expect((await api("GET", "/api/meetings", { token })).status).toBe(200);
      const { token: without } = await createAdmin();
      expect((await api("GET", "/api/meetings", { token: without })).status).toBe(403);
    } finally {
      restore();
    }
  });

  it("a failed answer is a 401 with the message, and changes nothing", async () => {
    await registered();
    const { phished } = fixtures.counting;
    await seedChallenge(phished.challenge, "authentication", null);
    const refused = await api("POST", "/api/auth/passkeys/authentication/verify", {
      body: { credential: phished.credential },
    });
    expect(refused).toMatchObject({ status: 401, json: { success: false, error: PASSKEY_MESSAGES.signInFailed } });
    const row = await db()
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, fixtures.counting.credentialId))
      .get();
    expect(row).toMatchObject({ counter: 0, lastUsedAt: null });
  });
});
