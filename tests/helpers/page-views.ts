import type { pageViews } from "~/db/schema";

type View = typeof pageViews.$inferInsert;

/** One page_views row for a test: a phone view of / from India with no source, unless `row` says otherwise. */
export const pageView = (row: Partial<View> & Pick<View, "day" | "visitor">): View => ({
  path: "/",
  source: "",
  campaign: "",
  country: "IN",
  device: "mobile",
  views: 1,
  ...row,
});
