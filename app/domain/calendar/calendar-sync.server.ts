import { waitUntil } from "cloudflare:workers";
import { and, asc, eq, gte, isNotNull, isNull, lt, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { admins, hostBusy, hostCalendars, meetings, schedulingHosts } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { can } from "~/domain/accounts/permissions";
import { auditStatement } from "~/domain/audit/audit.server";
import { isLocalSite } from "~/domain/integrations/webhooks.server";
import { meetingUid } from "~/domain/meetings/emails.server";
import { config, siteUrl } from "~/lib/config.server";
import { randomToken, sha256Hex } from "~/lib/crypto.server";
import { AppError } from "~/lib/errors";
import type { TeamRole } from "~/lib/team-roles";
import { addDays, BOOKING, todayIn } from "./availability";
import { busyIntervals, IcalProblem } from "./busy-ical";
import {
  busyUrlProblem,
  CALENDAR_SYNC_MESSAGES,
  CALENDAR_SYNC_RULES,
  type CalendarSync,
  normalised,
} from "./calendar-sync";
import { buildFeed } from "./feed-ical";
import { getSchedulingSettings } from "./scheduling-settings.server";

/**
 * Calendars in sync without OAuth (issue 27 item 5, decision 086). Each member has a private feed
 * of their demo meetings (a random token in the URL; only its SHA-256 is stored, so the address
 * is shown once, when issued, and rotating or revoking makes the old one answer 404) and may give
 * the secret iCal address of their own calendar, which the scheduled job reads into busy intervals
 * of the booking window (the engine's input, re-checked at commit by `slotGuards`).
 */

export {
  BusyCalendarInputSchema,
  busyUrlProblem,
  CALENDAR_SYNC_MESSAGES,
  CALENDAR_SYNC_RULES,
  CalendarSyncSchema,
} from "./calendar-sync";

/** A member manages their own calendars; Owners and Admins anyone's. */
export function assertMayManage(actor: Actor, role: TeamRole | null | undefined, memberId: string) {
  if (actor.id !== memberId && !can(role, "update:scheduling:any")) {
    throw new AppError(403, CALENDAR_SYNC_MESSAGES.notYours);
  }
}

const activeMember = (memberId: string) =>
  rowMatches(
    "an active member",
    admins,
    and(eq(admins.id, memberId), eq(admins.status, "active"), isNotNull(admins.role), isNull(admins.disabledAt)),
  );
const memberGone = () => new AppError(404, CALENDAR_SYNC_MESSAGES.memberNotFound);

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export async function getCalendarSync(memberId: string): Promise<CalendarSync> {
  const client = db();
  const [member, row] = await client.batch([
    client
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.id, memberId), eq(admins.status, "active"), isNotNull(admins.role))),
    client.select().from(hostCalendars).where(eq(hostCalendars.memberId, memberId)),
  ]);
  if (!member[0]) throw memberGone();
  const calendar = row[0];
  const address = calendar?.busyUrl ? `${new URL(calendar.busyUrl).origin}/…` : null;
  return {
    feed: {
      active: Boolean(calendar?.feedTokenHash),
      issuedAt: calendar?.feedTokenHash ? iso(calendar.feedIssuedAt) : null,
    },
    busyCalendar: {
      address,
      lastFetchedAt: address ? iso(calendar?.busyFetchedAt) : null,
      error: address ? (calendar?.busyError ?? null) : null,
      busyCount: address ? (calendar?.busyCount ?? 0) : 0,
    },
  };
}

const upsert = (memberId: string, set: Partial<typeof hostCalendars.$inferInsert>, now: Date) =>
  db()
    .insert(hostCalendars)
    .values({ memberId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: hostCalendars.memberId, set: { ...set, updatedAt: now } });

export const feedUrl = (token: string) => new URL(`/calendar/feeds/${token}.ics`, siteUrl()).toString();

/** Issues a new feed address (the old one, if any, answers 404 from now on). Shown once. */
export async function issueFeed(actor: Actor, memberId: string, now = new Date()) {
  const token = randomToken(32);
  await guardedBatch(
    activeMember(memberId),
    [
      upsert(memberId, { feedTokenHash: await sha256Hex(token), feedIssuedAt: now }, now),
      auditStatement(actor, "scheduling.feed_issued", "admin", memberId, null, { issuedAt: now.toISOString() }, now),
    ],
    memberGone,
  );
  return { url: feedUrl(token), issuedAt: now.toISOString() };
}

export async function revokeFeed(actor: Actor, memberId: string, now = new Date()) {
  await guardedBatch(
    activeMember(memberId),
    [
      upsert(memberId, { feedTokenHash: null, feedIssuedAt: null }, now),
      auditStatement(actor, "scheduling.feed_revoked", "admin", memberId, null, null, now),
    ],
    memberGone,
  );
}

