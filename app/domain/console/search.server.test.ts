import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { meetings, subscriptions } from "~/db/schema";
import { consoleStatus } from "~/domain/subscriptions/rules";
import { toView } from "~/domain/subscriptions/subscriptions.server";
import { addMeeting, addUser } from "../../../tests/helpers/console-data";
import { DENSE_MATCHES, ftsPhrase, SEARCH_RESULT_LIMIT, searchConsole } from "./search.server";

describe("searchConsole (spec §5)", () => {
  it("finds meetings by name or company, case-insensitive", async () => {
    await addMeeting({ name: "Ananya Sharma", company: "Northwind Logistics" });
    await addMeeting({ name: "Rohan Kapoor", company: "BrightPath Education" });
    await addMeeting({ name: "Northwind Fan", company: "Elsewhere", email: "fan@northwind-club.example" });

    const byCompany = await searchConsole("northwind LOGISTICS");
    expect(byCompany.meetings.map((m) => m.name)).toEqual(["Ananya Sharma"]);
    expect(byCompany.totalMeetings).toBe(1);

    const byName = await searchConsole("rohan");
    expect(byName.meetings.map((m) => m.company)).toEqual(["BrightPath Education"]);

    // Name or company: both Northwind rows; the email alone does not count for meetings.
    expect((await searchConsole("Northwind")).totalMeetings).toBe(2);
    expect((await searchConsole("northwind-club")).totalMeetings).toBe(0);
  });

  it("finds users by email, first name, last name, full name or company name", async () => {
    await addUser({
      email: "kavya.menon@orbitsoft.example",
      firstName: "Kavya",
      lastName: "Menon",
      companyName: "OrbitSoft",
    });
    await addUser({ email: "james@harbor.example", firstName: "James", lastName: "Miller", companyName: "Harbor" });

    for (const q of ["KAVYA.MENON@orbitsoft.example", "kavya", "MENON", "Kavya Menon", "orbitsoft"]) {
      const result = await searchConsole(q);
      expect(
        result.users.map((u) => u.email),
        q,
      ).toEqual(["kavya.menon@orbitsoft.example"]);
    }
    expect((await searchConsole("miller")).users.map((u) => u.firstName)).toEqual(["James"]);
  });

  it("takes %, _ and backslashes literally, and an empty query finds nothing", async () => {
    await addUser({ email: "percent@example.test", firstName: "Per", lastName: "Cent", companyName: "100% Pure" });
    await addUser({ email: "plain@example.test", firstName: "Plain", lastName: "Jane", companyName: "1000 Pure" });
    expect((await searchConsole("100%")).users.map((u) => u.email)).toEqual(["percent@example.test"]);
    expect((await searchConsole("%")).totalUsers).toBe(1);
    expect((await searchConsole("_")).totalUsers).toBe(0);
    expect((await searchConsole("\\")).totalUsers).toBe(0);
    expect(await searchConsole("   ")).toEqual({ query: "", meetings: [], users: [], totalMeetings: 0, totalUsers: 0 });
  });
});

