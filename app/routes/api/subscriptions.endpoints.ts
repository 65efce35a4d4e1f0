import { z } from "zod";
import { auditStatement } from "~/domain/audit/audit.server";
import {
  cancel,
  createSubscription,
  decideApproval,
  purchase,
  renew,
  resendTrialCode,
  sendWelcome,
  setEmailVerification,
  upgrade,
} from "~/domain/subscriptions/lifecycle.server";
import { TRIAL_MESSAGES } from "~/domain/subscriptions/options";
import {
  listWebhookDeliveries,
  retryWebhooks,
  toDeliveryView,
  webhookStats,
} from "~/domain/subscriptions/provisioning.server";
import {
  ApprovalPatchSchema,
  ApproveSchema,
  CancelSchema,
  CreateSubscriptionSchema,
  CustomerAccountSchema,
  EmailVerificationPatchSchema,
  PurchaseSchema,
  RenewSchema,
  SubscriptionListQuerySchema,
  SubscriptionViewSchema,
  TrialStatusSchema,
  UpgradeSchema,
  USER_ADMIN_MESSAGES,
  WebhookDeliverySchema,
  WebhookLogQuerySchema,
  WebhookRetrySchema,
} from "~/domain/subscriptions/schemas";
import { flattenTrialPayload, parseTrialSignup, TrialStartPayloadSchema } from "~/domain/subscriptions/signup-schemas";
import {
  findByUserId,
  listSubscriptions,
  requireSubscription,
  startTrial,
  toTrialStatus,
  toView,
  USER_NOT_FOUND,
} from "~/domain/subscriptions/subscriptions.server";
import { codeClient } from "~/domain/verification/secret.server";
import { endpointGroup } from "~/http/api/endpoint.server";
import { ErrorResponseSchema, named, ok, PaginationSchema, paged, pickErrors, successWith } from "~/http/api/schemas";
import { TRIAL_COOKIE } from "~/http/cookies.server";
import { AppError } from "~/lib/errors";
import {
  AlreadySubscribedSchema,
  ApprovalConflictSchema,
  CodeRateLimitedSchema,
  WelcomeConflictSchema,
} from "./error-shapes";

named(SubscriptionViewSchema, "Subscription");
named(CustomerAccountSchema, "CustomerAccount");
named(WebhookDeliverySchema, "WebhookDelivery");

const APPROVAL_MESSAGES = { approve: USER_ADMIN_MESSAGES.approved, reject: USER_ADMIN_MESSAGES.rejected };

const TAG = "Subscriptions";
const WEBHOOKS = "Provisioning webhooks";

const ViewResponse = successWith(SubscriptionViewSchema).extend({ message: z.string().optional() });
/** A billing change's answer: the subscription as it now stands, with a message. */
const billingChanged = (description: string) => ({
  200: { description, schema: ViewResponse },
  ...pickErrors(400, 401, 403, 404, 409),
});

function checkPage(pagination: { currentPage: number; totalPages: number }) {
  if (pagination.currentPage > Math.max(1, pagination.totalPages)) {
    throw new AppError(
      400,
      `page is out of range: there ${pagination.totalPages === 1 ? "is 1 page" : `are ${pagination.totalPages} pages`}.`,
      {
        details: [{ field: "page", message: `page must be between 1 and ${Math.max(1, pagination.totalPages)}` }],
      },
    );
  }
}

const open = endpointGroup(TAG, "public");
const anyone = endpointGroup(TAG, "optional");
const admin = endpointGroup(TAG, "admin");
const webhooks = endpointGroup(WEBHOOKS, "admin");

