import { and, count, eq, isNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, auditLog, passkeys, sessions, twoFactorChallenges, webauthnChallenges } from "~/db/schema";
import { base64url, fromBase64url } from "~/lib/crypto.server";
import fixtures from "../../../tests/fixtures/passkeys.json";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { seedChallenge } from "../../../tests/helpers/passkeys";
import {
  authenticationOptions,
  deletePasskey,
  hasPasskey,
  listPasskeys,
  PASSKEY_CHALLENGE_TTL,
  PASSKEY_MESSAGES,
  registrationOptions,
  relyingParty,
  renamePasskey,
  verifyAuthentication,
  verifyRegistration,
  verifyStepWithPasskey,
} from "./passkeys.server";
import { CHALLENGE_ENDED, createChallenge } from "./two-factor.server";

type Fixture = typeof fixtures.counting;

/** An account with the fixture's passkey registered the real way (options' challenge, recorded answer). */
async function withPasskey(fixture: Fixture = fixtures.counting, name = "Laptop") {
  const created = await createAdmin();
  const actor = { id: created.admin.id, email: created.admin.email };
  await seedChallenge(fixture.registration.challenge, "registration", actor.id);
  const passkey = await verifyRegistration(actor, { name, credential: fixture.registration.credential });
  return { ...created, actor, passkey };
}

async function expectRefusal(promise: Promise<unknown>, status: number, message: string) {
  await expect(promise).rejects.toMatchObject({ status, message });
}

const stored = (credentialId: string) =>
  db().select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get();

// One test file shares one D1: each test's passkeys and challenges go with it.
afterEach(async () => {
  await db().delete(passkeys);
  await db().delete(webauthnChallenges);
});

describe("the recorded fixtures", () => {
  it("were made for the tests' SITE_URL (the relying party)", () => {
    expect(relyingParty()).toMatchObject({ id: fixtures.rp.id, origin: fixtures.rp.origin });
  });
});

describe("registration", () => {
  it("offers a discoverable, user-verified credential and stores its challenge for 5 minutes", async () => {
    const { actor } = await withPasskey();
    const now = new Date();
    const options = await registrationOptions({ ...actor, name: "Ada" }, now);
    expect(options.rp).toEqual({ name: "Flowlane admin", id: "flowlane.test" });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.attestation).toBe("none");
    // The passkey already there is excluded, so the browser refuses to register it twice.
    expect(options.excludeCredentials).toEqual([
      { id: fixtures.counting.credentialId, type: "public-key", transports: ["internal", "hybrid"] },
    ]);
    const row = await db()
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge))
      .get();
    expect(row).toMatchObject({ purpose: "registration", adminId: actor.id });
    expect(row?.expiresAt.getTime()).toBe(now.getTime() + PASSKEY_CHALLENGE_TTL);
  });

  it("verifies a recorded attestation and stores key, counter, transports and backup flags", async () => {
    const { actor, passkey } = await withPasskey(fixtures.counting, "MacBook Touch ID");
    expect(passkey).toMatchObject({
      name: "MacBook Touch ID",
      deviceType: "multiDevice",
      backedUp: true,
      transports: ["internal", "hybrid"],
      lastUsedAt: null,
    });
    const row = await stored(fixtures.counting.credentialId);
    expect(row).toMatchObject({ adminId: actor.id, counter: 0, transports: "internal,hybrid", backedUp: true });
    expect(row?.publicKey).toMatch(/^[\w-]{40,}$/);
    expect(await hasPasskey(actor.id)).toBe(true);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, passkey.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["account.passkey_added"]);
  });

  it("stores a device-bound passkey as such", async () => {
    const { passkey } = await withPasskey(fixtures.noCounter);
    expect(passkey).toMatchObject({ deviceType: "singleDevice", backedUp: false });
  });

  it("uses a challenge once: the same answer again is refused and stores nothing", async () => {
    const { actor } = await withPasskey();
    await expectRefusal(
      verifyRegistration(actor, { credential: fixtures.counting.registration.credential }),
      400,
      PASSKEY_MESSAGES.challengeEnded,
    );
    expect(await listPasskeys(actor.id)).toHaveLength(1);
  });

  it("refuses an expired challenge and another account's challenge", async () => {
    const { admin } = await createAdmin();
    const actor = { id: admin.id, email: admin.email };
    const other = await createAdmin();
    const { challenge, credential } = fixtures.counting.registration;
    await seedChallenge(challenge, "registration", actor.id, new Date(Date.now() - 1));
    await expectRefusal(verifyRegistration(actor, { credential }), 400, PASSKEY_MESSAGES.challengeEnded);
    await db().delete(webauthnChallenges);
    await seedChallenge(challenge, "registration", other.admin.id);
    await expectRefusal(verifyRegistration(actor, { credential }), 400, PASSKEY_MESSAGES.challengeEnded);
    // A challenge that passes its 5 minutes while waiting is refused too.
    await db().delete(webauthnChallenges);
    await seedChallenge(challenge, "registration", actor.id);
    const later = new Date(Date.now() + PASSKEY_CHALLENGE_TTL + 1000);
    await expectRefusal(verifyRegistration(actor, { credential }, later), 400, PASSKEY_MESSAGES.challengeEnded);
    expect(await hasPasskey(actor.id)).toBe(false);
  });

  it("refuses the same authenticator a second time (409)", async () => {
    const { actor } = await withPasskey();
    await seedChallenge(fixtures.counting.registration.challenge, "registration", actor.id);
    await expectRefusal(
      verifyRegistration(actor, { credential: fixtures.counting.registration.credential }),
      409,
      PASSKEY_MESSAGES.alreadyRegistered,
    );
  });

  it("refuses an answer made on another origin", async () => {
    const { admin } = await createAdmin();
    const actor = { id: admin.id, email: admin.email };
    const challenge = "A".repeat(43);
    await seedChallenge(challenge, "registration", actor.id);
    const original = fixtures.counting.registration.credential.response.clientDataJSON;
    const forged = JSON.parse(new TextDecoder().decode(fromBase64url(original)));
    // A look-alike site relaying our challenge: the origin the browser wrote is not SITE_URL's.
    forged.origin = "https://flowlane-login.test";
    forged.challenge = challenge;
    const clientDataJSON = base64url(new TextEncoder().encode(JSON.stringify(forged)));
    const credential = {
      ...fixtures.counting.registration.credential,
      response: { ...fixtures.counting.registration.credential.response, clientDataJSON },
    };
    await expectRefusal(verifyRegistration(actor, { credential }), 400, PASSKEY_MESSAGES.registrationFailed);
  });
});

