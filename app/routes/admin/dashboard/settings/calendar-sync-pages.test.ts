import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { hostBusy, hostCalendars, schedulingHosts } from "~/db/schema";
import { CALENDAR_SYNC_MESSAGES, readBusyCalendarSoon, setBusyCalendar } from "~/domain/calendar/calendar-sync.server";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { routeArgs as args, outcome } from "../../../../../tests/helpers/route-call";
import { setConfig } from "../../../../../tests/helpers/trial";
import { action as myCalendarAction, loader as myCalendarLoader } from "./calendar";
import { loader as hostLoader } from "./scheduling-host";

/*
 * The busy calendar through its pages (decision 086): saving the address on Settings → My calendar
 * answers without waiting for the calendar (the local calendar server holds its answer until the
 * test releases it), the read after the answer stores the busy times, and an Admin's page of that
 * host (Settings → Scheduling → a host) shows the same sync status as the host's own page.
 */

const SERVER = inject("calendarServer");
async function box(ics: string) {
  const name = `box-${crypto.randomUUID()}`;
  await fetch(`${SERVER}/boxes/${name}`, { method: "PUT", body: ics });
  return {
    url: `${SERVER}/boxes/${name}`,
    hits: async () => Number(await (await fetch(`${SERVER}/hits/${name}`)).text()),
  };
}
const calendar = (start: string, end: string) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Busy//EN",
    "BEGIN:VEVENT",
    `UID:${crypto.randomUUID()}@test`,
    `DTSTAMP:${start}`,
    `DTSTART:${start}`,
    `DTEND:${end}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
/** Tomorrow 05:00–06:00 UTC: inside the booking window whatever the day. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, "");

let restore: () => void;
beforeEach(() => {
  restore = setConfig({ SITE_URL: "http://localhost:8787" });
});
afterEach(async () => {
  restore();
  await db().delete(hostBusy);
  await db().delete(hostCalendars);
  await db().delete(schedulingHosts);
});

const request = (url: string, token: string, fields?: Record<string, string>) => {
  if (!fields) return new Request(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(url, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body });
};
const MY_PAGE = "http://localhost/admin/dashboard/settings/calendar";
const hostPage = (id: string) => `http://localhost/admin/dashboard/settings/scheduling/hosts/${id}`;
const busyRows = async (memberId: string) =>
  (await db().select().from(hostBusy).where(eq(hostBusy.memberId, memberId)).all()).length;

describe("saving a busy calendar on Settings → My calendar", () => {
  it("answers while the calendar has not answered; the read after the answer stores the busy times", async () => {
    const member = await createAdmin({ role: "sales" });
    const day = tomorrow();
    const held = await box(calendar(`${day}T050000Z`, `${day}T060000Z`));
    const gate = crypto.randomUUID();
    const answer = (await outcome(() =>
      myCalendarAction(args(request(MY_PAGE, member.token, { intent: "busy", url: `${held.url}?hold=${gate}` }))),
    )) as Response;
    // The calendar server is still holding its answer: the save did not wait for it.
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/admin/dashboard/settings/calendar?saved");
    const saved = await db().select().from(hostCalendars).where(eq(hostCalendars.memberId, member.admin.id)).get();
    expect(saved).toMatchObject({ busyUrl: `${held.url}?hold=${gate}`, busyFetchedAt: null, busyCount: 0 });
    expect(await busyRows(member.admin.id)).toBe(0);
    const page = (await myCalendarLoader(args(request(`${MY_PAGE}?saved`, member.token)))) as {
      notice: string;
      sync: { busyCalendar: { lastFetchedAt: string | null } };
    };
    expect(page.notice).toMatch(/saved\. We read it within a minute/);
    expect(page.sync.busyCalendar.lastFetchedAt).toBeNull();

    await fetch(`${SERVER}/release/${gate}`, { method: "POST" });
    await expect.poll(() => busyRows(member.admin.id)).toBe(1);
    expect(await held.hits()).toBe(1);
  });

  it("bad input answers 400 with the rule, keeps what was typed, and stores and fetches nothing", async () => {
    const member = await createAdmin({ role: "sales" });
    restore();
    restore = setConfig({ SITE_URL: "https://flowlane.example" });
    const target = await box(calendar("20261202T050000Z", "20261202T060000Z"));
    const answer = (await myCalendarAction(
      args(request(MY_PAGE, member.token, { intent: "busy", url: target.url })),
    )) as unknown as { data: { error: string; url: string }; init: { status: number } };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({ error: CALENDAR_SYNC_MESSAGES.https, url: target.url });
    expect(await db().select().from(hostCalendars).all()).toEqual([]);
    expect(await target.hits()).toBe(0);
  });
});

describe("an Admin's page of a host shows that host's calendar sync", () => {
  it("last read (how long ago, and when), the busy times it gave, or the last error in words; none given says so", async () => {
    const admin = await createAdmin({ role: "admin" });
    const rep = await createAdmin({ role: "sales", name: "Riya Rep" });
    const actor = { id: rep.admin.id, email: rep.admin.email };
    const load = async () =>
      (await hostLoader(args(request(hostPage(rep.admin.id), admin.token), { memberId: rep.admin.id }))) as {
        busyCalendar: { address: string | null; lastFetchedAt: string | null; error: string | null; busyCount: number };
        now: string;
      };
    expect((await load()).busyCalendar).toEqual({ address: null, lastFetchedAt: null, error: null, busyCount: 0 });

    const day = tomorrow();
    const good = await box(calendar(`${day}T050000Z`, `${day}T060000Z`));
    await setBusyCalendar(actor, rep.admin.id, good.url);
    expect((await load()).busyCalendar).toEqual({
      address: `${SERVER}/…`,
      lastFetchedAt: null,
      error: null,
      busyCount: 0,
    });
    const readAt = new Date();
    await readBusyCalendarSoon(rep.admin.id, readAt);
    const read = await load();
    expect(read.busyCalendar).toEqual({
      address: `${SERVER}/…`,
      lastFetchedAt: readAt.toISOString(),
      error: null,
      busyCount: 1,
    });
    expect(Date.parse(read.now)).toBeGreaterThanOrEqual(Date.parse(read.busyCalendar.lastFetchedAt ?? ""));

    // A failed read: the error in words, the last good busy times kept.
    await db()
      .update(hostCalendars)
      .set({ busyUrl: `${good.url}?status=503` })
      .where(eq(hostCalendars.memberId, rep.admin.id));
    await readBusyCalendarSoon(rep.admin.id);
    expect((await load()).busyCalendar).toMatchObject({ error: CALENDAR_SYNC_MESSAGES.status(503), busyCount: 1 });

    // An unknown member is a 404 (who may open the page at all is the permission matrix's).
    const missing = (await outcome(() =>
      hostLoader(args(request(hostPage("nobody"), admin.token), { memberId: "nobody" })),
    )) as { init: { status: number } };
    expect(missing.init.status).toBe(404);
  });
});
