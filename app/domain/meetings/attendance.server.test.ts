import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, type Meeting, meetings, webhookEndpointDeliveries, webhookEndpoints } from "~/db/schema";
import { loader } from "~/routes/demo/demo";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { weekday } from "../../../tests/helpers/booking";
import { outboxTo } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { hookUrl, received } from "../../../tests/helpers/webhooks";
import { ATTENDANCE_MESSAGES, markAttendance, showRateByWeek } from "./attendance.server";
import { requireMeeting } from "./meetings.server";
import { meetingByToken } from "./tokens.server";

/** A demo that started `minutesAgo` minutes before `now` (its own email and slot). */
async function pastDemo(now: Date, minutesAgo: number, status: Meeting["status"] = "confirmed") {
  const id = crypto.randomUUID();
  const email = `missed-${id.slice(0, 8)}@example.com`;
  await db()
    .insert(meetings)
    .values({
      id,
      name: "Ana Silva",
      email,
      company: "Acme",
      date: `2030-0${1 + (Number.parseInt(id.slice(0, 2), 16) % 9)}-${String(10 + (Number.parseInt(id.slice(2, 4), 16) % 18))}`,
      timeSlot: `${String(Number.parseInt(id.slice(4, 6), 16) % 24).padStart(2, "0")}:00`,
      startsAt: new Date(now.getTime() - minutesAgo * 60_000),
      status,
      visitorTimezone: "America/New_York",
    });
  return { id, email };
}

