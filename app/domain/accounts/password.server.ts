import { scrypt } from "node:crypto";
import { timingSafeEqual } from "~/lib/crypto.server";

/**
 * scrypt with OWASP's N=2^14, r=8, p=5 profile (16 MiB per hash). The 2^17 profile
 * needs 128 MiB, the whole memory of a Worker isolate (decision 004).
 */
const PARAMS = { N: 2 ** 14, r: 8, p: 5, keyLength: 32 };
const MAX_MEMORY = 64 * 1024 * 1024; // 64 MiB ceiling passed to scrypt

function derive(password: string, salt: Buffer, params: typeof PARAMS): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      params.keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(16)));
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const key = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: Buffer.from(hash, "base64").length,
  });
  return timingSafeEqual(key.toString("base64"), hash);
}

/** A password that passes the strength rule, for generated admin logins. */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const body = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${body.slice(0, 6)}-${body.slice(6, 12)}-${body.slice(12)}7a`;
}
