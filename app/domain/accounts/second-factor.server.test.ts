import { describe, expect, it } from "vitest";
import { requireAdmin, SECURITY_PATH, TWO_FACTOR_REQUIRED } from "~/http/guards.server";
import { ConfigValuesSchema, DEFAULT_REQUIRE_2FA } from "~/lib/config-schema";
import { TEAM_ROLES } from "~/lib/team-roles";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { setConfig } from "../../../tests/helpers/trial";
import { secondFactorRequired } from "./second-factor.server";

/** Two-factor by role (decision 067): REQUIRE_2FA names the roles that must have a second factor. */

const requiredBy = (value: string | undefined) => {
  const parsed = ConfigValuesSchema.safeParse({
    ENVIRONMENT: "test",
    ...(value === undefined ? {} : { REQUIRE_2FA: value }),
  });
  return parsed.success ? parsed.data.REQUIRE_2FA : parsed.error.issues.map((issue) => issue.message);
};

describe("REQUIRE_2FA names roles", () => {
  it("defaults to Owners and Admins; true is every role, false or empty none; unknown roles are refused", () => {
    expect(DEFAULT_REQUIRE_2FA).toBe("owner,admin");
    expect(requiredBy(undefined)).toEqual(["owner", "admin"]);
    expect(requiredBy(" Sales , author ")).toEqual(["sales", "author"]);
    expect(requiredBy("true")).toEqual(TEAM_ROLES);
    expect(requiredBy("false")).toEqual([]);
    expect(requiredBy("")).toEqual([]);
    expect(requiredBy("owner,root")).toEqual([expect.stringContaining("REQUIRE_2FA lists unknown roles (root)")]);
    expect(secondFactorRequired(null, TEAM_ROLES)).toBe(false);
  });

  it("a member of a named role without a second factor is sent to set it up; other roles go on", async () => {
    const restore = setConfig({ REQUIRE_2FA: "owner,admin" });
    try {
      const admin = await createAdmin({ role: "admin" });
      const sales = await createAdmin({ role: "sales" });
      const refused = await api("GET", "/api/meetings", { token: admin.token });
      expect(refused.status).toBe(403);
      expect(refused.json.error).toBe(TWO_FACTOR_REQUIRED);
      expect((await api("GET", "/api/meetings", { token: sales.token })).status).toBe(200);

      const page = (token: string) =>
        requireAdmin(
          new Request("http://localhost/admin/dashboard/meetings", { headers: { Authorization: `Bearer ${token}` } }),
        ).then(
          () => null,
          (thrown: unknown) => thrown as Response,
        );
      const sent = await page(admin.token);
      expect(sent?.status).toBe(302);
      expect(sent?.headers.get("Location")).toBe(`${SECURITY_PATH}?required=1`);
      expect(await page(sales.token)).toBeNull();
    } finally {
      restore();
    }
  });
});
