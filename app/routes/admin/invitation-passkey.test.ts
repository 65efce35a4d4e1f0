import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins } from "~/db/schema";
import fixtures from "../../../tests/fixtures/passkeys.json";
import {
  clearPasskeysAfterEach,
  invitedMember,
  seedInvitationChallenge,
} from "../../../tests/helpers/invitation-passkey";
import { outcome, routeArgs } from "../../../tests/helpers/route-call";
import { action } from "./invitation";

/** The accept page's passkey path (issue 25 item 2): options, then the passkey's answer signs the member in. */

clearPasskeysAfterEach();

describe("the accept page with a passkey", { timeout: 60_000 }, () => {
  const post = (fields: Record<string, string>) =>
    new Request("http://localhost/admin/invitation", {
      method: "POST",
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams(fields),
    });

  it("answers the options, then accepts with the passkey and signs the new member in", async () => {
    const { token, email } = await invitedMember();
    const started = (await action(routeArgs(post({ intent: "passkey-options", token, name: "Pat" })))) as {
      data: { options: { user: { name: string } } };
    };
    expect(started.data.options.user.name).toBe(email);
    await seedInvitationChallenge();
    const credential = JSON.stringify(fixtures.counting.registration.credential);
    const joined = await outcome(() => action(routeArgs(post({ intent: "passkey", token, name: "Pat", credential }))));
    expect((joined as Response).status).toBe(303);
    expect((joined as Response).headers.get("Location")).toBe("/admin/dashboard");
    expect((joined as Response).headers.get("Set-Cookie")).toContain("flowlane_session=");
  });

  it("a missing name is the name field's error; nothing is created", async () => {
    const { token, email } = await invitedMember();
    const refused = (await action(routeArgs(post({ intent: "passkey-options", token, name: " " })))) as {
      data: { fields: { name: string } };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.fields.name).toBe("Name is required");
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toEqual([]);
  });
});
