import { createRequestHandler, RouterContextProvider } from "react-router";
import { capFormBody } from "~/lib/body-limit.server";
import { requestContext } from "~/lib/context";
import { createNonce, withSecurityHeaders } from "~/lib/security-headers.server";
import { scheduled } from "./scheduled";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

/** Requests carrying credentials get `no-store` responses. */
function carriesCredentials(request: Request) {
  return (
    request.headers.has("Authorization") ||
    /(?:^|;\s*)(?:__Host-)?flowlane_session=/.test(request.headers.get("Cookie") ?? "")
  );
}

export default {
  async fetch(request, _env, ctx) {
    const nonce = createNonce();
    const context = new RouterContextProvider();
    context.set(requestContext, { nonce, ctx });
    const checked = await capFormBody(request);
    const response = checked instanceof Response ? checked : await requestHandler(checked, context);
    return withSecurityHeaders(response, {
      nonce,
      isDev: import.meta.env.DEV,
      authenticated: carriesCredentials(request),
    });
  },
  scheduled,
} satisfies ExportedHandler<Env>;
