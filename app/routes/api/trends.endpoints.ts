import { z } from "zod";
import { MEETING_STATUSES } from "~/db/schema";
import { dashboardTrends } from "~/domain/reporting/trends.server";
import { endpointGroup } from "~/http/api/endpoint.server";
import { ok } from "~/http/api/schemas";
import { config } from "~/lib/config.server";

const n = z.number().int().min(0);

const TrendsSchema = z.object({
  timezone: z.string().describe("Weeks (from Monday) and months are counted in this timezone"),
  meetingsPerWeek: z
    .array(
      z.object({
        start: z.string().describe("ISO 8601 start of the week"),
        label: z.string(),
        counts: z.object(Object.fromEntries(MEETING_STATUSES.map((s) => [s, n])) as Record<string, typeof n>),
        total: n,
      }),
    )
    .describe("Demo meetings booked per week, last 12 weeks, oldest first, by current status"),
  trialFunnel: z.object({
    since: z.string().describe("Signups from this instant (30 days ago)"),
    steps: z.array(
      z.object({ id: z.string(), label: z.string(), count: n, drop: n.describe("Lost since the previous step") }),
    ),
  }),
  postsPerMonth: z
    .array(z.object({ start: z.string(), label: z.string(), count: n }))
    .describe("Blog posts published per month, last 12 months, oldest first"),
});

const admin = endpointGroup("Dashboard", "admin");

export const endpoints = [
  admin.get("/api/dashboard/trends", {
    summary: "Overview trends: meetings per week, the trial funnel of the last 30 days, posts per month",
    permission: "read:analytics:any",
    responses: ok("Trends", TrendsSchema, [401, 403]),
    async handler() {
      return { success: true, data: await dashboardTrends(new Date(), config().BUSINESS_TIMEZONE) };
    },
  }),
];
