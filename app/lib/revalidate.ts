import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * React Router skips revalidating after a 4xx action. A 409 means someone else changed the data
 * first (an admin decided, a slot was taken, the booking moved on), so the loaders run again and
 * the page shows what is true now instead of what the visitor last saw.
 */
export function revalidateOnConflict({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}
