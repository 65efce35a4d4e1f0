import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, meetings } from "~/db/schema";
import { addDays, BOOKING_MESSAGES, isWeekend, slotStart, todayIn } from "~/domain/calendar/availability";
import { scheduledJobs } from "~/domain/jobs/jobs.server";
import { fromBase64Utf8 } from "~/domain/meetings/ics";
import { bookMeeting, completePastMeetings } from "~/domain/meetings/meetings.server";
import { BookingSchema } from "~/domain/meetings/schemas";
import { buildOpenApi } from "~/http/api/openapi.server";
import { allEndpoints } from "~/routes/api/registry.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { weekday } from "../../../tests/helpers/booking";
import { outboxTo } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";

const TZ = "Asia/Kolkata";
const today = () => todayIn(TZ, new Date());

function weekendDay() {
  let date = addDays(today(), 1);
  while (!isWeekend(date)) date = addDays(date, 1);
  return date;
}

let counter = 0;
const booking = (overrides: Record<string, unknown> = {}) => ({
  name: "Priya Patel",
  email: `priya${++counter}@example.com`,
  phone: "+91 98765 43210",
  company: "Acme Corp",
  meetingType: "demo",
  date: weekday(1),
  timeSlot: "10:00",
  notes: "Approval workflows for purchasing.",
  ...overrides,
});

const meetingCount = async () => (await db().select({ n: count() }).from(meetings).get())?.n ?? 0;

async function book(overrides: Record<string, unknown> = {}) {
  const r = await api("POST", "/api/meetings", { body: booking(overrides) });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data;
}

describe("GET /api/calendar/available-slots", () => {
  it("lists the 18 half-hour slots of a weekday and marks held ones unavailable", async () => {
    const date = weekday(2);
    const before = await api("GET", `/api/calendar/available-slots?date=${date}`);
    expect(before.status).toBe(200);
    expect(before.json.success).toBe(true);
    expect(before.json.data).toHaveLength(18);
    expect(before.json.data[0]).toEqual({
      time: "09:00",
      available: true,
      startsAt: slotStart(date, "09:00", TZ).toISOString(),
    });
    await book({ date, timeSlot: "11:30" });
    const after = await api("GET", `/api/calendar/available-slots?date=${date}`);
    expect(after.json.data.find((s: { time: string }) => s.time === "11:30").available).toBe(false);
    expect(after.json.data.filter((s: { available: boolean }) => s.available)).toHaveLength(17);
  });

  it.each([
    ["a missing date", "", "Date is required"],
    ["a malformed date", "?date=23-11-2026", BOOKING_MESSAGES.dateMalformed],
    ["an impossible date", "?date=2026-02-30", BOOKING_MESSAGES.dateMalformed],
    ["a past date", `?date=${addDays(today(), -1)}`, BOOKING_MESSAGES.datePast],
    ["a weekend", `?date=${weekendDay()}`, BOOKING_MESSAGES.dateWeekend],
    ["a date beyond 60 days", `?date=${addDays(today(), 61)}`, BOOKING_MESSAGES.dateTooFar],
  ])("refuses %s with a 400 and details", async (_name, query, message) => {
    const r = await api("GET", `/api/calendar/available-slots${query}`);
    expect(r.status).toBe(400);
    expect(r.json.success).toBe(false);
    expect(r.json.details).toContainEqual({ field: "date", message });
  });
});

describe("available-slots reads the meetings fresh", () => {
  it("a meeting written behind the service's back shows at once (decision 076: no isolate cache)", async () => {
    const date = weekday(17);
    const free = async (time: string) =>
      (await api("GET", `/api/calendar/available-slots?date=${date}`)).json.data.find(
        (s: { time: string }) => s.time === time,
      ).available;
    expect(await free("10:00")).toBe(true);
    await db()
      .insert(meetings)
      .values({
        name: "Direct",
        email: "direct@example.com",
        date,
        timeSlot: "10:00",
        startsAt: slotStart(date, "10:00", TZ),
      });
    expect(await free("10:00")).toBe(false);
    await book({ date, timeSlot: "11:00" });
    expect(await free("11:00")).toBe(false);
  });
});