describe("signing in with a passkey", () => {
  it("offers any passkey of the site at sign-in, and only the account's at the second step", async () => {
    const { admin } = await withPasskey();
    const open = await authenticationOptions();
    expect(open).toMatchObject({ rpId: "flowlane.test", userVerification: "required", allowCredentials: [] });
    const own = await authenticationOptions({ adminId: admin.id });
    expect(own.allowCredentials).toEqual([
      { id: fixtures.counting.credentialId, type: "public-key", transports: ["internal", "hybrid"] },
    ]);
    const none = await createAdmin();
    await expectRefusal(authenticationOptions({ adminId: none.admin.id }), 409, PASSKEY_MESSAGES.noPasskey);
  });

  it("verifies recorded assertions, stores each counter and the last use", async () => {
    const { admin } = await withPasskey();
    const [first, second] = fixtures.counting.assertions;
    if (!first || !second) throw new Error("fixtures");
    await seedChallenge(first.challenge, "authentication", null);
    const signedIn = await verifyAuthentication({ credential: first.credential });
    expect(signedIn.admin.id).toBe(admin.id);
    expect((await stored(fixtures.counting.credentialId))?.counter).toBe(1);
    await seedChallenge(second.challenge, "authentication", null);
    const now = new Date("2026-11-26T12:00:00Z");
    await verifyAuthentication({ credential: second.credential }, { now: new Date(now) });
    const row = await stored(fixtures.counting.credentialId);
    expect(row?.counter).toBe(2);
    expect(row?.lastUsedAt?.toISOString()).toBe(now.toISOString());
  });

  it("refuses a counter that does not move forward (a cloned authenticator) and keeps the stored one", async () => {
    await withPasskey();
    const [first, second, repeated] = fixtures.counting.assertions;
    if (!first || !second || !repeated) throw new Error("fixtures");
    for (const a of [first, second]) {
      await seedChallenge(a.challenge, "authentication", null);
      await verifyAuthentication({ credential: a.credential });
    }
    expect(repeated.counter).toBe(2);
    await seedChallenge(repeated.challenge, "authentication", null);
    await expectRefusal(verifyAuthentication({ credential: repeated.credential }), 401, PASSKEY_MESSAGES.signInFailed);
    expect((await stored(fixtures.counting.credentialId))?.counter).toBe(2);
  });

  it("accepts an authenticator that keeps no counter (0 every time)", async () => {
    await withPasskey(fixtures.noCounter);
    for (const a of fixtures.noCounter.assertions) {
      await seedChallenge(a.challenge, "authentication", null);
      await verifyAuthentication({ credential: a.credential });
    }
    expect((await stored(fixtures.noCounter.credentialId))?.counter).toBe(0);
  });

  it("verifies an RS256 passkey (as Windows Hello makes) and refuses its phished and unverified answers", async () => {
    const { admin, passkey } = await withPasskey(fixtures.rs256, "Windows Hello");
    expect(passkey).toMatchObject({ name: "Windows Hello", deviceType: "singleDevice", backedUp: false });
    for (const a of fixtures.rs256.assertions) {
      await seedChallenge(a.challenge, "authentication", null);
      expect((await verifyAuthentication({ credential: a.credential })).admin.id).toBe(admin.id);
      expect((await stored(fixtures.rs256.credentialId))?.counter).toBe(a.counter);
    }
    for (const case_ of [fixtures.rs256.phished, fixtures.rs256.withoutVerification]) {
      await seedChallenge(case_.challenge, "authentication", null);
      await expectRefusal(verifyAuthentication({ credential: case_.credential }), 401, PASSKEY_MESSAGES.signInFailed);
    }
    expect((await stored(fixtures.rs256.credentialId))?.counter).toBe(2);
  });

  it("refuses a signature that does not match: altered authenticator data, or another key's signature", async () => {
    await withPasskey();
    await withPasskey(fixtures.rs256);
    /** The answer with its signature counter (bytes 33–36 of authenticator data) raised to 7, unsigned. */
    const altered = (credential: (typeof fixtures.counting.assertions)[number]["credential"]) => {
      const data = fromBase64url(credential.response.authenticatorData);
      data.set([0, 0, 0, 7], 33);
      return { ...credential, response: { ...credential.response, authenticatorData: base64url(data) } };
    };
    const [es, other] = [fixtures.counting.assertions[0], fixtures.noCounter.assertions[0]];
    const [rs] = fixtures.rs256.assertions;
    if (!es || !other || !rs) throw new Error("fixtures");
    const forged = [
      { challenge: es.challenge, credential: altered(es.credential) },
      { challenge: rs.challenge, credential: altered(rs.credential) },
      // The other authenticator's valid signature, presented as this passkey's.
      {
        challenge: other.challenge,
        credential: { ...other.credential, id: es.credential.id, rawId: es.credential.rawId },
      },
    ];
    for (const { challenge, credential } of forged) {
      await seedChallenge(challenge, "authentication", null);
      await expectRefusal(verifyAuthentication({ credential }), 401, PASSKEY_MESSAGES.signInFailed);
    }
    expect((await stored(fixtures.counting.credentialId))?.counter).toBe(0);
    expect((await stored(fixtures.rs256.credentialId))?.counter).toBe(0);
  });

  it("uses a challenge once, and refuses an expired one", async () => {
    await withPasskey();
    const [first] = fixtures.counting.assertions;
    if (!first) throw new Error("fixtures");
    await seedChallenge(first.challenge, "authentication", null, new Date(Date.now() - 1));
    await expectRefusal(verifyAuthentication({ credential: first.credential }), 401, PASSKEY_MESSAGES.challengeEnded);
    await db().delete(webauthnChallenges);
    await seedChallenge(first.challenge, "authentication", null);
    await verifyAuthentication({ credential: first.credential });
    // The replay: the challenge is gone (used up in one DELETE … RETURNING).
    await expectRefusal(verifyAuthentication({ credential: first.credential }), 401, PASSKEY_MESSAGES.challengeEnded);
  });

  it("refuses an answer signed for another origin, and one without user verification", async () => {
    await withPasskey();
    for (const case_ of [fixtures.counting.phished, fixtures.counting.withoutVerification]) {
      await seedChallenge(case_.challenge, "authentication", null);
      await expectRefusal(verifyAuthentication({ credential: case_.credential }), 401, PASSKEY_MESSAGES.signInFailed);
    }
    expect((await stored(fixtures.counting.credentialId))?.counter).toBe(0);
  });

  it("refuses an unknown passkey and a rejected account", async () => {
    const { admin } = await withPasskey();
    const [first, second] = fixtures.noCounter.assertions;
    if (!first || !second) throw new Error("fixtures");
    await seedChallenge(first.challenge, "authentication", null);
    await expectRefusal(verifyAuthentication({ credential: first.credential }), 401, PASSKEY_MESSAGES.signInFailed);
    await db().update(admins).set({ status: "rejected" }).where(eq(admins.id, admin.id));
    const [own] = fixtures.counting.assertions;
    if (!own) throw new Error("fixtures");
    await seedChallenge(own.challenge, "authentication", null);
    await expectRefusal(verifyAuthentication({ credential: own.credential }), 401, PASSKEY_MESSAGES.signInFailed);
  });

  it("20 parallel verifies of one assertion sign in once: one session", async () => {
    const { admin } = await withPasskey();
    const [first] = fixtures.counting.assertions;
    if (!first) throw new Error("fixtures");
    await seedChallenge(first.challenge, "authentication", null);
    const sessionCount = async () =>
      (await db().select({ n: count() }).from(sessions).where(eq(sessions.adminId, admin.id)).get())?.n ?? 0;
    const before = await sessionCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api("POST", "/api/auth/passkeys/authentication/verify", { body: { credential: first.credential } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(19);
    expect(await sessionCount()).toBe(before + 1);
    expect((await stored(fixtures.counting.credentialId))?.counter).toBe(1);
  });
});

describe("a passkey as the second step after a password", () => {
  it("answers the code step of its own account, once", async () => {
    const { admin } = await withPasskey();
    const token = await createChallenge(admin.id);
    const [first, second] = fixtures.counting.assertions;
    if (!first || !second) throw new Error("fixtures");
    await seedChallenge(first.challenge, "authentication", admin.id);
    expect((await verifyStepWithPasskey(token, { credential: first.credential })).id).toBe(admin.id);
    const step = await db()
      .select()
      .from(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.adminId, admin.id), isNull(twoFactorChallenges.usedAt)))
      .get();
    expect(step).toBeUndefined();
    await seedChallenge(second.challenge, "authentication", admin.id);
    await expectRefusal(verifyStepWithPasskey(token, { credential: second.credential }), 401, CHALLENGE_ENDED);
  });

  it("refuses another account's passkey and a sign-in challenge not bound to the step's account", async () => {
    await withPasskey();
    const other = await createAdmin();
    const token = await createChallenge(other.admin.id);
    const [first, second] = fixtures.counting.assertions;
    if (!first || !second) throw new Error("fixtures");
    // The challenge of another account's step: the passkey's owner is not the step's account.
    await seedChallenge(first.challenge, "authentication", other.admin.id);
    await expectRefusal(
      verifyStepWithPasskey(token, { credential: first.credential }),
      401,
      PASSKEY_MESSAGES.signInFailed,
    );
    // A challenge from the one-step sign-in (bound to nobody) does not answer a step.
    await seedChallenge(second.challenge, "authentication", null);
    await expectRefusal(
      verifyStepWithPasskey(token, { credential: second.credential }),
      401,
      PASSKEY_MESSAGES.challengeEnded,
    );
  });
});

