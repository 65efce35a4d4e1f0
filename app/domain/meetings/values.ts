/**
 * The meeting and callback value lists of `~/db/schema`, restated here so that browser code
 * (the /demo forms, badges) does not pull the drizzle schema into the client bundle, as
 * `~/domain/subscriptions/values` does. The type checks below fail the typecheck if the two
 * ever differ.
 */
import type * as db from "~/db/schema";

export const MEETING_STATUSES = ["scheduled", "confirmed", "cancelled", "completed"] as const;
export const MEETING_TYPES = ["demo"] as const;
export const CALLBACK_STATUSES = ["new", "contacted"] as const;
export const CALLBACK_SOURCES = ["demo", "pricing-enterprise"] as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check = <T extends true>(value: T) => value;
check<Same<(typeof MEETING_STATUSES)[number], (typeof db.MEETING_STATUSES)[number]>>(true);
check<Same<(typeof MEETING_TYPES)[number], (typeof db.MEETING_TYPES)[number]>>(true);
check<Same<(typeof CALLBACK_STATUSES)[number], (typeof db.CALLBACK_STATUSES)[number]>>(true);
check<Same<(typeof CALLBACK_SOURCES)[number], (typeof db.CALLBACK_SOURCES)[number]>>(true);