describe("GET /api/calendar/available-days", () => {
  it("defaults to 30 days of weekdays from today", async () => {
    const r = await api("GET", "/api/calendar/available-days");
    expect(r.status).toBe(200);
    const dates: string[] = r.json.data.map((d: { date: string }) => d.date);
    expect(dates.every((d) => !isWeekend(d) && d >= today() && d <= addDays(today(), 30))).toBe(true);
    expect(dates.length).toBeGreaterThanOrEqual(20);
    expect(r.json.data.find((d: { date: string }) => d.date === weekday(1))).toEqual({
      date: weekday(1),
      available: true,
      availableSlots: 18,
    });
  });

  it("reaches the end of the 60-day window and counts held slots", async () => {
    const date = weekday(3);
    await book({ date, timeSlot: "15:00" });
    const r = await api("GET", "/api/calendar/available-days?days=60");
    const last = addDays(today(), 60);
    expect(r.json.data.at(-1).date).toBe(isWeekend(last) ? r.json.data.at(-1).date : last);
    expect(r.json.data.every((d: { date: string }) => d.date <= last)).toBe(true);
    expect(r.json.data.find((d: { date: string }) => d.date === date).availableSlots).toBe(17);
  });

  it.each(["0", "61", "abc", "2.5"])("refuses days=%s", async (days) => {
    const r = await api("GET", `/api/calendar/available-days?days=${days}`);
    expect(r.status).toBe(400);
    expect(r.json.details).toContainEqual({ field: "days", message: "days must be a whole number from 1 to 60." });
  });
});

