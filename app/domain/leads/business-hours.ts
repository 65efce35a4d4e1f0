import { HOUR } from "~/lib/durations";
import type { BookingRules } from "../calendar/availability";
import { addDays, isWeekend, slotStart, todayIn } from "../calendar/availability";

/**
 * Business hours between two instants: the overlap with the working hours (WORKING_HOURS_START
 * to _END, in BUSINESS_TIMEZONE) of each weekday between them. A lead that arrives on Friday
 * evening has used none of its SLA by Monday morning. With `enough`, counting stops once that
 * many hours are reached (the answer is then at least `enough`): whether a lead waited past the
 * SLA needs its first days, not every day of a year-old lead (two zone conversions a day).
 */
export function businessHoursBetween(from: Date, to: Date, rules: BookingRules, enough = Infinity): number {
  if (to <= from) return 0;
  let total = 0;
  const last = todayIn(rules.timeZone, to);
  for (let day = todayIn(rules.timeZone, from); day <= last; day = addDays(day, 1)) {
    if (isWeekend(day)) continue;
    const open = slotStart(day, rules.workStart, rules.timeZone).getTime();
    const close = slotStart(day, rules.workEnd, rules.timeZone).getTime();
    const overlap = Math.min(close, to.getTime()) - Math.max(open, from.getTime());
    if (overlap > 0) total += overlap;
    if (total >= enough * HOUR) break;
  }
  return total / HOUR;
}
