import { z } from "zod";
import {
  AcceptInvitationSchema,
  InvitationPasskeyAcceptSchema,
  InvitationPasskeyStartSchema,
  InvitationSchema,
  InviteSchema,
  PendingInvitationSchema,
} from "~/domain/accounts/invitation-schemas";
import {
  acceptInvitation,
  acceptInvitationWithPasskey,
  invitationPasskeyOptions,
  inviteMember,
  pendingInvitationsPage,
  requireTeamManager,
  resendInvitation,
  revokeInvitation,
  type TeamManager,
} from "~/domain/accounts/invitations.server";
import type { ActiveSession } from "~/domain/accounts/sessions.server";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { createdAnswer, pageAnswer } from "~/http/api/answers";
import { endpointGroup } from "~/http/api/endpoint.server";
import { created, ErrorResponseSchema, named, ok, paged } from "~/http/api/schemas";
import { pageQuery } from "~/lib/page-query";
import { loginResponse, TokenDataSchema } from "./auth.endpoints";
import { RegistrationOptionsSchema } from "./passkeys.endpoints";

named(InvitationSchema, "Invitation");
named(PendingInvitationSchema, "PendingInvitation");

/** GET /api/team/invitations: `page` from 1, `limit` 1–100 (default 20), like the other paged lists (decision 025). */
const InvitationListQuerySchema = z.object(pageQuery({ limit: 20, maxLimit: 100 }));

/** The caller as the invitation rules see them: who, and with which role. */
const managerOf = (session: ActiveSession): TeamManager => ({
  id: session.admin.id,
  email: session.admin.email,
  role: session.admin.role,
});

/** The answers of an invitation's token that finds none, or one no longer open. */
const tokenErrors = {
  404: { description: "No invitation has this token", schema: ErrorResponseSchema },
  410: {
    description: "The invitation expired, was withdrawn or was already accepted",
    schema: ErrorResponseSchema,
  },
};

const admin = endpointGroup("Team", "admin");
const visitor = endpointGroup("Team", "public");

/*
 * Team invitations (issue 25, decision 065). Owners and Admins manage them; accepting is public
 * (the token from the email is the credential). The link itself is only ever in the email.
 */
export const endpoints = [
  admin.get("/api/team/invitations", {
    summary:
      "Pending invitations (neither accepted nor withdrawn), the last sent first, a page at a time (`page`, `limit` up to 100, default 20; a page past the last has an empty `data`); Owners and Admins only",
    permission: "read:team:any",
    query: InvitationListQuerySchema,
    responses: paged("One page of pending invitations", PendingInvitationSchema),
    async handler({ session, query }) {
      requireTeamManager(managerOf(session));
      const { invitations, total } = await pendingInvitationsPage(query);
      return pageAnswer(
        query,
        total,
        invitations.map((row) => ({
          id: row.id,
          email: row.email,
          role: row.role,
          invitedBy: row.invitedBy,
          sentAt: row.sentAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          expired: row.expired,
        })),
      );
    },
  }),
  admin.post("/api/team/invitations", {
    summary:
      "Invite an email with a role: emails a single-use link valid 7 days (the link is never in the answer). Owners invite any role, Admins any but Owner; at most 20 sends per inviter per hour",
    permission: "update:team:any",
    body: InviteSchema,
    responses: created("Invited", InvitationSchema, [400, 401, 403, 409, 429]),
    async handler({ session, body }) {
      const invitation = await inviteMember(managerOf(session), body);
      return createdAnswer(invitation);
    },
  }),
  visitor.post("/api/team/invitations/accept", {
    summary:
      "Accept an invitation with the token from its email: makes an active member with the invited role and signs them in (an access token, and the HttpOnly refresh cookie). Works once",
    body: AcceptInvitationSchema,
    responses: {
      ...created("Accepted and signed in", TokenDataSchema, [400, 429]),
      ...tokenErrors,
      409: { description: "The email already has an account", schema: ErrorResponseSchema },
    },
    async handler({ request, body }) {
      const admin = await withClientLimit("auth", request, () => acceptInvitation(body));
      const signedIn = await loginResponse(request, admin);
      return new Response(signedIn.body, { status: 201, headers: signedIn.headers });
    },
  }),
  visitor.post("/api/team/invitations/accept/passkey/options", {
    summary:
      "Accept with a passkey instead of a password, step one (decision 093): the token from the email and the name give the options for navigator.credentials.create(); the user handle is the invitation's id, which becomes the account's. Spends nothing",
    body: InvitationPasskeyStartSchema,
    responses: { ...ok("Creation options", RegistrationOptionsSchema, [400, 429]), ...tokenErrors },
    async handler({ request, body }) {
      return {
        success: true,
        data: await withClientLimit("auth", request, () => invitationPasskeyOptions(body)),
      };
    },
  }),
  visitor.post("/api/team/invitations/accept/passkey", {
    summary:
      "Accept with a passkey, step two: the authenticator's answer to the options' challenge makes an active member with the invited role, no password, and that passkey as their sign-in (two factors); signs them in like POST /api/team/invitations/accept. Works once",
    body: InvitationPasskeyAcceptSchema,
    responses: {
      ...created("Accepted and signed in", TokenDataSchema, [429]),
      400: {
        description:
          "A malformed body, or a passkey answer that does not verify (a challenge never issued, used or expired)",
        schema: ErrorResponseSchema,
      },
      ...tokenErrors,
      409: {
        description: "The email already has an account, or the passkey is registered",
        schema: ErrorResponseSchema,
      },
    },
    async handler({ request, body }) {
      const admin = await withClientLimit("auth", request, () => acceptInvitationWithPasskey(body));
      const signedIn = await loginResponse(request, admin);
      return new Response(signedIn.body, { status: 201, headers: signedIn.headers });
    },
  }),
  admin.post("/api/team/invitations/:id/resend", {
    summary:
      "Send a pending or expired invitation again with a fresh link valid 7 days; the previous link stops working",
    permission: "update:team:any",
    responses: ok("Sent again", InvitationSchema, [401, 403, 404, 409, 429]),
    async handler({ session, params }) {
      return { success: true, data: await resendInvitation(managerOf(session), params.id) };
    },
  }),
  admin.delete("/api/team/invitations/:id", {
    summary: "Withdraw a pending invitation: its link stops working",
    permission: "update:team:any",
    responses: ok("Withdrawn", InvitationSchema, [401, 403, 404, 409]),
    async handler({ session, params }) {
      return { success: true, data: await revokeInvitation(managerOf(session), params.id) };
    },
  }),
];
