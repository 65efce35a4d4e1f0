/**
 * "Add to calendar" links for a booked demo (issue 30): the event prefilled in Google Calendar and
 * in Outlook on the web (personal and work accounts). Pure functions of the event the invitations
 * describe (`calendarEvent`), so every way in shows the same title, time, place and text.
 */
export type CalendarEventText = { start: Date; end: Date; summary: string; description: string; location: string };

/** "2026-11-23T10:35:00.000Z" → "20261123T103500Z" (Google's `dates` format, UTC). */
const compactUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

export function googleCalendarUrl(event: CalendarEventText) {
  const url = new URL("https://calendar.google.com/calendar/render");
  url.searchParams.set("action", "TEMPLATE");
  url.searchParams.set("text", event.summary);
  url.searchParams.set("dates", `${compactUtc(event.start)}/${compactUtc(event.end)}`);
  url.searchParams.set("details", event.description);
  url.searchParams.set("location", event.location);
  return url.toString();
}

/** Outlook on the web: outlook.live.com for personal accounts, outlook.office.com for work and school ones. */
export function outlookCalendarUrl(event: CalendarEventText, account: "personal" | "work") {
  const host = account === "personal" ? "outlook.live.com" : "outlook.office.com";
  const url = new URL(`https://${host}/calendar/0/action/compose`);
  url.searchParams.set("path", "/calendar/action/compose");
  url.searchParams.set("rru", "addevent");
  url.searchParams.set("subject", event.summary);
  url.searchParams.set("startdt", isoSeconds(event.start));
  url.searchParams.set("enddt", isoSeconds(event.end));
  url.searchParams.set("body", event.description);
  url.searchParams.set("location", event.location);
  return url.toString();
}
