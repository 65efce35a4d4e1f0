import { z } from "zod";
import { EMAIL_STATUSES } from "~/db/schema";
import { getEmailMessage, listEmailLog } from "~/domain/email/log.server";
import { endpointGroup } from "~/http/api/endpoint.server";
import { ok } from "~/http/api/schemas";

const BODIES = {
  text: z.string().describe("The plain-text version (the alternative part)"),
  html: z.string().nullable().describe("The branded HTML version (decision 021); null for messages without one"),
};

const EmailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  ...BODIES,
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  headers: z
    .record(z.string(), z.string())
    .nullable()
    .describe("Extra headers the message carries (a newsletter's List-Unsubscribe pair); null for most"),
});

const EmailMessageSchema = EmailSchema.omit({ attachments: true }).extend({
  attachments: z.array(
    z.object({ index: z.number().int(), filename: z.string(), contentType: z.string(), size: z.number().int() }),
  ),
});

const admin = endpointGroup("Admin", "admin");

export const endpoints = [
  admin.get("/api/admin/emails", {
    summary:
      "Recent outgoing emails (the console's email log), newest first, with their text and HTML bodies. The recipient filter matches in part, case-insensitively",
    permission: "read:email-log:any",
    query: z.object({
      to: z.email("to must be an email address").optional(),
      status: z.enum(EMAIL_STATUSES).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    responses: ok("Messages", z.array(EmailSchema), [400, 401, 403]),
    async handler({ query }) {
      const { emails } = await listEmailLog({ ...query, page: 1, withBodies: true });
      return {
        success: true,
        data: emails.map((m) => ({
          id: m.id,
          kind: m.kind,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          status: m.status,
          attempts: m.attempts,
          lastError: m.lastError,
          attachments: m.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
          headers: m.headers ?? null,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
      };
    },
  }),
  admin.get("/api/admin/emails/:id", {
    summary: "One outgoing email with its text and HTML bodies and its attachments' names, types and sizes",
    permission: "read:email-log:any",
    responses: ok("The message", EmailMessageSchema, [401, 403, 404]),
    async handler({ params }) {
      const m = await getEmailMessage(params.id);
      return {
        success: true,
        data: {
          ...m,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        },
      };
    },
  }),
];
