import { env } from "cloudflare:workers";
import { inDbSession } from "~/db/client.server";
import { BOOKMARK_COOKIE } from "./cookies.server";
import { carriesCredentials, requestPolicy } from "./request-policy.server";

/*
 * Consistency model (decision 015). D1's Sessions API gives each request a sequentially
 * consistent view that starts at a constraint or at a bookmark (a point in the database's
 * history). Writes and admins start at the primary: they see everything committed. Visitors
 * start anywhere (the nearest replica) unless they carry a bookmark from an earlier write of
 * theirs, which the replica serving them must have reached: a visitor reads their own writes.
 * The bookmark travels in a short-lived cookie set on answers to writes (BOOKMARK_COOKIE, 300 s),
 * or in the `x-d1-bookmark` header on /api (sent back on every /api answer).
 */

export const BOOKMARK_HEADER = "x-d1-bookmark";
/** D1 bookmarks are dash-separated hex numbers; anything else is ignored, never sent to D1. */
const BOOKMARK_FORMAT = /^[0-9a-f]{1,32}(?:-[0-9a-f]{1,64}){1,7}$/i;

const isApi = (request: Request) => requestPolicy(request).caller === "api";
const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** Routes that read at the primary (`d1` in their policy, decision 061), and every signed-in caller. */
function startsAtPrimary(request: Request) {
  // Presence of credentials is enough to start at the primary; the guards check them.
  return requestPolicy(request).d1 === "primary" || carriesCredentials(request);
}

/** The bookmark the client sent (header on /api, else the cookie), when well formed. */
export async function requestBookmark(request: Request): Promise<string | null> {
  const sent = isApi(request) ? request.headers.get(BOOKMARK_HEADER) : await BOOKMARK_COOKIE.read(request);
  return sent && BOOKMARK_FORMAT.test(sent) ? sent : null;
}

/** Where this request's session starts. */
export async function sessionStart(request: Request): Promise<D1SessionConstraint | D1SessionBookmark> {
  if (!isRead(request) || startsAtPrimary(request)) return "first-primary";
  return (await requestBookmark(request)) ?? "first-unconstrained";
}

/**
 * Runs a request's handler with `db()` reading through a D1 session, then hands the session's
 * bookmark back: as `x-d1-bookmark` on /api answers, as a cookie on answers to other writes
 * (never on reads, so public pages stay cacheable).
 */
export async function withDbSession(request: Request, handler: () => Promise<Response>): Promise<Response> {
  const session = env.DB.withSession(await sessionStart(request));
  const response = await inDbSession(session, handler);
  const bookmark = session.getBookmark();
  if (!bookmark) return response;
  if (isApi(request)) {
    const out = new Response(response.body, response);
    out.headers.set(BOOKMARK_HEADER, bookmark);
    return out;
  }
  if (isRead(request)) return response;
  const out = new Response(response.body, response);
  out.headers.append("Set-Cookie", await BOOKMARK_COOKIE.serialize(request, bookmark));
  return out;
}
