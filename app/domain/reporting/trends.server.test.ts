import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { addMeeting, addPost, addUser } from "../../../tests/helpers/console-data";
import { dashboardTrends, periodBounds } from "./trends.server";

const TZ = "Asia/Kolkata";

describe("dashboard trends", () => {
  // Runs first: the file's database starts empty.
  it("with no data: 12 empty weeks, 12 empty months and a funnel of zeros", async () => {
    const trends = await dashboardTrends(new Date("2026-11-22T10:00:00Z"), TZ);
    expect(trends.meetingsPerWeek).toHaveLength(12);
    expect(trends.meetingsPerWeek.every((w) => w.total === 0)).toBe(true);
    expect(trends.postsPerMonth).toHaveLength(12);
    expect(trends.postsPerMonth.every((m) => m.count === 0)).toBe(true);
    expect(trends.trialFunnel.steps.map((s) => [s.id, s.count, s.drop])).toEqual([
      ["signed-up", 0, 0],
      ["email-verified", 0, 0],
      ["approved", 0, 0],
      ["welcome-sent", 0, 0],
    ]);
  });

  it("weeks start on Monday in the business timezone and run across a year end", () => {
    // Wednesday 6 January 2027, 10:00 in Kolkata.
    const bounds = periodBounds("week", 12, new Date("2027-01-06T04:30:00Z"), TZ);
    expect(bounds).toHaveLength(13);
    // The current week began Monday 4 January 2027 at 00:00 IST = 3 January 18:30 UTC.
    expect(bounds[11]?.toISOString()).toBe("2027-01-03T18:30:00.000Z");
    expect(bounds[10]?.toISOString()).toBe("2026-12-27T18:30:00.000Z");
    expect(bounds[0]?.toISOString()).toBe("2026-10-18T18:30:00.000Z");
    expect(bounds[12]?.toISOString()).toBe("2027-01-10T18:30:00.000Z");
    const months = periodBounds("month", 12, new Date("2027-01-06T04:30:00Z"), TZ);
    expect(months[11]?.toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(months[0]?.toISOString()).toBe("2026-01-31T18:30:00.000Z");
  });

  it("buckets meetings by week and status across a year end", async () => {
    const now = new Date("2027-01-06T04:30:00Z");
    const at = (iso: string) => ({ createdDaysAgo: (now.getTime() - new Date(iso).getTime()) / 86_400_000, now });
    // The week of Mon 28 Dec 2026 (IST) holds 28 Dec, 31 Dec and 1 Jan.
    await addMeeting({ status: "scheduled", ...at("2026-12-27T19:00:00Z") }); // Mon 28 Dec 00:30 IST
    await addMeeting({ status: "confirmed", ...at("2026-12-31T12:00:00Z") });
    await addMeeting({ status: "cancelled", ...at("2027-01-01T06:00:00Z") });
    // Sunday 27 Dec 23:00 IST belongs to the week before.
    await addMeeting({ status: "completed", ...at("2026-12-27T17:30:00Z") });
    // This week, and one too old to show.
    await addMeeting({ status: "scheduled", ...at("2027-01-05T06:00:00Z") });
    await addMeeting({ status: "scheduled", ...at("2026-10-18T18:00:00Z") });

    const { meetingsPerWeek } = await dashboardTrends(now, TZ);
    const byLabel = Object.fromEntries(meetingsPerWeek.map((w) => [w.label, w]));
    expect(byLabel["Dec 28"]?.counts).toEqual({ scheduled: 1, confirmed: 1, cancelled: 1, completed: 0 });
    expect(byLabel["Dec 21"]?.counts.completed).toBe(1);
    expect(byLabel["Jan 4"]?.total).toBe(1);
    expect(meetingsPerWeek.reduce((s, w) => s + w.total, 0)).toBe(5);
    expect(meetingsPerWeek[0]?.label).toBe("Oct 19");
  });

  it("counts posts published per month and the trial funnel with its drops", async () => {
    const now = new Date("2027-01-06T04:30:00Z");
    await addPost({ status: "published", publishedAt: new Date("2027-01-02T10:00:00Z") });
    await addPost({ status: "published", publishedAt: new Date("2026-12-31T20:00:00Z") }); // 1 Jan IST
    await addPost({ status: "published", publishedAt: new Date("2026-12-15T10:00:00Z") });
    await addPost({ status: "draft", publishedAt: null });
    await addPost({ status: "published", publishedAt: new Date("2025-12-15T10:00:00Z") }); // too old
    const day = 86_400_000;
    const recent = new Date(now.getTime() - 5 * day);
    await addUser({ createdAt: recent });
    await addUser({ createdAt: recent, emailVerified: true });
    await addUser({ createdAt: recent, emailVerified: true, approvalStatus: "approved" });
    await addUser({ createdAt: recent, emailVerified: true, approvalStatus: "approved", emailSent: true });
    await addUser({ createdAt: new Date(now.getTime() - 31 * day), emailVerified: true }); // outside 30 days

    const trends = await dashboardTrends(now, TZ);
    expect(trends.postsPerMonth.at(-1)).toMatchObject({ label: "Jan 2027", count: 2 });
    expect(trends.postsPerMonth.at(-2)).toMatchObject({ label: "Dec 2026", count: 1 });
    expect(trends.postsPerMonth.reduce((s, m) => s + m.count, 0)).toBe(3);
    expect(trends.trialFunnel.steps.map((s) => [s.count, s.drop])).toEqual([
      [4, 0],
      [3, 1],
      [2, 1],
      [1, 1],
    ]);
  });

  it("GET /api/dashboard/trends needs an admin and answers the same shape", async () => {
    expect((await api("GET", "/api/dashboard/trends")).status).toBe(401);
    const { token } = await createAdmin();
    const r = await api("GET", "/api/dashboard/trends", { token });
    expect(r.status).toBe(200);
    expect(r.json.data.meetingsPerWeek).toHaveLength(12);
    expect(r.json.data.trialFunnel.steps).toHaveLength(4);
    expect(r.json.data.timezone).toBe(env.BUSINESS_TIMEZONE ?? TZ);
  });
});
