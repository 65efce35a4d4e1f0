import { retryAfterHeaders } from "~/http/retry-after.server";
import { isCrossSite } from "~/http/same-site.server";
import { isAppError } from "~/lib/errors";
import { type Endpoint, failure } from "./endpoint.server";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Compiled = { endpoint: Endpoint; pattern: RegExp; keys: string[] };

export function compile(endpoints: readonly Endpoint[]): Compiled[] {
  return endpoints.map((endpoint) => {
    const keys: string[] = [];
    const source = endpoint.path
      .split("/")
      .map((segment) => {
        if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        keys.push(segment.slice(1));
        return "([^/]+)";
      })
      .join("/");
    return { endpoint, pattern: new RegExp(`^${source}/?$`), keys };
  });
}

/** Path parameters, decoded; null when one is not valid percent-encoded UTF-8 (`%E0%A4%A`). */
function decodeParams(keys: string[], match: RegExpExecArray): Record<string, string> | null {
  try {
    return Object.fromEntries(keys.map((key, i) => [key, decodeURIComponent(match[i + 1] ?? "")]));
  } catch {
    return null;
  }
}

export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (isAppError(error)) {
    const { retryAfter, ...extra } = error.extra;
    return failure(error.status, error.message, extra, retryAfterHeaders(retryAfter));
  }
  console.error(error);
  return failure(500, "Something went wrong on our side. Please try again.");
}

/** Serves one `/api` request from the declared endpoints. */
export async function dispatch(request: Request, routes: readonly Compiled[]): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") {
    // CORS is closed: no Access-Control-Allow-* headers, so cross-origin preflights fail.
    return new Response(null, { status: 204, headers: { Allow: "GET, POST, PUT, PATCH, DELETE" } });
  }
  const allowed = new Set<string>();
  for (const { endpoint, pattern, keys } of routes) {
    const match = pattern.exec(url.pathname);
    if (!match) continue;
    allowed.add(endpoint.method);
    if (endpoint.method === "GET") allowed.add("HEAD");
    if (endpoint.method !== method && !(method === "HEAD" && endpoint.method === "GET")) continue;
    const params = decodeParams(keys, match);
    if (!params) return failure(400, "The path contains malformed percent-encoding.");
    try {
      if (BODY_METHODS.has(method) && isCrossSite(request)) {
        return failure(403, "Cross-site request refused.");
      }
      const result = await endpoint.serve(request, params, url);
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  }
  return allowed.size > 0
    ? failure(405, `Method ${method} is not allowed here.`, {}, { Allow: [...allowed].join(", ") })
    : failure(404, `No API endpoint at ${url.pathname}.`);
}
