import { z } from "zod";
import { PASSKEY_NAME_MAX } from "~/db/schema";

const NAME_MESSAGE = "Enter a name for the passkey.";

export const PasskeyNameSchema = z
  .string({ error: NAME_MESSAGE })
  .trim()
  .min(1, NAME_MESSAGE)
  .max(PASSKEY_NAME_MAX, `Use at most ${PASSKEY_NAME_MAX} characters.`)
  .describe("What the owner calls it, e.g. “MacBook Touch ID”");

export const RenamePasskeySchema = z.object({ name: PasskeyNameSchema });

/**
 * What `navigator.credentials` answered, as @simplewebauthn/browser serialises it (base64url
 * fields). Loose: webauthn.server.ts reads the members WebAuthn defines and future ones pass through.
 */
const CredentialJsonSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
  clientExtensionResults: z.looseObject({}).optional(),
});

export const RegistrationCredentialSchema = CredentialJsonSchema.extend({
  response: z.looseObject({
    clientDataJSON: z.string().min(1).max(4096),
    attestationObject: z.string().min(1).max(16_384),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
});

export const AuthenticationCredentialSchema = CredentialJsonSchema.extend({
  response: z.looseObject({
    clientDataJSON: z.string().min(1).max(4096),
    authenticatorData: z.string().min(1).max(4096),
    signature: z.string().min(1).max(1024),
    userHandle: z.string().max(1024).optional(),
  }),
});

export const VerifyRegistrationSchema = z.object({
  name: PasskeyNameSchema.optional().describe("Defaults to “Passkey” and the date"),
  credential: RegistrationCredentialSchema,
});

export const VerifyAuthenticationSchema = z.object({ credential: AuthenticationCredentialSchema });
