import { data, href, redirect } from "react-router";
import { can, FORBIDDEN_MESSAGE, mayHold, type Need, neededFor, type Permission } from "~/domain/accounts/permissions";
import { hasSecondFactor, secondFactorRequired } from "~/domain/accounts/second-factor.server";
import { type ActiveSession, findSession } from "~/domain/accounts/sessions.server";
import { config } from "~/lib/config.server";
import { AppError } from "~/lib/errors";
import { SESSION_COOKIE } from "./cookies.server";
import { requestPolicy, routePolicy } from "./request-policy.server";

export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

type Credentials = { token: string; source: "cookie" | "bearer" } | null;

async function credentials(request: Request): Promise<Credentials> {
  const header = request.headers.get("Authorization");
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), source: "bearer" };
  const token = await SESSION_COOKIE.read(request);
  return token ? { token, source: "cookie" } : null;
}

const isApi = (request: Request) => requestPolicy(request).caller === "api";

type Lookup = { creds: Credentials; session: ActiveSession | null };
/**
 * Each request's session look-up, made once: a console page runs two or three guarded loaders
 * (the dashboard layout, the settings layout, the page) on the same `Request`, and each would
 * otherwise hash the token and read the session again (decision 038). Keyed by the `Request`
 * object, so an entry belongs to one request and goes with it: no request ever awaits another's
 * look-up (decision 037). After an action React Router runs the loaders with a new `Request`, so
 * a session the action ended is looked up afresh.
 */
const lookups = new WeakMap<Request, Promise<Lookup>>();

function lookUp(request: Request): Promise<Lookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = credentials(request).then(async (creds) => ({
      creds,
      session: creds ? await findSession(creds.token) : null,
    }));
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The signed-in admin (any status), or null. */
export async function getSession(request: Request): Promise<ActiveSession | null> {
  return (await lookUp(request)).session;
}

/**
 * Any signed-in account, including one still waiting for approval. Pages are sent
 * to the login screen; `/api` callers get a 401.
 */
export async function requireSignedIn(request: Request): Promise<ActiveSession> {
  const { creds, session } = await lookUp(request);
  if (session) return session;
  if (isApi(request)) {
    throw new AppError(401, creds ? "Authentication expired. Please login again." : "Authentication required.");
  }
  // A cookie that no longer maps to a session (or cannot be read at all): say so, and drop it.
  const stale = creds !== null || SESSION_COOKIE.has(request);
  throw redirect(stale ? `${href("/admin")}?session=ended` : href("/admin"), {
    headers: stale ? { "Set-Cookie": await SESSION_COOKIE.clear(request) } : undefined,
  });
}

/**
 * An approved member, whatever their role: for the console's layouts, which show only what the
 * role may use and leave the page's own permission to the page. Pending accounts see the waiting
 * page (pages) or a 403 (`/api`).
 */
export async function requireMember(request: Request): Promise<ActiveSession> {
  const session = await requireSignedIn(request);
  if (session.admin.status === "active") {
    await requireTwoFactorEnrolment(request, session);
    return session;
  }
  if (isApi(request)) {
    throw new AppError(403, "Your account is waiting for approval by an administrator.");
  }
  throw redirect(href("/admin/pending"));
}

/**
 * An approved member whose role holds the permission the route declares in the route table
 * for this request's method (decision 064): every console loader and action calls it. A console
 * route that declares none refuses everyone, so a forgotten declaration fails closed. `/api`
 * endpoints check their own declared permission (`requirePermission`, app/http/api).
 */
export async function requireAdmin(request: Request): Promise<ActiveSession> {
  const session = await requireMember(request);
  const policy = requestPolicy(request);
  if (policy.caller !== "admin") return session;
  requirePermission(request, session, policy.permission && neededFor(policy.permission, request.method));
  return session;
}

/**
 * Throws the 403 (a page or `{success:false, error}`) unless the member's role holds `need`;
 * an undeclared need (undefined) refuses everyone.
 */
export function requirePermission(request: Request, session: ActiveSession, need: Need | undefined) {
  if (need === undefined || !mayHold(session.admin.role, need)) throw forbidden(request);
}

/**
 * For what a member may do to their own things only (decision 064): a role holding `permission`
 * (an `any` grant) may act on anything; a role holding only its `own` form may act on what
 * `ownerId` says is theirs. Everyone else gets the 403.
 */
export function requireOwn(
  request: Request,
  session: ActiveSession,
  permission: `${string}:any` & Permission,
  ownerId: string | null | undefined,
) {
  const { role, id } = session.admin;
  if (can(role, permission)) return;
  const own = permission.replace(/:any$/, ":own") as Permission;
  if (can(role, own) && ownerId === id) return;
  throw forbidden(request);
}

/**
 * Whether the member's role may open the console page at `path` (a GET), by the permission the
 * route table declares for it: the side menu, the settings tabs, buttons and links ask this, so
 * what the console shows and what the server allows are the same answer.
 */
export function mayOpen(session: ActiveSession, path: string): boolean {
  const declared = routePolicy(new URL(path, "http://console").pathname).permission;
  return declared !== undefined && mayHold(session.admin.role, neededFor(declared, "GET"));
}

/** Whether the member's role may post the forms of the console page at `path`. */
export function mayChange(session: ActiveSession, path: string): boolean {
  const declared = routePolicy(new URL(path, "http://console").pathname).permission;
  return declared !== undefined && mayHold(session.admin.role, neededFor(declared, "POST"));
}

function forbidden(request: Request) {
  return isApi(request) ? new AppError(403, FORBIDDEN_MESSAGE) : data(FORBIDDEN_MESSAGE, { status: 403 });
}

/**
 * For endpoints that also serve visitors (`optional` access): the caller's session, or null.
 * A signed-in caller is held to what signed-in endpoints require: with REQUIRE_2FA an active
 * admin without two-factor sign-in gets the same 403 here as anywhere (decision 041), so an
 * optional endpoint cannot become a way around enrolment (drafts through GET /api/blogs).
 */
export async function optionalSession(request: Request): Promise<ActiveSession | null> {
  const session = await getSession(request);
  if (session?.admin.status === "active") await requireTwoFactorEnrolment(request, session);
  return session;
}

/** For the login screen: a signed-in visitor goes straight to the dashboard. */
export async function requireAnonymous(request: Request) {
  const session = await getSession(request);
  if (session) throw redirect(session.admin.status === "active" ? href("/admin/dashboard") : href("/admin/pending"));
}

export const SECURITY_PATH = href("/admin/dashboard/settings/security");
export const TWO_FACTOR_REQUIRED = "Two-factor sign-in is required for your role. Set it up to continue.";

/**
 * A member of a role REQUIRE_2FA names (decision 067) without a second factor reaches only the
 * routes whose policy says `beforeTwoFactor` (decision 061): the Security page (to enrol), the
 * enrolment and session endpoints of the API, and signing out.
 */
async function requireTwoFactorEnrolment(request: Request, session: ActiveSession) {
  if (!secondFactorRequired(session.admin.role, config().REQUIRE_2FA)) return;
  if (requestPolicy(request).beforeTwoFactor) return;
  if (await hasSecondFactor(session.admin.id)) return;
  if (isApi(request)) throw new AppError(403, TWO_FACTOR_REQUIRED);
  throw redirect(`${SECURITY_PATH}?required=1`);
}