describe("searchConsole through the FTS5 trigram indexes", () => {
  it("finds substrings inside words, in any script, case-insensitively", async () => {
    await addMeeting({ name: "Ishaan Qadri", company: "Southwind Logistix" });
    await addMeeting({ name: "राहुल वर्मा", company: "東京トレーディング" });
    await addMeeting({ name: "Zoë Ølberg", company: "Ωmega Ärzte" });
    await addMeeting({ name: "محمد علي", company: "🚀 Rocket Labs" });

    expect((await searchConsole("uthwind LOGISTIX")).meetings.map((m) => m.name)).toEqual(["Ishaan Qadri"]);
    expect((await searchConsole("वर्मा")).meetings.map((m) => m.company)).toEqual(["東京トレーディング"]);
    expect((await searchConsole("トレーディ")).totalMeetings).toBe(1);
    expect((await searchConsole("ølberg")).meetings.map((m) => m.name)).toEqual(["Zoë Ølberg"]);
    expect((await searchConsole("علي")).totalMeetings).toBe(1);
    expect((await searchConsole("🚀 Rocket")).totalMeetings).toBe(1);
    // One and two characters have no trigram: matched by a scan, still literal.
    expect((await searchConsole("東京")).totalMeetings).toBe(1);
    expect((await searchConsole("🚀")).totalMeetings).toBe(1);
    expect((await searchConsole("Ω")).totalMeetings).toBe(1);
  });

  it("takes FTS5 syntax literally: quotes, operators, column filters, prefixes and NEAR", async () => {
    await addMeeting({ name: 'Dev "The Rock" Patel', company: "AND OR NOT Ltd" });
    // Earlier tests in this file share the database: these names are unique to this one.
    await addMeeting({ name: "Star*Corp Lead", company: "name:value (beta)" });
    await addMeeting({ name: "Plain Person", company: "Plain Co" });
    const hostile = [
      '"',
      '""',
      '"The Rock"',
      'Rock" OR "Plain',
      "AND",
      "OR NOT",
      "Star*",
      "*",
      "name:value",
      "name : Plain",
      "(beta)",
      "NEAR(Plain Person)",
      "^Plain",
      "{name company}: Plain",
      "'; DROP TABLE meetings; --",
      "\\",
      "\u0000abc",
      "a\u0000",
      "  spaced   out  ",
    ];
    for (const q of hostile) {
      const result = await searchConsole(q);
      expect(result.totalMeetings, q).toBeGreaterThanOrEqual(0);
    }
    expect((await searchConsole('"The Rock"')).meetings.map((m) => m.company)).toEqual(["AND OR NOT Ltd"]);
    expect((await searchConsole('Rock" OR "Plain')).totalMeetings).toBe(0);
    expect((await searchConsole("AND OR NOT")).meetings.map((m) => m.name)).toEqual(['Dev "The Rock" Patel']);
    expect((await searchConsole("Star*")).meetings.map((m) => m.name)).toEqual(["Star*Corp Lead"]);
    expect((await searchConsole("name:value")).totalMeetings).toBe(1);
    expect((await searchConsole("NEAR(Plain Person)")).totalMeetings).toBe(0);
    expect((await searchConsole("(beta)")).totalMeetings).toBe(1);
    expect((await searchConsole("'; DROP TABLE meetings; --")).totalMeetings).toBe(0);
    expect((await searchConsole("Plain")).totalMeetings).toBe(1);
  });

  it("answers text of any length, far past what LIKE allows on D1 (50 bytes)", async () => {
    const long = "Ünïcödé Company ".repeat(12).trim();
    await addMeeting({ name: "Long Name", company: long });
    expect((await searchConsole(long)).totalMeetings).toBe(1);
    expect((await searchConsole(`${long} and more`)).totalMeetings).toBe(0);
    expect((await searchConsole("x".repeat(10_000))).totalMeetings).toBe(0);
    expect((await searchConsole("😀".repeat(2_000))).totalUsers).toBe(0);
  });

  it("stays in step with inserts, edits and deletes of the rows", async () => {
    const meeting = await addMeeting({ name: "Before Rename", company: "Old Co" });
    const user = await addUser({ email: "stale@old.example", firstName: "Stale", lastName: "Name" });
    expect((await searchConsole("Before Rename")).totalMeetings).toBe(1);

    await db().update(meetings).set({ name: "After Rename", company: "New Co" }).where(eq(meetings.id, meeting.id));
    await db()
      .update(subscriptions)
      .set({ email: "fresh@new.example", firstName: "Fresh", lastName: "Person" })
      .where(eq(subscriptions.id, user.id));
    expect((await searchConsole("Before Rename")).totalMeetings).toBe(0);
    expect((await searchConsole("After Rename")).totalMeetings).toBe(1);
    expect((await searchConsole("stale@old")).totalUsers).toBe(0);
    expect((await searchConsole("Fresh Person")).users.map((u) => u.email)).toEqual(["fresh@new.example"]);

    await db().delete(meetings).where(eq(meetings.id, meeting.id));
    await db().delete(subscriptions).where(eq(subscriptions.id, user.id));
    expect((await searchConsole("After Rename")).totalMeetings).toBe(0);
    expect((await searchConsole("Fresh Person")).totalUsers).toBe(0);
    // A new row after the deletes gets a clean index entry, even if SQLite reuses the rowid.
    await addMeeting({ name: "After Rename Again", company: "New Co" });
    expect((await searchConsole("After Rename")).meetings.map((m) => m.name)).toEqual(["After Rename Again"]);
  });

  it("counts every match but returns at most SEARCH_RESULT_LIMIT, newest first", async () => {
    for (let i = 0; i < SEARCH_RESULT_LIMIT + 5; i++) {
      await addMeeting({ name: `Bulk Visitor ${i}`, company: "Bulkhead", createdDaysAgo: i });
    }
    const result = await searchConsole("bulkhead");
    expect(result.totalMeetings).toBe(SEARCH_RESULT_LIMIT + 5);
    expect(result.meetings).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(result.meetings[0]?.name).toBe("Bulk Visitor 0");
  });

  it("reads a common word newest first by creation, not by insertion, past DENSE_MATCHES", async () => {
    // Inserted oldest last and in a shuffled order: rowid order says nothing about age.
    const ages = Array.from({ length: DENSE_MATCHES + 30 }, (_, i) => (i * 37) % (DENSE_MATCHES + 30));
    await Promise.all(ages.map((age) => addMeeting({ name: `Common Surname ${age}`, createdDaysAgo: age })));
    await addUser({ firstName: "Common", lastName: "Surname" });
    const result = await searchConsole("common surname");
    expect(result.totalMeetings).toBe(DENSE_MATCHES + 30);
    expect(result.totalUsers).toBe(1);
    expect(result.meetings.map((m) => m.name)).toEqual(
      Array.from({ length: SEARCH_RESULT_LIMIT }, (_, age) => `Common Surname ${age}`),
    );
    expect(result.users.map((u) => `${u.firstName} ${u.lastName}`)).toEqual(["Common Surname"]);
  });
});

describe("ftsPhrase", () => {
  it("quotes the text and doubles its quotes", () => {
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
    expect(ftsPhrase("a OR b*")).toBe('"a OR b*"');
  });

  it("shows a user's status as Users does: a trial past its end date reads expired (one rule)", async () => {
    const now = new Date("2031-05-01T00:00:00Z");
    const ended = await addUser({
      email: "ended.trial@lapsed.example",
      firstName: "Lapsed",
      plan: "trial",
      status: "active",
      endDate: new Date("2031-04-20T00:00:00Z"),
    });
    const running = await addUser({
      email: "running.trial@lapsed.example",
      firstName: "Running",
      plan: "trial",
      status: "active",
      endDate: new Date("2031-05-06T00:00:00Z"),
    });
    const found = await searchConsole("lapsed.example", now);
    const statuses = Object.fromEntries(found.users.map((u) => [u.email, consoleStatus(u)]));
    expect(statuses).toEqual({ [ended.email]: "expired", [running.email]: "active" });
    // The stored status stays beside it (the API's value); the Users list reads the same.
    expect(found.users.map((u) => u.status)).toEqual(["active", "active"]);
    expect(consoleStatus(toView(ended, now))).toBe("expired");
  });
});
