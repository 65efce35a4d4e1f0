import { z } from "zod";
import {
  AuthenticationCredentialSchema,
  RenamePasskeySchema,
  VerifyRegistrationSchema,
} from "~/domain/accounts/passkey-schemas";
import {
  authenticationOptions,
  deletePasskey,
  listPasskeys,
  type PasskeySummary,
  registrationOptions,
  renamePasskey,
  stepAuthenticationOptions,
  verifyAuthentication,
  verifyRegistration,
  verifyStepWithPasskey,
} from "~/domain/accounts/passkeys.server";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { createdAnswer } from "~/http/api/answers";
import { endpointGroup } from "~/http/api/endpoint.server";
import { created, named, ok, pickErrors, SuccessSchema } from "~/http/api/schemas";
import { loginResponse, TokenDataSchema } from "./auth.endpoints";

const PasskeySchema = named(
  z.object({
    id: z.string(),
    name: z.string(),
    deviceType: z
      .enum(["singleDevice", "multiDevice"])
      .describe("multiDevice: a synced passkey (e.g. iCloud Keychain, Google Password Manager)"),
    backedUp: z.boolean().describe("Whether the authenticator says the passkey is backed up"),
    transports: z.array(z.string()).describe("How the browser reaches the authenticator (internal, hybrid, usb, …)"),
    createdAt: z.string().describe("ISO 8601"),
    lastUsedAt: z.string().nullable().describe("ISO 8601; null until it first signs in"),
  }),
  "Passkey",
);

const passkeyJson = (p: PasskeySummary) => ({
  ...p,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

const Descriptor = z.looseObject({
  id: z.string(),
  type: z.literal("public-key"),
  transports: z.array(z.string()).optional(),
});

/** What to hand to `navigator.credentials.create()` (after base64url decoding), e.g. via @simplewebauthn/browser. */
export const RegistrationOptionsSchema = named(
  z
    .looseObject({
      challenge: z.string().describe("base64url; single use, valid 5 minutes"),
      rp: z.looseObject({ name: z.string(), id: z.string().describe("SITE_URL's host") }),
      user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
      pubKeyCredParams: z.array(z.looseObject({ alg: z.number().int(), type: z.literal("public-key") })),
      timeout: z.number().int().optional(),
      excludeCredentials: z.array(Descriptor).optional().describe("The account's passkeys, not to be registered twice"),
      authenticatorSelection: z.looseObject({}).optional(),
      attestation: z.string().optional(),
    })
    .describe("PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3)"),
  "PasskeyRegistrationOptions",
);

/** What to hand to `navigator.credentials.get()`. */
const AuthenticationOptionsSchema = named(
  z
    .looseObject({
      challenge: z.string().describe("base64url; single use, valid 5 minutes"),
      rpId: z.string().optional().describe("SITE_URL's host"),
      timeout: z.number().int().optional(),
      allowCredentials: z
        .array(Descriptor)
        .optional()
        .describe("Empty (any passkey of this site) at sign-in; the account's passkeys at the second step"),
      userVerification: z.string().optional(),
    })
    .describe("PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3)"),
  "PasskeyAuthenticationOptions",
);

const ChallengeTokenField = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe(
    "At the second step after a password: the challengeToken from POST /api/auth/login; a passkey of that account answers instead of a code",
  );

const admin = endpointGroup("Passkeys", "admin");
const open = endpointGroup("Passkeys", "public");

export const endpoints = [
  admin.get("/api/auth/passkeys", {
    summary: "The signed-in admin's passkeys",
    permission: "read:account:own",
    responses: ok("Passkeys, oldest first", z.array(PasskeySchema), [401, 403]),
    async handler({ actor }) {
      return { success: true, data: (await listPasskeys(actor.id)).map(passkeyJson) };
    },
  }),
  admin.post("/api/auth/passkeys/registration/options", {
    summary: "Start adding a passkey: options for navigator.credentials.create() with a single-use challenge",
    permission: "update:account:own",
    responses: ok("Creation options", RegistrationOptionsSchema, [401, 403]),
    async handler({ actor, session }) {
      return {
        success: true,
        data: await registrationOptions({ ...actor, name: session.admin.name }),
      };
    },
  }),
  admin.post("/api/auth/passkeys/registration/verify", {
    summary:
      "Finish adding a passkey: the authenticator's answer to the options' challenge (user verification required, no attestation)",
    permission: "update:account:own",
    body: VerifyRegistrationSchema,
    responses: created("The new passkey", PasskeySchema, [400, 401, 403, 409]),
    async handler({ actor, body }) {
      const passkey = await verifyRegistration(actor, body);
      return createdAnswer(passkeyJson(passkey));
    },
  }),
  admin.patch("/api/auth/passkeys/:id", {
    summary: "Rename one of your passkeys",
    permission: "update:account:own",
    body: RenamePasskeySchema,
    responses: ok("Renamed", PasskeySchema, [400, 401, 403, 404]),
    async handler({ actor, params, body }) {
      return { success: true, data: passkeyJson(await renamePasskey(actor, params.id, body.name)) };
    },
  }),
  admin.delete("/api/auth/passkeys/:id", {
    summary:
      "Delete one of your passkeys. Refused (409) when it is the account's last way to sign in: no password and no other passkey",
    permission: "update:account:own",
    responses: {
      200: { description: "Deleted", schema: SuccessSchema },
      ...pickErrors(401, 403, 404, 409),
    },
    async handler({ actor, params }) {
      await deletePasskey(actor, params.id);
      return { success: true };
    },
  }),
  open.post("/api/auth/passkeys/authentication/options", {
    summary:
      "Start signing in with a passkey: options for navigator.credentials.get() with a single-use challenge (any passkey of this site, or with challengeToken that account's)",
    body: z.object({ challengeToken: ChallengeTokenField }),
    responses: ok("Request options", AuthenticationOptionsSchema, [400, 401, 409]),
    async handler({ body }) {
      const options = body.challengeToken
        ? await stepAuthenticationOptions(body.challengeToken)
        : await authenticationOptions();
      return { success: true, data: options };
    },
  }),
  open.post("/api/auth/passkeys/authentication/verify", {
    summary:
      "Sign in with a passkey (one step: it counts as two factors), or answer the second step after a password with challengeToken. Returns what POST /api/auth/login returns; failures share its per-address limit (429)",
    body: z.object({ credential: AuthenticationCredentialSchema, challengeToken: ChallengeTokenField }),
    responses: ok("Signed in (as /api/auth/login)", TokenDataSchema, [400, 401, 429]),
    async handler({ request, body }) {
      // Only failures use the address's allowance, as at the password step (decision 014).
      const admin = await withClientLimit(
        "auth",
        request,
        async () =>
          body.challengeToken
            ? verifyStepWithPasskey(body.challengeToken, body)
            : (await verifyAuthentication(body)).admin,
        { refundOnSuccess: true },
      );
      return loginResponse(request, admin);
    },
  }),
];
