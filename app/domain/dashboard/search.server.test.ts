import { describe, expect, it } from "vitest";
import { addMeeting, addUser } from "../../../tests/helpers/console-data";
import { searchConsole } from "./search.server";

describe("searchConsole (spec §5)", () => {
  it("finds meetings by name or company, case-insensitive", async () => {
    await addMeeting({ name: "Ananya Sharma", company: "Northwind Logistics" });
    await addMeeting({ name: "Rohan Kapoor", company: "BrightPath Education" });
    await addMeeting({ name: "Northwind Fan", company: "Elsewhere", email: "fan@northwind-club.example" });

    const byCompany = await searchConsole("northwind LOGISTICS");
    expect(byCompany.meetings.map((m) => m.name)).toEqual(["Ananya Sharma"]);
    expect(byCompany.totalMeetings).toBe(1);

    const byName = await searchConsole("rohan");
    expect(byName.meetings.map((m) => m.company)).toEqual(["BrightPath Education"]);

    // Name or company: both Northwind rows; the email alone does not count for meetings.
    expect((await searchConsole("Northwind")).totalMeetings).toBe(2);
    expect((await searchConsole("northwind-club")).totalMeetings).toBe(0);
  });

  it("finds users by email, first name, last name, full name or company name", async () => {
    await addUser({
      email: "kavya.menon@orbitsoft.example",
      firstName: "Kavya",
      lastName: "Menon",
      companyName: "OrbitSoft",
    });
    await addUser({ email: "james@harbor.example", firstName: "James", lastName: "Miller", companyName: "Harbor" });

    for (const q of ["KAVYA.MENON@orbitsoft.example", "kavya", "MENON", "Kavya Menon", "orbitsoft"]) {
      const result = await searchConsole(q);
      expect(
        result.users.map((u) => u.email),
        q,
      ).toEqual(["kavya.menon@orbitsoft.example"]);
    }
    expect((await searchConsole("miller")).users.map((u) => u.firstName)).toEqual(["James"]);
  });

  it("takes %, _ and backslashes literally, and an empty query finds nothing", async () => {
    await addUser({ email: "percent@example.test", firstName: "Per", lastName: "Cent", companyName: "100% Pure" });
    await addUser({ email: "plain@example.test", firstName: "Plain", lastName: "Jane", companyName: "1000 Pure" });
    expect((await searchConsole("100%")).users.map((u) => u.email)).toEqual(["percent@example.test"]);
    expect((await searchConsole("%")).totalUsers).toBe(1);
    expect((await searchConsole("_")).totalUsers).toBe(0);
    expect((await searchConsole("\\")).totalUsers).toBe(0);
    expect(await searchConsole("   ")).toEqual({ query: "", meetings: [], users: [], totalMeetings: 0, totalUsers: 0 });
  });
});
