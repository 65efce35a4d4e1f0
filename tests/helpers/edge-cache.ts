import { createExecutionContext } from "cloudflare:test";
import { serveThroughEdgeCache } from "~/http/edge-cache.server";

/**
 * `request` served through the edge cache `cache` as the Worker serves it, with build "b" and
 * nonce "n"; `render` makes the page on a miss. `ctx` holds the cache write a miss leaves behind:
 * read the answer before waiting on it (the stored copy is a tee of the same stream).
 */
export async function serveCached(request: Request, cache: Cache, render: () => Promise<Response>) {
  const ctx = createExecutionContext();
  return { ...(await serveThroughEdgeCache(request, { nonce: "n", build: "b", ctx, cache, render })), ctx };
}