describe("attendance (issue 27 item 7)", () => {
  it("a no-show: completed, one friendly email with a rebooking link from SITE_URL that leads to the visitor", async () => {
    const now = new Date();
    const { admin } = await createAdmin({ role: "sales" });
    const demo = await pastDemo(now, 45);
    const after = await markAttendance({ id: admin.id, email: admin.email }, demo.id, false, now);
    expect(after).toMatchObject({ status: "completed", attendance: "no_show" });
    expect(await requireMeeting(demo.id)).toMatchObject({ status: "completed", attendance: "no_show" });
    const mails = await outboxTo(demo.email);
    expect(mails.map((m) => m.kind)).toEqual(["meeting.no_show"]);
    expect(mails[0]?.subject).toMatch(/^Sorry we missed you/);
    const link = /https?:\/\/[^\s"<>]+\/demo\?again=([\w-]+)/.exec(mails[0]?.text ?? "");
    expect(link?.[0].startsWith(`${TEST_SITE_URL}/demo?again=`)).toBe(true);
    expect((await meetingByToken(link?.[1] ?? ""))?.id).toBe(demo.id);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, demo.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["meeting.no_show"]);
  });

  it("attended: completed, nothing sent to the visitor; a completed meeting can be marked too", async () => {
    const now = new Date();
    const { admin } = await createAdmin({ role: "admin" });
    const demo = await pastDemo(now, 60 * 24, "completed");
    await markAttendance({ id: admin.id, email: admin.email }, demo.id, true, now);
    expect(await requireMeeting(demo.id)).toMatchObject({ status: "completed", attendance: "attended" });
    expect(await outboxTo(demo.email)).toEqual([]);
  });

  it("refuses before the end, after 7 days, a meeting not confirmed, and a second mark; nothing changes", async () => {
    const now = new Date();
    const { admin } = await createAdmin({ role: "sales" });
    const actor = { id: admin.id, email: admin.email };
    const cases = [
      [await pastDemo(now, 20), ATTENDANCE_MESSAGES.notEnded],
      [await pastDemo(now, 30 + 7 * 24 * 60 + 1), ATTENDANCE_MESSAGES.tooLate],
      [await pastDemo(now, 60, "scheduled"), ATTENDANCE_MESSAGES.notConfirmed],
      [await pastDemo(now, 60, "cancelled"), ATTENDANCE_MESSAGES.notConfirmed],
    ] as const;
    for (const [demo, message] of cases) {
      await expect(markAttendance(actor, demo.id, false, now)).rejects.toMatchObject({ status: 409, message });
      expect((await requireMeeting(demo.id)).attendance).toBeNull();
      expect(await outboxTo(demo.email)).toEqual([]);
    }
    // Exactly at the edges: at the end, and 7 days after it.
    await markAttendance(actor, (await pastDemo(now, 30)).id, true, now);
    await markAttendance(actor, (await pastDemo(now, 30 + 7 * 24 * 60)).id, true, now);
    const marked = await pastDemo(now, 90);
    await markAttendance(actor, marked.id, true, now);
    await expect(markAttendance(actor, marked.id, false, now)).rejects.toMatchObject({
      status: 409,
      message: ATTENDANCE_MESSAGES.already,
    });
    expect((await requireMeeting(marked.id)).attendance).toBe("attended");
  });

  it("POST /api/meetings/{id}/attendance: 20 at once make one change, one email and one CRM event; bad input and roles refused", async () => {
    const { token } = await createAdmin({ role: "sales" });
    const crm = crypto.randomUUID();
    // The local receiver (decision 074), not a made-up host: workerd logs every failed DNS lookup
    // as an uncaught internal error, even one the delivery catches.
    await db()
      .insert(webhookEndpoints)
      .values({ id: crm, url: hookUrl(crm), events: ["meeting.no_show"], secret: "attendance-s3cret" });
    const demo = await pastDemo(new Date(), 40);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api("POST", `/api/meetings/${demo.id}/attendance`, { token, body: { attended: false } }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect(answers.find((r) => r.status === 409)?.json.error).toBe(ATTENDANCE_MESSAGES.already);
    expect(answers.find((r) => r.status === 200)?.json.data).toMatchObject({
      id: demo.id,
      status: "completed",
      attendance: "no_show",
    });
    expect(await outboxTo(demo.email)).toHaveLength(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, demo.id)).all();
    expect(audit).toHaveLength(1);
    const events = await db()
      .select()
      .from(webhookEndpointDeliveries)
      .where(eq(webhookEndpointDeliveries.endpointId, crm))
      .all();
    expect(events.map((e) => [e.eventType, JSON.parse(e.payload).data.meeting.id])).toEqual([
      ["meeting.no_show", demo.id],
    ]);
    // The answer's after-response delivery reaches the receiver once, however many requests came.
    await expect
      .poll(async () => (await received(crm)).map((post) => JSON.parse(post.body).type))
      .toEqual(["meeting.no_show"]);
    await db().delete(webhookEndpoints).where(eq(webhookEndpoints.id, crm));

    const other = await pastDemo(new Date(), 40);
    const bad = await api("POST", `/api/meetings/${other.id}/attendance`, { token, body: { attended: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.json.details?.[0]?.message ?? bad.json.error).toContain("attended must be true");
    const marketing = await createAdmin({ role: "marketing" });
    const refused = await api("POST", `/api/meetings/${other.id}/attendance`, {
      token: marketing.token,
      body: { attended: true },
    });
    expect(refused.status).toBe(403);
    expect((await requireMeeting(other.id)).attendance).toBeNull();
    expect((await api("POST", "/api/meetings/nope/attendance", { token, body: { attended: true } })).status).toBe(404);
  });

  it("the rebooking link keeps the visitor's details: /demo?again= sets a cookie, the details step is filled in", async () => {
    const now = new Date();
    const { admin } = await createAdmin({ role: "sales" });
    const demo = await pastDemo(now, 45);
    await db().update(meetings).set({ phone: "+1 555 0100" }).where(eq(meetings.id, demo.id));
    await markAttendance({ id: admin.id, email: admin.email }, demo.id, false, now);
    const text = (await outboxTo(demo.email))[0]?.text ?? "";
    const link = /https?:\/\/[^\s"<>]+\/demo\?again=[\w-]+/.exec(text)?.[0] ?? "";
    const landing = (await loader({ request: new Request(link), params: {}, context: {} } as never)) as Response;
    expect(landing.status).toBe(302);
    expect(landing.headers.get("Location")).toBe("/demo");
    const cookie = (landing.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/flowlane_rebook=[\w-]{43}/);
    const date = weekday(5);
    const page = (url: string, headers: Record<string, string>) =>
      loader({ request: new Request(url, { headers }), params: {}, context: {} } as never) as Promise<{
        wizard: { step: string; prefill?: unknown };
      }>;
    const details = await page(`${TEST_SITE_URL}/demo?date=${date}&time=11:00`, { Cookie: cookie });
    expect(details.wizard).toMatchObject({
      step: "details",
      prefill: { name: "Ana Silva", email: demo.email, phone: "+1 555 0100", company: "Acme" },
    });
    // Without the cookie, or with a forged one, nothing is filled in.
    expect((await page(`${TEST_SITE_URL}/demo?date=${date}&time=11:00`, {})).wizard.prefill).toBeNull();
    const forged = { Cookie: `flowlane_rebook=${"a".repeat(43)}` };
    expect((await page(`${TEST_SITE_URL}/demo?date=${date}&time=11:00`, forged)).wizard.prefill).toBeNull();
    // A bad token in the link sets nothing.
    const bad = (await loader({
      request: new Request(`${TEST_SITE_URL}/demo?again=x`),
      params: {},
      context: {},
    } as never)) as Response;
    expect(bad.headers.has("Set-Cookie")).toBe(false);
  });

  it("the Overview's show rate: per week of the demo, of the marked demos the share attended", async () => {
    // Weeks of their own, far ahead, so no other test's meetings are in them.
    const now = new Date("2035-06-13T10:00:00Z"); // a Wednesday
    const add = (date: string, attendance: Meeting["attendance"]) =>
      db()
        .insert(meetings)
        .values({
          name: "Rate",
          email: `rate-${crypto.randomUUID().slice(0, 8)}@example.com`,
          date,
          timeSlot: "10:00",
          startsAt: new Date(`${date}T04:30:00Z`),
          status: "completed",
          attendance,
        });
    await add("2035-06-11", "attended"); // this week (Monday)
    await add("2035-06-12", "attended");
    await add("2035-06-13", "no_show");
    await add("2035-06-17", "no_show"); // this week's Sunday
    await add("2035-06-08", "no_show"); // last week (Friday)
    await add("2035-06-07", null); // unmarked: not counted
    const weeks = await showRateByWeek(now, 3);
    expect(weeks).toEqual([
      { week: "2035-05-28", attended: 0, noShow: 0, rate: null },
      { week: "2035-06-04", attended: 0, noShow: 1, rate: 0 },
      { week: "2035-06-11", attended: 2, noShow: 2, rate: 0.5 },
    ]);
  });
});
