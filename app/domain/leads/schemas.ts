import { z } from "zod";
import { pageQuery } from "~/lib/page-query";
import { AttributionSchema, TouchSchema } from "./attribution";
import { LEAD_KINDS, LEAD_STATUSES } from "./model";

/** The lead inbox's and `/api/leads`' shapes (issue 26 items 2, 4 and 5). */

const lowered = (name: string) =>
  z
    .string()
    .trim()
    .max(64, `${name} must be at most 64 characters.`)
    .transform((v) => v.toLowerCase());
const day = (name: string, what: string) =>
  z.iso.date({ error: `${name} must be a date (yyyy-MM-dd).` }).describe(`yyyy-MM-dd (UTC): ${what}`);

export const LeadListQuerySchema = z.object({
  q: z.string().trim().max(100, "Search must be at most 100 characters.").optional(),
  status: z.enum(LEAD_STATUSES, { error: `status must be one of: ${LEAD_STATUSES.join(", ")}.` }).optional(),
  ownerId: z
    .string()
    .max(64, "ownerId must be a member's id or none.")
    .describe("A member's id, or `none` for unassigned leads")
    .optional(),
  kind: z.enum(LEAD_KINDS, { error: `kind must be one of: ${LEAD_KINDS.join(", ")}.` }).optional(),
  source: lowered("source").describe("First touch's source (case-insensitive)").optional(),
  campaign: lowered("campaign").describe("First touch's campaign (case-insensitive)").optional(),
  from: day("from", "leads that arrived on or after this day").optional(),
  to: day("to", "leads that arrived on or before this day").optional(),
  ...pageQuery({ limit: 50, maxLimit: 200 }),
});
export type LeadListQuery = z.output<typeof LeadListQuerySchema>;

const FILTER_FIELDS = ["q", "status", "ownerId", "kind", "source", "campaign", "from", "to", "page"] as const;

/**
 * The console's filters from a URL's query, without the empty fields a no-JavaScript GET form
 * sends; `given` is what the page shows back. Unreadable filters show the whole inbox and a problem.
 */
export function leadFiltersOf(params: URLSearchParams, limit: number) {
  const given: Record<string, string> = Object.fromEntries(
    FILTER_FIELDS.flatMap((name) => {
      const value = params.get(name)?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = LeadListQuerySchema.safeParse({ ...given, limit });
  if (parsed.success) return { query: parsed.data, given, problem: null };
  return {
    query: LeadListQuerySchema.parse({ limit }),
    given: {} as Record<string, string>,
    problem: parsed.error.issues[0]?.message ?? "Those filters could not be read.",
  };
}

export const REASON_MAX = 500;
export const NOTE_MAX = 2000;

export const LeadPatchSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: `status must be one of: ${LEAD_STATUSES.join(", ")}.` }).optional(),
  ownerId: z.string({ error: "ownerId must be a Sales member's id." }).min(1).max(64).optional(),
  reason: z
    .string()
    .trim()
    .max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters.`)
    .optional()
    .transform((v) => v || undefined),
});
export type LeadPatch = { status?: z.output<typeof LeadPatchSchema>["status"]; ownerId?: string; reason?: string };

export const LeadNoteSchema = z.object({
  text: z
    .string({ error: "Write a note." })
    .trim()
    .min(1, "Write a note.")
    .max(NOTE_MAX, `A note must be at most ${NOTE_MAX} characters.`),
});

// ------------------------------------------------------------ response shapes (OpenAPI)

const NullableTouch = TouchSchema.nullable();

export const LeadJsonSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  company: z.string(),
  kinds: z.array(z.enum(LEAD_KINDS)),
  status: z.enum(LEAD_STATUSES),
  ownerId: z.string().nullable(),
  attribution: z.object({ first: NullableTouch, last: NullableTouch }),
  createdAt: z.iso.datetime(),
  firstTouchAt: z.iso.datetime().nullable(),
});

export const TimelineEntrySchema = z.object({
  id: z.string(),
  type: z.enum(["meeting", "callback", "enterprise", "trial", "newsletter", "status", "owner", "note", "sla", "email"]),
  at: z.iso.datetime(),
  actor: z.string().nullable().describe("The member's email; null for the visitor or the system"),
  text: z.string(),
});

export const LeadDetailJsonSchema = LeadJsonSchema.extend({ timeline: z.array(TimelineEntrySchema) });

export { AttributionSchema };
