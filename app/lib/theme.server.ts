import { createCookieSessionStorage } from "react-router";
import { createThemeSessionResolver, isTheme, type Theme } from "remix-themes";
import { isLocalHttp } from "./cookies.server";

const ONE_YEAR = 60 * 60 * 24 * 365; // seconds

function resolverFor(secure: boolean) {
  return createThemeSessionResolver(
    createCookieSessionStorage({
      cookie: {
        name: "flowlane_theme",
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: ONE_YEAR,
      },
    }),
  );
}

const resolvers = { secure: resolverFor(true), local: resolverFor(false) };

export function themeSession(request: Request) {
  return (isLocalHttp(request) ? resolvers.local : resolvers.secure)(request);
}

/**
 * The theme to render on the server: the stored choice, else the browser's
 * `Sec-CH-Prefers-Color-Scheme` hint, else none (the client script or CSS media query decides).
 */
export async function resolveTheme(request: Request): Promise<{ theme: Theme | null; stored: boolean }> {
  const stored = (await themeSession(request)).getTheme();
  if (stored) return { theme: stored, stored: true };
  const hint = request.headers.get("Sec-CH-Prefers-Color-Scheme")?.replaceAll('"', "");
  return { theme: isTheme(hint) ? hint : null, stored: false };
}
