import { z } from "zod";
import { isCountedPath } from "~/domain/insights/beacon";
import { endpointGroup } from "~/http/api/endpoint.server";
import { recordView } from "~/http/page-views.server";
import { beaconResponses, takeBeacon } from "./vitals.endpoints";

/**
 * A hydrated visitor's in-app navigation (decision 091): the page's path with its query (its
 * `utm_*` count as on a full load), a public page only.
 */
const PageViewBeaconSchema = z.strictObject({
  path: z
    .string({ error: "path must be a path." })
    .startsWith("/", { error: "path must be a path." })
    .max(2048, { error: "path must be a path." })
    .refine((path) => !path.startsWith("//") && isCountedPath(new URL(path, "https://flowlane.invalid").pathname), {
      error: "path must be a public page.",
    }),
});

/*
 * A hydrated visitor's in-app navigation, counted as a page view (issue 28 item 3, decision 091).
 * The Worker counts full loads itself (decision 090) but cannot tell a navigation's route data
 * from a fetcher's, so the browser reports each navigation after the first load, once. It is
 * counted by the same `recordView` as a full load, from this request's own address, user agent
 * and country: the same visitor hash, device class and bot refusal. Its referrer is this site, as
 * a click on one of its links would send, so the source is the page's `utm_source` or none.
 */
const browser = endpointGroup("Insights", "public");

export const endpoints = [
  browser.post("/api/page-views", {
    summary:
      "A hydrated visitor's in-app navigation, counted as a page view like a full load: `{path}` (with its query). Same-origin, at most 2 KB, 600 an hour per client; bots refused; the first load is counted by the server, never reported",
    body: PageViewBeaconSchema,
    responses: beaconResponses("Counted"),
    handler: ({ request, rawBody, body }) =>
      takeBeacon(request, rawBody, {
        bots: "Bots are not counted.",
        limit: "pageViews",
        record(userAgent) {
          const origin = new URL(request.url).origin;
          const view = new Request(new URL(body.path, origin), {
            headers: {
              "User-Agent": userAgent,
              "CF-Connecting-IP": request.headers.get("CF-Connecting-IP") ?? "",
              "CF-IPCountry": request.headers.get("CF-IPCountry") ?? "",
              Referer: `${origin}/`,
            },
          });
          return recordView(view, new Date());
        },
      }),
  }),
];
