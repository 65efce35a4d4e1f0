import { z } from "zod";
import { USER_PLANS, USER_STATUSES } from "~/domain/subscriptions/values";
import { ErrorResponseSchema, named } from "~/http/api/schemas";

/*
 * Failures that carry fields beside the message (an AppError's `extra`, which the dispatcher
 * puts next to `error`): each is declared here once, named in the document, and used by every
 * operation that can answer it, so a strict client generated from /api/openapi.json accepts
 * them. The shared `Error` shape forbids any other field.
 */

export const CodeRateLimitedSchema = named(
  ErrorResponseSchema.extend({
    resendAfter: z.number().int().min(1).describe("Seconds to wait; also in the Retry-After header"),
    limit: z
      .enum(["cooldown", "email", "ip"])
      .describe("Which limit applies: the 60 s cooldown, the codes per email, the codes per client address"),
  }),
  "CodeRateLimitedError",
);

export const CodeRefusedSchema = named(
  ErrorResponseSchema.extend({
    attemptsLeft: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Present when the code was wrong: wrong guesses still allowed for this code (0: ask for a new one)"),
  }),
  "CodeRefusedError",
);

export const AlreadySubscribedSchema = named(
  ErrorResponseSchema.extend({
    currentPlan: z.enum(USER_PLANS).optional().describe("The plan of the email's subscription"),
    status: z.enum(USER_STATUSES).optional().describe("Its stored status"),
    state: z
      .enum(["awaiting-approval", "active", "expired", "closed"])
      .optional()
      .describe("Where the existing signup stands (an ended trial is 'expired' while status stays 'active')"),
  }),
  "AlreadySubscribedError",
);

export const ApprovalConflictSchema = named(
  ErrorResponseSchema.extend({
    reason: z
      .literal("email-not-verified")
      .optional()
      .describe("Present when the user has not verified their email yet: resend the code instead"),
  }),
  "ApprovalConflictError",
);

export const WelcomeConflictSchema = named(
  ErrorResponseSchema.extend({
    emailSentAt: z.iso
      .datetime()
      .nullable()
      .optional()
      .describe("When the welcome email was sent; present when it was already sent"),
  }),
  "WelcomeConflictError",
);
