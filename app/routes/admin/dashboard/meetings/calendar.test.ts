import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { meetings } from "~/db/schema";
import { slotStart } from "~/domain/calendar/availability";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { api } from "../../../../../tests/helpers/api";
import { routeArgs } from "../../../../../tests/helpers/route-call";
import { loader } from "./calendar";

let token: string;
beforeAll(async () => {
  ({ token } = await createAdmin());
  // Week 53 of 2026 runs from Monday December 28 into 2027.
  const rows = [
    ["2026-12-28", "09:00", "confirmed"],
    ["2026-12-31", "17:30", "scheduled"],
    ["2027-01-01", "10:00", "cancelled"],
    ["2027-01-04", "10:00", "scheduled"], // next week
  ] as const;
  for (const [date, timeSlot, status] of rows) {
    await db()
      .insert(meetings)
      .values({
        name: `Guest ${date}`,
        email: "guest@example.com",
        date,
        timeSlot,
        status,
        startsAt: slotStart(date, timeSlot, "Asia/Kolkata"),
      });
  }
});

const week = (search: string) => {
  const url = `http://localhost/admin/dashboard/meetings/calendar${search}`;
  return loader(routeArgs(new Request(url, { headers: { Authorization: `Bearer ${token}` } })));
};

describe("the admin week calendar", () => {
  it("shows Monday to Friday of the week across the year end, with links to the weeks around it", async () => {
    const data = await week("?week=2026-W53");
    expect(data.days).toEqual(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01"]);
    expect([data.prev, data.next]).toEqual(["2026-W52", "2027-W01"]);
    expect(data.meetings.map((m) => [m.date, m.status])).toEqual([
      ["2026-12-28", "confirmed"],
      ["2026-12-31", "scheduled"],
      ["2027-01-01", "cancelled"],
    ]);
    expect(data.times[0]).toBe("09:00");
    expect(data.times.at(-1)).toBe("17:30");
    expect(data.times).toHaveLength(18);
    expect(data.pending).toBe(2);
  });

  it("falls back to this week for a week that does not exist", async () => {
    const data = await week("?week=2025-W53");
    expect(data.unknownWeek).toBe(true);
    expect(data.week).toBe(data.thisWeek);
  });

  it("needs an admin", async () => {
    await expect(
      loader(routeArgs(new Request("http://localhost/admin/dashboard/meetings/calendar"))),
    ).rejects.toBeInstanceOf(Response);
  });
});

describe("GET /api/meetings?from=&to=", () => {
  it("lists the meetings of a date range in time order", async () => {
    const r = await api("GET", "/api/meetings?from=2026-12-28&to=2027-01-01", { token });
    expect(r.status).toBe(200);
    expect(r.json.data.map((m: { date: string; timeSlot: string }) => `${m.date} ${m.timeSlot}`)).toEqual([
      "2026-12-28 09:00",
      "2026-12-31 17:30",
      "2027-01-01 10:00",
    ]);
    const active = await api("GET", "/api/meetings?from=2026-12-28&to=2027-01-04&status=scheduled", { token });
    expect(active.json.data).toHaveLength(2);
  });

  it.each([
    ["from without to", "?from=2026-12-28"],
    ["to before from", "?from=2027-01-01&to=2026-12-28"],
    ["a range over 62 days", "?from=2026-01-01&to=2026-06-01"],
    ["a malformed date", "?from=2026-13-01&to=2026-12-31"],
  ])("refuses %s", async (_, search) => {
    const r = await api("GET", `/api/meetings${search}`, { token });
    expect(r.status).toBe(400);
  });

  it("needs an admin", async () => {
    expect((await api("GET", "/api/meetings?from=2026-12-28&to=2027-01-01")).status).toBe(401);
  });
});
