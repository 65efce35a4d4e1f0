import { z } from "zod";
import { listActiveSessions, revokeOtherSessions, revokeOwnSession } from "~/domain/accounts/session-list.server";
import {
  beginSetup,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatus,
  verifyChallenge,
} from "~/domain/accounts/two-factor.server";
import {
  ConfirmOwnerSchema,
  EnableTwoFactorSchema,
  RecoveryCodesSchema,
  VerifyChallengeSchema,
} from "~/domain/accounts/two-factor-schemas";
import { clientAddress, withClientLimit } from "~/domain/limits/client-limits.server";
import { endpointGroup } from "~/http/api/endpoint.server";
import { ok, pickErrors, SuccessSchema } from "~/http/api/schemas";
import { isLocalHttp } from "~/lib/local-http";
import { loginResponse, TokenDataSchema } from "./auth.endpoints";

const SessionSchema = z.object({
  id: z.string(),
  kind: z.enum(["browser", "api"]),
  browser: z.string(),
  system: z.string(),
  country: z.string().nullable().describe("Two-letter country from the edge, when known"),
  createdAt: z.string().describe("ISO 8601"),
  lastSeenAt: z.string().describe("ISO 8601"),
  current: z.boolean().describe("The session making this request"),
});

/** Who makes a signed-in proof: the client address its failures count against, and the session a lock ends. */
const proofContext = (request: Request, sessionId: string) => ({
  local: isLocalHttp(request),
  ip: clientAddress(request) ?? "",
  sessionId,
});

const admin = endpointGroup("Two-factor", "admin");
const open = endpointGroup("Two-factor", "public");
const authAdmin = endpointGroup("Auth", "admin");

export const endpoints = [
  admin.get("/api/auth/2fa", {
    summary: "Whether two-factor sign-in is on, and how many recovery codes are left",
    permission: "read:account:own",
    responses: ok("Status", z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }), [401, 403]),
    async handler({ session }) {
      const status = await twoFactorStatus(session.admin.id);
      return { success: true, data: { enabled: status.enabled, recoveryCodesLeft: status.recoveryCodesLeft } };
    },
  }),
  admin.post("/api/auth/2fa/setup", {
    summary: "Start two-factor enrolment: a new TOTP secret, in force once confirmed by /2fa/enable",
    permission: "update:account:own",
    responses: ok(
      "The secret (base32) and the otpauth:// URL for an authenticator app",
      z.object({ secret: z.string(), otpauthUrl: z.string() }),
      [401, 403, 409],
    ),
    async handler({ request, actor }) {
      return { success: true, data: await beginSetup(actor, { local: isLocalHttp(request) }) };
    },
  }),
  admin.post("/api/auth/2fa/enable", {
    summary: "Confirm enrolment with a current code; returns 10 single-use recovery codes (shown once)",
    permission: "update:account:own",
    body: EnableTwoFactorSchema,
    responses: ok("Two-factor sign-in is on", RecoveryCodesSchema, [400, 401, 403, 409]),
    async handler({ request, body, actor }) {
      return { success: true, data: await enableTwoFactor(actor, body, { local: isLocalHttp(request) }) };
    },
  }),
  admin.post("/api/auth/2fa/disable", {
    summary:
      "Turn two-factor sign-in off (password and a current code). Failures count with failed sign-ins: the 10th in 15 minutes ends this session, locks sign-in (429) and emails the owner",
    permission: "update:account:own",
    body: ConfirmOwnerSchema,
    responses: {
      200: { description: "Two-factor sign-in is off", schema: SuccessSchema },
      ...pickErrors(400, 401, 403, 409, 429),
    },
    async handler({ request, body, actor, session }) {
      await disableTwoFactor(actor, body, proofContext(request, session.sessionId));
      return { success: true };
    },
  }),
  admin.post("/api/auth/2fa/recovery-codes", {
    summary:
      "Replace the recovery codes (password and a current code); the old ones stop working. Failures count as for /2fa/disable",
    permission: "update:account:own",
    body: ConfirmOwnerSchema,
    responses: ok("The new recovery codes (shown once)", RecoveryCodesSchema, [400, 401, 403, 409, 429]),
    async handler({ request, body, actor, session }) {
      return {
        success: true,
        data: await regenerateRecoveryCodes(actor, body, proofContext(request, session.sessionId)),
      };
    },
  }),
  open.post("/api/auth/2fa/verify", {
    summary:
      "The code step of sign-in: a challenge token from /api/auth/login and a code or a recovery code. Each answer is counted before it is checked (5 per challenge, 10 per account in 15 minutes) and failed ones from one client address share the sign-in limit of /api/auth/login (429)",
    body: VerifyChallengeSchema,
    responses: ok("Signed in (as /api/auth/login)", TokenDataSchema, [400, 401, 429]),
    async handler({ request, body }) {
      // Only failures use the address's allowance, as at the password step (decision 014).
      const admin = await withClientLimit(
        "auth",
        request,
        () =>
          verifyChallenge(
            body.challengeToken,
            { code: body.code, recoveryCode: body.recoveryCode },
            { local: isLocalHttp(request), ip: clientAddress(request) ?? "" },
          ),
        { refundOnSuccess: true },
      );
      return loginResponse(request, admin);
    },
  }),
  authAdmin.get("/api/auth/sessions", {
    summary: "The signed-in admin's active sessions (browser and API)",
    permission: "read:account:own",
    responses: ok("Sessions", z.array(SessionSchema), [401, 403]),
    async handler({ session }) {
      const list = await listActiveSessions(session.admin.id, session.sessionId);
      return {
        success: true,
        data: list.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })),
      };
    },
  }),
  authAdmin.delete("/api/auth/sessions/:id", {
    summary: "End one of your own sessions (and the refresh tokens bound to it)",
    permission: "update:account:own",
    responses: { 200: { description: "Revoked", schema: SuccessSchema }, ...pickErrors(401, 403, 404) },
    async handler({ params, actor }) {
      await revokeOwnSession(actor, params.id);
      return { success: true };
    },
  }),
  authAdmin.post("/api/auth/sessions/revoke-others", {
    summary: "Sign out everywhere else: every session but this one",
    permission: "update:account:own",
    responses: ok("Revoked", z.object({ revoked: z.number().int() }), [401, 403]),
    async handler({ session, actor }) {
      return { success: true, data: { revoked: await revokeOtherSessions(actor, session.sessionId) } };
    },
  }),
];
