import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { trialFormFields, uniqueTrialEmail } from "../../../tests/helpers/trial";
import { action as trialAction } from "./free-trial";
import { currentSignup, trialCookie } from "./session.server";

const LOCAL = "http://localhost/free-trial/verify";
const withCookie = (cookie: string, url = LOCAL) => new Request(url, { headers: { Cookie: cookie } });

/** A real signup through the page's action, and its userId. */
async function signup() {
  const email = uniqueTrialEmail("session");
  const request = new Request("http://localhost/free-trial", {
    method: "POST",
    body: new URLSearchParams(withFormToken(trialFormFields(email))),
  });
  try {
    await trialAction({ request, params: {}, context: {} } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
  }
  const row = await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get();
  return row!.userId;
}

describe("the trial cookie (React Router createCookie with secrets)", () => {
  it("keeps its name and attributes: __Host- and Secure except on plain-http localhost", async () => {
    const local = await trialCookie(new Request(LOCAL), "user_1");
    expect(local).toMatch(/^flowlane_trial=[^;]+; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
    const deployed = await trialCookie(new Request("https://flowlane.example/free-trial"), "user_1");
    expect(deployed).toMatch(/^__Host-flowlane_trial=[^;]+; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("finds the signup of a cookie it issued, and none for an altered or foreign one", async () => {
    const userId = await signup();
    const cookie = (await trialCookie(new Request(LOCAL), userId)).split(";")[0]!;
    expect((await currentSignup(withCookie(cookie)))?.userId).toBe(userId);

    const [name, value] = cookie.split("=") as [string, string];
    const [payload, signature] = value.split(".") as [string, string];
    const other = btoa(JSON.stringify("user_someone_else"));
    expect(await currentSignup(withCookie(`${name}=${other}.${signature}`))).toBeUndefined();
    expect(await currentSignup(withCookie(`${name}=${payload}.${signature.slice(1)}A`))).toBeUndefined();
    expect(await currentSignup(withCookie(`${name}=${payload}`))).toBeUndefined();
    expect(await currentSignup(withCookie("flowlane_trial="))).toBeUndefined();
    expect(await currentSignup(new Request(LOCAL))).toBeUndefined();
  });
});
