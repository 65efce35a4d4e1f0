import { z } from "zod";
import { EMAIL_STATUSES } from "~/db/schema";
import { decideRegistration, listPendingAdmins, toProfile } from "~/domain/accounts/accounts.server";
import { AdminProfileSchema, TeamRoleSchema } from "~/domain/accounts/schemas";
import { listAudit } from "~/domain/audit/audit.server";
import { AuditQuerySchema } from "~/domain/audit/schemas";
import { retryFailedEmail } from "~/domain/email/log.server";
import { ExportKindSchema, exportCsv } from "~/domain/reporting/exports.server";
import { endpointGroup, failure } from "~/http/api/endpoint.server";
import { ok, PaginationSchema, pickErrors, successWith } from "~/http/api/schemas";
import { config } from "~/lib/config.server";
import { csvResponse } from "~/lib/csv";
import { paginationOf } from "~/lib/pagination";

const PendingAdminSchema = AdminProfileSchema.extend({ createdAt: z.string() });

const AuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().describe("The target before the change, as recorded (any JSON value; null when it was created)"),
  after: z.unknown().describe("The target after the change, as recorded (any JSON value; null when it was deleted)"),
  createdAt: z.string(),
});

const team = endpointGroup("Team", "admin");
const admin = endpointGroup("Admin", "admin");

export const endpoints = [
  team.get("/api/admin/team/pending", {
    summary: "Admin registrations waiting for approval, oldest first",
    permission: "read:team:any",
    responses: ok("Pending registrations", z.array(PendingAdminSchema), [401, 403]),
    async handler() {
      const pending = await listPendingAdmins();
      return {
        success: true,
        data: pending.map((a) => ({ ...toProfile(a), createdAt: a.createdAt.toISOString() })),
      };
    },
  }),
  team.post("/api/admin/team/:id/decision", {
    summary:
      "Approve a pending registration with a role (required; only an Owner approves an Owner) or reject it (never your own); a decision is final",
    permission: "update:team:any",
    body: z.object({
      action: z.enum(["approve", "reject"], { error: "action must be approve or reject" }),
      role: TeamRoleSchema.optional().describe("The new member's role; required to approve"),
    }),
    responses: ok("Decided", AdminProfileSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      const data = await decideRegistration(actor, params.id, body.action, { role: body.role ?? null });
      return { success: true, data };
    },
  }),
  admin.get("/api/admin/audit", {
    summary: "The audit log of admin actions, newest first, filterable by actor email and action",
    permission: "read:audit-log:any",
    query: AuditQuerySchema,
    responses: ok(
      "Entries",
      z.object({ entries: z.array(AuditEntrySchema), pagination: PaginationSchema }),
      [400, 401, 403],
    ),
    async handler({ query }) {
      const { entries, total } = await listAudit(query);
      return {
        success: true,
        data: {
          entries: entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
          pagination: paginationOf(query.page, query.limit, total),
        },
      };
    },
  }),
  admin.post("/api/admin/emails/:id/retry", {
    summary: "Retry a failed email: it goes back to pending and is sent at once",
    permission: "update:email-log:any",
    responses: {
      200: {
        description: "The message's state after the new attempt",
        schema: successWith(
          z.object({ id: z.string(), to: z.string(), subject: z.string(), status: z.enum(EMAIL_STATUSES) }),
        ),
      },
      ...pickErrors(401, 403, 404, 409),
    },
    async handler({ params, actor }) {
      return { success: true, data: await retryFailedEmail(actor, params.id) };
    },
  }),
  admin.get("/api/admin/export/:kind", {
    summary: "CSV download of meetings, callbacks, users or newsletter subscribers (RFC 4180, formula-injection safe)",
    permission: "export:lead:any",
    responses: {
      200: {
        description: "text/csv attachment (UTF-8 with BOM), header row first",
        mediaType: "text/csv",
        schema: z
          .string()
          .describe(
            "RFC 4180 CSV; a text cell that would start a spreadsheet formula gets a leading apostrophe (decision 019)",
          ),
      },
      ...pickErrors(401, 403, 404),
    },
    async handler({ params, actor }) {
      const kind = ExportKindSchema.safeParse(params.kind);
      if (!kind.success) {
        return failure(404, kind.error.issues[0]?.message ?? "Unknown export.");
      }
      const { csv, filename } = await exportCsv(actor, kind.data, config().BUSINESS_TIMEZONE);
      return csvResponse(filename, csv);
    },
  }),
];
