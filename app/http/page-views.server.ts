import { env } from "cloudflare:workers";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { isbot } from "isbot";
import { isCountedPath } from "~/domain/insights/beacon";
import { type Visit, visitOf } from "~/domain/insights/visit";
import { config, siteUrl } from "~/lib/config.server";

/*
 * Page views counted on the server (issue 28 item 1, decision 090). The Worker hands every
 * answered request here after the response is made — rendered or from the edge cache, with or
 * without JavaScript — and a public page view is written with `ctx.waitUntil`: after the
 * response, never on the visitor's critical path. No cookie is read or set; nothing stored
 * names the visitor: a unique visitor is a hash of the day's random salt, the client address
 * and the user agent, and the salt is deleted once the day is over, so the same visitor is one
 * within a day and unlinkable across days.
 */

/**
 * A macrotask later: the response's body goes out before the count's work starts (locally D1
 * runs on the Worker's own thread, and its write would hold back the last chunks of the page).
 */
const afterResponse = () => new Promise<void>((resolve) => setTimeout(resolve, AFTER_RESPONSE_MS));
const AFTER_RESPONSE_MS = 5;

/** Today's salt, per isolate: a plain value (a day and a string), never a pending promise. */
let cachedSalt: { day: string; salt: string } | undefined;

/**
 * Whether `response` to `request` is a public page a person loaded. Only full page loads count:
 * React Router's route data (`/pricing.data`) is fetched for a hydrated navigation and also for a
 * form's fetcher and the revalidation after a submit, which a request cannot tell apart, so a
 * hydrated visitor's in-app navigations are not counted here: the browser reports each one to
 * `POST /api/page-views`, which counts it with `recordView` like a full load (decision 091).
 */
export function isPageView(request: Request, response: Response): boolean {
  if (request.method !== "GET" || response.status !== 200) return false;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  const { pathname } = new URL(request.url);
  if (!isCountedPath(pathname)) return false;
  // A browser's speculative prefetch or prerender is not a view: it may never be shown.
  if (/prefetch|prerender/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "")) {
    return false;
  }
  const userAgent = request.headers.get("User-Agent") ?? "";
  return userAgent !== "" && !isbot(userAgent);
}

/** The day's salt: made by the first view of the day (any isolate), read by the rest; older days' are deleted. */
async function saltOf(day: string, database: D1Database): Promise<string> {
  if (cachedSalt?.day === day) return cachedSalt.salt;
  const fresh = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  const [, , read] = await database.batch<{ salt: string }>([
    database
      .prepare("INSERT INTO analytics_salts (day, salt) VALUES (?1, ?2) ON CONFLICT (day) DO NOTHING")
      .bind(day, fresh),
    database.prepare("DELETE FROM analytics_salts WHERE day < ?1").bind(day),
    database.prepare("SELECT salt FROM analytics_salts WHERE day = ?1").bind(day),
  ]);
  const salt = read?.results[0]?.salt ?? fresh;
  cachedSalt = { day, salt };
  return salt;
}

/** The visitor's hash for `day`: SHA-256 of the salt, the client address and the user agent. */
export async function visitorHash(salt: string, request: Request): Promise<string> {
  const parts = [salt, request.headers.get("CF-Connecting-IP") ?? "", request.headers.get("User-Agent") ?? ""];
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\n")));
  return encodeBase64urlNoPadding(new Uint8Array(digest).slice(0, 16));
}

/** Writes one view: a new row, or one more on the visitor's row for this path and source that day. */
export async function recordView(request: Request, at: Date, database: D1Database = env.DB): Promise<Visit> {
  const url = new URL(request.url);
  const own = [url.hostname.toLowerCase(), new URL(siteUrl()).hostname.toLowerCase()];
  const visit = visitOf(
    url,
    {
      referer: request.headers.get("Referer"),
      country: request.headers.get("CF-IPCountry"),
      userAgent: request.headers.get("User-Agent") ?? "",
    },
    own,
    at,
  );
  const visitor = await visitorHash(await saltOf(visit.day, database), request);
  await database
    .prepare(
      `INSERT INTO page_views (day, visitor, path, source, campaign, country, device, views)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1)
       ON CONFLICT (day, visitor, path, source, campaign, country, device) DO UPDATE SET views = views + 1`,
    )
    .bind(visit.day, visitor, visit.path, visit.source, visit.campaign, visit.country, visit.device)
    .run();
  return visit;
}

/**
 * Counts `response` when it is a public page view, after the response (`ctx.waitUntil`). A
 * failed write is logged and lost: a missing view never fails a page.
 */
export function countPageView(request: Request, response: Response, ctx: ExecutionContext, at = new Date()): void {
  if (config().PAGE_ANALYTICS !== "on" || !isPageView(request, response)) return;
  ctx.waitUntil(
    afterResponse()
      .then(() => recordView(request, at))
      .then(
        () => undefined,
        (error) => console.error("page view not counted", error),
      ),
  );
}
