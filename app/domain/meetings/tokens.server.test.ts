import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { meetings, meetingTokens } from "~/db/schema";
import { sha256Hex } from "~/lib/crypto.server";
import { addMeeting } from "../../../tests/helpers/console-data";
import { issueManageToken, manageUrl, meetingByToken } from "./tokens.server";

async function issue(meetingId: string) {
  const { token, statement } = await issueManageToken(meetingId);
  await statement;
  return token;
}

describe("manage-link tokens", () => {
  it("stores only the token's SHA-256, and the token leads to its meeting", async () => {
    const meeting = await addMeeting();
    const token = await issue(meeting.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db().select().from(meetingTokens).where(eq(meetingTokens.meetingId, meeting.id)).all();
    expect(rows).toEqual([expect.objectContaining({ tokenHash: await sha256Hex(token) })]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await meetingByToken(token))?.id).toBe(meeting.id);
    expect(manageUrl("https://flowlane.example", token)).toBe(`https://flowlane.example/demo/manage/${token}`);
  });

  it("a token not issued, a malformed one or the stored hash itself opens nothing", async () => {
    const meeting = await addMeeting();
    const token = await issue(meeting.id);
    const unknown = `${token.slice(0, 42)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await meetingByToken(unknown)).toBeNull();
    expect(await meetingByToken(`${token}A`)).toBeNull();
    expect(await meetingByToken(token.slice(1))).toBeNull();
    expect(await meetingByToken(`${token.slice(0, 42)}=`)).toBeNull();
    expect(await meetingByToken("")).toBeNull();
    expect(await meetingByToken(await sha256Hex(token))).toBeNull();
  });

  it("the statement alone stores nothing until it runs; an unknown meeting is refused by the foreign key", async () => {
    const meeting = await addMeeting();
    const { token } = await issueManageToken(meeting.id);
    expect(await meetingByToken(token)).toBeNull();
    const orphan = await issueManageToken("no-such-meeting");
    await expect(orphan.statement).rejects.toThrow();
    expect(await meetingByToken(orphan.token)).toBeNull();
  });

  it("20 links issued at once for one meeting are all different and all lead to it", async () => {
    const meeting = await addMeeting();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => issue(meeting.id)));
    expect(new Set(tokens).size).toBe(20);
    const found = await Promise.all(tokens.map((token) => meetingByToken(token)));
    expect(found.map((m) => m?.id)).toEqual(tokens.map(() => meeting.id));
    const [stored] = await db()
      .select({ n: count() })
      .from(meetingTokens)
      .where(eq(meetingTokens.meetingId, meeting.id))
      .all();
    expect(stored?.n).toBe(20);
  });

  it("every link leads to the meeting as it is now, not as it was when the link was sent", async () => {
    const meeting = await addMeeting({ status: "scheduled" });
    const token = await issue(meeting.id);
    await db().update(meetings).set({ status: "confirmed" }).where(eq(meetings.id, meeting.id));
    expect((await meetingByToken(token))?.status).toBe("confirmed");
  });
});
