import { z } from "zod";
import {
  createIssue,
  ISSUE_STATUSES,
  recordProviderEvent,
  requireIssue,
  sendIssue,
  sendTest,
  toIssueJson,
} from "~/domain/newsletter/issues.server";
import { verifyProviderSignature } from "~/domain/newsletter/provider-signature.server";
import {
  ISSUE_MESSAGES,
  IssueSchema,
  ProviderEventSchema,
  SendIssueSchema,
  TestSendSchema,
} from "~/domain/newsletter/schemas";
import { createdAnswer } from "~/http/api/answers";
import { endpointGroup, failure } from "~/http/api/endpoint.server";
import { created, named, ok, pickErrors, successWith } from "~/http/api/schemas";
import { AppError } from "~/lib/errors";

const TAG = "Newsletter";

export const IssueJsonSchema = named(
  z.object({
    id: z.string(),
    subject: z.string(),
    postId: z.string().nullable(),
    campaign: z.string().describe("utm_campaign of the issue's tracked links: leads that came through it carry it"),
    status: z.enum(ISSUE_STATUSES),
    sendAt: z.string().nullable(),
    createdAt: z.string(),
    stats: z.object({
      recipients: z.number().int(),
      sent: z.number().int(),
      delivered: z.number().int().describe("Reported delivered by the provider's webhook"),
      failed: z.number().int(),
      bounced: z.number().int(),
      uniqueClicks: z.number().int().describe("Recipients who followed at least one tracked link (no open pixel)"),
      unsubscribes: z.number().int(),
      leads: z.number().int().describe("Leads whose first touch carries the issue's campaign"),
    }),
  }),
  "NewsletterIssue",
);

/** Newsletter issues (issue 28 item 4, decision 092): Marketing and above. */
const admin = endpointGroup(TAG, "admin");
const open = endpointGroup(TAG, "public");

export const endpoints = [
  admin.post("/api/newsletter/issues", {
    summary:
      "Compose a newsletter issue: `{subject, markdown}` (rendered through the blog's sanitizer) or `{subject, postId}` (a published post)",
    permission: "create:newsletter:any",
    body: IssueSchema,
    responses: created("Saved as a draft", IssueJsonSchema, [400, 401, 403, 404]),
    async handler({ body, actor }) {
      const issue = await createIssue(actor, body);
      return createdAnswer(await toIssueJson(issue));
    },
  }),
  admin.get("/api/newsletter/issues/:id", {
    summary: "An issue with its status and numbers: sent, delivered, failed, unique clicks, unsubscribes, leads",
    permission: "read:newsletter:any",
    responses: ok("The issue", IssueJsonSchema, [401, 403, 404]),
    async handler({ params }) {
      return { success: true, data: await toIssueJson(await requireIssue(params.id)) };
    },
  }),
  admin.post("/api/newsletter/issues/:id/test", {
    summary: "Send a test copy of the issue to one address (10 an hour per member)",
    permission: "update:newsletter:any",
    body: TestSendSchema,
    responses: {
      202: {
        description: "Queued",
        schema: z.object({ success: z.literal(true), message: z.string(), data: z.object({ to: z.string() }) }),
      },
      ...pickErrors(400, 401, 403, 404, 429),
    },
    async handler({ params, body, actor }) {
      const data = await sendTest(actor, params.id, body.email);
      return Response.json({ success: true, message: ISSUE_MESSAGES.testSent, data }, { status: 202 });
    },
  }),
  admin.post("/api/newsletter/issues/:id/send", {
    summary:
      "Send the issue to every confirmed subscriber now, or at `sendAt`; once: a second press (or 20 at once) answers 409 and sends nothing more",
    permission: "update:newsletter:any",
    body: SendIssueSchema,
    responses: {
      202: {
        description: "Sending or scheduled",
        schema: z.object({ success: z.literal(true), message: z.string(), data: IssueJsonSchema }),
      },
      ...pickErrors(400, 401, 403, 404, 409),
    },
    async handler({ params, body, actor }) {
      const now = new Date();
      const at = body.sendAt ? new Date(body.sendAt) : null;
      if (at && at.getTime() <= now.getTime()) throw new AppError(400, ISSUE_MESSAGES.sendAtPast);
      const issue = await sendIssue(actor, params.id, { at }, now);
      return Response.json(
        {
          success: true,
          message: at ? ISSUE_MESSAGES.scheduled : ISSUE_MESSAGES.sent,
          data: await toIssueJson(issue, now),
        },
        { status: 202 },
      );
    },
  }),
  open.post("/api/newsletter/provider-events", {
    summary:
      'The email provider\'s webhook: a bounce or a complaint suppresses the address (no issue is sent to it again), a delivery is counted. Signed: `X-Flowlane-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with EMAIL_WEBHOOK_SECRET>`, at most 5 minutes old',
    body: ProviderEventSchema,
    responses: {
      200: { description: "Recorded", schema: successWith(z.object({ suppressed: z.boolean() })) },
      400: errorsOf(400),
      401: { description: "Missing, stale or wrong signature", schema: errorsOf(401).schema },
    },
    async handler({ request, rawBody, body }) {
      const refused = await verifyProviderSignature(request.headers.get("X-Flowlane-Signature"), rawBody);
      if (refused) return failure(401, refused);
      return { success: true, data: { suppressed: await recordProviderEvent(body) } };
    },
  }),
];

function errorsOf<K extends 400 | 401>(code: K) {
  return pickErrors(code)[code];
}