describe("POST /api/meetings", () => {
  it("books a slot, returns the meeting with _id and id, and queues both emails", async () => {
    const body = booking({ date: weekday(4), timeSlot: "14:30", visitorTimezone: "America/New_York" });
    const r = await api("POST", "/api/meetings", { body });
    expect(r.status).toBe(201);
    expect(r.json.success).toBe(true);
    const meeting = r.json.data;
    expect(meeting).toMatchObject({
      name: "Priya Patel",
      email: body.email,
      phone: "+91 98765 43210",
      company: "Acme Corp",
      meetingType: "demo",
      date: body.date,
      timeSlot: "14:30",
      status: "scheduled",
      notes: "Approval workflows for purchasing.",
      visitorTimezone: "America/New_York",
    });
    expect(meeting._id).toBe(meeting.id);
    const start = slotStart(body.date, "14:30", TZ);
    expect(meeting.startsAt).toBe(start.toISOString());
    expect(new Date(meeting.endsAt).getTime() - start.getTime()).toBe(30 * 60 * 1000);
    const row = await db().select().from(meetings).where(eq(meetings.id, meeting.id)).get();
    expect(row?.status).toBe("scheduled");

    const [confirmation] = await outboxTo(body.email);
    expect(confirmation).toMatchObject({ kind: "meeting.confirmation", status: "sent" });
    expect(confirmation?.text).toContain("Time: 2:30 PM – 3:00 PM GMT+5:30 (Asia/Kolkata)");
    expect(confirmation?.text).toMatch(/Your time: .*(4:00|5:00) AM – (4:30|5:30) AM E[SD]T \(America\/New_York\)/);
    const attachment = confirmation?.attachments[0];
    expect(attachment?.filename).toBe("flowlane-demo.ics");
    expect(attachment?.contentType).toMatch(/^text\/calendar/);
    const ics = fromBase64Utf8(attachment!.content).replace(/\r\n /g, ""); // unfold
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(ics).toContain(`DTSTART:${utc(start)}\r\n`);
    expect(ics).toContain(`DTEND:${utc(new Date(start.getTime() + 30 * 60 * 1000))}\r\n`);
    expect(ics).toContain("METHOD:REQUEST");
    // A parameter value with no ";", ":" or "," needs no quotes (RFC 5545 §3.1): either spelling is the same name.
    expect(ics.replace(/CN="([^"]*)"/g, "CN=$1")).toContain(
      "ORGANIZER;CN=Flowlane Sales:mailto:sales@flowlane.example",
    );
    expect(ics.toLowerCase()).toContain(`mailto:${body.email}`); // URI schemes are case-insensitive
    expect(ics).toContain("LOCATION:Video call: the link is sent before the meeting");

    const sales = (await outboxTo("sales@flowlane.example")).filter((e) => e.text.includes(body.email));
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ kind: "meeting.sales_notice" });
    expect(sales[0]?.text).toContain(`/admin/dashboard/meetings/${meeting.id}`);
  });

  it("keeps line breaks in notes", async () => {
    const r = await api("POST", "/api/meetings", {
      body: booking({ date: weekday(5), timeSlot: "16:00", notes: "one\ntwo" }),
    });
    expect(r.status).toBe(201);
    expect(r.json.data.notes).toBe("one\ntwo");
  });

  it("accepts a 12-hour time label and optional fields left out", async () => {
    const r = await api("POST", "/api/meetings", {
      body: { name: "Lee", email: `lee${++counter}@example.com`, date: weekday(5), timeSlot: "2:00 PM" },
    });
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({ timeSlot: "14:00", phone: "", company: "", notes: "", meetingType: "demo" });
  });

  it("answers 409 with a clear message when the slot is taken, and a cancelled meeting frees it", async () => {
    const date = weekday(6);
    const first = await book({ date, timeSlot: "12:00" });
    const again = await api("POST", "/api/meetings", { body: booking({ date, timeSlot: "12:00" }) });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(BOOKING_MESSAGES.slotTaken);
    const { token } = await createAdmin();
    await api("PUT", `/api/meetings/${first.id}/status`, { token, body: { status: "cancelled" } });
    expect((await api("POST", "/api/meetings", { body: booking({ date, timeSlot: "12:00" }) })).status).toBe(201);
  });

  it("lets exactly one of 50 simultaneous bookings of one slot through", async () => {
    const date = weekday(7);
    const before = await meetingCount();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api("POST", "/api/meetings", { body: booking({ date, timeSlot: "16:30", email: `race${i}@example.com` }) }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.error).toBe(BOOKING_MESSAGES.slotTaken);
    const rows = await db()
      .select()
      .from(meetings)
      .where(and(eq(meetings.date, date), eq(meetings.timeSlot, "16:30")))
      .all();
    expect(rows).toHaveLength(1);
    expect(await meetingCount()).toBe(before + 1);
    // Only the winner's two emails exist.
    const winner = results.find((r) => r.status === 201)!.json.data;
    const raceMails = await db().select().from(emailOutbox).all();
    expect(raceMails.filter((m) => /^race\d+@/.test(m.to))).toHaveLength(1);
    expect(raceMails.filter((m) => m.to === winner.email)).toHaveLength(1);
  });

  const tooLong = (n: number) => "x".repeat(n);
  it.each([
    ["a past date", { date: addDays(today(), -1) }, "date", BOOKING_MESSAGES.datePast],
    ["a weekend", { date: weekendDay() }, "date", BOOKING_MESSAGES.dateWeekend],
    ["a date beyond 60 days", { date: addDays(today(), 61) }, "date", BOOKING_MESSAGES.dateTooFar],
    ["a malformed date", { date: "next tuesday" }, "date", BOOKING_MESSAGES.dateMalformed],
    ["an impossible date", { date: "2026-02-29" }, "date", BOOKING_MESSAGES.dateMalformed],
    ["a missing date", { date: undefined }, "date", "Date is required"],
    ["a time off the grid", { timeSlot: "10:15" }, "timeSlot", BOOKING_MESSAGES.timeOffGrid],
    ["a time before hours", { timeSlot: "08:30" }, "timeSlot", BOOKING_MESSAGES.timeOutsideHours("09:00", "17:30")],
    ["a time at closing", { timeSlot: "18:00" }, "timeSlot", BOOKING_MESSAGES.timeOutsideHours("09:00", "17:30")],
    ["a malformed time", { timeSlot: "25:99" }, "timeSlot", BOOKING_MESSAGES.timeMalformed],
    ["a missing time", { timeSlot: undefined }, "timeSlot", "Time slot is required"],
    ["a missing name", { name: undefined }, "name", "Name is required"],
    ["a blank name", { name: "   " }, "name", "Name is required"],
    ["a missing email", { email: undefined }, "email", "Email is required"],
    ["an invalid email", { email: "priya@" }, "email", "Email is invalid"],
    ["an over-long name", { name: tooLong(101) }, "name", "Name must be at most 100 characters."],
    ["an over-long company", { company: tooLong(151) }, "company", "Company must be at most 150 characters."],
    ["over-long notes", { notes: tooLong(2001) }, "notes", "Notes must be at most 2000 characters."],
    [
      "a name with a line break",
      { name: "Priya\r\nBcc: x@example.com" },
      "name",
      "Name must be a single line of text.",
    ],
    [
      "a company with a control character",
      { company: "Acme\u0000" },
      "company",
      "Company must be a single line of text.",
    ],
    ["an over-long phone", { phone: "1".repeat(31) }, "phone", "Phone must be at most 30 characters."],
    ["an invalid phone", { phone: "call me" }, "phone", "Phone number is invalid"],
    ["an unknown meetingType", { meetingType: "sales" }, "meetingType", 'meetingType must be "demo".'],
    [
      "an unknown timezone",
      { visitorTimezone: "Mars/Base" },
      "visitorTimezone",
      "Time zone is not a known IANA time zone.",
    ],
  ])("refuses %s with a 400, details and nothing stored", async (_name, overrides, field, message) => {
    const before = await meetingCount();
    const mailsBefore = (await db().select({ n: count() }).from(emailOutbox).get())?.n;
    const r = await api("POST", "/api/meetings", { body: booking({ date: weekday(8), ...overrides }) });
    expect(r.status).toBe(400);
    expect(r.json.success).toBe(false);
    expect(r.json.details).toContainEqual({ field, message });
    expect(await meetingCount()).toBe(before);
    expect((await db().select({ n: count() }).from(emailOutbox).get())?.n).toBe(mailsBefore);
  });

  it("refuses a slot less than an hour ahead", async () => {
    const date = weekday(9);
    const now = new Date(slotStart(date, "10:00", TZ).getTime() - 59 * 60 * 1000);
    const input = BookingSchema.parse(booking({ date, timeSlot: "10:00" }));
    await expect(bookMeeting(input, { now })).rejects.toMatchObject({
      status: 400,
      message: BOOKING_MESSAGES.timeTooSoon,
      extra: { details: [{ field: "timeSlot", message: BOOKING_MESSAGES.timeTooSoon }] },
    });
    const earlier = new Date(slotStart(date, "10:00", TZ).getTime() - 60 * 60 * 1000);
    expect((await bookMeeting(input, { now: earlier })).status).toBe("scheduled");
  });

  it("pretends to succeed when the honeypot is filled, and stores and sends nothing", async () => {
    const before = await meetingCount();
    const body = booking({ date: weekday(10), faxNumber: "http://spam.example" });
    const r = await api("POST", "/api/meetings", { body });
    expect(r.status).toBe(201);
    expect(r.json.data.status).toBe("scheduled");
    expect(await meetingCount()).toBe(before);
    expect(await outboxTo(body.email as string)).toHaveLength(0);
    // The slot is still free.
    expect((await api("POST", "/api/meetings", { body: { ...body, faxNumber: "" } })).status).toBe(201);
  });

  it("refuses cross-site posts and non-JSON bodies", async () => {
    const cross = await api("POST", "/api/meetings", {
      body: booking(),
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(cross.status).toBe(403);
    const form = await api("POST", "/api/meetings", {
      rawBody: "name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });
});

describe("admin meeting endpoints", () => {
  it("need an approved admin", async () => {
    expect((await api("GET", "/api/meetings")).status).toBe(401);
    const pending = await createAdmin({ status: "pending" });
    expect((await api("GET", "/api/meetings", { token: pending.token })).status).toBe(403);
    expect((await api("GET", "/api/meetings/x", { token: pending.token })).status).toBe(403);
    expect((await api("PUT", "/api/meetings/x/status", { body: { status: "confirmed" } })).status).toBe(401);
  });

  it("GET /api/meetings filters by status and searches name or company, case-insensitively", async () => {
    const { token } = await createAdmin();
    const a = await book({
      name: "Zelda Quartermaine",
      company: "Hyrule Imports",
      date: weekday(11),
      timeSlot: "09:00",
    });
    const b = await book({ name: "Bob Stone", company: "QUARTZ Mining", date: weekday(11), timeSlot: "09:30" });
    await book({ name: "Carol Day", company: "Other Co", date: weekday(11), timeSlot: "10:00" });
    await api("PUT", `/api/meetings/${b.id}/status`, { token, body: { status: "confirmed" } });

    const search = await api("GET", "/api/meetings?q=QUART", { token });
    expect(search.status).toBe(200);
    expect(search.json.data.map((m: { id: string }) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect(search.json.pagination).toMatchObject({ currentPage: 1, totalItems: 2, itemsPerPage: 50, totalPages: 1 });

    const confirmed = await api("GET", "/api/meetings?status=confirmed&q=quartz", { token });
    expect(confirmed.json.data.map((m: { id: string }) => m.id)).toEqual([b.id]);
    const byCompany = await api("GET", "/api/meetings?q=hyrule", { token });
    expect(byCompany.json.data.map((m: { id: string }) => m.id)).toEqual([a.id]);
    // LIKE wildcards in the term are taken literally.
    expect((await api("GET", "/api/meetings?q=%25", { token })).json.data).toHaveLength(0);

    const paged = await api("GET", "/api/meetings?limit=2&page=2", { token });
    expect(paged.json.pagination).toMatchObject({ currentPage: 2, itemsPerPage: 2 });
    expect((await api("GET", "/api/meetings?status=archived", { token })).status).toBe(400);
  });

  it("GET /api/meetings/:id returns one meeting or 404", async () => {
    const { token } = await createAdmin();
    const m = await book({ date: weekday(12) });
    const r = await api("GET", `/api/meetings/${m.id}`, { token });
    expect(r.json).toEqual({ success: true, data: m });
    const missing = await api("GET", "/api/meetings/no-such-id", { token });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ success: false, error: "Meeting not found." });
  });

  it("PUT /api/meetings/:id/status approves a scheduled meeting once, audits it and emails the visitor", async () => {
    const { token, admin } = await createAdmin();
    const m = await book({ date: weekday(13) });
    const r = await api("PUT", `/api/meetings/${m.id}/status`, { token, body: { status: "confirmed" } });
    expect(r.status).toBe(200);
    expect(r.json.data.status).toBe("confirmed");
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, m.id)).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: "meeting.approved",
      targetType: "meeting",
      before: { status: "scheduled" },
      after: { status: "confirmed" },
    });
    const mails = await outboxTo(m.email);
    expect(mails.map((e) => e.kind).sort()).toEqual(["meeting.confirmation", "meeting.confirmed"]);
    const confirmedIcs = fromBase64Utf8(mails.find((e) => e.kind === "meeting.confirmed")!.attachments[0]!.content);
    expect(confirmedIcs).toContain("STATUS:CONFIRMED");
    expect(confirmedIcs).toContain("SEQUENCE:1");

    for (const status of ["confirmed", "cancelled"]) {
      const again = await api("PUT", `/api/meetings/${m.id}/status`, { token, body: { status } });
      expect(again.status).toBe(409);
      expect(again.json.error).toBe(
        "Only scheduled meetings can be approved or rejected; this meeting is already confirmed.",
      );
    }
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, m.id)).all()).toHaveLength(1);
  });

  it("rejecting cancels, emails a cancellation and frees the slot", async () => {
    const { token } = await createAdmin();
    const m = await book({ date: weekday(14), timeSlot: "13:00" });
    const r = await api("PUT", `/api/meetings/${m.id}/status`, { token, body: { status: "cancelled" } });
    expect(r.json.data.status).toBe("cancelled");
    const cancelled = (await outboxTo(m.email)).find((e) => e.kind === "meeting.cancelled");
    // On SITE_URL, not on the origin the request was sent to (decision 040).
    expect(cancelled?.text).toContain(`${TEST_SITE_URL}/demo`);
    expect(fromBase64Utf8(cancelled!.attachments[0]!.content)).toContain("METHOD:CANCEL");
    const slots = await api("GET", `/api/calendar/available-slots?date=${m.date}`);
    expect(slots.json.data.find((s: { time: string }) => s.time === "13:00").available).toBe(true);
  });

  it("refuses other transitions with a clear error", async () => {
    const { token } = await createAdmin();
    const m = await book({ date: weekday(15) });
    const completed = await api("PUT", `/api/meetings/${m.id}/status`, { token, body: { status: "completed" } });
    expect(completed.status).toBe(400);
    expect(completed.json.error).toBe(
      'A scheduled meeting can only be changed to "confirmed" (approve) or "cancelled" (reject).',
    );
    const scheduled = await api("PUT", `/api/meetings/${m.id}/status`, { token, body: { status: "scheduled" } });
    expect(scheduled.status).toBe(400);
    const unknown = await api("PUT", `/api/meetings/${m.id}/status`, { token, body: { status: "approved" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.details[0].field).toBe("status");
    const missing = await api("PUT", "/api/meetings/nope/status", { token, body: { status: "confirmed" } });
    expect(missing.status).toBe(404);
  });

  it("a simultaneous approve and reject: one wins, the other gets 409, one audit record and one email", async () => {
    const { token } = await createAdmin();
    const m = await book({ date: weekday(16) });
    const [approve, reject] = await Promise.all([
      api("PUT", `/api/meetings/${m.id}/status`, { token, body: { status: "confirmed" } }),
      api("PUT", `/api/meetings/${m.id}/status`, { token, body: { status: "cancelled" } }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, m.id)).all()).toHaveLength(1);
    const decisions = (await outboxTo(m.email)).filter((e) => e.kind !== "meeting.confirmation");
    expect(decisions).toHaveLength(1);
    const row = await db().select().from(meetings).where(eq(meetings.id, m.id)).get();
    expect(decisions[0]?.kind).toBe(row?.status === "confirmed" ? "meeting.confirmed" : "meeting.cancelled");
  });
});

