import { z } from "zod";
import type { Admin } from "~/db/schema";
import {
  changePassword,
  getAdmin,
  REGISTERED_MESSAGE,
  registerAdmin,
  toProfile,
  updateProfile,
  verifyLogin,
} from "~/domain/accounts/accounts.server";
import {
  AdminProfileSchema,
  ChangePasswordSchema,
  LoginSchema,
  ProfileUpdateSchema,
  RegisterSchema,
} from "~/domain/accounts/schemas";
import { hasSecondFactor } from "~/domain/accounts/second-factor.server";
import { requestCountry } from "~/domain/accounts/session-list.server";
import {
  createSession,
  issueRefreshToken,
  revokeLogin,
  revokeRefreshToken,
  rotateRefreshToken,
  SESSION_LIMITS,
} from "~/domain/accounts/sessions.server";
import { createChallenge } from "~/domain/accounts/two-factor.server";
import { clientAddress, withClientLimit } from "~/domain/limits/client-limits.server";
import { createdAnswer } from "~/http/api/answers";
import { endpointGroup, failure } from "~/http/api/endpoint.server";
import { created, named, ok, pickErrors, SuccessSchema, successWith } from "~/http/api/schemas";
import { REFRESH_COOKIE, SESSION_COOKIE } from "~/http/cookies.server";
import { AppError } from "~/lib/errors";

named(AdminProfileSchema, "AdminProfile");

export const TokenDataSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.number().int().describe("Seconds until the access token expires"),
  user: AdminProfileSchema,
});

async function issueTokens(request: Request, adminId: string) {
  const access = await createSession(adminId, "api", {
    userAgent: request.headers.get("User-Agent"),
    country: requestCountry(request),
  });
  const refresh = await issueRefreshToken(adminId, access.sessionId);
  return { access, refresh };
}

const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z
    .string()
    .describe(
      "Single use, valid 5 minutes: send it with a code to POST /api/auth/2fa/verify, or with a passkey's answer to POST /api/auth/passkeys/authentication/verify (the only way for an account with passkeys and no authenticator app)",
    ),
});

/** The answer to a completed sign-in: an access token, and the refresh token as an HttpOnly cookie. */
export async function loginResponse(request: Request, admin: Admin) {
  const { access, refresh } = await issueTokens(request, admin.id);
  return tokenResponse(request, access.token, refresh, { user: toProfile(admin) });
}

/** A new access token in the body and its refresh token in the HttpOnly cookie (login and refresh). */
async function tokenResponse(request: Request, accessToken: string, refreshToken: string, extra: object = {}) {
  return Response.json(
    {
      success: true,
      data: { accessToken, tokenType: "Bearer", expiresIn: SESSION_LIMITS.api.absolute / 1000, ...extra },
    },
    { headers: { "Set-Cookie": await REFRESH_COOKIE.serialize(request, refreshToken) } },
  );
}

const open = endpointGroup("Auth", "public");
const anyone = endpointGroup("Auth", "optional");
const signedIn = endpointGroup("Auth", "signed-in");
const admin = endpointGroup("Auth", "admin");

