import { index, type RouteConfigEntry } from "@react-router/dev/routes";

export const marketingRoutes: RouteConfigEntry[] = [index("routes/marketing/home.tsx")];
