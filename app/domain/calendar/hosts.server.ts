import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { constraintFailure, guardedBatch, rowMatches } from "~/db/guarded.server";
import { admins, companyClosures, hostOverrides, schedulingHosts, type WeeklyInterval } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { config } from "~/lib/config.server";
import { AppError } from "~/lib/errors";
import type { TeamRole } from "~/lib/team-roles";
import { addDays, todayIn } from "./availability";
import { type Closure, type ClosureInput, HOST_MESSAGES, type Host, type HostInput, type OverrideInput } from "./hosts";

/**
 * Hosts, their date overrides and the company closures (issue 27 item 1, decision 076). Every
 * change is audited in the same batch; a member's hosting goes with the member (ON DELETE CASCADE).
 */

/** Sales take demos unless switched off; anyone else once switched on. */
export const takesDemosByDefault = (role: TeamRole | null) => role === "sales";

/** The hours of a member who has not set any: the business hours, Monday to Friday, business zone. */
export function defaultWeeklyHours(): WeeklyInterval[] {
  const { WORKING_HOURS_START: start, WORKING_HOURS_END: end } = config();
  return [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));
}

const byDayAndStart = (a: WeeklyInterval, b: WeeklyInterval) => a.day - b.day || a.start.localeCompare(b.start);

/** Every active member as a host (taking demos or not), with the overrides that are not over yet. */
export async function listHosts(now = new Date()): Promise<Host[]> {
  const client = db();
  const today = todayIn(config().BUSINESS_TIMEZONE, now);
  // A day either side: an override is in the host's own dates, which may be a day off the business's.
  const since = addDays(today, -1);
  const [members, overrides] = await client.batch([
    client
      .select({
        id: admins.id,
        name: admins.name,
        email: admins.email,
        role: admins.role,
        takesDemos: schedulingHosts.takesDemos,
        timeZone: schedulingHosts.timeZone,
        weeklyHours: schedulingHosts.weeklyHours,
        dailyCap: schedulingHosts.dailyCap,
        hosting: schedulingHosts.memberId,
      })
      .from(admins)
      .leftJoin(schedulingHosts, eq(schedulingHosts.memberId, admins.id))
      .where(and(eq(admins.status, "active"), isNotNull(admins.role)))
      .orderBy(asc(admins.createdAt)),
    client.select().from(hostOverrides).where(gte(hostOverrides.toDate, since)).orderBy(asc(hostOverrides.fromDate)),
  ]);
  return members.map((m) => ({
    memberId: m.id,
    name: m.name,
    email: m.email,
    role: m.role,
    takesDemos: m.hosting ? Boolean(m.takesDemos) : takesDemosByDefault(m.role),
    timeZone: m.hosting ? (m.timeZone ?? config().BUSINESS_TIMEZONE) : config().BUSINESS_TIMEZONE,
    weeklyHours: m.hosting ? [...(m.weeklyHours ?? [])].sort(byDayAndStart) : defaultWeeklyHours(),
    dailyCap: m.hosting ? (m.dailyCap ?? null) : null,
    overrides: overrides
      .filter((o) => o.memberId === m.id)
      .map((o) => ({ id: o.id, from: o.fromDate, to: o.toDate, hours: o.hours ?? null })),
  }));
}

export async function getHost(memberId: string, now = new Date()): Promise<Host> {
  const host = (await listHosts(now)).find((h) => h.memberId === memberId);
  if (!host) throw new AppError(404, HOST_MESSAGES.memberNotFound);
  return host;
}

const activeMember = (memberId: string) =>
  rowMatches(
    "an active member",
    admins,
    and(eq(admins.id, memberId), eq(admins.status, "active"), isNotNull(admins.role)),
  );

const memberGone = () => new AppError(404, HOST_MESSAGES.memberNotFound);

/** Sets a member's hosting as a whole (`PUT`): the last of simultaneous saves wins whole. */
export async function setHost(actor: Actor, memberId: string, input: HostInput, now = new Date()): Promise<Host> {
  const before = await getHost(memberId, now);
  const client = db();
  const values = {
    takesDemos: input.takesDemos,
    timeZone: input.timeZone,
    weeklyHours: [...input.weeklyHours].sort(byDayAndStart),
    dailyCap: input.dailyCap,
    updatedAt: now,
  };
  const { overrides: _, name: __, email: ___, role: ____, memberId: _____, ...was } = before;
  await guardedBatch(
    activeMember(memberId),
    [
      client
        .insert(schedulingHosts)
        .values({ memberId, ...values })
        .onConflictDoUpdate({ target: schedulingHosts.memberId, set: values }),
      auditStatement(actor, "scheduling.host_changed", "admin", memberId, was, input, now),
    ],
    memberGone,
  );
  return { ...before, ...values, updatedAt: undefined } as unknown as Host;
}