export const endpoints = [
  open.post("/api/auth/login", {
    summary: "Sign in; returns an access token and sets the HttpOnly refresh cookie",
    body: LoginSchema,
    responses: {
      200: {
        description:
          "Signed in, or (for an account with a second factor: an authenticator app or a passkey) a challenge for the second step",
        schema: z.union([successWith(TokenDataSchema), successWith(TwoFactorChallengeSchema)]),
      },
      ...pickErrors(400, 401, 403, 429),
    },
    async handler({ request, body }) {
      const ip = clientAddress(request) ?? "";
      const admin = await withClientLimit(
        "auth",
        request,
        () => verifyLogin(body.email, body.password, new Date(), ip),
        {
          refundOnSuccess: true,
        },
      );
      // Two-factor accounts get no token yet: the code goes to POST /api/auth/2fa/verify.
      if (admin.status === "active" && (await hasSecondFactor(admin.id))) {
        return { success: true, data: { twoFactorRequired: true, challengeToken: await createChallenge(admin.id) } };
      }
      return loginResponse(request, admin);
    },
  }),
  open.post("/api/auth/register", {
    summary:
      "Register an admin account; it stays pending until an admin approves it. An existing email gets the same answer (its owner is emailed instead)",
    botCheck: true,
    body: RegisterSchema,
    responses: created(
      "Registered, waiting for approval (or, for an existing email, the same answer)",
      z.object({ user: AdminProfileSchema, message: z.string() }),
      [400, 429],
    ),
    async handler({ body, request }) {
      // The same answer for a new and an existing email (decision 020).
      const { profile } = await withClientLimit("auth", request, () => registerAdmin(body));
      return createdAnswer({ user: profile, message: REGISTERED_MESSAGE });
    },
  }),
  anyone.post("/api/auth/logout", {
    summary: "Sign out: revokes the session and its refresh token on the server",
    responses: { 200: { description: "Signed out", schema: SuccessSchema } },
    async handler({ request, session }) {
      if (session) await revokeLogin(session.sessionId);
      const refresh = await REFRESH_COOKIE.read(request);
      if (refresh) await revokeRefreshToken(refresh);
      const headers = new Headers();
      headers.append("Set-Cookie", await REFRESH_COOKIE.clear(request));
      headers.append("Set-Cookie", await SESSION_COOKIE.clear(request));
      return Response.json({ success: true }, { headers });
    },
  }),
  signedIn.get("/api/auth/profile", {
    summary: "The signed-in admin's profile",
    responses: ok("Profile", AdminProfileSchema, [401]),
    async handler({ session }) {
      const admin = await getAdmin(session.admin.id);
      if (!admin) throw new AppError(401, "Authentication required.");
      return { success: true, data: toProfile(admin) };
    },
  }),
  admin.put("/api/auth/profile", {
    summary: "Update the signed-in admin's name (email and role are not editable)",
    permission: "update:account:own",
    body: ProfileUpdateSchema,
    responses: ok("Updated", AdminProfileSchema, [400, 401, 403]),
    async handler({ body, actor }) {
      return { success: true, data: await updateProfile(actor, body) };
    },
  }),
  admin.put("/api/auth/change-password", {
    summary:
      "Change the password; every other session of the account is revoked. A wrong current password counts with failed sign-ins: the 10th in 15 minutes ends this session, locks sign-in (429) and emails the owner",
    permission: "update:account:own",
    body: ChangePasswordSchema,
    responses: ok("Changed", z.object({ message: z.string() }), [400, 401, 403, 429]),
    async handler({ request, session, body, actor }) {
      await changePassword(actor, session.sessionId, body, { ip: clientAddress(request) ?? "" });
      return { success: true, data: { message: "Password changed. Other sessions were signed out." } };
    },
  }),
  anyone.get("/api/auth/session", {
    summary: "Whether the caller is signed in, and as whom",
    responses: {
      200: {
        description: "Session state",
        schema: successWith(z.object({ authenticated: z.boolean(), user: AdminProfileSchema.nullable() })),
      },
    },
    handler({ session }) {
      return {
        success: true,
        data: { authenticated: Boolean(session), user: session ? session.admin : null },
      };
    },
  }),
  open.post("/api/auth/refresh", {
    summary: "Rotate the refresh cookie and get a new access token; a reused refresh token is refused",
    responses: ok("New access token", TokenDataSchema.omit({ user: true }), [401]),
    async handler({ request }) {
      const token = await REFRESH_COOKIE.read(request);
      const outcome = token ? await rotateRefreshToken(token) : ({ ok: false, reason: "unknown" } as const);
      if (!outcome.ok) {
        return failure(
          401,
          outcome.reason === "reused"
            ? "Refresh token was already used. Please login again."
            : "Failed to refresh token",
          {},
          { "Set-Cookie": await REFRESH_COOKIE.clear(request) },
        );
      }
      return tokenResponse(request, outcome.accessToken, outcome.refreshToken);
    },
  }),
];
