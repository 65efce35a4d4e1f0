/**
 * What the /demo forms validate with in the browser: loaded after hydration
 * (`useAfterHydration`), never with the page's first scripts (decision 026).
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { BookingSchema, CallbackSchema } from "~/domain/meetings/schemas";
