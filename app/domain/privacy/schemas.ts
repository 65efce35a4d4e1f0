import { z } from "zod";
import { EmailSchema } from "~/domain/accounts/schemas";

/** Whose data: the email as any form stored it (lookups ignore case). */
export const PersonQuerySchema = z.object({ email: EmailSchema });

export const ERASE_CONFIRM_MESSAGE = "Confirm that this person's data is to be erased.";

/** Erasing needs the email and an explicit `confirm: true` (the page's checkbox). */
export const EraseSchema = z.object({
  email: EmailSchema,
  confirm: z.literal(true, { error: ERASE_CONFIRM_MESSAGE }),
});

/** Everything held, by kind (bookings, callbacks, leads, lead_notes, trials, newsletter, emails, audit, …). */
export const HeldSchema = z
  .record(z.string(), z.array(z.record(z.string(), z.unknown())))
  .describe("Rows by kind, each as stored (hashes and secrets left out); a kind with no rows is absent");

export const PersonJsonSchema = z.object({
  email: z.string(),
  counts: z.record(z.string(), z.number().int()),
  held: HeldSchema,
});

export const ErasureJsonSchema = z.object({
  erased: z.record(z.string(), z.number().int()).describe("Rows removed or anonymised, by kind"),
  total: z.number().int(),
});
