import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { addLeadNote } from "~/domain/leads/leads.server";
import { captureEnterpriseLead, requestCallback } from "~/domain/meetings/callbacks.server";
import { bookMeeting, updateMeetingStatus } from "~/domain/meetings/meetings.server";
import { subscribe } from "~/domain/newsletter/newsletter.server";
import { parseTrialSignup } from "~/domain/subscriptions/signup-schemas";
import { startTrial } from "~/domain/subscriptions/subscriptions.server";
import { DAY } from "~/lib/durations";
import type { AppError } from "~/lib/errors";
import { createActor } from "../../../tests/helpers/accounts";
import { weekday } from "../../../tests/helpers/booking";
import { orgSignup } from "../../../tests/helpers/trial";
import {
  countsOf,
  erasePerson,
  NOTHING_HELD,
  peopleLookup,
  personTables,
  TEAM_MEMBER,
  upcomingMeeting,
} from "./people.server";

let actor: Awaited<ReturnType<typeof createActor>>;
beforeAll(async () => {
  actor = await createActor();
});

const unique = () => `Asha.${crypto.randomUUID().slice(0, 8)}@acme-people.example`;
let booked = 0;

/** Another person's callback request, from an address that holds the one under test inside it. */
const raviCallback = (email: string, message: string) =>
  requestCallback({ firstName: "Ravi", lastName: "Kumar", email, company: "Acme", phone: "", message });

/** The person through every public form, plus a note on their lead: what the product holds. */
async function personEverywhere(typed: string) {
  const meeting = await bookMeeting({
    name: "Asha Verma",
    email: typed,
    phone: "+91 98765 43210",
    company: "Acme",
    notes: `Reach me at ${typed.toLowerCase()}`,
    meetingType: "demo",
    visitorTimezone: null,
    // A weekday of its own per person: the slots of one file never collide.
    date: weekday(2 + booked++),
    timeSlot: "11:00",
  });
  await requestCallback({
    firstName: "Asha",
    lastName: "Verma",
    email: typed,
    company: "Acme",
    phone: "",
    message: "Call me",
  });
  await captureEnterpriseLead({
    firstName: "Asha",
    lastName: "Verma",
    email: typed,
    company: "Acme",
    teamSize: "51-200",
    message: "",
  });
  await startTrial(parseTrialSignup(orgSignup({ email: typed })));
  await subscribe({ email: typed });
  const lead = await db().select().from(schema.leads).where(eq(schema.leads.email, typed.toLowerCase())).get();
  if (!lead) throw new Error("no lead");
  await addLeadNote(actor, lead.id, `Spoke to ${typed.toLowerCase()} about pricing`);
  return { meeting, lead };
}

/**
 * Every TEXT column of every table in the database (read from SQLite itself, not from the
 * schema the code derives from), with the rows that still mention the email.
 */
async function traces(email: string) {
  const d1 = db();
  const tables = await d1.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const columns = await d1.all<{ name: string; type: string }>(
      sql`SELECT name, type FROM pragma_table_info(${name})`,
    );
    // Untyped columns too: the console search's FTS tables (kept by triggers) declare no types.
    for (const column of columns.filter((c) => ["TEXT", ""].includes(c.type.toUpperCase()))) {
      const hit = await d1.get<{ n: number }>(
        sql.raw(
          `SELECT count(*) AS n FROM "${name}" WHERE instr(lower("${column.name}"), '${email.replaceAll("'", "''")}') > 0`,
        ),
      );
      if ((hit?.n ?? 0) > 0) found.push(`${name}.${column.name}`);
    }
  }
  return found;
}

