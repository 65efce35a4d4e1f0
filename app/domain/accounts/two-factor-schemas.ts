import { z } from "zod";
import { normalizeTypedCode } from "~/lib/typed-code";

const CODE_MESSAGE = "Enter the 6-digit code from your authenticator app.";

/** Spaces, dashes and full-width digits are normalised before the checks (issue 30): "123 456" is 123456. */
export const TotpCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .overwrite(normalizeTypedCode)
  .min(1, CODE_MESSAGE)
  .max(20, CODE_MESSAGE)
  .refine((v) => /^\d{6}$/.test(v), CODE_MESSAGE)
  .describe("6-digit code from the authenticator app")
  // Six digits, spaces and hyphens anywhere (as apps show them); the server also folds
  // full-width and Indic digits (decision 049), which the document leaves out.
  .meta({ pattern: "^[\\s-]*(?:\\d[\\s-]*){6}$", examples: ["123456"] });

export const RecoveryCodeSchema = z
  .string({ error: "Enter a recovery code." })
  .overwrite(normalizeTypedCode)
  .min(1, "Enter a recovery code.")
  .max(40, "That is not a recovery code.")
  .describe("One of the recovery codes, e.g. abcde-fghjk");

export const EnableTwoFactorSchema = z.object({ code: TotpCodeSchema });

export const ConfirmOwnerSchema = z.object({
  password: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(128),
  code: TotpCodeSchema,
});

export const VerifyChallengeSchema = z
  .object({
    challengeToken: z.string({ error: "challengeToken is required" }).min(1, "challengeToken is required").max(200),
    code: TotpCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: "Send either code or recoveryCode.",
    path: ["code"],
  })
  // The refine above, for the document: exactly one of the two.
  .meta({ oneOf: [{ required: ["code"] }, { required: ["recoveryCode"] }] });

/** The HTML code step: one field, either kind of code (the route tells them apart by shape). */
export const CodeStepSchema = z.object({
  code: z
    .string({ error: "Enter a code." })
    .overwrite(normalizeTypedCode)
    .min(1, "Enter a code.")
    .max(40, "That is not a valid code."),
});

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });
