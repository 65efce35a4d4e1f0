import { describe, expect, it } from "vitest";
import { consoleCookie, createAdmin, getAdminByEmail } from "../../../../../tests/helpers/accounts";
import { ORIGIN } from "../../../../../tests/helpers/api";
import { routeArgs as args, outcome } from "../../../../../tests/helpers/route-call";
import { loader as overviewLoader } from "../overview";
import { action, loader } from "./team";

/** Settings → Team: disabling and enabling a member with the page's forms (decision 070). */

const post = (cookie: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/admin/dashboard/settings/team`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams(fields),
  });

describe("Settings → Team: disable and enable", () => {
  it("an Owner disables a member: their next page request lands on the sign-in page; the team shows them disabled; enabling restores them", async () => {
    const { admin: owner } = await createAdmin({ role: "owner" });
    const { admin: member } = await createAdmin({ role: "author", name: "Dana Disabled" });
    const ownerCookie = await consoleCookie(owner.id);
    const memberCookie = await consoleCookie(member.id);

    const disabled = (await action(args(post(ownerCookie, { intent: "disable", adminId: member.id })))) as Response;
    expect(disabled.status).toBe(303);
    expect(disabled.headers.get("Location")).toBe(`/admin/dashboard/settings/team?disabled=${member.id}`);

    const next = (await outcome(() =>
      overviewLoader(args(new Request(`${ORIGIN}/admin/dashboard`, { headers: { Cookie: memberCookie } }))),
    )) as Response;
    expect(next.status).toBe(302);
    // The sign-in page, which says the session ended.
    expect(next.headers.get("Location")).toBe("/admin?session=ended");

    const page = (await loader(
      args(
        new Request(`${ORIGIN}/admin/dashboard/settings/team?disabled=${member.id}`, {
          headers: { Cookie: ownerCookie },
        }),
      ),
    )) as Awaited<ReturnType<typeof loader>>;
    expect(page.notice).toBe(
      `Dana Disabled (${member.email}) was disabled and signed out; they cannot sign in until enabled.`,
    );
    expect(page.members.find((m) => m.id === member.id)).toMatchObject({ status: "disabled", role: "author" });

    const enabled = (await action(args(post(ownerCookie, { intent: "enable", adminId: member.id })))) as Response;
    expect(enabled.headers.get("Location")).toBe(`/admin/dashboard/settings/team?enabled=${member.id}`);
    expect((await getAdminByEmail(member.email))?.disabledAt).toBeNull();
  });

  it("a refused disable answers with its message and changes nothing (yourself)", async () => {
    const { admin: owner } = await createAdmin({ role: "owner" });
    const result = (await action(
      args(post(await consoleCookie(owner.id), { intent: "disable", adminId: owner.id })),
    )) as {
      data: { error: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(403);
    expect(result.data.error).toBe("You cannot disable your own account.");
    expect((await getAdminByEmail(owner.email))?.disabledAt).toBeNull();
  });
});
