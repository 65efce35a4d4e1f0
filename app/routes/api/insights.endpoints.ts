import { z } from "zod";
import { funnel, traffic } from "~/domain/insights/insights.server";
import { FUNNEL_BY, FUNNEL_STEPS, RangeQuerySchema, resolveRange } from "~/domain/insights/range";
import { endpointGroup, failure } from "~/http/api/endpoint.server";
import { named, ok } from "~/http/api/schemas";

/*
 * Insights for Marketing and above (issue 28 items 2 and 6; decision 090): traffic counted on
 * the server without cookies, and the funnel from a visit to an approved trial.
 */

const n = z.number().int().min(0);
const BreakdownSchema = named(
  z.object({
    key: z.string().describe('The path, source, campaign or country code; "" = none (direct, no campaign, unknown)'),
    views: n,
    visitors: n.describe("Unique visitors of each day, summed over the range"),
  }),
  "InsightsBreakdown",
);
const breakdown = (what: string) => z.array(BreakdownSchema).describe(`By ${what}, most viewed first (at most 50)`);

const TrafficSchema = z.object({
  views: n,
  visitors: n.describe(
    "Unique visitors of each day, summed: a visitor's hash changes every day, so days are unlinkable",
  ),
  byPath: breakdown("path"),
  bySource: breakdown("source (utm_source, else the referring host)"),
  byCampaign: breakdown("campaign (utm_campaign)"),
  byCountry: breakdown("country (ISO 3166 alpha-2)"),
});

const FunnelStepSchema = z.object({
  id: z.enum(FUNNEL_STEPS.map((s) => s.id) as [string, ...string[]]),
  count: n,
  rate: z
    .number()
    .min(0)
    .nullable()
    .describe("This step's count over the previous step's; null for the first step or after a 0"),
});
const FunnelSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  by: z.enum(FUNNEL_BY),
  steps: z
    .array(FunnelStepSchema.extend({ label: z.string() }))
    .describe("Visits → demo booked → attended (a completed meeting) → trial started → email verified → approved"),
  groups: z
    .array(
      z.object({ key: z.string().describe('"" = none (direct, or no campaign)'), steps: z.array(FunnelStepSchema) }),
    )
    .describe("The same steps per source, campaign, landing page or blog post (at most 50)"),
});

const FunnelQuerySchema = RangeQuerySchema.extend({
  by: z
    .enum(FUNNEL_BY, { error: `by must be one of: ${FUNNEL_BY.join(", ")}.` })
    .default("source")
    .describe("Group by the lead's first-touch source, campaign, landing page or blog post"),
});

/** The range of days a query asks for; ends out of order or a span over a year answer 400 with why. */
function requireRange(query: { from?: string; to?: string }) {
  const { range, error } = resolveRange(query, new Date());
  if (error !== undefined) throw failure(400, error);
  return range;
}

const admin = endpointGroup("Insights", "admin");

export const endpoints = [
  admin.get("/api/insights/traffic", {
    summary: "Page views and unique visitors of a range of UTC days, by path, source, campaign and country",
    permission: "read:analytics:any",
    query: RangeQuerySchema,
    responses: ok("Traffic", TrafficSchema, [400, 401, 403]),
    async handler({ query }) {
      const range = requireRange(query);
      const { views, visitors, byPath, bySource, byCampaign, byCountry } = await traffic(range);
      return { success: true, data: { views, visitors, byPath, bySource, byCampaign, byCountry } };
    },
  }),
  admin.get("/api/insights/funnel", {
    summary:
      "The funnel of a range (visits → demo booked → attended → trial started → email verified → approved) by source, campaign, landing page or blog post, joined through each lead's first touch",
    permission: "read:analytics:any",
    query: FunnelQuerySchema,
    responses: ok("The funnel", FunnelSchema, [400, 401, 403]),
    async handler({ query }) {
      const range = requireRange(query);
      return { success: true, data: await funnel(range, query.by) };
    },
  }),
];
