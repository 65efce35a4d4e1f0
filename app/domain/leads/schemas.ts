import { z } from "zod";
import { pageQuery } from "~/lib/page-query";
import { AttributionSchema, TouchSchema } from "./attribution";
import { LEAD_KINDS, LEAD_STATUSES } from "./model";

/** The lead inbox's and `/api/leads`' shapes (issue 26 items 2, 4 and 5). */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .regex(DAY, `${label} must be a date (yyyy-MM-dd).`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a date (yyyy-MM-dd).`)
    .transform((v) => new Date(`${v}T00:00:00Z`));

/** An empty query field (the no-JavaScript filter form sends every field) means "any". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

export const LeadListQuerySchema = z.object({
  q: optional(z.string().trim().max(100, "Search must be at most 100 characters.")),
  status: optional(z.enum(LEAD_STATUSES, { error: `status must be one of: ${LEAD_STATUSES.join(", ")}.` })),
  ownerId: optional(
    z.string().max(64, "ownerId must be a member's id or none.").describe("A member's id, or `none` for unassigned"),
  ),
  kind: optional(z.enum(LEAD_KINDS, { error: `kind must be one of: ${LEAD_KINDS.join(", ")}.` })),
  source: optional(
    z
      .string()
      .trim()
      .max(64, "source must be at most 64 characters.")
      .transform((v) => v.toLowerCase()),
  ),
  campaign: optional(
    z
      .string()
      .trim()
      .max(64, "campaign must be at most 64 characters.")
      .transform((v) => v.toLowerCase()),
  ),
  from: optional(day("from").describe("yyyy-MM-dd: leads that arrived on or after this day (UTC)")),
  to: optional(day("to").describe("yyyy-MM-dd: leads that arrived on or before this day (UTC)")),
  ...pageQuery({ limit: 50, maxLimit: 200 }),
});
export type LeadListQuery = z.output<typeof LeadListQuerySchema>;

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
