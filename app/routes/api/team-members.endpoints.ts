import { z } from "zod";
import { ROLE_REQUIRED, TeamRoleSchema } from "~/domain/accounts/schemas";
import { changeRole, listTeam, MEMBER_STATUSES, removeMember, setMemberStatus } from "~/domain/accounts/team.server";
import { endpointGroup } from "~/http/api/endpoint.server";
import { ok } from "~/http/api/schemas";
import { TEAM_ROLES } from "~/lib/team-roles";

/** A member as the team endpoints show one (decision 064). */
const MemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(TEAM_ROLES).nullable().describe("null while the account waits for approval (or was rejected)"),
  status: z
    .enum(MEMBER_STATUSES)
    .describe("disabled: an Owner or Admin disabled the member, who cannot sign in until enabled (role kept)"),
});

/** PATCH /api/team/{id}: a new role, a new status (disable or enable the member), or both. */
const MemberChangeSchema = z
  .object({
    role: TeamRoleSchema.optional(),
    status: z
      .enum(["active", "disabled"], { error: "Status must be active or disabled." })
      .optional()
      .describe("disabled: the member cannot sign in and their sessions end at once; active: enabled again"),
  })
  // Neither: the role's rule, as the endpoint answered before it took a status.
  .refine((change) => change.role !== undefined || change.status !== undefined, { error: ROLE_REQUIRED });

const admin = endpointGroup("Team", "admin");

export const endpoints = [
  admin.get("/api/team", {
    summary: "The team: every account with its role and status, oldest first (pending registrations included)",
    permission: "read:team:any",
    responses: ok("Members", z.array(MemberSchema), [401, 403]),
    async handler() {
      return { success: true, data: await listTeam() };
    },
  }),
  admin.patch("/api/team/:id", {
    summary:
      "Give a member another role, or disable or enable them (`status`, decision 070). Only an Owner gives or takes the Owner role and disables an Owner; the last enabled Owner keeps the role and stays enabled (409); nobody disables themselves (403). A role change or disabling ends the member's sessions and refresh tokens at once",
    permission: "update:team:any",
    body: MemberChangeSchema,
    responses: ok("The member as changed", MemberSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      let member = body.role === undefined ? undefined : await changeRole(actor, params.id, body.role);
      if (body.status !== undefined) member = await setMemberStatus(actor, params.id, body.status);
      return { success: true, data: member };
    },
  }),
  admin.delete("/api/team/:id", {
    summary:
      "Remove a member (never yourself): the account and its sessions end at once. Only an Owner removes an Owner; the last Owner stays (409)",
    permission: "update:team:any",
    responses: ok("The removed member", MemberSchema, [401, 403, 404, 409]),
    async handler({ params, actor }) {
      return { success: true, data: await removeMember(actor, params.id) };
    },
  }),
];
