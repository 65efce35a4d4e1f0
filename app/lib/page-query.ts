import { z } from "zod";
import { MAX_PAGE } from "./pagination";

/**
 * `page` and `limit` query fields for a list, to spread into its query schema:
 * `z.object({ status, ...pageQuery({ limit: 10, maxLimit: 100 }) })`. `page` is a whole number
 * from 1 (default 1); `limit` a whole number from 1 to `maxLimit` (default `limit`). Bad values
 * fail with the field's own message, the same on every list.
 */
export function pageQuery({ limit, maxLimit }: { limit: number; maxLimit: number }) {
  const pageMessage = "page must be a whole number from 1";
  const limitMessage = `limit must be a whole number from 1 to ${maxLimit}`;
  return {
    page: z.coerce
      .number({ error: pageMessage })
      .int(pageMessage)
      .min(1, pageMessage)
      .max(MAX_PAGE, "page is out of range")
      .default(1),
    limit: z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(maxLimit, limitMessage)
      .default(limit),
  };
}
