import { describe, expect, it } from "vitest";
import { addMeeting, addUser } from "../../../tests/helpers/console-data";
import { sideMenuBadges } from "./badges.server";

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
