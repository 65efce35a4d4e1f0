import { describe, expect, it } from "vitest";
import { submitForReview } from "~/domain/blog/review.server";
import { createActor, createAdmin } from "../../../tests/helpers/accounts";
import { addMeeting, addPost, addUser } from "../../../tests/helpers/console-data";
import { roundTrips } from "../../../tests/helpers/round-trips";
import { consoleFrame, sideMenuBadges } from "./badges.server";
import { listNotifications } from "./notifications.server";

describe("sideMenuBadges", () => {
  it("counts scheduled meetings, and users an admin can approve or reject (decision 020)", async () => {
    const before = await sideMenuBadges();
    await addMeeting({ status: "scheduled" });
    await addMeeting({ status: "completed" });
    // Decidable: verified and awaiting approval.
    await addUser({ status: "pending", approvalStatus: "pending_admin_approval", emailVerified: true });
    // Awaiting approval in the spec's sense but not decidable, or not awaiting at all.
    await addUser({ status: "unverified", emailVerified: false });
    await addUser({ status: "active", approvalStatus: "approved", emailVerified: true });
    await addUser({ status: "rejected", approvalStatus: "rejected", emailVerified: true });
    const after = await sideMenuBadges();
    expect(after).toEqual({
      pendingMeetings: before.pendingMeetings + 1,
      awaitingUsers: before.awaitingUsers + 1,
      postsInReview: before.postsInReview,
    });
  });

  it("counts the posts in review (decision 069)", async () => {
    const actor = await createActor();
    const before = await sideMenuBadges();
    const post = await addPost({ title: "Waiting", createdBy: actor.id });
    await submitForReview(actor, post.id);
    await addPost({ title: "Not waiting", createdBy: actor.id });
    expect((await sideMenuBadges()).postsInReview).toBe(before.postsInReview + 1);
  });
});

describe("consoleFrame", { timeout: 30_000 }, () => {
  it("reads the badges and the notifications menu in one round trip, the same as each read apart", async () => {
    const { admin } = await createAdmin();
    const now = new Date();
    await addMeeting({ status: "scheduled", createdAt: new Date(now.getTime() - 60_000) });
    await addUser({ status: "pending", approvalStatus: "pending_admin_approval", emailVerified: true });
    const { result: frame, trips } = await roundTrips(() => consoleFrame(admin.id, now));
    // Three badge counts and the menu's seven reads, all in one batch (the D1 client prepares
    // the posts-in-review count twice, but sends it once).
    expect(trips.batches).toEqual([10]);
    expect(frame.badges).toEqual(await sideMenuBadges());
    expect(frame.notifications).toEqual(await listNotifications(admin.id, now));
    expect(frame.notifications.unread).toBeGreaterThanOrEqual(2);
  });
});
