import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, callbackRequests, meetings } from "~/db/schema";
import { addDays, BOOKING_MESSAGES, isWeekend, slotStart } from "~/domain/calendar/availability";
import { meetingByToken } from "~/domain/meetings/tokens.server";
import { decideMeeting } from "~/routes/admin/dashboard/meetings/status-action.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { weekday } from "../../../tests/helpers/booking";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { outboxTo } from "../../../tests/helpers/outbox";
import { routeArgs } from "../../../tests/helpers/route-call";
import { action } from "./demo";
import { SLOT_GONE, wizardState } from "./wizard.server";

const TZ = "Asia/Kolkata";

/** A meeting stored as it is (no emails): it holds its slot. */
const insertMeeting = (name: string, email: string, date: string, timeSlot: string) =>
  db()
    .insert(meetings)
    .values({ name, email, date, timeSlot, startsAt: slotStart(date, timeSlot, TZ) })
    .returning()
    .get();

/** A form post by a person who opened the page a few seconds ago (its bot-check token, decision 080). */
const post = async (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(url, { method: "POST", body: new URLSearchParams(await withFormToken(fields)), headers });

/** Unwraps React Router's `data()` / redirect results for assertions. */
function outcome(result: unknown) {
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), data: null };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (wrapped?.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data as Record<string, unknown> };
  }
  return { status: 200, location: null, data: result as Record<string, unknown> };
}

/** Posts `fields` to the /demo action as the page's form does, and unwraps its answer. */
const submit = async (url: string, fields: Record<string, string>) =>
  outcome(await action(routeArgs(await post(url, fields))));

const meetingCount = async () => (await db().select({ n: count() }).from(meetings).get())?.n ?? 0;

describe("the wizard state (from the URL alone)", () => {
  it("starts on the date step with the month of the first open day", async () => {
    const state = await wizardState(new URL("http://localhost/demo"));
    expect(state.wizard.step).toBe("date");
    if (state.wizard.step !== "date") return;
    const days = state.wizard.calendar.weeks.flat().filter((d) => d !== null);
    expect(days.some((d) => d.state === "open")).toBe(true);
    expect(days.filter((d) => isWeekend(d.date)).every((d) => d.state === "closed")).toBe(true);
    expect(state.businessTimeZone).toBe(TZ);
  });

  it("goes to the time step for a bookable date, to details for a free slot", async () => {
    const date = weekday(3);
    const time = await wizardState(new URL(`http://localhost/demo?date=${date}`));
    expect(time.wizard).toMatchObject({ step: "time", date, notice: null });
    const details = await wizardState(new URL(`http://localhost/demo?date=${date}&time=10:30`));
    expect(details.wizard).toMatchObject({
      step: "details",
      date,
      time: "10:30",
      startsAt: slotStart(date, "10:30", TZ).toISOString(),
    });
  });

  it("sends a taken or invalid time back to the time step, and a bad date to the calendar", async () => {
    const date = weekday(4);
    await insertMeeting("Held", "held@example.com", date, "11:00");
    for (const time of ["11:00", "11:15", "nonsense"]) {
      const state = await wizardState(new URL(`http://localhost/demo?date=${date}&time=${time}`));
      expect(state.wizard).toMatchObject({ step: "time", notice: SLOT_GONE });
    }
    let saturday = weekday(1);
    while (!isWeekend(saturday)) saturday = addDays(saturday, 1);
    const weekend = await wizardState(new URL(`http://localhost/demo?date=${saturday}`));
    expect(weekend.wizard).toMatchObject({ step: "date", notice: BOOKING_MESSAGES.dateWeekend });
    const malformed = await wizardState(new URL("http://localhost/demo?date=soon"));
    expect(malformed.wizard).toMatchObject({ step: "date", notice: "Please choose a date from the calendar." });
  });

  it("shows the confirmation for a booked meeting", async () => {
    const date = weekday(5);
    const row = await insertMeeting("Booked", "b@example.com", date, "15:00");
    const state = await wizardState(new URL(`http://localhost/demo?booked=${row.id}`));
    expect(state.wizard).toMatchObject({
      step: "confirmation",
      meeting: { date, timeSlot: "15:00", timeLabel: "3:00 PM", endLabel: "3:30 PM" },
    });
  });
});

