import { z } from "zod";
import type * as stored from "~/db/schema";
import { EmailSchema } from "~/domain/accounts/schemas";
import { normalizeTypedCode } from "~/lib/typed-code";

/**
 * The code purposes of `~/db/schema`, restated: this module reaches the browser, the drizzle schema must
 * not (decision 026). The type check below fails the typecheck if the two ever differ.
 */
const CODE_PURPOSES = ["trial"] as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<(typeof CODE_PURPOSES)[number], (typeof stored.CODE_PURPOSES)[number]>;

export const OTP_REQUIRED = "Please enter the OTP code.";

/**
 * Spec §5: digits only, at most 6; empty gives "Please enter the OTP code.". Spaces, dashes and
 * full-width digits are normalised first (issue 30): "374 840" and "３７４８４０" are the code 374840.
 */
export const OtpSchema = z
  .string({ error: OTP_REQUIRED })
  .overwrite(normalizeTypedCode)
  .min(1, { error: OTP_REQUIRED, abort: true })
  .regex(/^\d+$/, { error: "The code must contain digits only.", abort: true })
  .length(6, "The code must be 6 digits.")
  .meta({ pattern: "^\\d{6}$", examples: ["123456"] });

export const PurposeSchema = z.enum(CODE_PURPOSES, { error: 'purpose must be "trial"' }).default("trial");

export const SendOtpSchema = z.object({ email: EmailSchema, purpose: PurposeSchema });

export const VerifyOtpSchema = z.object({ email: EmailSchema, otp: OtpSchema, purpose: PurposeSchema });

export const SendVerificationSchema = z.object({ email: EmailSchema });

export const VerifyCodeSchema = z.object({ email: EmailSchema, code: OtpSchema });

/** Spec §8 "OTP" texts. */
export const OTP_MESSAGES = {
  sent: "Please check your email for the OTP verification code.",
  resent: "OTP resent to your email.",
  verified: "Email verified. Your free trial is waiting for approval by our team.",
  sendFailed: "Failed to send OTP. Please try again.",
  sendOffline: "Failed to send OTP. Please check your connection.",
  verifyFailed: "Failed to verify OTP. Please try again.",
} as const;
