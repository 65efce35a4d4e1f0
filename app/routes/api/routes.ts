import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { API, type RoutePolicy, withOwnPolicy, withPolicy } from "../../http/route-policy";

/**
 * The API reference page: built from the endpoint declarations alone, the same HTML for everyone
 * (the theme is in the cache key), so kept at the edge like a marketing page, out of the sitemap.
 */
const API_DOCS: RoutePolicy = { caller: "public", body: "form", cache: "page", d1: "nearest" };

export const apiRoutes: RouteConfigEntry[] = withPolicy(API, [
  route("api/openapi.json", "routes/api/openapi-json.ts"),
  withOwnPolicy(API_DOCS, route("api/docs", "routes/api/docs.tsx")),
  // Every other /api path is served by the endpoint registry (app/routes/api/*.endpoints.ts);
  // these groups only say what kind of request each is (decision 061).
  // Admin endpoints read at the primary, as the console does.
  ...withPolicy({ ...API, d1: "primary" }, [
    route("api/admin/*", "routes/api/dispatch.ts", { id: "api-admin" }),
    route("api/integrations/*", "routes/api/dispatch.ts", { id: "api-integrations" }),
  ]),
  // With REQUIRE_2FA an admin without two-factor sign-in still reaches enrolment, their sessions and signing out.
  ...withPolicy({ ...API, beforeTwoFactor: true }, [
    route("api/auth/2fa/*", "routes/api/dispatch.ts", { id: "api-auth-2fa" }),
    route("api/auth/sessions/*", "routes/api/dispatch.ts", { id: "api-auth-sessions" }),
    // A passkey is a second factor too (decision 066): adding one is enrolment.
    route("api/auth/passkeys/*", "routes/api/dispatch.ts", { id: "api-auth-passkeys" }),
    route("api/auth/session", "routes/api/dispatch.ts", { id: "api-auth-session" }),
    route("api/auth/logout", "routes/api/dispatch.ts", { id: "api-auth-logout" }),
  ]),
  route("api/*", "routes/api/dispatch.ts"),
]);
