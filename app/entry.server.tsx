import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { formTokenForRender } from "./http/bot-check.server";
import { scriptsAfterFirstPaint } from "./http/scripts-after-paint.server";
import { requestContext } from "./lib/context";
import { FormTokenProvider } from "./lib/form-token";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000; // ms

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestContext);
  // The "form issued at" token of this render's public forms (decision 080).
  const formToken = formTokenForRender(request);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <FormTokenProvider value={formToken}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </FormTokenProvider>
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return scriptsAfterFirstPaint(new Response(body, { headers: responseHeaders, status: responseStatusCode }), nonce);
}
