import { z } from "zod";
import { ADMIN_STATUSES } from "~/db/schema";
import { TeamRoleSchema } from "~/domain/accounts/schemas";
import { changeRole, listTeam, removeMember } from "~/domain/accounts/team.server";
import { endpoint } from "~/http/api/endpoint.server";
import { pickErrors, successWith } from "~/http/api/schemas";
import { TEAM_ROLES } from "~/lib/team-roles";

/** A member as the team endpoints show one (decision 064). */
const MemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(TEAM_ROLES).nullable().describe("null while the account waits for approval (or was rejected)"),
  status: z.enum(ADMIN_STATUSES),
});

export const endpoints = [
  endpoint({
    method: "GET",
    path: "/api/team",
    summary: "The team: every account with its role and status, oldest first (pending registrations included)",
    tag: "Team",
    access: "admin",
    permission: "read:team:any",
    responses: {
      200: { description: "Members", schema: successWith(z.array(MemberSchema)) },
      ...pickErrors(401, 403),
    },
    async handler() {
      return { success: true, data: await listTeam() };
    },
  }),
  endpoint({
    method: "PATCH",
    path: "/api/team/:id",
    summary:
      "Give a member another role. Only an Owner gives or takes the Owner role; the last Owner keeps it (409). The member's sessions end at once",
    tag: "Team",
    access: "admin",
    permission: "update:team:any",
    body: z.object({ role: TeamRoleSchema }),
    responses: {
      200: { description: "The member with the new role", schema: successWith(MemberSchema) },
      ...pickErrors(400, 401, 403, 404, 409),
    },
    async handler({ params, body, actor }) {
      return { success: true, data: await changeRole(actor, params.id, body.role) };
    },
  }),
  endpoint({
    method: "DELETE",
    path: "/api/team/:id",
    summary:
      "Remove a member (never yourself): the account and its sessions end at once. Only an Owner removes an Owner; the last Owner stays (409)",
    tag: "Team",
    access: "admin",
    permission: "update:team:any",
    responses: {
      200: { description: "The removed member", schema: successWith(MemberSchema) },
      ...pickErrors(401, 403, 404, 409),
    },
    async handler({ params, actor }) {
      return { success: true, data: await removeMember(actor, params.id) };
    },
  }),
];
