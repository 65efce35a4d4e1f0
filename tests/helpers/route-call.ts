/**
 * For route tests: the arguments React Router passes a loader or action (no context is read by
 * them), typed to fit any route function.
 */
export const routeArgs = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as never;

/** A loader's result, typed loosely for reading in a test. */
// biome-ignore lint/suspicious/noExplicitAny: route tests read loader results loosely
export const loaded = async (run: Promise<unknown>): Promise<any> => run;

/** Runs a route function and returns what it answered, thrown (a Response, data()) or returned. */
export async function outcome(run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/**
 * Runs a loader or action as React Router would and sorts its answer: `response` for a Response
 * it returned or threw (a redirect), `status` for a thrown `data()`, else its data as `result`.
 */
// biome-ignore lint/suspicious/noExplicitAny: route tests read loader and action results loosely
export async function runRoute<R = any>(
  fn: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<{ response?: Response; result?: R; status?: number }> {
  try {
    const value = await fn(routeArgs(request, params));
    return value instanceof Response ? { response: value } : { result: value as R };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown };
    const status = (thrown as { init?: { status?: number } } | null)?.init?.status;
    if (status) return { status };
    throw thrown;
  }
}
