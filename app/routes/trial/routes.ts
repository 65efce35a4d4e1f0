import { type RouteConfigEntry, route } from "@react-router/dev/routes";

export const trialRoutes: RouteConfigEntry[] = [
  route("free-trial", "routes/trial/free-trial.tsx"),
  route("free-trial/verify", "routes/trial/verify.tsx"),
  route("free-trial/welcome", "routes/trial/welcome.tsx"),
];
