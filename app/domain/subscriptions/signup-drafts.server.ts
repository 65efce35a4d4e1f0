import { eq, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { signupDrafts } from "~/db/schema";
import { sha256Hex } from "~/lib/crypto.server";
import { HOUR } from "~/lib/durations";

/**
 * The trial signup as typed so far (decision 048). Each step of /free-trial is a page of its own,
 * so Back, Forward and a reload show a step with what was typed in it; the values live here, on
 * the server, never in the URL. A draft belongs to one browser (a random token in its cookie,
 * stored here as its SHA-256) and lasts a day after the last step was sent.
 */

export const DRAFT_LIFETIME = 24 * HOUR;

/** At most this many fields of at most this many characters: a draft is a form, not storage. */
const MAX_FIELDS = 40;
const MAX_LENGTH = 2000;

/** Only string fields, bounded, whatever a client (or an older row) sends. */
function bounded(fields: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields).slice(0, MAX_FIELDS)) {
    if (typeof value === "string") kept[name.slice(0, 64)] = value.slice(0, MAX_LENGTH);
  }
  return kept;
}

/** The draft's fields, or null when there is none (never saved, expired or purged). */
export async function readSignupDraft(token: string, now = new Date()): Promise<Record<string, string> | null> {
  const row = await db()
    .select({ fields: signupDrafts.fields, expiresAt: signupDrafts.expiresAt })
    .from(signupDrafts)
    .where(eq(signupDrafts.id, await sha256Hex(token)))
    .get();
  if (!row || row.expiresAt <= now) return null;
  return bounded(row.fields ?? {});
}

/**
 * Replaces the draft's fields with these (the caller merges: a step's fields as sent win over
 * the draft's). One upsert, so parallel posts of one browser leave exactly one row, holding the
 * last fields written.
 */
export async function saveSignupDraft(token: string, fields: Record<string, string>, now = new Date()) {
  const id = await sha256Hex(token);
  const kept = bounded(fields);
  const expiresAt = new Date(now.getTime() + DRAFT_LIFETIME);
  await db()
    .insert(signupDrafts)
    .values({ id, fields: kept, updatedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: signupDrafts.id,
      set: { fields: sql`excluded.fields`, updatedAt: now, expiresAt },
    });
}

/** The signup is stored: its draft goes. */
export async function deleteSignupDraft(token: string) {
  await db()
    .delete(signupDrafts)
    .where(eq(signupDrafts.id, await sha256Hex(token)));
}

/** Scheduled: drafts nobody came back to within a day. */
export async function purgeSignupDrafts(now: Date) {
  const result = await db().delete(signupDrafts).where(lt(signupDrafts.expiresAt, now));
  return result.meta.changes ?? 0;
}
