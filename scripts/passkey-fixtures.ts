/**
 * Records the WebAuthn fixtures of the passkey tests (tests/fixtures/passkeys.json): a software
 * authenticator (an ES256 or RS256 key made with WebCrypto) answers registration and sign-in
 * challenges for the unit tests' SITE_URL, exactly as a browser would send them (packed in the
 * @simplewebauthn/browser JSON shape). Run again only to change them:
 * `node scripts/passkey-fixtures.ts` records every set; `node scripts/passkey-fixtures.ts rs256`
 * records only the named sets and keeps the others exactly as they were recorded.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_SITE_URL } from "../tests/helpers/site.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const origin = new URL(TEST_SITE_URL).origin;
const rpId = new URL(TEST_SITE_URL).hostname;
const enc = new TextEncoder();

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

// --- A minimal CBOR encoder: what attestation objects and COSE keys need --------------------
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function head(major: number, n: number) {
  if (n < 24) return new Uint8Array([(major << 5) | n]);
  if (n < 256) return new Uint8Array([(major << 5) | 24, n]);
  if (n < 65536) return new Uint8Array([(major << 5) | 25, n >> 8, n & 255]);
  return concat(new Uint8Array([(major << 5) | 26]), u32(n));
}
function cbor(value: Cbor): Uint8Array {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = enc.encode(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  return concat(head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
}

/** WebCrypto's ECDSA signature is r‖s; WebAuthn wants it DER-encoded. */
function der(raw: Uint8Array) {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    let v = b.slice(i);
    if ((v[0] ?? 0) & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 };

type Algorithm = "ES256" | "RS256";

/** A key pair and its COSE public key (RFC 9053): EC2 P-256 for ES256, RSA 2048 for RS256. */
async function keyPair(algorithm: Algorithm) {
  if (algorithm === "RS256") {
    const keys = (await crypto.subtle.generateKey(
      { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey("jwk", keys.publicKey);
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 3], // kty: RSA
        [3, -257], // alg: RS256
        [-1, Buffer.from(jwk.n ?? "", "base64url")],
        [-2, Buffer.from(jwk.e ?? "", "base64url")],
      ]),
    );
    // RSASSA-PKCS1-v1_5 signatures travel as they are.
    const sign = async (data: Uint8Array<ArrayBuffer>) =>
      new Uint8Array(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", keys.privateKey, data));
    return { coseKey, sign };
  }
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, raw.slice(1, 33)],
      [-3, raw.slice(33, 65)],
    ]),
  );
  const sign = async (data: Uint8Array<ArrayBuffer>) =>
    der(new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, data)));
  return { coseKey, sign };
}

async function authenticator({ backedUp, algorithm }: { backedUp: boolean; algorithm: Algorithm }) {
  const { coseKey, sign } = await keyPair(algorithm);
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  const id = b64url(credentialId);
  const rpIdHash = await sha256(enc.encode(rpId));
  const backup = backedUp ? FLAGS.BE | FLAGS.BS : 0;
  const clientData = (type: string, challenge: string, from = origin) =>
    enc.encode(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id,
    register(challenge: string) {
      const authData = concat(
        rpIdHash,
        new Uint8Array([FLAGS.UP | FLAGS.UV | FLAGS.AT | backup]),
        u32(0),
        new Uint8Array(16), // AAGUID: none, as "none" attestation sends it
        new Uint8Array([0, credentialId.length]),
        credentialId,
        coseKey,
      );
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", challenge)),
          attestationObject: b64url(attestationObject),
          transports: ["internal", "hybrid"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    async assert(challenge: string, counter: number, { from = origin, userVerified = true } = {}) {
      const authData = concat(
        rpIdHash,
        new Uint8Array([FLAGS.UP | (userVerified ? FLAGS.UV : 0) | backup]),
        u32(counter),
      );
      const clientDataJSON = clientData("webauthn.get", challenge, from);
      const signed = concat(authData, await sha256(clientDataJSON));
      const signature = await sign(signed);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: b64url(enc.encode("fixture-user")),
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}

const challenge = () => b64url(crypto.getRandomValues(new Uint8Array(32)));

async function record(backedUp: boolean, counters: number[], algorithm: Algorithm = "ES256") {
  const device = await authenticator({ backedUp, algorithm });
  const reg = challenge();
  const assertions = [];
  for (const counter of counters) {
    const c = challenge();
    assertions.push({ challenge: c, counter, credential: await device.assert(c, counter) });
  }
  const phishedChallenge = challenge();
  const noUvChallenge = challenge();
  return {
    credentialId: device.id,
    registration: { challenge: reg, credential: device.register(reg) },
    assertions,
    /** Signed for another origin (a look-alike site relaying the challenge): refused. */
    phished: {
      challenge: phishedChallenge,
      credential: await device.assert(phishedChallenge, 90, { from: "https://flowlane-login.test" }),
    },
    /** Presence only, no user verification: not two factors, refused. */
    withoutVerification: {
      challenge: noUvChallenge,
      credential: await device.assert(noUvChallenge, 91, { userVerified: false }),
    },
  };
}

const file = path.join(root, "tests/fixtures/passkeys.json");
const sets = {
  // A synced (backed-up) passkey whose counter counts, and a device-bound one that keeps none.
  counting: () => record(true, [1, 2, 2]),
  noCounter: () => record(false, [0, 0]),
  // An RS256 key, as Windows Hello makes: device-bound, counting.
  rs256: () => record(false, [1, 2], "RS256"),
};
const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in sets));
if (unknown.length)
  throw new Error(`Unknown fixture sets: ${unknown.join(", ")} (known: ${Object.keys(sets).join(", ")})`);
const kept = only.length && existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
const fixtures: Record<string, unknown> = {
  ...kept,
  recordedWith: "scripts/passkey-fixtures.ts (software ES256 and RS256 authenticators, 'none' attestation)",
  rp: { id: rpId, origin },
};
for (const [name, make] of Object.entries(sets)) {
  if (!only.length || only.includes(name)) fixtures[name] = await make();
}
writeFileSync(file, `${JSON.stringify(fixtures, null, 2)}\n`);
console.log(`wrote tests/fixtures/passkeys.json (${only.length ? only.join(", ") : "every set"})`);