describe("naming and deleting", () => {
  it("renames a passkey and audits the names; another account's passkey is not found", async () => {
    const { actor, passkey } = await withPasskey();
    const renamed = await renamePasskey(actor, passkey.id, "Work laptop");
    expect(renamed.name).toBe("Work laptop");
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "account.passkey_renamed")).all();
    expect(audit.at(-1)).toMatchObject({ targetId: passkey.id });
    const other = await createAdmin();
    await expectRefusal(
      renamePasskey({ id: other.admin.id, email: other.admin.email }, passkey.id, "Mine now"),
      404,
      PASSKEY_MESSAGES.notFound,
    );
    await expectRefusal(
      deletePasskey({ id: other.admin.id, email: other.admin.email }, passkey.id),
      404,
      PASSKEY_MESSAGES.notFound,
    );
  });

  it("deletes the last passkey of an account that has a password (the password remains)", async () => {
    const { actor, passkey } = await withPasskey();
    await deletePasskey(actor, passkey.id);
    expect(await hasPasskey(actor.id)).toBe(false);
  });

  it("refuses to delete the last sign-in method: no password and no other passkey", async () => {
    const { actor, passkey } = await withPasskey();
    const second = await withPasskeyFor(actor);
    // An account without a password (e.g. one that joined with a passkey): an empty hash is no password.
    await db().update(admins).set({ passwordHash: "" }).where(eq(admins.id, actor.id));
    await deletePasskey(actor, passkey.id);
    await expectRefusal(deletePasskey(actor, second.id), 409, PASSKEY_MESSAGES.lastMethod);
    expect(await listPasskeys(actor.id)).toHaveLength(1);
  });

  it("20 parallel deletes of an account's last two passkeys leave one", async () => {
    const { actor, passkey } = await withPasskey();
    const second = await withPasskeyFor(actor);
    await db().update(admins).set({ passwordHash: "" }).where(eq(admins.id, actor.id));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => deletePasskey(actor, i % 2 ? passkey.id : second.id)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await listPasskeys(actor.id)).toHaveLength(1);
  });
});

/** The second (device-bound) fixture passkey, registered to an account that already has one. */
async function withPasskeyFor(actor: { id: string; email: string }) {
  await seedChallenge(fixtures.noCounter.registration.challenge, "registration", actor.id);
  return verifyRegistration(actor, { name: "Security key", credential: fixtures.noCounter.registration.credential });
}