/**
 * Sets (or with null removes) a member's busy calendar. It only validates and stores: reading the
 * address (up to 10 seconds and 5 MB) inside the save pushed the request far past its Worker time,
 * so the caller answers at once and `readBusyCalendarSoon` reads it after the response (the
 * scheduled job reads any address still unread).
 */
export async function setBusyCalendar(actor: Actor, memberId: string, url: string | null, now = new Date()) {
  const value = url ? normalised(url) : null;
  if (value) {
    const problem = busyUrlProblem(value, { local: isLocalSite() });
    if (problem) throw new AppError(400, problem, { details: [{ field: "url", message: problem }] });
  }
  const client = db();
  await guardedBatch(
    activeMember(memberId),
    [
      upsert(memberId, { busyUrl: value, busyFetchedAt: null, busyError: null, busyCount: 0 }, now),
      client.delete(hostBusy).where(eq(hostBusy.memberId, memberId)),
      // The address is a secret: the log says only whether there is one, and its host.
      auditStatement(
        actor,
        "scheduling.busy_calendar_changed",
        "admin",
        memberId,
        null,
        { host: value ? new URL(value).host : null },
        now,
      ),
    ],
    memberGone,
  );
}

/**
 * Reads the member's stored calendar address after the response is sent (`waitUntil`), under the
 * job's rules (time, size, https, public addresses; the guard "the address is still the one read").
 * Answers the work's promise for callers outside a request (tests, scripts); a request never
 * awaits it.
 */
export function readBusyCalendarSoon(memberId: string, now = new Date()) {
  const work = (async () => {
    const row = await db()
      .select({ url: hostCalendars.busyUrl })
      .from(hostCalendars)
      .where(eq(hostCalendars.memberId, memberId))
      .get();
    return row?.url ? readBusyCalendar(memberId, row.url, now) : false;
  })().catch((error) => {
    console.error("busy calendar read", error);
    return false;
  });
  try {
    waitUntil(work);
  } catch {
    // Outside a request (scripts, some tests): the promise still runs.
  }
  return work;
}

// ——— Reading a busy calendar ———————————————————————————————————————————————————————

/** The body of a calendar address, following checked redirects, within the time and size caps. */
async function download(address: string, signal?: AbortSignal): Promise<string> {
  const timeout = AbortSignal.timeout(CALENDAR_SYNC_RULES.timeout);
  const both = signal ? AbortSignal.any([timeout, signal]) : timeout;
  let url = address;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: "text/calendar, */*;q=0.5", "User-Agent": "Flowlane-Calendar/1.0" },
        redirect: "manual",
        signal: both,
      });
    } catch (error) {
      throw new IcalProblem(aborted(error, both) ? CALENDAR_SYNC_MESSAGES.timeout : CALENDAR_SYNC_MESSAGES.unreachable);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get("Location");
      if (!location || hop >= CALENDAR_SYNC_RULES.redirects) throw new IcalProblem(CALENDAR_SYNC_MESSAGES.redirects);
      const next = new URL(location, url).toString();
      const problem = busyUrlProblem(next, { local: isLocalSite() });
      if (problem) throw new IcalProblem(problem);
      url = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new IcalProblem(CALENDAR_SYNC_MESSAGES.status(response.status));
    }
    return readWithin(response, both);
  }
}

/** The read was cut off by the time limit (or the job's budget), not refused by the network. */
const aborted = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"));

async function readWithin(response: Response, signal: AbortSignal) {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > CALENDAR_SYNC_RULES.maxBytes) {
        await reader.cancel();
        throw new IcalProblem(CALENDAR_SYNC_MESSAGES.tooLarge);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof IcalProblem) throw error;
    throw new IcalProblem(aborted(error, signal) ? CALENDAR_SYNC_MESSAGES.timeout : CALENDAR_SYNC_MESSAGES.unreachable);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The instants the busy times are kept for: the booking window, a day either side. */
async function busyWindow(now: Date) {
  const settings = await getSchedulingSettings();
  const today = todayIn(config().BUSINESS_TIMEZONE, now);
  const from = Date.parse(`${addDays(today, -1)}T00:00:00Z`);
  const to = Date.parse(`${addDays(today, (settings.windowDays ?? BOOKING.windowDays) + 2)}T00:00:00Z`);
  return { from, to };
}

/** D1 binds at most 100 values per statement: three columns a row. */
const ROWS_PER_INSERT = 33;

/**
 * Reads one member's calendar and replaces their busy intervals, in one batch that holds only
 * while the address is still the one read (a change meanwhile wins). A failed read keeps the
 * intervals of the last good one and records why.
 */