const COUNTED = ["meetings", "callback_requests", "leads", "lead_events", "subscriptions", "audit_log"] as const;
async function counts() {
  const d1 = db();
  return Object.fromEntries(
    await Promise.all(
      COUNTED.map(async (name) => [
        name,
        (await d1.get<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${name}`)))?.n,
      ]),
    ),
  );
}

const afterTheMeeting = (startsAt: Date) => new Date(startsAt.getTime() + DAY);

describe("what is held about a person (decision 088)", () => {
  it("finds every kind, whatever the case the email was typed in", async () => {
    const typed = unique();
    await personEverywhere(typed);
    const held = await peopleLookup(`  ${typed.toUpperCase()} `);
    for (const kind of ["bookings", "callbacks", "leads", "lead_notes", "trials", "newsletter", "emails"]) {
      expect(held[kind]?.length ?? 0, kind).toBeGreaterThan(0);
    }
    expect(held.callbacks).toHaveLength(2); // the callback and the Enterprise lead
    // Hashes and secrets are the product's, never exported.
    expect(JSON.stringify(held)).not.toMatch(/codeHash|tokenHash|confirmTokenHash/);
  });

  it("covers every table of the database with an address column (a new one is covered the day it is added)", async () => {
    const covered = personTables()
      .filter((entry) => entry.address)
      .map((entry) => entry.name);
    const d1 = db();
    // Search indexes (FTS5 and their shadow tables) follow their table by triggers: not the schema's.
    const tables = await d1.all<{ name: string }>(
      sql`SELECT name FROM sqlite_master AS m WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
        AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
        AND NOT EXISTS (SELECT 1 FROM sqlite_master AS v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%' AND m.name LIKE v.name || '_%')`,
    );
    for (const { name } of tables) {
      const columns = await d1.all<{ name: string }>(sql`SELECT name FROM pragma_table_info(${name})`);
      if (columns.some((c) => c.name === "email")) expect(covered, name).toContain(name);
    }
    expect(covered).toEqual(expect.arrayContaining(["meetings", "leads", "subscriptions", "email_outbox"]));
    // A table someone adds tomorrow (a consent ledger) is looked up and erased without an edit here.
    const consents = sqliteTable("consents", {
      id: text("id").primaryKey(),
      email: text("email").notNull(),
      at: integer("at").notNull(),
    });
    const tomorrow = personTables({ ...schema, consents });
    expect(tomorrow.find((e) => e.name === "consents")?.address?.name).toBe("email");
  });
});

describe("erasing a person (decision 088)", () => {
  it("leaves no trace of the email in any text column of any table, and keeps the counts", async () => {
    const typed = unique();
    const email = typed.toLowerCase();
    const { meeting } = await personEverywhere(typed);
    expect((await traces(email)).length).toBeGreaterThan(5);
    const before = await counts();
    const result = await erasePerson(actor, typed, afterTheMeeting(meeting.startsAt));
    expect(result.erased).toMatchObject({ bookings: 1, callbacks: 2, leads: 1, trials: 1, newsletter: 1 });
    expect(result.erased.emails).toBeGreaterThan(0);
    expect(await traces(email)).toEqual([]);
    expect(await counts()).toEqual({ ...before, audit_log: (before.audit_log ?? 0) + 1 });
    expect(await peopleLookup(email)).toEqual({});
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "person.erase"))
      .orderBy(sql`rowid DESC`)
      .get();
    expect(audit).toMatchObject({ actorEmail: actor.email, targetType: "person", targetId: null, before: null });
    expect(JSON.stringify(audit)).not.toContain(email);
  });

  it("erases the address, never a longer one that contains it (presales@…, ….in)", async () => {
    const typed = unique();
    const email = typed.toLowerCase();
    const longer = `pre${email}`;
    const longerDomain = `${email}.in`;
    const { meeting } = await personEverywhere(typed);
    await personEverywhere(longer);
    await subscribe({ email: longerDomain });
    const theirs = countsOf(await peopleLookup(longer));
    const theirsToo = countsOf(await peopleLookup(longerDomain));
    expect(theirs).toMatchObject({ bookings: 1, callbacks: 2, leads: 1, trials: 1, newsletter: 1 });
    expect(theirsToo).toMatchObject({ newsletter: 1 });
    // Looking the person up shows none of the others' rows either.
    expect(JSON.stringify(await peopleLookup(email))).not.toMatch(new RegExp(`pre${email}|${email}\\.in`));
    await erasePerson(actor, typed, afterTheMeeting(meeting.startsAt));
    expect(await peopleLookup(email)).toEqual({});
    expect(countsOf(await peopleLookup(longer))).toEqual(theirs);
    expect(countsOf(await peopleLookup(longerDomain))).toEqual(theirsToo);
  });

  it("refuses while a meeting is upcoming; erases once it is cancelled", async () => {
    const typed = unique();
    const { meeting } = await personEverywhere(typed);
    const refused = (await erasePerson(actor, typed).catch((e) => e)) as AppError;
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(upcomingMeeting(meeting.date, meeting.timeSlot));
    expect(Object.keys(await peopleLookup(typed)).length).toBeGreaterThan(5);
    await updateMeetingStatus(actor, meeting.id, "cancelled");
    expect((await erasePerson(actor, typed)).erased.bookings).toBe(1);
    expect(await traces(typed.toLowerCase())).toEqual([]);
  });

  it("20 erasures at once: one erases, the others find nothing held", async () => {
    const typed = unique();
    const { meeting } = await personEverywhere(typed);
    const before = await counts();
    const at = afterTheMeeting(meeting.startsAt);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => erasePerson(actor, typed, at)));
    const done = outcomes.filter((o) => o.status === "fulfilled");
    expect(done).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === "rejected")
        expect([(o.reason as AppError).status, (o.reason as AppError).message]).toEqual([404, NOTHING_HELD]);
    }
    expect(await counts()).toEqual({ ...before, audit_log: (before.audit_log ?? 0) + 1 });
  });

  it("an address held only inside a longer one is nothing held: refused, nothing changed, not audited", async () => {
    const longer = unique();
    const inside = longer.slice(longer.indexOf(".") + 1); // `Asha.x@…` holds `x@…` as a substring
    await raviCallback(longer, `Write to ${longer.toLowerCase()}`);
    expect(await peopleLookup(inside)).toEqual({});
    const before = await counts();
    const refused = (await erasePerson(actor, inside).catch((e) => e)) as AppError;
    expect([refused.status, refused.message]).toEqual([404, NOTHING_HELD]);
    expect(await counts()).toEqual(before);
    expect((await peopleLookup(longer)).callbacks).toHaveLength(1);
  });

  it("20 erasures at once beside a longer address: one erases, the others find nothing held", async () => {
    const typed = unique();
    const { meeting } = await personEverywhere(typed);
    const longer = `x${typed}`;
    await raviCallback(longer, "");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => erasePerson(actor, typed, afterTheMeeting(meeting.startsAt))),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === "rejected")
        expect([(o.reason as AppError).status, (o.reason as AppError).message]).toEqual([404, NOTHING_HELD]);
    }
    expect((await peopleLookup(longer)).callbacks).toHaveLength(1);
  });

  it("refuses a team member's email and an unknown email, changing nothing", async () => {
    const refused = (await erasePerson(actor, actor.email).catch((e) => e)) as AppError;
    expect([refused.status, refused.message]).toEqual([409, TEAM_MEMBER]);
    const before = await counts();
    const unknown = (await erasePerson(actor, unique()).catch((e) => e)) as AppError;
    expect([unknown.status, unknown.message]).toEqual([404, NOTHING_HELD]);
    expect(await counts()).toEqual(before);
  });
});
