import { beforeAll, describe, expect, it } from "vitest";
import { LINK_MESSAGES } from "~/domain/meetings/meeting-link.server";
import { requireMeeting } from "~/domain/meetings/meetings.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { addMeeting } from "../../../tests/helpers/console-data";
import { outboxTo } from "../../../tests/helpers/outbox";

/** PUT /api/meetings/{id}/link (decision 053): the HTML form's rule, through the API. */
let token: string;
beforeAll(async () => {
  ({ token } = await createAdmin());
});

let counter = 0;
const confirmed = () => addMeeting({ status: "confirmed", email: `api-link${++counter}@example.com` });
const linkEmails = async (to: string) => (await outboxTo(to)).filter((e) => e.kind === "meeting.link");
const put = (id: string, body: unknown, withToken = true) =>
  api("PUT", `/api/meetings/${id}/link`, { body, ...(withToken ? { token } : {}) });

describe("PUT /api/meetings/{id}/link", () => {
  it("sets the link of a confirmed meeting and emails the visitor once", async () => {
    const meeting = await confirmed();
    const r = await put(meeting.id, { meetingLink: " https://meet.example/api " });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      success: true,
      data: { id: meeting.id, meetingLink: "https://meet.example/api", sequence: 1 },
    });
    expect(await linkEmails(meeting.email)).toHaveLength(1);
    expect((await put(meeting.id, { meetingLink: "https://meet.example/api" })).status).toBe(200);
    expect(await linkEmails(meeting.email)).toHaveLength(1);
  });

  it("bad input gets a clear 400 and changes nothing; no token is a 401; the wrong state a 409", async () => {
    const meeting = await confirmed();
    for (const body of [{}, { meetingLink: "" }, { meetingLink: "http://meet.example/plain" }, { meetingLink: 42 }]) {
      const r = await put(meeting.id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.success).toBe(false);
      expect(r.json.details[0].field).toBe("meetingLink");
    }
    expect((await put(meeting.id, {})).json.details[0].message).toBe(LINK_MESSAGES.required);
    expect((await put(meeting.id, { meetingLink: "http://x.example" })).json.details[0].message).toBe(
      "Meeting link must be an https:// address.",
    );
    expect((await put(meeting.id, { meetingLink: "https://meet.example/a" }, false)).status).toBe(401);
    expect(await requireMeeting(meeting.id)).toMatchObject({ meetingLink: null, sequence: 0 });

    const scheduled = await addMeeting({ status: "scheduled", email: `api-link${++counter}@example.com` });
    const refused = await put(scheduled.id, { meetingLink: "https://meet.example/a" });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(LINK_MESSAGES.notConfirmed("scheduled"));
    expect((await put("no-such-meeting", { meetingLink: "https://meet.example/a" })).status).toBe(404);
    expect(await linkEmails(meeting.email)).toEqual([]);
  });

  it("20 requests with different links at once: one 200, nineteen 409s, one email", async () => {
    const meeting = await confirmed();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => put(meeting.id, { meetingLink: `https://meet.example/r${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await linkEmails(meeting.email)).toHaveLength(1);
  });
});
