import { isbot } from "isbot";
import { VitalsBeaconSchema } from "~/domain/insights/vitals";
import { recordVitals } from "~/domain/insights/vitals.server";
import { type LimitBucket, withClientLimit } from "~/domain/limits/client-limits.server";
import { endpointGroup, failure } from "~/http/api/endpoint.server";
import { ErrorResponseSchema, pickErrors } from "~/http/api/schemas";
import { config } from "~/lib/config.server";

/** A beacon is a path and five numbers: well under 1 KB. Anything larger is not a beacon. */
export const MAX_VITALS_BYTES = 2048;

/** The answers of a browser's beacon (page speed, an in-app page view). */
export const beaconResponses = (done: string) => ({
  204: { description: `${done} (or page analytics are off)` },
  ...pickErrors(400, 403, 429),
  413: { description: "Body larger than 2 KB", schema: ErrorResponseSchema },
});

/**
 * What a beacon is refused or skipped for, before anything is written: too large (413), no or a
 * bot's user agent (403), page analytics off (204). Null when it may be recorded.
 */
export function beaconTurnedAway(request: Request, rawBody: string, bots: string): Response | null {
  if (new TextEncoder().encode(rawBody).length > MAX_VITALS_BYTES) {
    return failure(413, "Request body is too large (limit 2 KB).");
  }
  const userAgent = request.headers.get("User-Agent") ?? "";
  if (userAgent === "" || isbot(userAgent)) return failure(403, bots);
  if (config().PAGE_ANALYTICS !== "on") return new Response(null, { status: 204 });
  return null;
}

/**
 * Takes a beacon: refused or skipped as `beaconTurnedAway` says, else recorded by `record` (given
 * the browser's user agent) within the client's hourly `limit`; 204 either way it is taken.
 */
export async function takeBeacon(
  request: Request,
  rawBody: string,
  { bots, limit, record }: { bots: string; limit: LimitBucket; record: (userAgent: string) => Promise<unknown> },
): Promise<Response> {
  const turnedAway = beaconTurnedAway(request, rawBody, bots);
  if (turnedAway) return turnedAway;
  const userAgent = request.headers.get("User-Agent") ?? "";
  await withClientLimit(limit, request, () => record(userAgent));
  return new Response(null, { status: 204 });
}

/*
 * Real visitors' page speed (issue 28 item 3, decision 091): the browser's beacon. Same-origin
 * only (the dispatcher refuses cross-site bodies), bots refused, a per-client hourly limit, and
 * nothing stored that names the visitor.
 */
const browser = endpointGroup("Insights", "public");

export const endpoints = [
  browser.post("/api/vitals", {
    summary:
      "A page's real-user speed from the visitor's browser, once per page: `{path, metrics: {LCP?, INP?, CLS?, TTFB?, HYDRATION?}}` (milliseconds; CLS unitless). Same-origin, at most 2 KB, 120 an hour per client; bots refused",
    body: VitalsBeaconSchema,
    responses: beaconResponses("Stored"),
    handler: ({ request, rawBody, body }) =>
      takeBeacon(request, rawBody, {
        bots: "Bots are not measured.",
        limit: "vitals",
        record: (userAgent) => recordVitals(body, userAgent, new Date()),
      }),
  }),
];