export async function addOverride(actor: Actor, memberId: string, input: OverrideInput, now = new Date()) {
  const row = {
    id: crypto.randomUUID(),
    memberId,
    fromDate: input.from,
    toDate: input.to,
    hours: input.hours ?? null,
    createdAt: now,
  };
  const client = db();
  const after = { from: input.from, to: input.to, hours: row.hours };
  await guardedBatch(
    activeMember(memberId),
    [
      client.insert(hostOverrides).values(row),
      auditStatement(actor, "scheduling.override_added", "admin", memberId, null, after, now),
    ],
    memberGone,
  );
  return { id: row.id, ...after };
}

export async function removeOverride(actor: Actor, memberId: string, id: string, now = new Date()) {
  const client = db();
  const row = await client
    .select()
    .from(hostOverrides)
    .where(and(eq(hostOverrides.id, id), eq(hostOverrides.memberId, memberId)))
    .get();
  if (!row) throw new AppError(404, HOST_MESSAGES.overrideNotFound);
  const view = { id: row.id, from: row.fromDate, to: row.toDate, hours: row.hours ?? null };
  await guardedBatch(
    rowMatches("the override still exists", hostOverrides, eq(hostOverrides.id, id)),
    [
      client.delete(hostOverrides).where(eq(hostOverrides.id, id)),
      auditStatement(actor, "scheduling.override_removed", "admin", memberId, view, null, now),
    ],
    () => new AppError(404, HOST_MESSAGES.overrideNotFound),
  );
  return view;
}

// ---------------------------------------------------------------- company closures

const closureView = (row: typeof companyClosures.$inferSelect): Closure => ({
  id: row.id,
  from: row.fromDate,
  to: row.toDate,
  reason: row.reason,
  source: row.source,
});

/** The closures that are not over yet (business dates), soonest first. */
export async function listClosures(now = new Date()): Promise<Closure[]> {
  const today = todayIn(config().BUSINESS_TIMEZONE, now);
  const rows = await db()
    .select()
    .from(companyClosures)
    .where(gte(companyClosures.toDate, today))
    .orderBy(asc(companyClosures.fromDate), asc(companyClosures.reason))
    .all();
  return rows.map(closureView);
}

export async function addClosure(actor: Actor, input: ClosureInput, now = new Date()): Promise<Closure> {
  const row = {
    id: crypto.randomUUID(),
    fromDate: input.from,
    toDate: input.to,
    reason: input.reason,
    source: "manual" as const,
    createdAt: now,
  };
  const client = db();
  try {
    await client.batch([
      client.insert(companyClosures).values(row),
      auditStatement(actor, "scheduling.closure_added", "closure", row.id, null, closureView(row), now),
    ]);
  } catch (error) {
    // The same range and reason is there already (the UNIQUE index, however many race).
    if (/UNIQUE/i.test(constraintFailure(error) ?? "")) throw new AppError(409, HOST_MESSAGES.closureExists);
    throw error;
  }
  return closureView(row);
}

export async function removeClosure(actor: Actor, id: string, now = new Date()): Promise<Closure> {
  const client = db();
  const row = await client.select().from(companyClosures).where(eq(companyClosures.id, id)).get();
  if (!row) throw new AppError(404, HOST_MESSAGES.closureNotFound);
  await guardedBatch(
    rowMatches("the closure still exists", companyClosures, eq(companyClosures.id, id)),
    [
      client.delete(companyClosures).where(eq(companyClosures.id, id)),
      auditStatement(actor, "scheduling.closure_removed", "closure", id, closureView(row), null, now),
    ],
    () => new AppError(404, HOST_MESSAGES.closureNotFound),
  );
  return closureView(row);
}

/** Imported holidays as closures, in one batch; ones already there are kept as they are. */
export async function addHolidayClosures(
  actor: Actor,
  holidays: readonly { date: string; name: string }[],
  label: string,
  now = new Date(),
): Promise<{ imported: number; closures: Closure[] }> {
  const client = db();
  const rows = holidays.map((h) => ({
    id: crypto.randomUUID(),
    fromDate: h.date,
    toDate: h.date,
    reason: h.name,
    source: "holidays" as const,
    createdAt: now,
  }));
  if (rows.length === 0) return { imported: 0, closures: [] };
  const [inserted] = await client.batch([
    client.insert(companyClosures).values(rows).onConflictDoNothing().returning({ id: companyClosures.id }),
    auditStatement(
      actor,
      "scheduling.holidays_imported",
      "closure",
      null,
      null,
      { holidays: label, count: rows.length },
      now,
    ),
  ]);
  const ids = new Set(inserted.map((r) => r.id));
  const kept = rows.filter((r) => ids.has(r.id));
  return { imported: kept.length, closures: kept.map(closureView) };
}
