import { decodeCBORToNativeValue, decodeCBORToNativeValueNoLeftoverBytes } from "@oslojs/cbor";
import {
  type AuthenticatorData,
  ClientDataType,
  COSEKeyType,
  COSEPublicKey,
  coseAlgorithmES256,
  coseAlgorithmRS256,
  coseEllipticCurveP256,
  createAssertionSignatureMessage,
  parseAuthenticatorData,
  parseClientDataJSON,
} from "@oslojs/webauthn";
import { base64url, fromBase64url } from "~/lib/crypto.server";

/**
 * The WebAuthn checks a relying party makes (Web Authentication Level 3, §7.1 and §7.2), done
 * with @oslojs/webauthn's parsers and Web Crypto's signature checks (decision 066). Attestation
 * is "none" by policy: the attestation statement is not checked, so no certificate code ships.
 * Every function throws on an answer that fails a check; callers turn that into their message.
 */

/** What we ask authenticators for: ES256 first (every passkey provider), RS256 (Windows Hello). */
export const PUBLIC_KEY_ALGORITHMS = [coseAlgorithmES256, coseAlgorithmRS256] as const;

export type Expected = { challenge: string; origin: string; rpId: string };

export type CredentialFlags = { deviceType: "singleDevice" | "multiDevice"; backedUp: boolean };

class WebAuthnError extends Error {}

const fail = (reason: string): never => {
  throw new WebAuthnError(reason);
};

// Flags of authenticator data (§6.1) that @oslojs/webauthn does not expose: backup eligibility
// and backup state, which say whether a passkey is synced (multi-device) and backed up.
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKUP_STATE = 0x10;

function backupFlags(authenticatorData: Uint8Array): CredentialFlags {
  const flags = authenticatorData[32] ?? 0;
  return {
    deviceType: flags & FLAG_BACKUP_ELIGIBLE ? "multiDevice" : "singleDevice",
    backedUp: Boolean(flags & FLAG_BACKUP_STATE),
  };
}

/** Steps shared by both ceremonies: the client data (type, challenge, origin) and the flags. */
function checkClientData(clientDataJSON: Uint8Array, type: ClientDataType, expected: Expected) {
  const client = parseClientDataJSON(clientDataJSON);
  if (client.type !== type) fail("client data type");
  if (base64url(client.challenge) !== expected.challenge) fail("challenge");
  if (client.origin !== expected.origin) fail("origin");
  // The pages never run in another site's frame.
  if (client.crossOrigin) fail("cross-origin");
}

function checkAuthenticatorData(data: AuthenticatorData, expected: Expected) {
  if (!data.verifyRelyingPartyIdHash(expected.rpId)) fail("relying party ID hash");
  if (!data.userPresent) fail("user presence");
  // A passkey is two factors only when the device was unlocked (biometric or PIN).
  if (!data.userVerified) fail("user verification");
}

/** The public key as Web Crypto takes it, from its COSE form (RFC 9053); only the two algorithms offered. */
async function importCoseKey(cose: COSEPublicKey) {
  const algorithm = cose.algorithm();
  if (algorithm === coseAlgorithmES256 && cose.type() === COSEKeyType.EC2) {
    const { curve, x, y } = cose.ec2();
    if (curve !== coseEllipticCurveP256) fail("curve");
    const jwk = { kty: "EC", crv: "P-256", x: base64url(bigIntBytes(x, 32)), y: base64url(bigIntBytes(y, 32)) };
    return {
      algorithm,
      key: await crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]),
    };
  }
  if (algorithm === coseAlgorithmRS256 && cose.type() === COSEKeyType.RSA) {
    const { n, e } = cose.rsa();
    const jwk = { kty: "RSA", n: base64url(bigIntBytes(n)), e: base64url(bigIntBytes(e)) };
    return {
      algorithm,
      key: await crypto.subtle.importKey("jwk", jwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]),
    };
  }
  return fail("unsupported public key algorithm");
}

/** Big-endian bytes of a non-negative integer, left-padded to `length` when given. */
function bigIntBytes(value: bigint, length = 0) {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  hex = hex.padStart(length * 2, "0");
  if (length && hex.length > length * 2) fail("key size");
  return Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
}

/**
 * An ECDSA P-256 signature from its DER form (a SEQUENCE of the INTEGERs r and s) to r ‖ s, 32
 * bytes each. Written out rather than imported: an ASN.1 library for two integers weighed more
 * in the Worker than the rest of the checks (decision 066).
 */
