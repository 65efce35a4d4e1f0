import { z } from "zod";
import { requestTrialCode, verifyTrialEmail } from "~/domain/subscriptions/subscriptions.server";
import { CODE_RULES } from "~/domain/verification/codes.server";
import {
  OTP_MESSAGES,
  SendOtpSchema,
  SendVerificationSchema,
  VerifyCodeSchema,
  VerifyOtpSchema,
} from "~/domain/verification/schemas";
import { codeClient } from "~/domain/verification/secret.server";
import { endpointGroup } from "~/http/api/endpoint.server";
import { ErrorResponseSchema, pickErrors } from "~/http/api/schemas";
import { requestAttribution } from "~/http/attribution.server";
import { AlreadySubscribedSchema, CodeRateLimitedSchema, CodeRefusedSchema } from "./error-shapes";

const OTP_SENT = OTP_MESSAGES.sent;
const OTP_RESENT = OTP_MESSAGES.resent;

const SentSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    email: z.string(),
    expiresIn: z.number().int().describe("Seconds the code stays valid"),
    resendAfter: z.number().int().describe("Seconds before another code may be requested"),
  }),
});

const VerifiedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    userId: z.string(),
    status: z.string(),
    approvalStatus: z.string().nullable(),
    emailVerified: z.boolean(),
  }),
});

/** Sending answers alike whether or not the email has a signup (decision 042): no 404 or 409. */
const sendErrors = {
  ...pickErrors(400),
  429: { description: "Too soon or too many codes; see Retry-After", schema: CodeRateLimitedSchema },
};

/** What checking a code can answer besides 200: a wrong code says how many guesses are left. */
const verifyErrors = {
  ...pickErrors(404),
  400: { description: "Invalid input, or a wrong or expired code", schema: CodeRefusedSchema },
  409: { description: "The email is already verified", schema: AlreadySubscribedSchema },
  429: { description: "Too many wrong codes: ask for a new one", schema: ErrorResponseSchema },
};

async function send(request: Request, email: string, message: string) {
  await requestTrialCode(email, codeClient(request));
  return {
    success: true,
    message,
    data: { email, expiresIn: CODE_RULES.lifetime / 1000, resendAfter: CODE_RULES.resendAfter / 1000 },
  };
}

async function verify(request: Request, email: string, code: string) {
  const row = await verifyTrialEmail(email, code, codeClient(request), new Date(), {
    attribution: await requestAttribution(request),
  });
  return {
    success: true,
    message: OTP_MESSAGES.verified,
    data: {
      userId: row.userId,
      status: row.status,
      approvalStatus: row.approvalStatus,
      emailVerified: row.emailVerified,
    },
  };
}

const open = endpointGroup("Email verification", "public");

export const endpoints = [
  open.post("/api/auth/general-email-verification/send-otp", {
    summary:
      "Email a 6-digit code to an email with a trial signup awaiting verification (valid 10 minutes; resend after 60 s). The answer is the same for any email, with a signup or without, so it tells nobody who signed up; only a signup awaiting its code is emailed",
    botCheck: true,
    body: SendOtpSchema,
    responses: { 200: { description: "Code sent (if the email awaits one)", schema: SentSchema }, ...sendErrors },
    handler: ({ request, body }) => send(request, body.email, OTP_SENT),
  }),
  open.post("/api/auth/general-email-verification/verify-otp", {
    summary: "Check the emailed code; the trial signup then waits for admin approval",
    body: VerifyOtpSchema,
    responses: { 200: { description: "Verified", schema: VerifiedSchema }, ...verifyErrors },
    handler: ({ request, body }) => verify(request, body.email, body.otp),
  }),
  open.post("/api/subscriptions/email/send-verification", {
    summary: "Email the trial verification code (same rules and answers as send-otp)",
    botCheck: true,
    body: SendVerificationSchema,
    responses: { 200: { description: "Code sent (if the email awaits one)", schema: SentSchema }, ...sendErrors },
    handler: ({ request, body }) => send(request, body.email, OTP_SENT),
  }),
  open.post("/api/subscriptions/email/resend-verification", {
    summary:
      "Email a new trial verification code; the previous one stops working (same answers as send-otp for any email)",
    botCheck: true,
    body: SendVerificationSchema,
    responses: { 200: { description: "Code sent again (if the email awaits one)", schema: SentSchema }, ...sendErrors },
    handler: ({ request, body }) => send(request, body.email, OTP_RESENT),
  }),
  open.post("/api/subscriptions/email/verify-code", {
    summary: "Check the trial verification code (same rules as verify-otp)",
    body: VerifyCodeSchema,
    responses: { 200: { description: "Verified", schema: VerifiedSchema }, ...verifyErrors },
    handler: ({ request, body }) => verify(request, body.email, body.code),
  }),
];
