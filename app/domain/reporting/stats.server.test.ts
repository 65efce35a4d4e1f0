import { describe, expect, it } from "vitest";
import { addMeeting, addPost, addUser, NO_STATS } from "../../../tests/helpers/console-data";
import { roundTrips } from "../../../tests/helpers/round-trips";
import { dashboardOverview, dashboardStats, percent, quickInsights } from "./stats.server";
import { dashboardTrends } from "./trends.server";

describe("dashboard stats", () => {
  // Runs first: the file's database starts empty.
  it("with nothing stored, every figure is 0 and the insights are 0%, never NaN", async () => {
    const stats = await dashboardStats();
    expect(stats).toEqual(NO_STATS);
    expect(quickInsights(stats)).toEqual({ meetingConversion: 0, contentProduction: 0, userGrowth: 0 });
    const overview = await dashboardOverview();
    expect(overview.recentMeetings).toEqual([]);
    expect(overview.recentPosts).toEqual([]);
  });

  it("counts meetings, posts and users, and the meetings created in the last 7 days", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    await addMeeting({ status: "scheduled", createdDaysAgo: 0, now });
    await addMeeting({ status: "scheduled", createdDaysAgo: 6.9, now });
    await addMeeting({ status: "confirmed", createdDaysAgo: 7.1, now });
    await addMeeting({ status: "cancelled", createdDaysAgo: 30, now });
    await addPost({ status: "published" });
    await addPost({ status: "published" });
    await addPost({ status: "draft" });
    await addUser({ plan: "trial" });
    await addUser({ plan: "trial" });
    await addUser({ plan: "standard" });
    await addUser({ plan: "free" });

    const stats = await dashboardStats(now);
    expect(stats).toEqual({
      totalMeetings: 4,
      pendingMeetings: 2,
      totalBlogs: 3,
      publishedBlogs: 2,
      totalUsers: 4,
      trialUsers: 2,
      recentActivity: 2,
    });
    // Pending / total and published / total, as whole percentages.
    expect(quickInsights(stats)).toEqual({ meetingConversion: 50, contentProduction: 67, userGrowth: 4 });
    // A week later, none of them is recent any more.
    expect((await dashboardStats(new Date(now.getTime() + 8 * 86_400_000))).recentActivity).toBe(0);
  });

  it("the overview lists the five most recent meetings and posts, newest first", async () => {
    const now = new Date("2031-01-01T00:00:00Z"); // after every row of the other tests
    for (let i = 0; i < 7; i++) await addMeeting({ name: `Recent ${i}`, createdDaysAgo: i / 100, now });
    for (let i = 0; i < 7; i++) {
      await addPost({ title: `Post ${i}`, createdAt: new Date(now.getTime() + (10 - i) * 1000) });
    }
    const overview = await dashboardOverview(now);
    expect(overview.recentMeetings.map((m) => m.name)).toEqual([
      "Recent 0",
      "Recent 1",
      "Recent 2",
      "Recent 3",
      "Recent 4",
    ]);
    expect(overview.recentPosts.map((p) => p.title)).toEqual(["Post 0", "Post 1", "Post 2", "Post 3", "Post 4"]);
  });

  it("the overview reads everything it shows in one round trip: one batch holding every statement", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const { result: overview, trips } = await roundTrips(() => dashboardOverview(now, "Asia/Kolkata"));
    // Stats, recent meetings, recent posts and the three trend reads; nothing prepared outside the batch.
    expect(trips).toEqual({ prepared: 6, batches: [6] });
    // The same figures as the endpoints that read them apart.
    expect(overview.stats).toEqual(await dashboardStats(now));
    expect(overview.insights).toEqual(quickInsights(overview.stats));
    expect(overview.trends).toEqual(await dashboardTrends(now, "Asia/Kolkata"));
  });

  it("the stats are one statement", async () => {
    const { trips } = await roundTrips(() => dashboardStats());
    expect(trips).toEqual({ prepared: 1, batches: [] });
  });
});

describe("percent", () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [1, 3, 33],
    [2, 3, 67],
    [3, 3, 100],
    [Number.NaN, 3, 0],
  ])("percent(%d, %d) = %d", (part, total, expected) => {
    expect(percent(part, total)).toBe(expected);
  });
});
