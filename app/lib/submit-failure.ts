import { data, isRouteErrorResponse } from "react-router";

/**
 * True when a submission got no usable answer: the network failed (offline, aborted, timed
 * out), the server answered 5xx, or its answer could not be read. Redirects and deliberate
 * 4xx answers (404, 403 …) are answers, not failures: they keep their usual handling.
 */
export function isSubmitFailure(error: unknown): boolean {
  if (error instanceof Response) return false;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}

/**
 * The body of every route's `clientAction` (decision record 019): with JavaScript on, a
 * failed submission becomes action data built from what was submitted — the form's own
 * message, the values as typed — instead of the error page. Without JavaScript this code
 * never runs and the browser's own behaviour applies.
 *
 * The answer carries status 503, so React Router skips revalidating the loaders (which would
 * fail the same way while offline and replace the page with the error boundary).
 */
export async function submitKeepingInput<Result, Failure>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<Result> },
  failure: (form: FormData) => Failure,
) {
  // Read a copy: serverAction() sends the original body.
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (!isSubmitFailure(error)) throw error;
    return data(failure(form), { status: 503 });
  }
}

/** The common shape of a failure for forms without richer action data. */
export type SubmitFailure = { submitFailure: string };

export const submitFailure = (message: string): SubmitFailure => ({ submitFailure: message });

/** The failure message in an action's data, if that is what it holds. */
export function submitFailureOf(actionData: unknown): string | undefined {
  if (actionData && typeof actionData === "object" && "submitFailure" in actionData) {
    const message = (actionData as SubmitFailure).submitFailure;
    return typeof message === "string" ? message : undefined;
  }
  return undefined;
}
