import { asc, count, desc } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { containsAny } from "~/db/lists.server";
import { meetings, subscriptions } from "~/db/schema";
import { userMatches } from "~/domain/subscriptions/subscriptions.server";

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

/**
 * Spec §5 "Search": meetings match name or company; users match email, first or last name
 * (or both, "Kavya Menon") or company name; case-insensitive.
 */
export async function searchConsole(query: string) {
  const text = query.trim();
  if (!text) return { query: "", meetings: [], users: [], totalMeetings: 0, totalUsers: 0 };
  const meetingMatch = containsAny(text, [meetings.name, meetings.company]);
  const userMatch = userMatches(text);
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
