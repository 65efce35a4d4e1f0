import { asc, count, desc, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { db } from "~/db/client.server";
import { meetings, subscriptions } from "~/db/schema";

/** Matches shown per kind on the results page; the sections list the rest. */
export const SEARCH_RESULT_LIMIT = 20;

export const SearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, "Search text must be at most 100 characters.")
    .optional()
    .transform((v) => v ?? ""),
});

/** Shortest text the trigram indexes can look up; shorter text is matched by a scan. */
export const TRIGRAM = 3;

/**
 * The text as one FTS5 phrase: inside double quotes every character is literal except `"`,
 * which is doubled. So operators (AND, OR, NEAR, *, ^, :, parentheses) are plain text.
 */
export function ftsPhrase(text: string) {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * Rows of `table` whose text matches: through its `<table>_search` trigram index (migration
 * 0001) for 3+ characters, where a phrase matches any substring case-insensitively; with fewer
 * characters there is no trigram to look up, so the columns are scanned with `instr` (literal,
 * no pattern-length cap).
 */
function matching(table: "meetings" | "subscriptions", text: string, columns: (SQLiteColumn | SQL)[]): SQL {
  if ([...text].length < TRIGRAM) {
    return or(...columns.map((column) => sql`instr(lower(${column}), lower(${text})) > 0`)) as SQL;
  }
  const index = sql.identifier(`${table}_search`);
  return sql`${sql.identifier(table)}.rowid IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ${ftsPhrase(text)})`;
}

/**
 * Spec §5 "Search": meetings match name or company; users match email, first or last name
 * (or both, "Kavya Menon") or company name; case-insensitive, taken literally.
 */
export async function searchConsole(query: string) {
  // SQLite ends a string at NUL, which would cut the closing quote off the FTS phrase.
  const text = query.replaceAll("\u0000", "").trim();
  if (!text) return { query: "", meetings: [], users: [], totalMeetings: 0, totalUsers: 0 };
  const meetingMatch = matching("meetings", text, [meetings.name, meetings.company]);
  const userMatch = matching("subscriptions", text, [
    subscriptions.email,
    subscriptions.firstName,
    subscriptions.lastName,
    sql`${subscriptions.firstName} || ' ' || ${subscriptions.lastName}`,
    subscriptions.companyName,
  ]);
  const client = db();
  const [meetingRows, meetingTotal, userRows, userTotal] = await client.batch([
    client
      .select({
        id: meetings.id,
        name: meetings.name,
        email: meetings.email,
        company: meetings.company,
        date: meetings.date,
        timeSlot: meetings.timeSlot,
        status: meetings.status,
      })
      .from(meetings)
      .where(meetingMatch)
      .orderBy(desc(meetings.createdAt), asc(meetings.id))
      .limit(SEARCH_RESULT_LIMIT),
    client.select({ n: count() }).from(meetings).where(meetingMatch),
    client
      .select({
        id: subscriptions.id,
        email: subscriptions.email,
        firstName: subscriptions.firstName,
        lastName: subscriptions.lastName,
        companyName: subscriptions.companyName,
        plan: subscriptions.plan,
        status: subscriptions.status,
      })
      .from(subscriptions)
      .where(userMatch)
      .orderBy(desc(subscriptions.createdAt), asc(subscriptions.id))
      .limit(SEARCH_RESULT_LIMIT),
    client.select({ n: count() }).from(subscriptions).where(userMatch),
  ]);
  return {
    query: text,
    meetings: meetingRows,
    users: userRows,
    totalMeetings: meetingTotal[0]?.n ?? 0,
    totalUsers: userTotal[0]?.n ?? 0,
  };
}
