import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { CLIENT_LIMITS } from "~/domain/limits/client-limits.server";
import { PRIVACY_TEXTS } from "~/domain/privacy/schemas";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { routeArgs } from "../../../tests/helpers/route-call";
import { action } from "./request";

/**
 * The "Your data" page's form (decision 088) under its client limit: each request emails a link
 * to an address someone typed, so one client asks for at most `privacyRequest.max` an hour, and
 * the refusals say how long to wait (Retry-After) and keep what was typed.
 */
const client = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
const stranger = () => `data-${crypto.randomUUID().slice(0, 8)}@example.com`;

const post = (email: string, address: string) =>
  action(
    routeArgs(
      new Request("http://localhost/privacy/requests", {
        method: "POST",
        headers: { "CF-Connecting-IP": address, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(withFormToken({ email, kind: "export" })),
      }),
    ),
  );

type Refused = {
  data: { fieldError: string; field: string; email: string; kind: string };
  init: { status: number; headers: Record<string, string> };
};

describe("the privacy request form's client limit", () => {
  it("20 requests at once from one client for 20 addresses: 5 links emailed, 15 refused with 429, Retry-After and what was typed", async () => {
    const address = client();
    const emails = Array.from({ length: 20 }, stranger);
    const answers = await Promise.all(emails.map((email) => post(email, address)));

    const accepted = answers.filter((a) => (a as { message?: string }).message === PRIVACY_TEXTS.checkInbox);
    expect(accepted).toHaveLength(CLIENT_LIMITS.privacyRequest.max);
    const refused = answers.filter((a) => !("message" in (a as object))) as Refused[];
    expect(refused).toHaveLength(20 - CLIENT_LIMITS.privacyRequest.max);
    for (const answer of refused) {
      expect(answer.init.status).toBe(429);
      expect(Number(answer.init.headers["Retry-After"])).toBeGreaterThan(0);
      expect(answer.data.fieldError).toMatch(/^Too many requests from your network/);
      expect(answer.data).toMatchObject({ field: "email", kind: "export" });
      expect(emails).toContain(answer.data.email);
    }

    const links = await db()
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.to, emails), eq(emailOutbox.kind, "privacy.request_confirm")))
      .all();
    expect(links).toHaveLength(CLIENT_LIMITS.privacyRequest.max);
    // The refused addresses were sent nothing.
    const refusedEmails = new Set(refused.map((answer) => answer.data.email));
    expect(links.filter((link) => refusedEmails.has(link.to))).toEqual([]);
  });
});
