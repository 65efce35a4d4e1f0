import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { callbackRequests, emailOutbox } from "~/db/schema";
import { action as contactSalesAction, loader as contactSalesLoader } from "~/routes/marketing/contact-sales";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { captureEnterpriseLead, listCallbacks, toCallbackJson } from "./callbacks.server";
import { ENTERPRISE_THANKS, EnterpriseLeadSchema } from "./lead-schemas";

let counter = 0;
const lead = (overrides: Record<string, string> = {}) => ({
  firstName: "Asha",
  lastName: "Menon",
  email: `asha${++counter}@bigco.example`,
  company: "BigCo Industries",
  teamSize: "1000+",
  message: "We need approvals across 40 plants.",
  ...overrides,
});

/** As the in-place form sends it (JavaScript on); `page: true` as the page without JavaScript. */
const post = (fields: Record<string, string>, { page = false } = {}) =>
  contactSalesAction({
    request: new Request("http://localhost/pricing/contact-sales", {
      method: "POST",
      body: new URLSearchParams(withFormToken(page ? fields : { ...fields, inPlace: "1" })),
    }),
    params: {},
    context: {},
  } as never).catch((thrown: unknown) => thrown) as Promise<unknown>;

const leadCount = async () =>
  (
    await db()
      .select({ n: count() })
      .from(callbackRequests)
      .where(eq(callbackRequests.source, "pricing-enterprise"))
      .get()
  )?.n ?? 0;

describe("Enterprise Contact Sales leads", () => {
  it("is stored with the callbacks under the source pricing-enterprise and emailed to the sales inbox", async () => {
    const input = EnterpriseLeadSchema.parse(lead());
    const stored = await captureEnterpriseLead(input);
    const row = await db().select().from(callbackRequests).where(eq(callbackRequests.id, stored.id)).get();
    expect(row).toMatchObject({
      firstName: "Asha",
      company: "BigCo Industries",
      teamSize: "1000+",
      source: "pricing-enterprise",
      status: "new",
      phone: "",
    });
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `lead.sales_notice:${stored.id}`))
      .all();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "sales@flowlane.example",
      kind: "lead.sales_notice",
      subject: "Enterprise lead: Asha Menon (BigCo Industries)",
    });
    expect(mails[0]?.text).toContain("Team size: 1000+ employees");
    expect(mails[0]?.text).toContain(input.email);
    // It shows in the admin Callbacks list with its source.
    const { callbacks } = await listCallbacks({ status: "all", page: 1, limit: 200 });
    expect(callbacks.map(toCallbackJson).find((c) => c.id === stored.id)).toMatchObject({
      source: "pricing-enterprise",
      teamSize: "1000+",
    });
  });

  it("the page's action answers with the spec's thank-you flag and stores one lead", async () => {
    const before = await leadCount();
    const answer = (await post(lead())) as { sent?: boolean };
    expect(answer.sent).toBe(true);
    expect(await leadCount()).toBe(before + 1);
    expect(ENTERPRISE_THANKS).toBe("Thank you for your interest! Our sales team will contact you shortly.");
  });

  it("20 parallel submissions of different leads store 20 leads (each is its own request)", async () => {
    const before = await leadCount();
    await Promise.all(Array.from({ length: 20 }, () => post(lead())));
    expect(await leadCount()).toBe(before + 20);
  });

  it("without JavaScript: Post/Redirect/Get to the thank-you page, which a reload cannot send again", async () => {
    const before = await leadCount();
    const answer = (await post(lead(), { page: true })) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/pricing/contact-sales?sent=1");
    expect(await leadCount()).toBe(before + 1);
    const page = await contactSalesLoader({
      request: new Request("http://localhost/pricing/contact-sales?sent=1"),
      params: {},
      context: {},
    } as never);
    expect(page).toEqual({ sent: true });
  });

  it("the same lead sent again (a reload, Back and Send, 20 copies at once) is stored and emailed once", async () => {
    const same = lead();
    const before = await leadCount();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(same, { page: i % 2 === 0 })));
    for (const [i, answer] of answers.entries()) {
      if (i % 2 === 0) expect((answer as Response).headers.get("Location")).toBe("/pricing/contact-sales?sent=1");
      else expect((answer as { sent?: boolean }).sent).toBe(true);
    }
    expect(await leadCount()).toBe(before + 1);
    const stored = await db().select().from(callbackRequests).where(eq(callbackRequests.email, same.email)).all();
    expect(stored).toHaveLength(1);
    const notices = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `lead.sales_notice:${stored[0]?.id}`))
      .all();
    expect(notices).toHaveLength(1);
    // A later resubmission still finds the first one; a changed message is a new lead.
    await post(same, { page: true });
    await post({ ...same, message: "Also: 12 more plants next year." });
    expect(await leadCount()).toBe(before + 2);
  });

  it("a filled honeypot stores and sends nothing", async () => {
    const before = await leadCount();
    const answer = (await post(lead({ faxNumber: "555" }))) as { sent?: boolean };
    expect(answer.sent).toBe(true);
    expect(await leadCount()).toBe(before);
  });

  it.each([
    ["a missing first name", { firstName: "" }, "firstName", "First name is required"],
    ["a missing last name", { lastName: " " }, "lastName", "Last name is required"],
    ["a missing email", { email: "" }, "email", "Email is required"],
    ["a malformed email", { email: "asha@" }, "email", "Email is invalid"],
    ["a missing company", { company: "" }, "company", "Company is required"],
    ["a missing team size", { teamSize: "" }, "teamSize", "Team size is required"],
    ["an unknown team size", { teamSize: "a lot" }, "teamSize", "Team size is required"],
    ["an over-long company", { company: "x".repeat(151) }, "company", "Company must be at most 150 characters."],
    ["an over-long message", { message: "x".repeat(2001) }, "message", "Message must be at most 2000 characters."],
    ["a line break in a name", { lastName: "Menon\nBcc: x@y" }, "lastName", "Last name must be a single line of text."],
  ])("refuses %s with a field error and stores nothing", async (_label, overrides, field, message) => {
    const before = await leadCount();
    const answer = (await post(lead(overrides))) as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error[field]).toEqual([message]);
    expect(await leadCount()).toBe(before);
  });
});
