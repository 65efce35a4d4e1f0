import table from "./holidays-in.json";

/**
 * India's public holidays as kept from `date-holidays` by `npm run holidays` (decision 077): the
 * national ones of each year, and per state the ones it adds. The console imports one year
 * (optionally with a state's) as company closures.
 */

type Day = [string, string];
type Table = {
  years: number[];
  national: Record<string, Day[]>;
  states: Record<string, { name: string; extra: Record<string, Day[]> }>;
};
const data = table as unknown as Table;

export const HOLIDAY_YEARS: readonly number[] = data.years;

/** The states that can be added, by code: [["KA", "Karnataka"], …], by name. */
export const HOLIDAY_STATES: readonly (readonly [string, string])[] = Object.entries(data.states)
  .map(([code, { name }]) => [code, name] as const)
  .sort((a, b) => a[1].localeCompare(b[1]));

export const HOLIDAY_MESSAGES = {
  year: `Choose a year from ${data.years[0]} to ${data.years.at(-1)}.`,
  state: "Choose one of India's states or union territories, or none.",
} as const;

/** The public holidays of a year in India, with a state's own when one is named; null = unknown year or state. */
export function indiaHolidays(year: number, state?: string | null): { date: string; name: string }[] | null {
  const national = data.national[String(year)];
  if (!national) return null;
  const own = state ? data.states[state]?.extra[String(year)] : [];
  if (!own) return null;
  return [...national, ...own].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
}
