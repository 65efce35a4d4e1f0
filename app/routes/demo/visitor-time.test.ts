import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { meetings } from "~/db/schema";
import { weekday } from "../../../tests/helpers/booking";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { action } from "./demo";
import { canonicalTimeZone, slotLabel, timeZoneOptions, wizardQuery } from "./visitor-time";
import { edgeTimeZone, wizardState } from "./wizard.server";

/**
 * The visitor's time zone without JavaScript (issue 27 item 6, decision 085): the `?tz=` choice,
 * the edge's default, and how a slot reads in the visitor's zone across daylight-saving edges.
 */

const IST = "Asia/Kolkata";

describe("parsing a visitor's time zone", () => {
  it("accepts IANA names in any letter case and spells them as IANA does", () => {
    expect(canonicalTimeZone("America/New_York")).toBe("America/New_York");
    expect(canonicalTimeZone("  america/new_york ")).toBe("America/New_York");
    expect(canonicalTimeZone("Europe/London")).toBe("Europe/London");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    // Not the runtime's alias ("Asia/Calcutta"): the name the visitor chose, as the select has it.
    expect(canonicalTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
  });

  it("refuses what is not a zone", () => {
    for (const bad of [null, undefined, "", "   ", "Mars/Base", "New York", "<script>", "Europe/London".repeat(6)]) {
      expect(canonicalTimeZone(bad)).toBeNull();
    }
  });

  it("offers the visitor's zone in the select even when it is not a common one", () => {
    const options = timeZoneOptions("Pacific/Chatham", IST);
    expect(options[0]).toBe("Pacific/Chatham");
    expect(options.filter((z) => z === IST)).toHaveLength(1);
    expect(options.every((z) => canonicalTimeZone(z) === z)).toBe(true);
  });

  it("keeps the chosen zone in the wizard's links", () => {
    expect(wizardQuery({ date: "2026-12-01", time: "10:30" }, "America/New_York")).toBe(
      "?date=2026-12-01&time=10:30&tz=America/New_York",
    );
    expect(wizardQuery({ month: "2026-12" }, null)).toBe("?month=2026-12");
  });

  it("reads the edge's zone from the CF-Timezone header, else request.cf, and ignores a bad one", () => {
    // What the Worker gets from Cloudflare's edge: `cf` beside the headers (read-only on a real Request).
    const withCf = { cf: { timezone: "Europe/London" }, headers: new Headers() } as unknown as Request;
    expect(edgeTimeZone(withCf)).toBe("Europe/London");
    const header = new Request("http://localhost/demo", { headers: { "CF-Timezone": "America/New_York" } });
    expect(edgeTimeZone(header)).toBe("America/New_York");
    const both = { cf: { timezone: "America/Chicago" }, headers: header.headers } as unknown as Request;
    expect(edgeTimeZone(both)).toBe("America/New_York");
    const bad = new Request("http://localhost/demo", { headers: { "CF-Timezone": "Nowhere/Land" } });
    expect(edgeTimeZone(bad)).toBeNull();
    expect(edgeTimeZone(new Request("http://localhost/demo"))).toBeNull();
  });
});

/** A business (IST) slot on `date` at `time`, as the wizard's slot list has it. */
const istSlot = (date: string, time: string) => {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, m] = time.split(":").map(Number);
  // IST is UTC+5:30 all year.
  const startsAt = new Date(Date.UTC(y!, mo! - 1, d!, h! - 5, m! - 30));
  return { time, startsAt: startsAt.toISOString() };
};

