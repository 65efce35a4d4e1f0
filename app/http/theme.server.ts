import { createCookieSessionStorage } from "react-router";
import { createThemeSessionResolver, isTheme, type Theme } from "remix-themes";
import { THEME_COOKIE } from "./cookies.server";

/** remix-themes over React Router's cookie session, with the signed THEME_COOKIE (decision 032). */
export function themeSession(request: Request) {
  return createThemeSessionResolver(createCookieSessionStorage({ cookie: THEME_COOKIE.cookie(request) }))(request);
}

/**
 * The stored choice (rendered as the `dark`/`light` class on <html>), and the system preference
 * the browser announced with the `Sec-CH-Prefers-Color-Scheme` hint. Without a stored choice
 * <html> gets no class: the CSS media query (no JavaScript) or remix-themes' script decides, so
 * the page always follows the real system preference. The hint only tells the no-JavaScript
 * toggle which theme is the other one.
 */
export async function resolveTheme(request: Request): Promise<{ theme: Theme | null; system: Theme | null }> {
  const stored = (await themeSession(request)).getTheme();
  const hint = request.headers.get("Sec-CH-Prefers-Color-Scheme")?.replaceAll('"', "");
  return { theme: stored, system: isTheme(hint) ? hint : null };
}
