import { z } from "zod";
import { EMAIL_STATUSES } from "~/db/schema";
import { listEmails } from "~/domain/email/outbox.server";
import { endpoint } from "~/lib/api/endpoint.server";
import { pickErrors, successWith } from "~/lib/api/schemas";

const EmailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const endpoints = [
  endpoint({
    method: "GET",
    path: "/api/admin/emails",
    summary: "Recent outgoing emails (the console's email log), newest first",
    tag: "Admin",
    access: "admin",
    query: z.object({
      to: z.email("to must be an email address").optional(),
      status: z.enum(EMAIL_STATUSES).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    responses: {
      200: { description: "Messages", schema: successWith(z.array(EmailSchema)) },
      ...pickErrors(400, 401, 403),
    },
    async handler({ query }) {
      const rows = await listEmails(query);
      return {
        success: true,
        data: rows.map((m) => ({
          id: m.id,
          kind: m.kind,
          to: m.to,
          subject: m.subject,
          text: m.text,
          status: m.status,
          attempts: m.attempts,
          lastError: m.lastError,
          attachments: m.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
      };
    },
  }),
];
