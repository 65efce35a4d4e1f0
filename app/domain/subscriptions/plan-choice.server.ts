import { z } from "zod";

/**
 * The plan buttons of /pricing post `plan`. Kept in a server module so zod stays out of the
 * page's JavaScript.
 */
export const PlanChoiceSchema = z.object({
  plan: z.enum(["standard", "pro", "enterprise"], { error: "Error: choose one of the plans." }),
});
