import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** The footer's newsletter box: subscribe, confirm (double opt-in), unsubscribe. */
export const newsletterRoutes: RouteConfigEntry[] = [
  route("newsletter", "routes/newsletter/subscribe.tsx"),
  route("newsletter/confirm", "routes/newsletter/confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter/unsubscribe.tsx"),
];
