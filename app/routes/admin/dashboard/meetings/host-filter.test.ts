import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { meetings } from "~/db/schema";
import { slotStart } from "~/domain/calendar/availability";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { api } from "../../../../../tests/helpers/api";
import { routeArgs } from "../../../../../tests/helpers/route-call";
import { loader as listLoader } from "../meetings";
import { loader as weekLoader } from "./calendar";

// Issue 27 item 4: the host sees their own meetings first; the list and the week filter by host.
let owner: { token: string; id: string };
let dana: { token: string; id: string };
let sam: { id: string };
beforeAll(async () => {
  const o = await createAdmin({ name: "Olive Owner", role: "owner" });
  const d = await createAdmin({ name: "Dana Sales", role: "sales" });
  const s = await createAdmin({ name: "Sam Sales", role: "sales" });
  owner = { token: o.token, id: o.admin.id };
  dana = { token: d.token, id: d.admin.id };
  sam = { id: s.admin.id };
  // Week 50 of 2026: Monday December 7 to Friday December 11.
  const rows = [
    ["Dana's guest", "2026-12-07", "09:00", dana.id],
    ["Sam's guest", "2026-12-08", "10:00", sam.id],
    ["House guest", "2026-12-09", "11:00", ""],
  ] as const;
  for (const [name, date, timeSlot, hostId] of rows) {
    await db()
      .insert(meetings)
      .values({
        name,
        email: "guest@example.com",
        date,
        timeSlot,
        status: "scheduled",
        hostId,
        startsAt: slotStart(date, timeSlot, "Asia/Kolkata"),
      });
  }
});

const args = (path: string, token: string) =>
  routeArgs(new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` } }));
const list = (search: string, token: string) => listLoader(args(`/admin/dashboard/meetings${search}`, token));
const week = (search: string, token: string) =>
  weekLoader(args(`/admin/dashboard/meetings/calendar?week=2026-W50${search}`, token));
const names = (data: { meetings: { name: string }[] }) => data.meetings.map((m) => m.name).sort();

describe("the meetings' host filter", () => {
  it("shows a member who takes demos their own meetings by default, and everyone's on request", async () => {
    const mine = await list("", dana.token);
    expect(mine.host).toBe(dana.id);
    expect(names(mine)).toEqual(["Dana's guest"]);
    expect(names(await list("?host=all", dana.token))).toEqual(["Dana's guest", "House guest", "Sam's guest"]);
    const mineThisWeek = await week("", dana.token);
    expect(mineThisWeek.host).toBe(dana.id);
    expect(mineThisWeek.meetings.map((m) => [m.name, m.host])).toEqual([["Dana's guest", "Host: Dana Sales"]]);
  });

  it("shows a member who takes no demos everyone's meetings by default, with each one's host", async () => {
    const all = await list("", owner.token);
    expect(all.host).toBe("all");
    expect(names(all)).toEqual(["Dana's guest", "House guest", "Sam's guest"]);
    expect(all.hosts.map((h) => h.name)).toEqual(["Dana Sales", "Sam Sales"]);
    expect(all.names[sam.id]).toBe("Sam Sales");
    const days = await week("", owner.token);
    expect(days.meetings.map((m) => m.host)).toEqual(["Host: Dana Sales", "Host: Sam Sales", "House calendar"]);
  });

  it("filters by one host or by the house calendar, on the list and the week", async () => {
    expect(names(await list(`?host=${sam.id}`, owner.token))).toEqual(["Sam's guest"]);
    expect(names(await list("?host=none", dana.token))).toEqual(["House guest"]);
    expect(names(await week(`&host=${sam.id}`, dana.token))).toEqual(["Sam's guest"]);
    expect(names(await week("&host=none", owner.token))).toEqual(["House guest"]);
  });

  it("ignores a host who is not a member, says so and shows everyone (never a 500)", async () => {
    for (const host of ["nobody", "x".repeat(500), "%00"]) {
      const data = await list(`?host=${host}`, dana.token);
      expect(data.unknownHost).toBe(true);
      expect(data.host).toBe("all");
      expect(names(data)).toHaveLength(3);
      expect((await week(`&host=${host}`, dana.token)).unknownHost).toBe(true);
    }
  });
});

describe("GET /api/meetings?hostId=", () => {
  it("filters the list and the date range by host; none is the house calendar", async () => {
    const one = await api("GET", `/api/meetings?hostId=${dana.id}`, { token: owner.token });
    expect(one.status).toBe(200);
    expect(one.json.data.map((m: { name: string }) => m.name)).toEqual(["Dana's guest"]);
    expect(one.json.data[0].hostId).toBe(dana.id);
    const house = await api("GET", "/api/meetings?hostId=none&from=2026-12-07&to=2026-12-11", { token: owner.token });
    expect(house.json.data.map((m: { name: string; hostId: string | null }) => [m.name, m.hostId])).toEqual([
      ["House guest", null],
    ]);
    const nobody = await api("GET", "/api/meetings?hostId=nobody", { token: owner.token });
    expect([nobody.status, nobody.json.data]).toEqual([200, []]);
  });

  it("refuses an overlong hostId with a clear message", async () => {
    const r = await api("GET", `/api/meetings?hostId=${"x".repeat(101)}`, { token: owner.token });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json)).toContain("hostId must be a member's id, or none.");
  });
});
