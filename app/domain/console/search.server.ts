import { asc, count, desc, or, type SQL, sql } from "drizzle-orm";
import { integer, type SQLiteColumn, sqliteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { db } from "~/db/client.server";
import { meetings, subscriptions } from "~/db/schema";
import { can } from "~/domain/accounts/permissions";
import { trialState } from "~/domain/subscriptions/rules";
import type { TeamRole } from "~/lib/team-roles";

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

/** The trigram indexes of migration 0008, as far as counting needs them (not in schema.ts: drizzle-kit must not create them). */
const searchIndexes = {
  meetings: sqliteTable("meetings_search", { rowid: integer("rowid") }),
  subscriptions: sqliteTable("subscriptions_search", { rowid: integer("rowid") }),
};

/**
 * Above this many matches, reading the table newest first (its created_at index) and stopping
 * at the SEARCH_RESULT_LIMIT-th match is cheaper than fetching and sorting every match: a
 * common surname at 1000× data matched ~1,700 of 20,000 rows (decision 026).
 */
export const DENSE_MATCHES = 100;

/** Matches of 3+ characters, counted in the index alone (its triggers keep it in step). */
async function countMatches(text: string): Promise<{ meetings: number; subscriptions: number }> {
  const client = db();
  const counted = (table: "meetings" | "subscriptions") =>
    client
      .select({ n: count() })
      .from(searchIndexes[table])
      .where(sql`${sql.identifier(`${table}_search`)} MATCH ${ftsPhrase(text)}`);
  const [meetingCount, userCount] = await client.batch([counted("meetings"), counted("subscriptions")]);
  return { meetings: meetingCount[0]?.n ?? 0, subscriptions: userCount[0]?.n ?? 0 };
}

/**
 * Rows of `table` whose text matches: through its `<table>_search` trigram index (migration
 * 0001) for 3+ characters, where a phrase matches any substring case-insensitively; with fewer
 * characters there is no trigram to look up, so the columns are scanned with `instr` (literal,
 * no pattern-length cap).
 */
function matching(
  table: "meetings" | "subscriptions",
  text: string,
  columns: (SQLiteColumn | SQL)[],
  matches?: number,
): SQL {
  if ([...text].length < TRIGRAM) {
    return or(...columns.map((column) => sql`instr(lower(${column}), lower(${text})) > 0`)) as SQL;
  }
  const index = sql.identifier(`${table}_search`);
  // `+rowid` keeps SQLite from looking every match up by rowid, so it walks created_at instead.
  const rowid = sql.raw(`${matches !== undefined && matches > DENSE_MATCHES ? "+" : ""}"${table}".rowid`);
  return sql`${rowid} IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ${ftsPhrase(text)})`;
}

/**
 * Spec §5 "Search": meetings match name or company; users match email, first or last name
 * (or both, "Kavya Menon") or company name; case-insensitive, taken literally.
 */
export async function searchConsole(query: string, now = new Date()) {
  // SQLite ends a string at NUL, which would cut the closing quote off the FTS phrase.
  const text = query.replaceAll("\u0000", "").trim();
  if (!text) return { query: "", meetings: [], users: [], totalMeetings: 0, totalUsers: 0 };
  // With an index to ask, the counts come first: they choose how the rows are read.
  const counts = [...text].length < TRIGRAM ? undefined : await countMatches(text);
  const meetingMatch = matching("meetings", text, [meetings.name, meetings.company], counts?.meetings);
  const userMatch = matching(
    "subscriptions",
    text,
    [
      subscriptions.email,
      subscriptions.firstName,
      subscriptions.lastName,
      sql`${subscriptions.firstName} || ' ' || ${subscriptions.lastName}`,
      subscriptions.companyName,
    ],
    counts?.subscriptions,
  );
  const client = db();
  // Counted already when the index answered: `WHERE 0` keeps the batch's shape and reads nothing.
  const uncounted = (match: SQL) => (counts ? sql`0` : match);
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
    client.select({ n: count() }).from(meetings).where(uncounted(meetingMatch)),
    client
      .select({
        id: subscriptions.id,
        email: subscriptions.email,
        firstName: subscriptions.firstName,
        lastName: subscriptions.lastName,
        companyName: subscriptions.companyName,
        plan: subscriptions.plan,
        status: subscriptions.status,
        endDate: subscriptions.endDate,
      })
      .from(subscriptions)
      .where(userMatch)
      .orderBy(desc(subscriptions.createdAt), asc(subscriptions.id))
      .limit(SEARCH_RESULT_LIMIT),
    client.select({ n: count() }).from(subscriptions).where(uncounted(userMatch)),
  ]);
  return {
    query: text,
    meetings: meetingRows,
    // `trialExpired` as on the Users list, so the console shows the status by the same rule
    // (`consoleStatus`: an ended trial reads "expired"); the API keeps the stored status beside it.
    users: userRows.map(({ endDate, ...user }) => ({
      ...user,
      trialExpired: trialState({ plan: user.plan, endDate }, now) === "expired",
    })),
    totalMeetings: counts?.meetings ?? meetingTotal[0]?.n ?? 0,
    totalUsers: counts?.subscriptions ?? userTotal[0]?.n ?? 0,
  };
}

/** The result lists a role may see (decision 064): each links to a page its permission guards. */
export const searchShownTo = (role: TeamRole | null) => ({
  meetings: can(role, "read:meeting:any"),
  users: can(role, "read:trial:any"),
});

/** A search's results without the lists the member's role may not see. */
export function searchResultsFor<T extends Awaited<ReturnType<typeof searchConsole>>>(found: T, role: TeamRole | null) {
  const shown = searchShownTo(role);
  return {
    ...found,
    meetings: shown.meetings ? found.meetings : [],
    totalMeetings: shown.meetings ? found.totalMeetings : 0,
    users: shown.users ? found.users : [],
    totalUsers: shown.users ? found.totalUsers : 0,
    shown,
  };
}
