import { z } from "zod";

/**
 * Names a schema in the OpenAPI document: it becomes one entry of `components.schemas` that
 * every operation using it refers to (zod's `id` metadata, which `z.toJSONSchema` extracts).
 */
export function named<T extends z.ZodType>(schema: T, id: string): T {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  return schema;
}

/** Shared OpenAPI response shapes. */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
named(ErrorResponseSchema, "Error");

export const SuccessSchema = z.object({ success: z.literal(true) });

export const successWith = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const PaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
});
named(PaginationSchema, "Pagination");

/** Standard error responses for documentation. */
export const errors = {
  400: { description: "Invalid input", schema: ErrorResponseSchema },
  401: { description: "Not signed in, or the session expired", schema: ErrorResponseSchema },
  403: { description: "Not allowed", schema: ErrorResponseSchema },
  404: { description: "Not found", schema: ErrorResponseSchema },
  409: { description: "Conflict with the current state", schema: ErrorResponseSchema },
  429: { description: "Too many requests; see Retry-After", schema: ErrorResponseSchema },
} as const;

export function pickErrors<K extends keyof typeof errors>(...codes: K[]) {
  return Object.fromEntries(codes.map((c) => [c, errors[c]])) as Pick<typeof errors, K>;
}

type ErrorCode = keyof typeof errors;

/** A 200 answer `{ success: true, data }` and the error answers the endpoint can give. */
export function ok<T extends z.ZodType, K extends ErrorCode>(description: string, data: T, codes: K[]) {
  return { 200: { description, schema: successWith(data) }, ...pickErrors(...codes) };
}

/** A 201 answer `{ success: true, data }` (something made) and the error answers. */
export function created<T extends z.ZodType, K extends ErrorCode>(description: string, data: T, codes: K[]) {
  return { 201: { description, schema: successWith(data) }, ...pickErrors(...codes) };
}

/**
 * A page of a list (`{ success, data: [...], pagination }`) and its error answers; by default the
 * console's: its query can be refused (400), and the caller must be a member allowed to read it.
 */
export function paged<T extends z.ZodType, K extends ErrorCode = 400 | 401 | 403>(
  description: string,
  item: T,
  codes: K[] = [400, 401, 403] as K[],
) {
  return {
    200: { description, schema: successWith(z.array(item)).extend({ pagination: PaginationSchema }) },
    ...pickErrors(...codes),
  };
}
