import { addDays, isWeekend, todayIn } from "~/domain/calendar/availability";

/** The n-th weekday after today in the business time zone, so every slot of it is still ahead. */
export function weekday(n: number, timeZone = "Asia/Kolkata") {
  let date = todayIn(timeZone, new Date());
  for (let found = 0; found < n; ) {
    date = addDays(date, 1);
    if (!isWeekend(date)) found++;
  }
  return date;
}