describe("the /demo action", () => {
  it("books and redirects to the confirmation", async () => {
    const date = weekday(6);
    const result = await submit(`http://localhost/demo?date=${date}&time=09:30`, {
      intent: "book",
      name: "Form Booker",
      email: "form@example.com",
      date,
      timeSlot: "09:30",
      visitorTimezone: "Europe/Berlin",
    });
    expect(result.status).toBe(302);
    const target = new URL(result.location!, "http://localhost");
    const id = target.searchParams.get("booked");
    const row = await db().select().from(meetings).where(eq(meetings.id, id!)).get();
    expect(row).toMatchObject({ name: "Form Booker", visitorTimezone: "Europe/Berlin", status: "scheduled" });
    // The booker's page carries no manage link: nobody showed the address is theirs (decision
    // 042). The link is only in the email to the address, and leads to this meeting.
    expect([...target.searchParams.keys()]).toEqual(["booked"]);
    const state = await wizardState(target);
    expect(JSON.stringify(state)).not.toMatch(/manage/i);
    const [mail] = await outboxTo("form@example.com");
    const token = /\/demo\/manage\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
    expect((await meetingByToken(token ?? ""))?.id).toBe(id);
  });

  it("the same booking sent 20 times at once (a double click, a reload): one meeting, one email to them, every answer its confirmation", async () => {
    const date = weekday(8);
    const fields = {
      intent: "book",
      name: "Twice Booker",
      email: "twice@example.com",
      company: "Twice Co",
      notes: "Clicked twice.",
      date,
      timeSlot: "11:30",
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit("http://localhost/demo", fields)));
    const rows = await db().select().from(meetings).where(eq(meetings.email, "twice@example.com")).all();
    expect(rows).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.status).toBe(302);
      expect(new URL(answer.location!, "http://localhost").searchParams.get("booked")).toBe(rows[0]?.id);
    }
    // No answer carries the manage token: the link lives in the email alone (decision 042).
    expect(answers.filter((a) => a.location?.includes("manage="))).toHaveLength(0);
    const emails = await outboxTo("twice@example.com");
    expect(emails.map((e) => e.kind)).toEqual(["meeting.confirmation"]);
  });

  it("answers a taken slot with 409 and the slot-taken text", async () => {
    const date = weekday(7);
    const fields = { intent: "book", name: "A", email: "a@example.com", date, timeSlot: "12:30" };
    await submit("http://localhost/demo", fields);
    const second = await submit("http://localhost/demo", { ...fields, email: "b@example.com" });
    expect(second.status).toBe(409);
    expect(second.data?.slotTaken).toBe(BOOKING_MESSAGES.slotTaken);
  });

  it("returns field errors without storing anything", async () => {
    const before = await meetingCount();
    const result = await submit("http://localhost/demo", {
      intent: "book",
      email: "bad",
      date: weekday(8),
      timeSlot: "10:00",
    });
    expect(result.status).toBe(400);
    const reply = result.data?.result as { error: Record<string, string[]> };
    expect(reply.error.name).toEqual(["Name is required"]);
    expect(reply.error.email).toEqual(["Email is invalid"]);
    expect(await meetingCount()).toBe(before);
  });

  it("pretends success for a filled honeypot on both forms", async () => {
    const before = await meetingCount();
    const booking = await submit("http://localhost/demo", {
      intent: "book",
      name: "Bot",
      email: "bot@example.com",
      date: weekday(9),
      timeSlot: "10:00",
      faxNumber: "spam",
    });
    expect(booking.status).toBe(302);
    expect(await meetingCount()).toBe(before);
    const callbacksBefore = (await db().select({ n: count() }).from(callbackRequests).get())?.n;
    const callback = await submit("http://localhost/demo?mode=callback", {
      intent: "callback",
      firstName: "Bot",
      lastName: "Bot",
      email: "bot@example.com",
      company: "Spam",
      faxNumber: "spam",
    });
    expect(callback).toMatchObject({ status: 302, location: "/demo?mode=callback&requested=1" });
    expect((await db().select({ n: count() }).from(callbackRequests).get())?.n).toBe(callbacksBefore);
  });

  it("stores a callback request and redirects to the success text", async () => {
    const result = await submit("http://localhost/demo?mode=callback", {
      intent: "callback",
      firstName: "Asha",
      lastName: "Rao",
      email: "asha@example.com",
      company: "Rao & Co",
    });
    expect(result).toMatchObject({ status: 302, location: "/demo?mode=callback&requested=1" });
    const row = await db().select().from(callbackRequests).where(eq(callbackRequests.email, "asha@example.com")).get();
    expect(row).toMatchObject({ company: "Rao & Co", status: "new" });
  });
});

describe("the admin Approve / Reject action", () => {
  it("approves once, audits it, then shows the failure text with the reason", async () => {
    const { token, admin } = await createAdmin();
    const date = weekday(10);
    const row = await insertMeeting("Decide Me", "d@example.com", date, "16:00");
    const auth = { Authorization: `Bearer ${token}` };
    const url = "http://localhost/admin/dashboard/meetings";
    const ok = outcome(await decideMeeting(await post(url, { intent: "approve", meetingId: row.id }, auth)));
    expect(ok.data).toMatchObject({ ok: true, meetingId: row.id });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, row.id)).all();
    expect(audit).toMatchObject([{ actorEmail: admin.email, action: "meeting.approved" }]);

    const again = outcome(await decideMeeting(await post(url, { intent: "reject", meetingId: row.id }, auth)));
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      ok: false,
      message: "Failed to update meeting status. Please try again.",
      reason: "Only scheduled meetings can be approved or rejected; this meeting is already confirmed.",
    });
    const unknown = outcome(await decideMeeting(await post(url, { intent: "archive", meetingId: row.id }, auth)));
    expect(unknown.status).toBe(400);
  });

  it("is refused without an admin session", async () => {
    await expect(
      decideMeeting(await post("http://localhost/admin/dashboard/meetings", { intent: "approve", meetingId: "x" })),
    ).rejects.toMatchObject({ status: 302 });
  });
});
