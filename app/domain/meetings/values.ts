/**
 * The meeting and callback value lists of `~/db/schema`, restated here so that browser code
 * (the /demo forms, badges) does not pull the drizzle schema into the client bundle, as
 * `~/domain/subscriptions/values` does. The type checks below fail the typecheck if the two
 * ever differ.
 */
import type * as db from "~/db/schema";
import { sameValues } from "~/domain/same-values";

export const MEETING_STATUSES = ["scheduled", "confirmed", "cancelled", "completed"] as const;
export const MEETING_TYPES = ["demo"] as const;
export const CALLBACK_STATUSES = ["new", "contacted"] as const;
export const CALLBACK_SOURCES = ["demo", "pricing-enterprise"] as const;

sameValues<typeof MEETING_STATUSES, typeof db.MEETING_STATUSES>(true);
sameValues<typeof MEETING_TYPES, typeof db.MEETING_TYPES>(true);
sameValues<typeof CALLBACK_STATUSES, typeof db.CALLBACK_STATUSES>(true);
sameValues<typeof CALLBACK_SOURCES, typeof db.CALLBACK_SOURCES>(true);
