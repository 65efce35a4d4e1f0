import { describe, expect, it } from "vitest";
import type { Consent } from "~/db/schema";
import { registerAdmin } from "~/domain/accounts/accounts.server";
import { captureEnterpriseLead, requestCallback } from "~/domain/meetings/callbacks.server";
import { confirmSubscription, subscribe, unsubscribe } from "~/domain/newsletter/newsletter.server";
import { sendTrialCode, verifyTrialEmail } from "~/domain/subscriptions/subscriptions.server";
import { CONSENT_FORMS, type ConsentForm, type ConsentPurpose, NOTICE_VERSION } from "~/lib/consent";
import { bookDemo, weekday } from "../../../tests/helpers/booking";
import { linkToken, outboxTo } from "../../../tests/helpers/outbox";
import { CLIENT, orgSignup, startSignup } from "../../../tests/helpers/trial";
import { consentsOf } from "./consents.server";

/** Decision 087: each public form writes its ledger row in the batch of its own change. */
const T0 = new Date("2026-11-27T09:00:00.000Z");
const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@consent.example`;
const mailTo = async (email: string, kind: string) => (await outboxTo(email)).find((m) => m.kind === kind);

const callbackInput = (email: string) => ({
  firstName: "Ravi",
  lastName: "Kumar",
  email,
  company: "Northwind",
  phone: "+91 90000 00000",
  message: "Please call after 3 pm.",
});

let slot = 0;
/** A free slot of its own per booking test (four weekdays out, a different half hour each). */
const nextSlot = () => ({ date: weekday(4 + Math.floor(slot / 8)), timeSlot: `${10 + (slot++ % 8)}:00` });

/**
 * Per public form: the form's change made `times` times at once for one address (as a double
 * click or a scripted burst would), and the purposes its ledger row(s) name. A Record over every
 * form, so a form added to the ledger's list fails the typecheck here until it has a case.
 */
const FORMS: Record<
  ConsentForm,
  { purposes: ConsentPurpose[]; submit: (email: string, times: number) => Promise<unknown> }
> = {
  "demo-booking": {
    purposes: ["demo"],
    submit: (email, times) => {
      const at = nextSlot();
      return Promise.allSettled(Array.from({ length: times }, () => bookDemo({ ...at, email })));
    },
  },
  callback: {
    purposes: ["callback"],
    submit: (email, times) =>
      Promise.all(Array.from({ length: times }, () => requestCallback(callbackInput(email), { now: T0 }))),
  },
  "enterprise-lead": {
    purposes: ["sales-enquiry"],
    submit: (email, times) =>
      Promise.all(
        Array.from({ length: times }, () =>
          captureEnterpriseLead({ ...callbackInput(email), teamSize: "51-200" }, { now: T0 }),
        ),
      ),
  },
  newsletter: {
    purposes: ["newsletter"],
    submit: async (email, times) => {
      await subscribe({ email }, { now: T0 });
      const mail = await mailTo(email, "newsletter.confirm");
      const token = linkToken(mail?.text ?? "", "/newsletter/confirm");
      return Promise.all(Array.from({ length: times }, () => confirmSubscription(token, T0)));
    },
  },
  trial: {
    purposes: ["trial", "newsletter"],
    submit: async (email, times) => {
      const { subscription } = await startSignup(orgSignup({ email, subscribeNewsletter: true }), T0);
      const { code } = await sendTrialCode(subscription.email, CLIENT, T0);
      return Promise.allSettled(
        Array.from({ length: times }, () => verifyTrialEmail(subscription.email, code, CLIENT, T0)),
      );
    },
  },
  "admin-registration": {
    purposes: ["console-account"],
    submit: (email, times) =>
      Promise.all(
        Array.from({ length: times }, () =>
          registerAdmin({ email, name: "New Member", password: "correct-horse-42" }, { now: T0 }),
        ),
      ),
  },
};

const active = (rows: Consent[]) => rows.filter((row) => row.withdrawnAt === null);

describe("the consent ledger, per public form", () => {
  for (const form of CONSENT_FORMS) {
    it(`${form}: one row per purpose naming the notice version, the form and the time`, async () => {
      const email = uniqueEmail(form);
      await FORMS[form].submit(email, 1);
      const rows = await consentsOf(email);
      expect(rows.map((row) => row.purpose).sort()).toEqual([...FORMS[form].purposes].sort());
      for (const row of rows) {
        expect(row).toMatchObject({ email, form, noticeVersion: NOTICE_VERSION, withdrawnAt: null });
        expect(row.givenAt).toBeInstanceOf(Date);
      }
    });

    it(`${form}: 20 copies of one submission at once leave the same rows, once`, async () => {
      const email = uniqueEmail(`burst-${form}`);
      await FORMS[form].submit(email, 20);
      const rows = await consentsOf(email);
      expect(rows).toHaveLength(FORMS[form].purposes.length);
      expect(new Set(rows.map((row) => row.purpose))).toEqual(new Set(FORMS[form].purposes));
    });
  }

  it("a change the form refuses records nothing: a wrong trial code, an unconfirmed newsletter sign-up, a honeypot", async () => {
    const trial = uniqueEmail("refused-trial");
    await startSignup(orgSignup({ email: trial }), T0);
    await sendTrialCode(trial, CLIENT, T0);
    await expect(verifyTrialEmail(trial, "000000", CLIENT, T0)).rejects.toMatchObject({ status: 400 });
    expect(await consentsOf(trial)).toEqual([]);

    const pending = uniqueEmail("pending");
    await subscribe({ email: pending }, { now: T0 });
    expect(await consentsOf(pending)).toEqual([]);

    const bot = uniqueEmail("bot");
    await requestCallback({ ...callbackInput(bot), faxNumber: "555-0100" } as ReturnType<typeof callbackInput>);
    expect(await consentsOf(bot)).toEqual([]);
  });

  it("an existing account's address registering again adds no row", async () => {
    const email = uniqueEmail("again");
    await FORMS["admin-registration"].submit(email, 1);
    await registerAdmin({ email, name: "Someone Else", password: "another-pass-77" }, { now: T0 });
    expect(await consentsOf(email)).toHaveLength(1);
  });
});

describe("withdrawing the marketing consent", () => {
  const unsubscribeTokenOf = async (email: string) =>
    linkToken((await mailTo(email, "newsletter.confirm"))?.text ?? "", "/newsletter/unsubscribe");

  it("unsubscribing withdraws every newsletter consent of the address, keeps the rows and leaves the rest", async () => {
    const email = uniqueEmail("withdraw");
    await FORMS.newsletter.submit(email, 1);
    await FORMS.trial.submit(email, 1);
    const later = new Date(T0.getTime() + 60_000);
    const token = await unsubscribeTokenOf(email);
    // 20 clicks at once: one withdrawal time, the same rows.
    await Promise.all(Array.from({ length: 20 }, () => unsubscribe(token, { now: later })));
    const rows = await consentsOf(email);
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.purpose === "newsletter").map((row) => row.withdrawnAt)).toEqual([later, later]);
    expect(active(rows).map((row) => row.purpose)).toEqual(["trial"]);
  });

  it("consenting again after a withdrawal adds a new row; the withdrawn one stays as history", async () => {
    const email = uniqueEmail("again");
    await FORMS.newsletter.submit(email, 1);
    await unsubscribe(await unsubscribeTokenOf(email), { now: new Date(T0.getTime() + 1000) });
    const resubscribed = new Date(T0.getTime() + 2 * 24 * 3_600_000);
    await subscribe({ email }, { now: resubscribed });
    const mails = (await outboxTo(email)).filter((m) => m.kind === "newsletter.confirm");
    const token = linkToken(mails.at(-1)?.text ?? "", "/newsletter/confirm");
    expect(await confirmSubscription(token, resubscribed)).toBe("confirmed");
    const rows = await consentsOf(email);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.withdrawnAt).not.toBeNull();
    expect(rows[1]).toMatchObject({ withdrawnAt: null, givenAt: resubscribed });
  });
});
