import { describe, expect, it } from "vitest";
import { MINUTE } from "~/lib/durations";
import { createAdmin } from "../../../tests/helpers/accounts";
import { addCallback, addMeeting, addUser } from "../../../tests/helpers/console-data";
import { listNotifications, markNotificationsSeen } from "./notifications.server";

// Password hashing (scrypt) is slow on a loaded machine: more than vitest's default 5 s.
const SCRYPT_TIMEOUT = 30_000;

describe("notifications menu", { timeout: SCRYPT_TIMEOUT }, () => {
  it("lists new bookings, callback requests and trial signups, and counts those since the menu was opened", async () => {
    const { admin } = await createAdmin();
    const now = new Date();
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);

    await addMeeting({ name: "Ananya Sharma", company: "Northwind Logistics", createdAt: at(30) });
    await addCallback({ firstName: "Neha", lastName: "Joshi", company: "GreenLeaf Foods", createdAt: at(20) });
    await addUser({ firstName: "Kavya", lastName: "Menon", companyName: "OrbitSoft", createdAt: at(10) });

    // Never opened: everything from the last week is new.
    const first = await listNotifications(admin.id, now);
    expect(first.unread).toBe(3);
    expect(first.items.map((i) => [i.kind, i.title, i.unread])).toEqual([
      ["signup", "Trial signup: Kavya Menon", true],
      ["callback", "Callback request: Neha Joshi", true],
      ["booking", "New demo booking: Ananya Sharma", true],
    ]);
    expect(first.items[2]?.href).toBe("/admin/dashboard/meetings?q=Ananya%20Sharma");

    // Opened 15 minutes ago: only the signup came after.
    await markNotificationsSeen(admin.id, at(15));
    const later = await listNotifications(admin.id, now);
    expect(later.unread).toBe(1);
    expect(later.items.filter((i) => i.unread).map((i) => i.kind)).toEqual(["signup"]);

    await addMeeting({ name: "Late Booker", createdAt: at(1) });
    expect((await listNotifications(admin.id, now)).unread).toBe(2);

    await markNotificationsSeen(admin.id, now);
    const seen = await listNotifications(admin.id, now);
    expect(seen.unread).toBe(0);
    expect(seen.items).toHaveLength(4);
    expect(seen.items.every((i) => !i.unread)).toBe(true);
  });

  it("markers are per admin", async () => {
    const a = await createAdmin();
    const b = await createAdmin();
    await markNotificationsSeen(a.admin.id);
    expect((await listNotifications(a.admin.id)).unread).toBe(0);
    expect((await listNotifications(b.admin.id)).unread).toBeGreaterThan(0);
  });
});
