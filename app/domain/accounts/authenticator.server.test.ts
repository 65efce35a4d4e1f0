import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { clientLimits } from "~/db/schema";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { getAdmin, INVALID_LOGIN } from "./accounts.server";
import { authenticator } from "./authenticator.server";

/** The login screen's form post, as the browser sends it. */
function loginPost(fields: Record<string, string>, address?: string) {
  return new Request("https://app.flowlane.example/admin", {
    method: "POST",
    headers: address ? { "CF-Connecting-IP": address } : {},
    body: new URLSearchParams(fields),
  });
}

const authHits = async (address: string) =>
  (
    await db()
      .select()
      .from(clientLimits)
      .where(eq(clientLimits.key, `auth:${address}`))
      .get()
  )?.hits ?? 0;

describe("the login form strategy", () => {
  it("the right email and password give the admin", async () => {
    const { admin } = await createAdmin();
    const signedIn = await authenticator.authenticate(
      "form",
      loginPost({ email: admin.email, password: TEST_PASSWORD }),
    );
    expect(signedIn.id).toBe(admin.id);
  });

  it("a missing or malformed field is a 400 with the field's message and counts no failure", async () => {
    const { admin } = await createAdmin();
    await expect(authenticator.authenticate("form", loginPost({ email: admin.email }))).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      authenticator.authenticate("form", loginPost({ email: "not-an-email", password: TEST_PASSWORD })),
    ).rejects.toMatchObject({ status: 400 });
    expect((await getAdmin(admin.id))?.failedLogins).toBe(0);
  });

  it("a wrong password is the generic 401 and counts against the address; a success refunds its own hit", async () => {
    const { admin } = await createAdmin();
    const address = "198.51.100.77";
    await expect(
      authenticator.authenticate("form", loginPost({ email: admin.email, password: "wrong-password-9" }, address)),
    ).rejects.toMatchObject({ status: 401, message: INVALID_LOGIN });
    expect(await authHits(address)).toBe(1);
    await authenticator.authenticate("form", loginPost({ email: admin.email, password: TEST_PASSWORD }, address));
    expect(await authHits(address)).toBe(1);
  });
});
