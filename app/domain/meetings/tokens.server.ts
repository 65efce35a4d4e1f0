import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Meeting, meetings, meetingTokens } from "~/db/schema";
import { randomToken, sha256Hex, timingSafeEqual } from "~/lib/crypto.server";

/**
 * "Manage your booking" links: `/demo/manage/{token}`. A token is 32 random bytes (256 bits)
 * in base64url; the database keeps only its SHA-256, so a leaked table opens no booking.
 * A meeting gets a fresh token with every email that carries the link, and every one of them
 * leads to the meeting as it is now (decision record 017).
 */

const TOKEN_BYTES = 32;
/** 32 bytes in unpadded base64url. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const manageUrl = (siteUrl: string, token: string) => `${siteUrl}/demo/manage/${token}`;

/** A new token for a meeting and the insert that stores its hash (put it in the change's batch). */
export async function issueManageToken(meetingId: string, now = new Date()) {
  const token = randomToken(TOKEN_BYTES);
  const statement = db()
    .insert(meetingTokens)
    .values({ tokenHash: await sha256Hex(token), meetingId, createdAt: now });
  return { token, statement };
}

/**
 * The meeting a token leads to, or null. The lookup is by the token's SHA-256, so the
 * database comparison never sees the token and its timing tells nothing about it; the
 * stored hash is then compared once more in constant time.
 */
export async function meetingByToken(token: string): Promise<Meeting | null> {
  if (!TOKEN_RE.test(token)) return null;
  const digest = await sha256Hex(token);
  const row = await db()
    .select({ tokenHash: meetingTokens.tokenHash, meeting: meetings })
    .from(meetingTokens)
    .innerJoin(meetings, eq(meetings.id, meetingTokens.meetingId))
    .where(eq(meetingTokens.tokenHash, digest))
    .get();
  return row && timingSafeEqual(row.tokenHash, digest) ? row.meeting : null;
}
