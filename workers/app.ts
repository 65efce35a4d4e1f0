import { createRequestHandler, RouterContextProvider } from "react-router";
import { withAttribution } from "~/http/attribution.server";
import { capFormBody } from "~/http/body-limit.server";
import { withDbSession } from "~/http/d1-session.server";
import { serveThroughEdgeCache } from "~/http/edge-cache.server";
import { countPageView } from "~/http/page-views.server";
import { carriesCredentials } from "~/http/request-policy.server";
import { createNonce, withSecurityHeaders } from "~/http/security-headers.server";
import { checkConfig } from "~/lib/config.server";
import { requestContext } from "~/lib/context";
import { allowedMethods, misconfigured, refusedByPage, unsupportedMethod } from "./refusals";
import { scheduled } from "./scheduled";

const loadBuild = () => import("virtual:react-router/server-build");
type RequestHandler = ReturnType<typeof createRequestHandler>;

/**
 * React Router derives its route tree and static handler from the build on every request when
 * it is handed a function (so the dev server can swap modules), a few ms of CPU each time
 * (decision 038). Deployed, the build never changes within an isolate: it is handed the build
 * itself, once, and derives once. The handler holds plain values (routes, manifest; decision 037).
 */
let builtHandler: RequestHandler | undefined;
async function requestHandler(...args: Parameters<RequestHandler>) {
  if (import.meta.env.DEV) return createRequestHandler(loadBuild, import.meta.env.MODE)(...args);
  builtHandler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
  return builtHandler(...args);
}

/**
 * Reads whatever of the request body the app left unread (an early 401/403/400 answer). Under
 * the local runtime (miniflare's entry worker in front of this one) an unread body makes the hop
 * fail with "Network connection lost" and the client gets a 500 with a stack trace; reading it
 * first costs little and is harmless at the edge (decision 015).
 */
async function drainUnreadBody(request: Request) {
  if (!request.body || request.bodyUsed) return;
  try {
    await request.body.pipeTo(new WritableStream());
  } catch {
    // The client went away mid-upload: nothing left to answer.
  }
}

/** Never hands an exception to the runtime: its fallback page would show the stack trace. */
function internalError(error: unknown) {
  console.error(error);
  return new Response("Internal Server Error", { status: 500, headers: { "Content-Type": "text/plain" } });
}

/**
 * The deployed build, as the edge-cache keys carry it: the client assets' version (HTML must point
 * at assets that exist) and the Worker version (a server-only change must not serve pages the
 * previous version rendered until they expire).
 */
async function buildId(env: Env) {
  return `${(await loadBuild()).assets.version}.${env.CF_VERSION_METADATA.id}`;
}

/** The page or API answer: from the edge cache when it may (public pages), else rendered. */
async function handle(incoming: Request, env: Env, ctx: ExecutionContext) {
  const started = performance.now();
  const nonce = createNonce();
  // A method the page does not serve, or a submission that is not a form: the client's error,
  // answered before React Router logs it as a fault.
  // Form bodies are capped before anything parses them (decision 014).
  const request = (await refusedByPage(incoming, loadBuild)) ?? (await capFormBody(incoming));
  if (request instanceof Response) {
    return withSecurityHeaders(request, {
      nonce,
      isDev: import.meta.env.DEV,
      authenticated: carriesCredentials(incoming),
    });
  }
  const render = () => {
    const context = new RouterContextProvider();
    context.set(requestContext, { nonce, ctx });
    return requestHandler(request, context);
  };
  const { response, status, layer } = import.meta.env.DEV
    ? { response: await render(), status: "BYPASS", layer: undefined }
    : await serveThroughEdgeCache(request, { nonce, build: await buildId(env), ctx, render });
  // After the cache lookup, so a hit carries it too and no stored page does (decision 071).
  const attributed = await withAttribution(request, response);
  const secured = withSecurityHeaders(attributed, {
    nonce,
    isDev: import.meta.env.DEV,
    authenticated: carriesCredentials(request),
  });
  secured.headers.set("X-Edge-Cache", status);
  // React Router's 405 (a page without an action, an action without a page) says what is served.
  if (secured.status === 405 && !secured.headers.has("Allow")) {
    secured.headers.set("Allow", allowedMethods(await loadBuild(), new URL(request.url).pathname).join(", "));
  }
  // The Worker's own time to the response head (workerd's clock advances on I/O).
  const desc = layer ? `${status} ${layer}` : status;
  secured.headers.set("Server-Timing", `worker;dur=${(performance.now() - started).toFixed(1)};desc="${desc}"`);
  // A public page view, hit or render, is written after the response (decision 090).
  countPageView(request, secured, ctx);
  return secured;
}

export default {
  async fetch(request, env, ctx) {
    // Early answers (refusals before the body is read) belong inside the `try`, so they are drained too.
    try {
      // The whole configuration, once per isolate, before anything is served (decision 058).
      if (checkConfig(env)) return misconfigured(request);
      const refused = unsupportedMethod(request);
      if (refused) return refused;
      return await withDbSession(request, () => handle(request, env, ctx));
    } catch (error) {
      return internalError(error);
    } finally {
      await drainUnreadBody(request);
    }
  },
  async scheduled(controller, env, ctx) {
    // A misconfigured deployment runs no job (the problem is logged once, naming each setting).
    if (checkConfig(env)) return;
    await scheduled(controller, env, ctx);
  },
} satisfies ExportedHandler<Env>;