describe("slot labels across daylight-saving edges (IST has none)", () => {
  const label = (date: string, time: string, zone: string) => slotLabel(istSlot(date, time), date, IST, zone);

  it("America/New_York as summer time ends on 2026-11-01", () => {
    // 10:00 IST = 04:30 UTC: 12:30 AM EDT on the Friday before, 11:30 PM EST the evening before on the Monday after.
    expect(label("2026-10-30", "10:00", "America/New_York")).toEqual({ main: "12:30 AM", aside: "10:00 AM" });
    expect(label("2026-11-02", "10:00", "America/New_York")).toEqual({
      main: "11:30 PM (previous day)",
      aside: "10:00 AM",
    });
  });

  it("America/New_York as summer time starts on 2027-03-14", () => {
    // 7:00 PM IST = 13:30 UTC: 8:30 AM EST before, 9:30 AM EDT after.
    expect(label("2027-03-12", "19:00", "America/New_York")).toEqual({ main: "8:30 AM", aside: "7:00 PM" });
    expect(label("2027-03-15", "19:00", "America/New_York")).toEqual({ main: "9:30 AM", aside: "7:00 PM" });
  });

  it("Europe/London as summer time starts on 2027-03-28", () => {
    // 3:00 PM IST = 09:30 UTC: 9:30 AM GMT before, 10:30 AM BST after.
    expect(label("2027-03-26", "15:00", "Europe/London")).toEqual({ main: "9:30 AM", aside: "3:00 PM" });
    expect(label("2027-03-29", "15:00", "Europe/London")).toEqual({ main: "10:30 AM", aside: "3:00 PM" });
  });

  it("reads in the business zone alone when the visitor's is the same", () => {
    expect(label("2027-03-29", "15:00", IST)).toEqual({ main: "3:00 PM", aside: null });
  });
});

describe("the booking page's zone", () => {
  it("takes the visitor's ?tz= choice over the edge's, and keeps it for the links", async () => {
    const date = weekday(3);
    const chosen = await wizardState(
      new URL(`http://localhost/demo?date=${date}&tz=america/new_york`),
      new Date(),
      null,
      "Europe/London",
    );
    expect(chosen).toMatchObject({ visitorTimeZone: "America/New_York", keptTimeZone: "America/New_York" });
    expect(chosen.wizard.step).toBe("time");
  });

  it("defaults to the edge's zone without pinning it in the links", async () => {
    const state = await wizardState(new URL("http://localhost/demo"), new Date(), null, "Europe/London");
    expect(state).toMatchObject({ visitorTimeZone: "Europe/London", keptTimeZone: null });
    const none = await wizardState(new URL("http://localhost/demo"));
    expect(none).toMatchObject({ visitorTimeZone: null, keptTimeZone: null });
  });

  it("reads a ?tz= that is not a zone as the business zone, never an error", async () => {
    const date = weekday(3);
    const state = await wizardState(
      new URL(`http://localhost/demo?date=${date}&tz=Mars%2FBase`),
      new Date(),
      null,
      "Europe/London",
    );
    expect(state).toMatchObject({ visitorTimeZone: IST, keptTimeZone: IST });
    expect(state.wizard.step).toBe("time");
  });

  it("books with the chosen zone, and with a bad one in the business zone (no error)", async () => {
    const book = async (time: string, visitorTimezone: string, email: string) => {
      const date = weekday(7);
      const request = new Request(`http://localhost/demo?date=${date}&time=${time}`, {
        method: "POST",
        body: new URLSearchParams(
          await withFormToken({ intent: "book", name: "Zone Booker", email, date, timeSlot: time, visitorTimezone }),
        ),
      });
      const result = (await action({ request, params: {}, context: {} } as never)) as Response;
      expect(result.status).toBe(302);
      const id = new URL(result.headers.get("Location")!, "http://localhost").searchParams.get("booked")!;
      const row = await db().select().from(meetings).where(eq(meetings.id, id)).get();
      const state = await wizardState(new URL(`http://localhost/demo?booked=${id}`));
      return { row, state };
    };
    const good = await book("10:00", "europe/london", "zone-good@example.com");
    expect(good.row?.visitorTimezone).toBe("Europe/London");
    expect(good.state.wizard).toMatchObject({ step: "confirmation", meeting: { visitorTimeZone: "Europe/London" } });
    const bad = await book("11:00", "Mars/Base", "zone-bad@example.com");
    expect(bad.row?.visitorTimezone).toBeNull();
    expect(bad.state.wizard).toMatchObject({ step: "confirmation", meeting: { visitorTimeZone: null } });
  });
});
