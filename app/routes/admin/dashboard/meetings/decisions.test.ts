import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { requireMeeting } from "~/domain/meetings/meetings.server";
import { MEETING_TEXTS } from "~/domain/meetings/texts";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { addMeeting } from "../../../../../tests/helpers/console-data";
import { outboxTo } from "../../../../../tests/helpers/outbox";
import { routeArgs as args, outcome } from "../../../../../tests/helpers/route-call";
import { loader as detailsLoader } from "./details";
import { action as rejectAction, loader as rejectLoader } from "./reject";
import { decideMeeting } from "./status-action.server";

/** Approve's link and Reject's confirmation with a reason (issue 30), as the console posts them. */

let auth: Record<string, string>;
beforeAll(async () => {
  auth = { Authorization: `Bearer ${(await createAdmin()).token}` };
});

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", headers: auth, body: new URLSearchParams(fields) });
const get = (path: string) => new Request(`http://localhost${path}`, { headers: auth });
const LIST = "/admin/dashboard/meetings";

type Wrapped = { init: { status: number } | null; data: Record<string, unknown> };
const scheduled = (email: string) => addMeeting({ status: "scheduled", email, name: "Rhea Rao" });

describe("Approve with a meeting link", () => {
  it("an http:// link is a field error with the link as typed, not the banner; nothing changes", async () => {
    const meeting = await scheduled("link-http@example.test");
    const answer = (await decideMeeting(
      post(LIST, { intent: "approve", meetingId: meeting.id, meetingLink: "http://meet.example/abc" }),
    )) as unknown as Wrapped;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      intent: "approve",
      fieldErrors: { meetingLink: "Meeting link must be an https:// address." },
      typed: { meetingLink: "http://meet.example/abc" },
    });
    expect(answer.data.message).not.toBe(MEETING_TEXTS.statusUpdateFailed);
    expect(await requireMeeting(meeting.id)).toMatchObject({ status: "scheduled", sequence: 0 });
    expect(await outboxTo(meeting.email)).toEqual([]);
  });
});

describe("Reject asks first, with an optional reason", () => {
  it("the confirmation page shows the meeting; an unknown one is a 404", async () => {
    const meeting = await scheduled("reject-page@example.test");
    const page = (await rejectLoader(args(get(`${LIST}/${meeting.id}/reject`), { id: meeting.id }))) as {
      meeting: { id: string; status: string };
      from: string;
    };
    expect(page).toMatchObject({ meeting: { id: meeting.id, status: "scheduled" }, from: "list" });
    const missing = await outcome(() => rejectLoader(args(get(`${LIST}/nope/reject`), { id: "nope" })));
    expect(missing).toMatchObject({ init: { status: 404 } });
  });

  it("rejects with the reason in the visitor's email, then Post/Redirect/Get to the meeting, which says so", async () => {
    const meeting = await scheduled("reject-reason@example.test");
    const reason = "Our team is at a conference that week.";
    const answer = (await rejectAction(
      // The address names the meeting and the decision, whatever the form says.
      args(post(`${LIST}/${meeting.id}/reject`, { reason, intent: "approve", meetingId: "other" }), {
        id: meeting.id,
      }),
    )) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`${LIST}/${meeting.id}?decided=rejected`);
    expect(await requireMeeting(meeting.id)).toMatchObject({ status: "cancelled" });
    const [email] = await outboxTo(meeting.email);
    expect(email).toMatchObject({ kind: "meeting.cancelled" });
    expect(email?.text).toContain(`A note from our team: ${reason}`);

    const details = (await detailsLoader(args(get(`${LIST}/${meeting.id}?decided=rejected`), { id: meeting.id }))) as {
      notice: { ok: boolean; message: string } | null;
    };
    expect(details.notice).toMatchObject({ ok: true, message: expect.stringContaining("Rejected: the meeting with") });
  });

  it("a reason over 500 characters is a field error with the text kept; nothing changes", async () => {
    const meeting = await scheduled("reject-long@example.test");
    const reason = "x".repeat(501);
    const answer = (await rejectAction(
      args(post(`${LIST}/${meeting.id}/reject`, { reason }), { id: meeting.id }),
    )) as unknown as Wrapped;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      fieldErrors: { reason: "Reason must be at most 500 characters." },
      typed: { reason },
    });
    expect(await requireMeeting(meeting.id)).toMatchObject({ status: "scheduled" });
    expect(await outboxTo(meeting.email)).toEqual([]);
  });

  it("20 confirmations at once: one rejects and emails, the others are told it is already cancelled", async () => {
    const meeting = await scheduled("reject-race@example.test");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        rejectAction(args(post(`${LIST}/${meeting.id}/reject`, { reason: "Closed" }), { id: meeting.id })),
      ),
    );
    const redirects = answers.filter((a) => a instanceof Response);
    expect(redirects).toHaveLength(1);
    for (const refused of answers.filter((a) => !(a instanceof Response)) as unknown as Wrapped[]) {
      expect(refused.init?.status).toBe(409);
      expect(refused.data.reason).toMatch(/already cancelled/);
    }
    expect(await outboxTo(meeting.email)).toHaveLength(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, meeting.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["meeting.rejected"]);
  });
});