function ecdsaSignatureBytes(der: Uint8Array) {
  // At most 72 bytes for P-256, so every length is one byte (DER's short form).
  if (der[0] !== 0x30 || der[1] !== der.byteLength - 2) fail("signature encoding");
  const raw = new Uint8Array(64);
  let at = 2;
  for (const offset of [0, 32]) {
    const length = der[at + 1] ?? 0;
    if (der[at] !== 0x02 || length === 0 || length > 33 || at + 2 + length > der.byteLength) fail("signature encoding");
    let integer = der.subarray(at + 2, at + 2 + length);
    // A leading zero only keeps a positive integer positive.
    if (integer.byteLength === 33) integer = integer[0] === 0 ? integer.subarray(1) : fail("signature encoding");
    raw.set(integer, offset + 32 - integer.byteLength);
    at += 2 + length;
  }
  if (at !== der.byteLength) fail("signature encoding");
  return raw;
}

function decodeCoseKey(bytes: Uint8Array) {
  const decoded = decodeCBORToNativeValueNoLeftoverBytes(bytes, 4);
  if (typeof decoded !== "object" || decoded === null) return fail("COSE key");
  return new COSEPublicKey(decoded);
}

/**
 * Checks a registration (`navigator.credentials.create()`'s answer): client data, RP ID hash,
 * user presence and verification, a credential whose ID is the one the browser reported and
 * whose key uses an algorithm we offered. Returns what to store: the COSE key as sent.
 */
export async function verifyRegistrationResponse(
  response: { id: string; rawId: string; response: { clientDataJSON: string; attestationObject: string } },
  expected: Expected,
) {
  if (response.id !== response.rawId) fail("credential ID");
  checkClientData(fromBase64url(response.response.clientDataJSON), ClientDataType.Create, expected);
  const attestation = decodeCBORToNativeValueNoLeftoverBytes(fromBase64url(response.response.attestationObject), 8);
  const authData = (attestation as { authData?: unknown } | null)?.authData;
  if (!(authData instanceof Uint8Array)) return fail("authenticator data");
  const data = parseAuthenticatorData(authData);
  checkAuthenticatorData(data, expected);
  const credential = data.credential ?? fail("attested credential data");
  if (base64url(credential.id) !== response.id) fail("credential ID");
  // The COSE key's own bytes (authenticator data: 37 bytes, AAGUID 16, ID length 2, ID, key, …).
  const keyStart = 55 + credential.id.byteLength;
  const [, keySize] = decodeCBORToNativeValue(authData.subarray(keyStart), 4);
  const publicKey = authData.slice(keyStart, keyStart + keySize);
  await importCoseKey(decodeCoseKey(publicKey));
  return { credentialId: response.id, publicKey, counter: data.signatureCounter, ...backupFlags(authData) };
}

/**
 * Checks a sign-in (`navigator.credentials.get()`'s answer) against the stored COSE key: client
 * data, RP ID hash, user presence and verification, and the signature over authenticatorData ‖
 * SHA-256(clientDataJSON). The counter rule is the caller's (it lives in the UPDATE that records
 * the use); the new counter is returned for it.
 */
export async function verifyAuthenticationResponse(
  response: {
    id: string;
    rawId: string;
    response: { clientDataJSON: string; authenticatorData: string; signature: string };
  },
  expected: Expected,
  publicKey: Uint8Array,
) {
  if (response.id !== response.rawId) fail("credential ID");
  const clientDataJSON = fromBase64url(response.response.clientDataJSON);
  checkClientData(clientDataJSON, ClientDataType.Get, expected);
  const authData = fromBase64url(response.response.authenticatorData);
  const data = parseAuthenticatorData(authData);
  checkAuthenticatorData(data, expected);
  const { algorithm, key } = await importCoseKey(decodeCoseKey(publicKey));
  const message = Uint8Array.from(createAssertionSignatureMessage(authData, clientDataJSON));
  const signature = fromBase64url(response.response.signature);
  const valid =
    algorithm === coseAlgorithmES256
      ? // WebAuthn sends ECDSA signatures DER-encoded; Web Crypto takes r ‖ s.
        await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, ecdsaSignatureBytes(signature), message)
      : await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, signature, message);
  if (!valid) fail("signature");
  return { newCounter: data.signatureCounter, ...backupFlags(authData) };
}
