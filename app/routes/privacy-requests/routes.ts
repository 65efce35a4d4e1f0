import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { VISITOR_PAGE, withPolicy } from "../../http/route-policy";

/** A visitor's export or erasure request and its emailed confirmation (issue 29, decision 088). */
export const privacyRequestRoutes: RouteConfigEntry[] = withPolicy(VISITOR_PAGE, [
  route("privacy/requests", "routes/privacy-requests/request.tsx"),
  route("privacy/requests/confirm", "routes/privacy-requests/confirm.tsx"),
]);
