import { type Attribution, nextAttribution, parseAttribution, touchOf } from "~/domain/leads/attribution";
import { siteUrl } from "~/lib/config.server";
import { ATTRIBUTION_COOKIE } from "./cookies.server";

/*
 * Attribution on the server, without JavaScript (issue 26 item 1, decision 071). The Worker
 * looks at every page a visitor is served — rendered or answered by the edge cache — and, when
 * the landing carries campaign data or another site's referrer, sets the signed attribution
 * cookie on the response, after the cache lookup: the stored page never carries it (and a
 * response with Set-Cookie is never stored anyway).
 */

/** The hosts that are this site: a link from one of its own pages is not a referrer. */
function ownHosts(request: Request) {
  return [new URL(request.url).hostname.toLowerCase(), new URL(siteUrl()).hostname.toLowerCase()];
}

/** The visitor's attribution (both touches), or null: none, altered (signature) or malformed. */
export async function requestAttribution(request: Request): Promise<Attribution | null> {
  if (!ATTRIBUTION_COOKIE.has(request)) return null;
  return parseAttribution(await ATTRIBUTION_COOKIE.read(request));
}

/** Whether a response is a page a visitor landed on (not an API answer, route data or a redirect). */
function isLanding(request: Request, response: Response) {
  if (request.method !== "GET") return false;
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/") || pathname.endsWith(".data")) return false;
  return response.status === 200 && (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/**
 * `response` with the attribution cookie set when this landing changes it (a first touch, or a
 * new campaign for the last touch); otherwise `response` as it is. A visit without attribution
 * sets nothing.
 */
export async function withAttribution(request: Request, response: Response, now = new Date()): Promise<Response> {
  if (!isLanding(request, response)) return response;
  const url = new URL(request.url);
  const touch = touchOf(url, request.headers.get("Referer"), ownHosts(request), now);
  if (!touch) return response;
  const next = nextAttribution(await requestAttribution(request), touch);
  if (!next) return response;
  const out = new Response(response.body, response);
  out.headers.append("Set-Cookie", await ATTRIBUTION_COOKIE.serialize(request, JSON.stringify(next)));
  return out;
}
