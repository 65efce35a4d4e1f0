import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, meetings, newsletterSubscribers } from "~/db/schema";
import { cancelByVisitor, rescheduleByVisitor } from "~/domain/meetings/manage.server";
import { requireMeeting } from "~/domain/meetings/meetings.server";
import { NEWSLETTER_RULES, subscribe } from "~/domain/newsletter/newsletter.server";
import { NEWSLETTER_TEXTS } from "~/domain/newsletter/schemas";
import { action as subscribeAction } from "~/routes/newsletter/subscribe";
import { api } from "../../../tests/helpers/api";
import { bookDemo, weekday } from "../../../tests/helpers/booking";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { emailsFor, orgPayload } from "../../../tests/helpers/trial";
import { CLIENT_LIMITS } from "./client-limits.server";

/**
 * Decision 042: nobody can make the site email a stranger at will. Each email a visitor can
 * trigger for an address they have not shown to be theirs is bounded: visitor changes per
 * meeting and per client address, newsletter confirmations per address and per client, and
 * the code endpoints answer alike for every address.
 */

let seq = 0;
const address = () => `198.51.${100 + (++seq % 50)}.${(seq * 7) % 250}`;
const victim = () => `victim-${crypto.randomUUID().slice(0, 8)}@example.com`;

const book = (email: string, date: string, timeSlot: string) => bookDemo({ name: "Vic Tim", email, date, timeSlot });

const outcomes = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === "fulfilled" ? 200 : (r.reason as { status: number }).status));