export async function readBusyCalendar(memberId: string, address: string, now: Date, signal?: AbortSignal) {
  const client = db();
  const still = rowMatches(
    "the calendar address is unchanged",
    hostCalendars,
    and(eq(hostCalendars.memberId, memberId), eq(hostCalendars.busyUrl, address)),
  );
  const zone = await client
    .select({ zone: schedulingHosts.timeZone })
    .from(schedulingHosts)
    .where(eq(schedulingHosts.memberId, memberId))
    .get();
  let busy: { start: number; end: number }[];
  try {
    const text = await download(address, signal);
    busy = busyIntervals(text, await busyWindow(now), zone?.zone ?? config().BUSINESS_TIMEZONE);
  } catch (error) {
    const message = error instanceof IcalProblem ? error.message : CALENDAR_SYNC_MESSAGES.unreachable;
    await guardedBatch(
      still,
      [
        client
          .update(hostCalendars)
          .set({ busyFetchedAt: now, busyError: message })
          .where(eq(hostCalendars.memberId, memberId)),
      ],
      () => new AppError(409, "changed"),
    ).catch(() => undefined);
    return false;
  }
  const rows = busy.map((b) => ({ memberId, startsAt: new Date(b.start), endsAt: new Date(b.end) }));
  const inserts = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    inserts.push(
      client
        .insert(hostBusy)
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .onConflictDoNothing(),
    );
  }
  await guardedBatch(
    still,
    [
      client.delete(hostBusy).where(eq(hostBusy.memberId, memberId)),
      ...inserts,
      client
        .update(hostCalendars)
        .set({ busyFetchedAt: now, busyError: null, busyCount: rows.length })
        .where(eq(hostCalendars.memberId, memberId)),
    ],
    () => new AppError(409, "changed"),
  ).catch(() => undefined);
  return true;
}

/** The scheduled job: reads the calendars not read for 15 minutes, oldest first. Answers how many it read. */
export async function refreshBusyCalendars(now: Date, signal?: AbortSignal): Promise<number> {
  const stale = new Date(now.getTime() - CALENDAR_SYNC_RULES.refreshMinutes * 60_000);
  const due = await db()
    .select({ memberId: hostCalendars.memberId, url: hostCalendars.busyUrl })
    .from(hostCalendars)
    .innerJoin(admins, eq(admins.id, hostCalendars.memberId))
    .where(
      and(
        isNotNull(hostCalendars.busyUrl),
        eq(admins.status, "active"),
        isNull(admins.disabledAt),
        or(isNull(hostCalendars.busyFetchedAt), lt(hostCalendars.busyFetchedAt, stale)),
      ),
    )
    .orderBy(asc(hostCalendars.busyFetchedAt))
    .limit(CALENDAR_SYNC_RULES.perRun)
    .all();
  let read = 0;
  for (const { memberId, url } of due) {
    if (signal?.aborted) break;
    if (url && (await readBusyCalendar(memberId, url, now, signal))) read++;
  }
  return read;
}

// ——— The feed ——————————————————————————————————————————————————————————————————————

/** The feed of the member holding this token, or null (unknown, revoked, or the member is gone). */
export async function feedFor(token: string, now = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const client = db();
  const member = await client
    .select({ id: admins.id, name: admins.name })
    .from(hostCalendars)
    .innerJoin(admins, eq(admins.id, hostCalendars.memberId))
    .where(
      and(
        eq(hostCalendars.feedTokenHash, await sha256Hex(token)),
        eq(admins.status, "active"),
        isNotNull(admins.role),
        isNull(admins.disabledAt),
      ),
    )
    .get();
  if (!member) return null;
  const since = addDays(todayIn(config().BUSINESS_TIMEZONE, now), -CALENDAR_SYNC_RULES.feedPastDays);
  const rows = await client
    .select()
    .from(meetings)
    .where(and(eq(meetings.hostId, member.id), gte(meetings.date, since)))
    .orderBy(asc(meetings.startsAt))
    .limit(CALENDAR_SYNC_RULES.feedEvents)
    .all();
  const site = siteUrl();
  return buildFeed(
    `Flowlane demos — ${member.name}`,
    rows.map((m) => ({
      uid: meetingUid(m.id),
      sequence: m.sequence,
      status: m.status === "cancelled" ? "CANCELLED" : m.status === "scheduled" ? "TENTATIVE" : "CONFIRMED",
      start: m.startsAt,
      end: new Date(m.startsAt.getTime() + BOOKING.meetingMinutes * 60_000),
      modified: m.updatedAt,
      summary: `Demo: ${m.name}${m.company ? ` (${m.company})` : ""}`,
      description: [
        `${m.name} <${m.email}>`,
        m.phone ? `Phone: ${m.phone}` : "",
        m.company ? `Company: ${m.company}` : "",
        m.meetingLink ? `Join: ${m.meetingLink}` : "",
        m.notes ? `Notes: ${m.notes}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
      url: new URL(`/admin/dashboard/meetings/${m.id}`, site).toString(),
    })),
    now,
  );
}