describe("the meeting completion job", () => {
  /** Rows in 2020, far from any date the booking tests use, each in its own slot. */
  async function insertMeeting(status: "scheduled" | "confirmed", startsAt: Date, timeSlot: string) {
    const id = crypto.randomUUID();
    await db()
      .insert(meetings)
      .values({ id, name: "Past", email: "past@example.com", date: todayIn(TZ, startsAt), timeSlot, startsAt, status });
    return id;
  }

  it("completes confirmed meetings whose 30 minutes are over, and nothing else", async () => {
    const now = new Date("2020-06-02T12:00:00Z");
    const ended = await insertMeeting("confirmed", new Date("2020-06-02T11:30:00Z"), "17:00");
    const running = await insertMeeting("confirmed", new Date("2020-06-02T11:31:00Z"), "17:30");
    const scheduled = await insertMeeting("scheduled", new Date("2020-06-01T10:00:00Z"), "15:30");
    expect(await completePastMeetings(now)).toBe(1);
    const status = async (id: string) => (await db().select().from(meetings).where(eq(meetings.id, id)).get())?.status;
    expect(await status(ended)).toBe("completed");
    expect(await status(running)).toBe("confirmed");
    expect(await status(scheduled)).toBe("scheduled");
    expect(await completePastMeetings(now)).toBe(0);
  });

  it("is in the scheduled job list", () => {
    expect(scheduledJobs.find((j) => j.name === "complete-meetings")?.run).toBe(completePastMeetings);
  });
});

describe("OpenAPI", () => {
  it("documents every meeting, calendar and callback endpoint", () => {
    const doc = buildOpenApi(allEndpoints);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/calendar/available-slots",
        "/api/calendar/available-days",
        "/api/meetings",
        "/api/meetings/{id}",
        "/api/meetings/{id}/status",
        "/api/callbacks",
        "/api/callbacks/{id}/status",
      ]),
    );
    expect(Object.keys(doc.paths["/api/meetings"]!)).toEqual(expect.arrayContaining(["get", "post"]));
  });
});
