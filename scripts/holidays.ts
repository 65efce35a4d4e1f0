import { writeFileSync } from "node:fs";
import path from "node:path";
import Holidays from "date-holidays";
import { root } from "./lib.ts";

/**
 * `npm run holidays`: writes app/domain/calendar/holidays-in.json, India's public holidays for the
 * years the console offers to import (decision 077), from the kept `date-holidays` library. The
 * library (12 MB with its data and its astronomy and calendar dependencies) stays a development
 * dependency; the Worker carries only this table: the national holidays of each year and, per
 * state, the ones it adds. Run it again to add a year.
 */

const FIRST_YEAR = 2026;
const YEARS = 5;

type Day = [date: string, name: string];
const publicDays = (hd: Holidays, year: number): Day[] =>
  hd
    .getHolidays(year)
    .filter((h) => h.type === "public")
    .map((h): Day => [h.date.slice(0, 10), h.name]);

const country = new Holidays("IN");
const stateNames = (country.getStates("IN") ?? {}) as Record<string, string>;
const years = Array.from({ length: YEARS }, (_, i) => FIRST_YEAR + i);
const national = Object.fromEntries(years.map((year) => [year, publicDays(country, year)]));
const states = Object.fromEntries(
  Object.entries(stateNames).map(([code, name]) => {
    const hd = new Holidays("IN", code);
    const extra = Object.fromEntries(
      years.map((year) => {
        const common = new Set((national[year] ?? []).map(([date, title]) => `${date} ${title}`));
        return [year, publicDays(hd, year).filter(([date, title]) => !common.has(`${date} ${title}`))];
      }),
    );
    return [code, { name, extra }];
  }),
);

const table = { source: "date-holidays (IN), public holidays", years, national, states };
const file = path.join(root, "app/domain/calendar/holidays-in.json");
writeFileSync(file, `${JSON.stringify(table)}\n`);
console.log(`wrote ${path.relative(root, file)}: ${years[0]}–${years.at(-1)}, ${Object.keys(states).length} states`);
