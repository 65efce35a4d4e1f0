import { dispatch } from "~/http/api/dispatch.server";
import { BOT_CHECK_HEADER } from "~/lib/bot-check";
import { compiledEndpoints } from "~/routes/api/registry.server";
import { solvedChallenge } from "./bot-check";
import { expectDocumented } from "./openapi-check";

export const ORIGIN = "http://localhost";

type CallOptions = {
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON and size tests). */
  rawBody?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** Another origin for the request URL, as a forged `Host` header makes it (decision 040). */
  origin?: string;
  /**
   * A POST carries a solved bot-check challenge (decision 080), as a script calling the public API
   * does: `false` sends none, a string sends that header value (a replayed or forged one).
   */
  botCheck?: boolean | string;
};

/** The `name=value` of the cookies an answer sets, as a browser would send them back. */
export function cookiesOf(response: { headers: Headers }) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * Calls the `/api` dispatcher in-process, as the Worker would for that request, and checks the
 * answer against /api/openapi.json (status, media type, body; errors included): a test whose
 * call gets an answer the document does not describe fails there.
 */
export async function api(method: string, path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (method === "POST" && options.botCheck !== false && !headers.has(BOT_CHECK_HEADER)) {
    headers.set(BOT_CHECK_HEADER, typeof options.botCheck === "string" ? options.botCheck : await solvedChallenge());
  }
  const response = await dispatch(
    new Request(`${options.origin ?? ORIGIN}${path}`, { method, headers, body }),
    compiledEndpoints,
  );
  const text = await response.text();
  expectDocumented(method, path, {
    status: response.status,
    contentType: response.headers.get("Content-Type") ?? "",
    body: text,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}
