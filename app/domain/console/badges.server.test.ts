import { describe, expect, it } from "vitest";
import { createAdmin } from "../../../tests/helpers/accounts";
import { addMeeting, addUser } from "../../../tests/helpers/console-data";
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
    });
  });
});

describe("consoleFrame", { timeout: 30_000 }, () => {
  it("reads the badges and the notifications menu in one round trip, the same as each read apart", async () => {
    const { admin } = await createAdmin();
    const now = new Date();
    await addMeeting({ status: "scheduled", createdAt: new Date(now.getTime() - 60_000) });
    await addUser({ status: "pending", approvalStatus: "pending_admin_approval", emailVerified: true });
    const { result: frame, trips } = await roundTrips(() => consoleFrame(admin.id, now));
    // Two badge counts and the menu's seven reads, all in one batch.
    expect(trips).toEqual({ prepared: 9, batches: [9] });
    expect(frame.badges).toEqual(await sideMenuBadges());
    expect(frame.notifications).toEqual(await listNotifications(admin.id, now));
    expect(frame.notifications.unread).toBeGreaterThanOrEqual(2);
  });
});
