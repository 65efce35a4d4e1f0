/**
 * For route tests: the arguments React Router passes a loader or action (no context is read by
 * them), typed to fit any route function.
 */
export const routeArgs = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as never;

/** Runs a route function and returns what it answered, thrown (a Response, data()) or returned. */
export async function outcome(run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}