export const endpoints = [
  open.post("/api/subscriptions/trial/start", {
    summary:
      "Start a 7-day free trial signup; the email must then be verified with a code (send-otp). Sets the trial cookie that GET /api/subscriptions/trial/status/{userId} asks for",
    botCheck: true,
    body: TrialStartPayloadSchema,
    responses: {
      201: {
        description: "Signup stored, unverified",
        schema: z.object({
          success: z.literal(true),
          message: z.string(),
          data: z.object({
            userId: z.string().describe("Use this id for GET /api/subscriptions/trial/status/{userId}"),
            email: z.string(),
            plan: z.literal("trial"),
            status: z.literal("unverified"),
            nextStep: z.literal("verify-email"),
          }),
        }),
      },
      400: { description: "Invalid fields, named as in the form", schema: ErrorResponseSchema },
      409: {
        description: "The email already has a subscription",
        schema: ErrorResponseSchema.extend({
          currentPlan: z.string(),
          status: z.string(),
          state: z
            .enum(["awaiting-approval", "active", "expired", "closed"])
            .describe("Where the existing signup stands (an ended trial is 'expired' while status stays 'active')"),
        }),
      },
    },
    async handler({ request, body }) {
      const started = await startTrial(parseTrialSignup(flattenTrialPayload(body)));
      // The payload has no honeypot field, so a valid signup is always stored.
      if (!started.stored) throw new AppError(400, TRIAL_MESSAGES.fixHighlighted);
      const { subscription } = started;
      // The signup's own client may read its status (decision 042): the same signed cookie as /free-trial.
      return Response.json(
        {
          success: true,
          message: "Trial signup received. Verify your email with the code we send you.",
          data: {
            userId: subscription.userId,
            email: subscription.email,
            plan: "trial",
            status: "unverified",
            nextStep: "verify-email",
          },
        },
        { status: 201, headers: { "Set-Cookie": await TRIAL_COOKIE.serialize(request, subscription.userId) } },
      );
    },
  }),
  anyone.get("/api/subscriptions/trial/status/:userId", {
    summary:
      "Where a trial signup stands (no contact data). Only for the signup's own client (the trial cookie that /free-trial and POST /api/subscriptions/trial/start set) or an admin; anyone else gets the 404 of an unknown userId, since a userId can be guessed from the email and the signup time",
    responses: ok("Status", TrialStatusSchema, [403, 404]),
    async handler({ request, params, session }) {
      const userId = params.userId && params.userId.length <= 200 ? params.userId : "";
      const own = userId !== "" && (await TRIAL_COOKIE.read(request)) === userId;
      const admin = session?.admin.status === "active";
      const row = userId && (own || admin) ? await findByUserId(userId) : undefined;
      if (!row) throw new AppError(404, USER_NOT_FOUND);
      return { success: true, data: toTrialStatus(row) };
    },
  }),
  admin.get("/api/subscriptions", {
    summary: "Trial users and subscriptions, newest first (admin uses limit 10); filter by status, plan or q",
    permission: "read:trial:any",
    query: SubscriptionListQuerySchema,
    responses: {
      200: {
        description: "One page",
        schema: z.object({
          success: z.literal(true),
          subscriptions: z.array(SubscriptionViewSchema),
          pagination: PaginationSchema,
        }),
      },
      ...pickErrors(400, 401, 403),
    },
    async handler({ query }) {
      const { rows, pagination } = await listSubscriptions(query);
      checkPage(pagination);
      const now = new Date();
      return { success: true, subscriptions: rows.map((row) => toView(row, now)), pagination };
    },
  }),
  admin.post("/api/subscriptions/create", {
    summary: "Add a user directly, approved and active (no payment processor is connected)",
    permission: "update:billing:any",
    body: CreateSubscriptionSchema,
    responses: {
      201: { description: "Created", schema: ViewResponse },
      ...pickErrors(400, 401, 403),
      409: { description: "The email already has a subscription", schema: AlreadySubscribedSchema },
    },
    async handler({ body, actor }) {
      const row = await createSubscription(actor, body);
      return Response.json({ success: true, message: "Subscription created.", data: toView(row) }, { status: 201 });
    },
  }),
  admin.post("/api/subscriptions/purchase", {
    summary: "Record a paid plan bought outside the site (no payment processor is connected)",
    permission: "update:billing:any",
    body: PurchaseSchema,
    responses: billingChanged("Purchased"),
    async handler({ body, actor }) {
      const row = await purchase(actor, body);
      return { success: true, message: "Purchase recorded.", data: toView(row) };
    },
  }),
  admin.post("/api/subscriptions/upgrade/:id", {
    summary: "Move an active subscription to a higher plan",
    permission: "update:billing:any",
    body: UpgradeSchema,
    responses: billingChanged("Upgraded"),
    async handler({ body, params, actor }) {
      const row = await upgrade(actor, params.id, body);
      return { success: true, message: "Subscription upgraded.", data: toView(row) };
    },
  }),
  admin.post("/api/subscriptions/renew/:id", {
    summary: "Extend a paid subscription by one billing cycle (reactivates a cancelled one)",
    permission: "update:billing:any",
    body: RenewSchema,
    responses: billingChanged("Renewed"),
    async handler({ body, params, actor }) {
      const row = await renew(actor, params.id, body);
      return { success: true, message: "Subscription renewed.", data: toView(row) };
    },
  }),
  admin.post("/api/subscriptions/cancel/:id", {
    summary: "Cancel a subscription",
    permission: "update:billing:any",
    body: CancelSchema,
    responses: billingChanged("Cancelled"),
    async handler({ body, params, actor }) {
      const row = await cancel(actor, params.id, body);
      return { success: true, message: "Subscription cancelled.", data: toView(row) };
    },
  }),
  webhooks.get("/api/subscriptions/webhooks/logs", {
    summary: "Provisioning webhook deliveries, newest first",
    permission: "read:billing:any",
    query: WebhookLogQuerySchema,
    responses: paged("One page", WebhookDeliverySchema),
    async handler({ query }) {
      const { rows, pagination } = await listWebhookDeliveries(query);
      checkPage(pagination);
      return { success: true, data: rows.map(toDeliveryView), pagination };
    },
  }),
  webhooks.post("/api/subscriptions/webhooks/retry", {
    summary: "Try a delivery again now, or every failed and pending one (up to 20)",
    permission: "update:billing:any",
    body: WebhookRetrySchema,
    responses: {
      200: {
        description: "What each attempt gave",
        schema: successWith(
          z.array(
            z.object({ deliveryId: z.string(), subscriptionId: z.string(), customerAccount: CustomerAccountSchema }),
          ),
        ),
      },
      ...pickErrors(400, 401, 403, 404, 409),
    },
    async handler({ body, actor }) {
      const results = await retryWebhooks(body.deliveryId);
      await auditStatement(actor, "webhook.retried", "webhook_delivery", body.deliveryId ?? null, null, {
        attempts: results.map((r) => ({ deliveryId: r.deliveryId, status: r.customerAccount.status })),
      });
      return { success: true, data: results };
    },
  }),
  webhooks.get("/api/subscriptions/webhooks/stats", {
    summary: "Provisioning webhook delivery counts",
    permission: "read:billing:any",
    responses: {
      200: {
        description: "Counts",
        schema: successWith(
          z.object({
            configured: z.boolean(),
            total: z.number().int(),
            pending: z.number().int(),
            succeeded: z.number().int(),
            failed: z.number().int(),
            successRate: z.number().nullable().describe("Percent of finished deliveries that succeeded"),
            lastActivityAt: z.string().nullable(),
          }),
        ),
      },
      ...pickErrors(401, 403),
    },
    async handler() {
      return { success: true, data: await webhookStats() };
    },
  }),
  admin.get("/api/subscriptions/:userId", {
    summary: "One user's subscription (by userId or _id)",
    permission: "read:trial:any",
    responses: ok("Subscription", SubscriptionViewSchema, [401, 403, 404]),
    async handler({ params }) {
      return { success: true, data: toView(await requireSubscription(params.userId)) };
    },
  }),
  admin.post("/api/subscriptions/:id/approve", {
    summary: "Approve (the 7-day trial starts now) or reject (final) a user awaiting approval",
    permission: "update:trial:any",
    body: ApproveSchema,
    responses: {
      200: {
        description: "Decided; customerAccount is present when the provisioning webhook ran",
        schema: ViewResponse.extend({ customerAccount: CustomerAccountSchema.optional() }),
      },
      ...pickErrors(400, 401, 403, 404),
      409: { description: "The user is not awaiting a decision", schema: ApprovalConflictSchema },
    },
    async handler({ body, params, actor }) {
      const result = await decideApproval(actor, params.id, body);
      return {
        success: true,
        message: APPROVAL_MESSAGES[body.action],
        data: toView(result.subscription),
        ...(result.customerAccount ? { customerAccount: result.customerAccount } : {}),
      };
    },
  }),
  admin.patch("/api/subscriptions/:id/approval", {
    summary: "Set the approval status (approved or rejected); same rules as approve",
    permission: "update:trial:any",
    body: ApprovalPatchSchema,
    responses: {
      200: {
        description: "Decided",
        schema: ViewResponse.extend({ customerAccount: CustomerAccountSchema.optional() }),
      },
      ...pickErrors(400, 401, 403, 404),
      409: { description: "The user is not awaiting a decision", schema: ApprovalConflictSchema },
    },
    async handler({ body, params, actor }) {
      const action = body.approvalStatus === "approved" ? "approve" : "reject";
      const result = await decideApproval(actor, params.id, { action, notes: body.notes });
      return {
        success: true,
        message: APPROVAL_MESSAGES[action],
        data: toView(result.subscription),
        ...(result.customerAccount ? { customerAccount: result.customerAccount } : {}),
      };
    },
  }),
  admin.patch("/api/subscriptions/:id/email-verification", {
    summary: "Mark the email verified (the user then awaits approval) or unverified, before approval",
    permission: "update:trial:any",
    body: EmailVerificationPatchSchema,
    responses: billingChanged("Changed"),
    async handler({ body, params, actor }) {
      const row = await setEmailVerification(actor, params.id, body.emailVerified);
      return { success: true, message: "Email verification updated.", data: toView(row) };
    },
  }),
  admin.post("/api/subscriptions/:id/resend-code", {
    summary:
      "Email a new verification code to a signup whose email is not verified yet (same limits as the visitor's resend; the code is not returned)",
    permission: "update:trial:any",
    responses: {
      200: {
        description: "A new code was emailed",
        schema: ViewResponse.extend({ expiresAt: z.string(), resendAfter: z.number().int() }),
      },
      ...pickErrors(401, 403, 404, 409),
      429: { description: "Too soon or too many codes; see Retry-After", schema: CodeRateLimitedSchema },
    },
    async handler({ params, request, actor }) {
      const result = await resendTrialCode(actor, params.id, codeClient(request));
      return {
        success: true,
        message: USER_ADMIN_MESSAGES.codeSent,
        data: toView(result.subscription),
        expiresAt: result.expiresAt.toISOString(),
        resendAfter: result.resendAfter,
      };
    },
  }),
  admin.post("/api/subscriptions/:id/send-welcome-email", {
    summary: "Send the welcome email with login details; at most once per user (a second call gets 409)",
    permission: "update:trial:any",
    responses: {
      200: { description: "Sent", schema: ViewResponse },
      ...pickErrors(401, 403, 404),
      409: { description: "Already sent, or the user is not approved yet", schema: WelcomeConflictSchema },
    },
    async handler({ params, actor }) {
      const row = await sendWelcome(actor, params.id);
      return { success: true, message: "Welcome email sent successfully.", data: toView(row) };
    },
  }),
];
