import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Answers the worker entry gives before (or instead of) the app, so that a request the app cannot
 * serve gets a clear 4xx or 503 and never a 500 with a stack (issue 23 item 6, decision 058).
 * Plain text and HTML only: none of these needs the app, its layout or the database.
 */

const NO_STORE = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

/**
 * A misconfigured deployment (decision 058): every request gets this page, which names no
 * setting and no value (those go to the log); `Retry-After` because the fix is a redeploy.
 */
export function misconfigured(request: Request) {
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>Service unavailable · Flowlane</title></head><body><h1>Flowlane is unavailable</h1>" +
    "<p>We are fixing a problem on our side. Please try again in a few minutes.</p></body></html>";
  return new Response(request.method === "HEAD" ? null : page, {
    status: 503,
    headers: {
      ...NO_STORE,
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": "300",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}

/**
 * TRACE echoes a request (headers and cookies included) back to whoever sent it and CONNECT
 * asks for a tunnel: neither is a method of this site on any path, so they are refused before
 * React Router would hand them to an action as if they were a form post.
 */
const UNSUPPORTED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);

export function unsupportedMethod(request: Request) {
  if (!UNSUPPORTED_METHODS.has(request.method.toUpperCase())) return null;
  return new Response("Not Implemented: this site does not serve that method.", {
    status: 501,
    headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPE = /^\s*(?:multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

type Tree = RouteObject[];
const trees = new WeakMap<ServerBuild["routes"], Tree>();

/** The build's flat route manifest as the nested tree `matchRoutes` reads (plain values, kept per build). */
function routeTree(routes: ServerBuild["routes"]): Tree {
  let tree = trees.get(routes);
  if (!tree) {
    const children = (parentId: string | undefined): Tree =>
      Object.values(routes)
        .filter((route) => route?.parentId === parentId)
        .map((route): RouteObject => {
          const { id, path, index, caseSensitive } = route!;
          return index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: children(id) };
        });
    tree = children(undefined);
    trees.set(routes, tree);
  }
  return tree;
}

/**
 * The methods the route serving `pathname` answers (an `Allow` header's value): GET and HEAD for
 * a page or a loader, POST for an action. Single-fetch data URLs (`/x.data`) are their page's.
 */
export function allowedMethods(build: Pick<ServerBuild, "routes">, pathname: string): string[] {
  return served(build, pathname).allow;
}

/** What the route serving `pathname` answers, and whether it is a page (a resource route reads its own bodies). */
function served(build: Pick<ServerBuild, "routes">, pathname: string) {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(routeTree(build.routes), page) ?? [];
  const last = matches.at(-1);
  const module = last?.route.id ? build.routes[last.route.id]?.module : undefined;
  if (!module) return { allow: ["GET", "HEAD"], isPage: true };
  return {
    allow: [...(module.default || module.loader ? ["GET", "HEAD"] : []), ...(module.action ? ["POST"] : [])],
    isPage: Boolean(module.default),
  };
}

export function methodNotAllowed(allow: string[]) {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { ...NO_STORE, Allow: allow.join(", "), "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * A request to a page (anything outside `/api`, which answers for itself) that the page cannot
 * serve, answered before React Router would log it as an error with a stack: a method the route
 * does not serve is a 405 with `Allow` (a post to a page without an action, OPTIONS); a
 * submission to a page that is not a form (`multipart/form-data` or urlencoded; an empty form is one too),
 * such as `curl -X POST` with no body or a JSON body, is a 400 instead of failing in the action's
 * `request.formData()` with a 500. GET and HEAD go to the page.
 */
export async function refusedByPage(request: Request, loadBuild: () => Promise<Pick<ServerBuild, "routes">>) {
  const method = request.method.toUpperCase();
  const { pathname } = new URL(request.url);
  if (method === "GET" || method === "HEAD" || pathname === "/api" || pathname.startsWith("/api/")) return null;
  const { allow, isPage } = served(await loadBuild(), pathname);
  if (!BODY_METHODS.has(method) || !allow.includes("POST")) return methodNotAllowed(allow);
  // A resource route (the theme switch takes JSON too) reads its own body.
  if (!isPage || FORM_TYPE.test(request.headers.get("Content-Type") ?? "")) return null;
  return new Response("Bad Request: the form data could not be read.", {
    status: 400,
    headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}
