import { TEAM_ROLES, type TeamRole } from "../../lib/team-roles";

/*
 * The team's permission table (decision 064), as data: what each role may do, as
 * action × entity × own/any (the Epic Stack's model). Pure and imported with relative paths,
 * because the route table (app/routes.ts, evaluated by React Router's config loader outside the
 * app's aliases) declares each console route's permission from it, and the endpoint registry
 * declares each /api operation's. The guards (app/http/guards.server.ts) check them on the server;
 * the console reads `can` to hide what a role may not use.
 */

export const ACTIONS = ["read", "create", "update", "delete", "publish", "submit", "export"] as const;
export const ENTITIES = [
  /** The overview and the console's own chrome: every member. */
  "dashboard",
  /** Dashboard stats and trends. */
  "analytics",
  "meeting",
  "callback",
  /** The booking calendar of demo meetings ("own": the meetings a member may handle). */
  "calendar",
  /** Trial sign-ups and their decisions, welcome emails and codes. */
  "trial",
  /** Subscriptions' billing changes (create, purchase, upgrade, renew, cancel) and webhooks. */
  "billing",
  /** Contact data of demo requests, callbacks, trials and subscribers, as read-only lists and CSV. */
  "lead",
  "blog-post",
  "subscriber",
  /** The outgoing email log. */
  "email-log",
  "audit-log",
  /** Members, approvals and roles. */
  "team",
  /** The Owner role itself: making or unmaking an Owner. */
  "ownership",
  /** One's own account: profile, password, two-factor, sessions. */
  "account",
  /** CRM webhook endpoints, their secrets and delivery logs (issue 26): Owners and Admins. */
  "integration",

  /** The scheduling rules of the demo calendar (Settings → Scheduling, issue 27). */
  "scheduling",
  /** Newsletter issues: compose, preview, test copies, send (issue 28, decision 092): Marketing and above. */
  "newsletter",

  /** A person's data on request: what is held about an email, its export and erasure (issue 29, decision 088). */
  "person",
] as const;
export const ACCESSES = ["own", "any"] as const;

export type Action = (typeof ACTIONS)[number];
export type Entity = (typeof ENTITIES)[number];
export type Access = (typeof ACCESSES)[number];
/** A named permission: `update:blog-post:own`. `any` includes `own`. */
export type Permission = `${Action}:${Entity}:${Access}`;

const every = <const T extends readonly Permission[]>(...list: T) => list;

const ACCOUNT = every("read:account:own", "update:account:own", "read:dashboard:any");
const SALES = every(
  ...ACCOUNT,
  "read:meeting:any",
  "update:meeting:any",
  "read:callback:any",
  "update:callback:any",
  "read:calendar:own",
  "read:trial:any",
  "update:trial:any",
  "read:lead:any",
  "update:lead:any",
  "export:lead:any",
);
const MARKETING = every(
  ...ACCOUNT,
  "read:blog-post:any",
  "create:blog-post:any",
  "update:blog-post:any",
  "delete:blog-post:any",
  "submit:blog-post:any",
  "publish:blog-post:any",
  "read:subscriber:any",
  "update:subscriber:any",
  "read:analytics:any",
  "read:lead:any",
  "read:newsletter:any",
  "create:newsletter:any",
  "update:newsletter:any",
);
const AUTHOR = every(
  ...ACCOUNT,
  "read:blog-post:own",
  "create:blog-post:own",
  "update:blog-post:own",
  "submit:blog-post:own",
);
/** Everything a role can hold; the Owner holds all of it. */
const EVERYTHING: readonly Permission[] = ENTITIES.flatMap((entity) =>
  ACTIONS.map((action): Permission => `${action}:${entity}:any`),
);

/** The table: each role's grants. */
export const ROLE_GRANTS: Readonly<Record<TeamRole, readonly Permission[]>> = {
  owner: EVERYTHING,
  /** Everything but ownership: an Admin cannot make, demote or remove an Owner. */
  admin: EVERYTHING.filter((p) => !p.includes(":ownership:")),
  sales: SALES,
  marketing: MARKETING,
  author: AUTHOR,
};

const grantSets = new Map(TEAM_ROLES.map((role) => [role, new Set<string>(ROLE_GRANTS[role])]));

/**
 * Whether `role` holds `permission`. A grant on `any` covers `own`; a role of null (an account
 * still waiting for approval) holds nothing.
 */
export function can(role: TeamRole | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  const grants = grantSets.get(role);
  if (!grants) return false;
  if (grants.has(permission)) return true;
  return permission.endsWith(":own") && grants.has(`${permission.slice(0, -":own".length)}:any`);
}

/**
 * What a route or an endpoint needs: `null` = any approved member (their own account, signing
 * out, the overview's chrome). A console route names one for reading it (GET) and one for its
 * action (a form post), which defaults to the reading one.
 */
export type Need = Permission | null;
export type RoutePermission = { view: Need; change?: Need };

/** The permission a request of this method needs under a route's declaration. */
export function neededFor(declared: RoutePermission, method: string): Need {
  const reading = method === "GET" || method === "HEAD";
  return reading ? declared.view : declared.change === undefined ? declared.view : declared.change;
}

export const mayHold = (role: TeamRole | null | undefined, need: Need) =>
  need === null ? Boolean(role) : can(role, need);

/** Who may manage the team (approve, change roles, remove): Owners and Admins. */
export const mayManageTeam = (role: TeamRole | null | undefined) => can(role, "update:team:any");

/** Only an Owner may give or take the Owner role. */
export const mayManageOwnership = (role: TeamRole | null | undefined) => can(role, "update:ownership:any");

/** The sentence a refused member reads (page and API). */
export const FORBIDDEN_MESSAGE = "Your role does not allow this. Ask an Owner or Admin if you need it.";

export const OWNER_ONLY = "Only an Owner can make or unmake an Owner.";

/** The roles as the console names them. */
export const ROLE_LABELS: Readonly<Record<TeamRole, string>> = {
  owner: "Owner",
  admin: "Admin",
  sales: "Sales",
  marketing: "Marketing",
  author: "Author",
};
