import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { VISITOR_PAGE, withPolicy } from "../../http/route-policy";

/** The footer's newsletter box: subscribe, confirm (double opt-in), unsubscribe. */
export const newsletterRoutes: RouteConfigEntry[] = withPolicy(VISITOR_PAGE, [
  route("newsletter", "routes/newsletter/subscribe.tsx"),
  route("newsletter/confirm", "routes/newsletter/confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter/unsubscribe.tsx"),
  // RFC 8058 one-click unsubscribe and tracked links of newsletter issues (decision 092)
  route("newsletter/unsubscribe/one-click", "routes/newsletter/one-click.ts"),
  route("newsletter/click", "routes/newsletter/click.ts"),
]);