describe("visitor changes through a manage link are limited", () => {
  it("a booking moves 3 times a day at most; the 4th stores and sends nothing; a cancel still works", async () => {
    const email = victim();
    const booked = await book(email, weekday(2), "09:00");
    const slots = ["09:30", "10:00", "10:30", "11:00"];
    for (const slot of slots.slice(0, CLIENT_LIMITS.meetingReschedule.max)) {
      await rescheduleByVisitor(await requireMeeting(booked.id), { date: weekday(2), timeSlot: slot });
    }
    const mailBefore = (await emailsFor(email)).length;
    const fourth = rescheduleByVisitor(await requireMeeting(booked.id), { date: weekday(2), timeSlot: "11:00" });
    await expect(fourth).rejects.toMatchObject({ status: 429 });
    await expect(fourth).rejects.toThrow(
      /^This booking has been moved too often today\. Please try again in about \d+ hours/,
    );
    expect((await requireMeeting(booked.id)).timeSlot).toBe("10:30");
    expect(await emailsFor(email)).toHaveLength(mailBefore);
    // Cancelling is never refused by the per-booking limit.
    expect((await cancelByVisitor(await requireMeeting(booked.id))).status).toBe("cancelled");
  });

  it("8 reschedules at once of one booking: one moves it (the others find it moved), 2 emails", async () => {
    const email = victim();
    const booked = await book(email, weekday(3), "09:00");
    const read = await requireMeeting(booked.id);
    const results = await Promise.allSettled(
      ["09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00"].map((timeSlot) =>
        rescheduleByVisitor(read, { date: weekday(3), timeSlot }),
      ),
    );
    expect(outcomes(results).filter((s) => s === 200)).toHaveLength(1);
    const kinds = (await emailsFor(email)).map((m) => m.kind);
    expect(kinds.filter((k) => k === "meeting.rescheduled")).toHaveLength(1);
  });

  it("one client address: 6 changes an hour across bookings; 20 at once change 6 and email 6 visitors", async () => {
    const client = address();
    const emails = Array.from({ length: 20 }, victim);
    const booked = await Promise.all(emails.map((email, i) => book(email, weekday(4 + (i % 5)), `1${i % 8}:00`)));
    const results = await Promise.allSettled(
      booked.map(async (m, i) =>
        i % 2
          ? cancelByVisitor(await requireMeeting(m.id), { clientAddress: client })
          : rescheduleByVisitor(
              await requireMeeting(m.id),
              { date: weekday(4 + (i % 5)), timeSlot: `1${i % 8}:30` },
              { clientAddress: client },
            ),
      ),
    );
    const statuses = outcomes(results);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CLIENT_LIMITS.meetingChange.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - CLIENT_LIMITS.meetingChange.max);
    for (const result of results) {
      if (result.status === "rejected") {
        expect((result.reason as Error).message).toMatch(/^Too many requests from your network/);
      }
    }
    const changed = await Promise.all(booked.map((m) => requireMeeting(m.id)));
    expect(changed.filter((m) => m.sequence > 0)).toHaveLength(CLIENT_LIMITS.meetingChange.max);
    const notices = await db()
      .select()
      .from(emailOutbox)
      .where(and(like(emailOutbox.to, "victim-%"), like(emailOutbox.kind, "meeting.%")))
      .all();
    const changeMail = notices.filter(
      (n) => n.kind === "meeting.rescheduled" || n.kind === "meeting.visitor_cancelled",
    );
    expect(changeMail.filter((n) => emails.includes(n.to))).toHaveLength(CLIENT_LIMITS.meetingChange.max);
  });

  it("the manage page answers the limit with 429, Retry-After and the text", async () => {
    const { action } = await import("~/routes/demo/manage");
    const email = victim();
    const booked = await book(email, weekday(9), "09:00");
    const post = (timeSlot: string) =>
      action({
        request: new Request(`http://localhost/demo/manage/${booked.manageToken}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "reschedule", date: weekday(9), timeSlot }),
        }),
        params: { token: booked.manageToken },
        context: {},
      } as never);
    for (const slot of ["09:30", "10:00", "10:30"]) expect(((await post(slot)) as Response).status).toBe(302);
    const refused = (await post("11:00")) as {
      data: { error: string };
      init: { status: number; headers: Record<string, string> };
    };
    expect(refused.init.status).toBe(429);
    expect(Number(refused.init.headers["Retry-After"])).toBeGreaterThan(3600);
    expect(refused.data.error).toMatch(/^This booking has been moved too often today/);
    expect((await db().select().from(meetings).where(eq(meetings.id, booked.id)).get())?.timeSlot).toBe("10:30");
  });
});

describe("newsletter confirmations are limited", () => {
  const confirmationsTo = async (email: string) =>
    (await emailsFor(email)).filter((m) => m.kind === "newsletter.confirm");

  it("one pending confirmation per address per day, however many clients ask", async () => {
    const email = victim();
    const t0 = new Date("2026-11-22T10:00:00Z");
    expect(await subscribe({ email }, { now: t0 })).toBe(true);
    for (const hours of [0.2, 1, 5, 12, 23.9]) {
      expect(await subscribe({ email }, { now: new Date(t0.getTime() + hours * 3_600_000) })).toBe(false);
    }
    expect(await confirmationsTo(email)).toHaveLength(1);
    const nextDay = new Date(t0.getTime() + NEWSLETTER_RULES.resendCooldown + 1000);
    expect(await subscribe({ email }, { now: nextDay })).toBe(true);
    expect(await confirmationsTo(email)).toHaveLength(2);
  });

  const form = (email: string, client: string) =>
    subscribeAction({
      request: new Request("http://localhost/newsletter", {
        method: "POST",
        headers: { "CF-Connecting-IP": client, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(withFormToken({ email })),
      }),
      params: {},
      context: {},
    } as never);

  it("one client subscribing 15 addresses: 5 confirmations, then 429 with Retry-After and the text", async () => {
    const client = address();
    const emails = Array.from({ length: 15 }, victim);
    const answers = [];
    for (const email of emails) answers.push(await form(email, client));
    const ok = answers.filter((a) => (a as { message?: string }).message === NEWSLETTER_TEXTS.checkInbox);
    expect(ok).toHaveLength(CLIENT_LIMITS.newsletter.max);
    const refused = answers.slice(CLIENT_LIMITS.newsletter.max) as {
      data: { fieldError: string; email: string };
      init: { status: number; headers: Record<string, string> };
    }[];
    for (const answer of refused) {
      expect(answer.init.status).toBe(429);
      expect(Number(answer.init.headers["Retry-After"])).toBeGreaterThan(0);
      expect(answer.data.fieldError).toMatch(/^Too many requests from your network/);
    }
    const sent = await Promise.all(emails.map(confirmationsTo));
    expect(sent.filter((list) => list.length === 1)).toHaveLength(CLIENT_LIMITS.newsletter.max);
    const stored = await Promise.all(
      emails.map((email) =>
        db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get(),
      ),
    );
    expect(stored.filter(Boolean)).toHaveLength(CLIENT_LIMITS.newsletter.max);
  });

  it("20 sign-ups at once from one client: 5 emails at most", async () => {
    const client = address();
    const emails = Array.from({ length: 20 }, victim);
    await Promise.all(emails.map((email) => form(email, client)));
    const sent = (await Promise.all(emails.map(confirmationsTo))).flat();
    expect(sent).toHaveLength(CLIENT_LIMITS.newsletter.max);
  });

  it("the limit counts every attempt, so it cannot tell a listed address from a new one", async () => {
    const client = address();
    const listed = victim();
    await subscribe({ email: listed });
    for (let i = 0; i < CLIENT_LIMITS.newsletter.max; i++) await form(listed, client);
    const refusedListed = (await form(listed, client)) as { init: { status: number } };
    const refusedNew = (await form(victim(), client)) as { init: { status: number } };
    expect([refusedListed.init.status, refusedNew.init.status]).toEqual([429, 429]);
  });
});

describe("asking for a trial code answers alike for every email", () => {
  const SEND = "/api/auth/general-email-verification/send-otp";

  async function awaitingSignup() {
    const payload = orgPayload();
    expect((await api("POST", "/api/subscriptions/trial/start", { body: payload })).status).toBe(201);
    return payload.email as string;
  }

  it("unknown, awaiting and verified emails get the same answer; only the awaiting one is emailed", async () => {
    const awaiting = await awaitingSignup();
    const verifiedEmail = await awaitingSignup();
    await api("POST", SEND, { body: { email: verifiedEmail } });
    const code = (await emailsFor(verifiedEmail))
      .find((m) => m.kind === "trial.code")
      ?.text.match(/ is (\d{6})\./)?.[1];
    expect(
      (
        await api("POST", "/api/auth/general-email-verification/verify-otp", {
          body: { email: verifiedEmail, otp: code },
        })
      ).status,
    ).toBe(200);
    const unknown = victim();
    const shape = (r: { status: number; json: { data?: { email?: string } } }) => ({
      status: r.status,
      json: { ...r.json, data: { ...r.json.data, email: "" } },
    });
    const answers = [
      await api("POST", SEND, { body: { email: awaiting, purpose: "trial" } }),
      await api("POST", SEND, { body: { email: unknown, purpose: "trial" } }),
    ];
    expect(shape(answers[0]!)).toEqual(shape(answers[1]!));
    expect(answers[0]!.status).toBe(200);
    expect((await emailsFor(awaiting)).filter((m) => m.kind === "trial.code")).toHaveLength(1);
    expect(await emailsFor(unknown)).toEqual([]);
    // The verified one, a minute after its last code: answered as the others, emailed nothing.
    const codesBefore = (await emailsFor(verifiedEmail)).length;
    const later = await api("POST", "/api/subscriptions/email/send-verification", { body: { email: verifiedEmail } });
    expect([200, 429]).toContain(later.status);
    expect(later.json.error).not.toBe("This email is already verified.");
    expect(await emailsFor(verifiedEmail)).toHaveLength(codesBefore);
  });

  it("20 requests at once for an unknown and for a known email: the same answers", async () => {
    const known = await awaitingSignup();
    const unknown = victim();
    const tally = async (email: string) => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => api("POST", SEND, { body: { email } })));
      return answers.map((a) => a.status).sort();
    };
    const [forKnown, forUnknown] = [await tally(known), await tally(unknown)];
    expect(forKnown).toEqual(forUnknown);
    expect(forKnown.filter((s) => s === 200)).toHaveLength(1);
    expect((await emailsFor(known)).filter((m) => m.kind === "trial.code")).toHaveLength(1);
    expect(await emailsFor(unknown)).toEqual([]);
  });
});
