import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { BOOKING_MESSAGES } from "~/domain/calendar/availability";
import { MANAGE_MESSAGES } from "~/domain/meetings/manage.server";
import { requireMeeting } from "~/domain/meetings/meetings.server";
import { bookDemo, weekday } from "../../../tests/helpers/booking";
import { outboxTo } from "../../../tests/helpers/outbox";
import { action, loader } from "./manage";

const _TZ = "Asia/Kolkata";
const ORIGIN = "http://localhost";

let counter = 0;
const book = (date: string, timeSlot: string) =>
  bookDemo({ name: "Lena Novak", email: `lena${++counter}@example.com`, date, timeSlot });

/** Calls a loader or action and unwraps React Router's results and thrown responses. */
async function call(fn: typeof loader | typeof action, request: Request, token: string) {
  try {
    const value = (await fn({ request, params: { token }, context: {} } as never)) as unknown;
    if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), data: null };
    const wrapped = value as { type?: string; data?: unknown; init?: { status?: number } };
    if (wrapped?.type === "DataWithResponseInit") {
      // biome-ignore lint/suspicious/noExplicitAny: tests read results loosely
      return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data as any };
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read results loosely
    return { status: 200, location: null, data: value as any };
  } catch (thrown) {
    const wrapped = thrown as { type?: string; init?: { status?: number } };
    if (wrapped?.type === "DataWithResponseInit")
      return { status: wrapped.init?.status ?? 500, location: null, data: null };
    throw thrown;
  }
}

const page = (token: string, search = "") =>
  call(loader, new Request(`${ORIGIN}/demo/manage/${token}${search}`), token);
const post = (token: string, fields: Record<string, string>, search = "") =>
  call(
    action,
    new Request(`${ORIGIN}/demo/manage/${token}${search}`, { method: "POST", body: new URLSearchParams(fields) }),
    token,
  );

describe("the manage page", () => {
  it("answers unknown and malformed tokens with a 404", async () => {
    for (const token of ["x".repeat(43), "nope", "../../admin"]) {
      expect((await page(token)).status).toBe(404);
      expect((await post(token, { intent: "cancel" })).status).toBe(404);
    }
  });

  it("shows the meeting and, with ?reschedule, the date step", async () => {
    const date = weekday(2);
    const m = await book(date, "10:00");
    const view = await page(m.manageToken);
    expect(view.data.meeting).toMatchObject({ status: "scheduled" });
    expect(view.data.meeting.timeLabel).toContain("10:00 AM");
    expect(view.data.problem).toBeNull();
    expect(view.data.reschedule).toBeNull();
    expect((await page(m.manageToken, "?reschedule=1")).data.reschedule.wizard.step).toBe("date");
    expect((await page(m.manageToken, `?date=${date}&time=11:00`)).data.reschedule.wizard.step).toBe("details");
  });

  it("the reschedule steps read in the visitor's zone: ?tz= first, else the zone they booked in, else the edge's (decision 085)", async () => {
    const date = weekday(3);
    const m = await bookDemo({
      date,
      timeSlot: "16:00",
      email: `lena${++counter}@example.com`,
      visitorTimezone: "Europe/Berlin",
    });
    const zones = async (search: string, headers: Record<string, string> = {}) => {
      const view = await call(
        loader,
        new Request(`${ORIGIN}/demo/manage/${m.manageToken}${search}`, { headers }),
        m.manageToken,
      );
      const { visitorTimeZone, keptTimeZone, wizard } = view.data.reschedule;
      return { visitorTimeZone, keptTimeZone, step: wizard.step };
    };
    // The visitor's choice wins, and is carried in the wizard's links.
    expect(await zones(`?date=${date}&tz=america/new_york`, { "CF-Timezone": "Asia/Tokyo" })).toEqual({
      visitorTimeZone: "America/New_York",
      keptTimeZone: "America/New_York",
      step: "time",
    });
    // Without one, the zone the booking was made in, before the edge's; neither is pinned in a link.
    expect(await zones(`?date=${date}&time=11:00`, { "CF-Timezone": "Asia/Tokyo" })).toEqual({
      visitorTimeZone: "Europe/Berlin",
      keptTimeZone: null,
      step: "details",
    });
    // A zone that is not one reads in ours, never an error page.
    expect(await zones("?reschedule=1&tz=Mars/Olympus")).toEqual({
      visitorTimeZone: "Asia/Kolkata",
      keptTimeZone: "Asia/Kolkata",
      step: "date",
    });
    // A booking without a stored zone: the edge's.
    const plain = await book(weekday(4), "16:30");
    const view = await call(
      loader,
      new Request(`${ORIGIN}/demo/manage/${plain.manageToken}?reschedule=1`, {
        headers: { "CF-Timezone": "America/Los_Angeles" },
      }),
      plain.manageToken,
    );
    expect(view.data.reschedule.visitorTimeZone).toBe("America/Los_Angeles");
    // `?tz=` alone does not open the reschedule steps.
    expect((await page(m.manageToken, "?tz=America/New_York")).data.reschedule).toBeNull();
  });

  it("reschedules, then every link shows the new time; a taken slot gets the spec's answer", async () => {
    const [from, to] = [weekday(3), weekday(4)];
    const m = await book(from, "10:00");
    await book(to, "12:00");
    const taken = await post(m.manageToken, { intent: "reschedule", date: to, timeSlot: "12:00" });
    expect(taken).toMatchObject({ status: 409, data: { error: BOOKING_MESSAGES.slotTaken, slotTaken: true } });
    expect((await requireMeeting(m.id)).date).toBe(from);

    const moved = await post(m.manageToken, { intent: "reschedule", date: to, timeSlot: "12:30" });
    expect(moved).toMatchObject({ status: 302, location: `/demo/manage/${m.manageToken}?done=rescheduled` });
    const old = await page(m.manageToken);
    expect(old.data.meeting.timeLabel).toContain("12:30 PM");
    const bad = await post(m.manageToken, { intent: "reschedule", date: "2026-02-30", timeSlot: "12:30" });
    expect(bad.status).toBe(400);
  });

  it("cancels once out of 20 simultaneous submits, then says cancelled and offers no reschedule", async () => {
    const m = await book(weekday(5), "15:00");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(m.manageToken, { intent: "cancel", reason: "Double booked" })),
    );
    expect(results.filter((r) => r.status === 302)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, m.id)).all()).toHaveLength(1);
    const visitorMail = await outboxTo(m.email);
    expect(visitorMail.filter((e) => e.kind === "meeting.visitor_cancelled")).toHaveLength(1);

    const view = await page(m.manageToken, "?reschedule=1");
    expect(view.data.meeting.status).toBe("cancelled");
    expect(view.data.problem).toBe(MANAGE_MESSAGES.cancelled);
    expect(view.data.reschedule).toBeNull();
    expect((await post(m.manageToken, { intent: "reschedule", date: weekday(6), timeSlot: "09:00" })).status).toBe(409);
  });
});
