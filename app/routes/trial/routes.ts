import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { VISITOR_PAGE, withOwnPolicy, withPolicy } from "../../http/route-policy";

export const trialRoutes: RouteConfigEntry[] = withPolicy(VISITOR_PAGE, [
  withOwnPolicy({ ...VISITOR_PAGE, sitemap: true }, route("free-trial", "routes/trial/free-trial.tsx")),
  route("free-trial/verify", "routes/trial/verify.tsx"),
  route("free-trial/welcome", "routes/trial/welcome.tsx"),
]);
