import { layout, type RouteConfig, route } from "@react-router/dev/routes";
import { PUBLIC_RESOURCE, withOwnPolicy } from "./http/route-policy";
import { adminRoutes } from "./routes/admin/routes";
import { apiRoutes } from "./routes/api/routes";
import { blogRoutes } from "./routes/blog/routes";
import { demoRoutes } from "./routes/demo/routes";
import { marketingRoutes } from "./routes/marketing/routes";
import { newsletterRoutes } from "./routes/newsletter/routes";
import { privacyRequestRoutes } from "./routes/privacy-requests/routes";
import { resourceRoutes } from "./routes/resources/routes";
import { trialRoutes } from "./routes/trial/routes";

/**
 * Explicit route config, one list per area (each area owns its `routes.ts`). Every route declares
 * its request policy there, once (app/http/route-policy.ts, decision 061).
 */
export default [
  // Public pages share the site header and footer; /admin never does.
  layout("routes/site-layout.tsx", [
    ...marketingRoutes,
    ...blogRoutes,
    ...demoRoutes,
    ...trialRoutes,
    ...newsletterRoutes,
    ...privacyRequestRoutes,
    withOwnPolicy(PUBLIC_RESOURCE, route("*", "routes/not-found.tsx")),
  ]),
  ...adminRoutes,
  ...apiRoutes,
  ...resourceRoutes,
] satisfies RouteConfig;
