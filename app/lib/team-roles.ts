/**
 * The team's roles, from the most to the least power (decision 064). Pure, so the schema, the
 * domain's permission table and the pages that show a role share one list.
 */
export const TEAM_ROLES = ["owner", "admin", "sales", "marketing", "author"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
