/**
 * What the /free-trial steps validate with in the browser: loaded after hydration
 * (`useAfterHydration`), never with the page's first scripts (decision 026).
 */
import { z } from "zod";

export { parseWithZod } from "@conform-to/zod/v4";
export {
  TrialStep1Schema,
  TrialStep2IndividualSchema,
  TrialStep2OrganizationSchema,
  TrialStep3Schema,
} from "~/domain/subscriptions/schemas";

/** "Back" posts whatever is typed: nothing to check. */
export const ANY_STEP = z.object({});
