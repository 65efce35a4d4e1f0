import { href, redirect } from "react-router";
import { isTheme } from "remix-themes";
import { localPath, refuseCrossSite } from "~/http/same-site.server";
import { themeSession } from "~/http/theme.server";
import type { Route } from "./+types/theme";

/**
 * Saves the theme. With JavaScript, remix-themes posts JSON `{theme}` (null = follow the
 * system). Without it, the toggle is a form posting `theme` and `returnTo`.
 */
export async function action({ request }: Route.ActionArgs) {
  refuseCrossSite(request);
  const session = await themeSession(request);
  const isForm = (request.headers.get("Content-Type") ?? "").includes("form");
  let theme: unknown;
  let returnTo = "/";
  if (isForm) {
    const form = await request.formData();
    theme = form.get("theme");
    returnTo = localPath(form.get("returnTo"), "/");
  } else {
    try {
      theme = ((await request.json()) as { theme?: unknown }).theme ?? null;
    } catch {
      return Response.json({ success: false, error: "Malformed JSON body." }, { status: 400 });
    }
  }
  if (theme !== null && !isTheme(theme)) {
    return Response.json({ success: false, error: "Theme must be light or dark." }, { status: 400 });
  }
  if (theme !== null) session.setTheme(theme);
  const cookie = theme === null ? await session.destroy() : await session.commit();
  if (isForm) return redirect(returnTo, { status: 303, headers: { "Set-Cookie": cookie } });
  return Response.json({ success: true }, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect(href("/"));
}
