import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { VISITOR_PAGE, withPolicy } from "../../http/route-policy";

/** The footer's newsletter box: subscribe, confirm (double opt-in), unsubscribe. */
export const newsletterRoutes: RouteConfigEntry[] = withPolicy(VISITOR_PAGE, [
  route("newsletter", "routes/newsletter/subscribe.tsx"),
  route("newsletter/confirm", "routes/newsletter/confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter/unsubscribe.tsx"),
]);
