import { z } from "zod";

export const AUDIT_PAGE_SIZE = 20;

/** Filters of the audit log (Settings → Activity and `GET /api/admin/audit`). Empty values mean "all". */
export const AuditQuerySchema = z.object({
  actor: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((v) => v || undefined),
  action: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});
