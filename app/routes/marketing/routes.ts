import { index, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { MARKETING_PAGE, VISITOR_PAGE, withOwnPolicy, withPolicy } from "../../http/route-policy";
import { BRAND } from "../../lib/brand";

/** The public marketing pages (spec §2): home, the five feature pages and pricing. */
export const marketingRoutes: RouteConfigEntry[] = withPolicy(MARKETING_PAGE, [
  index("routes/marketing/home.tsx"),
  route("custom-workflows", "routes/marketing/custom-workflows.tsx"),
  route(`what-is-${BRAND.slug}`, "routes/marketing/what-is.tsx"),
  route("no-code-required", "routes/marketing/no-code-required.tsx"),
  route("form-builder", "routes/marketing/form-builder.tsx"),
  route("integration", "routes/marketing/integration.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  withOwnPolicy(VISITOR_PAGE, route("pricing/contact-sales", "routes/marketing/contact-sales.tsx")),
  route("privacy", "routes/marketing/privacy.tsx"),
  withOwnPolicy(VISITOR_PAGE, route("privacy/withdraw", "routes/marketing/privacy-withdraw.tsx")),
]);
