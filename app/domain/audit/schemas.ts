import { z } from "zod";
import { pageQuery } from "~/lib/page-query";

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
  ...pageQuery({ limit: AUDIT_PAGE_SIZE, maxLimit: 100 }),
});
