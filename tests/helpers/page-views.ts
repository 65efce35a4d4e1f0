import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { db } from "~/db/client.server";
import { pageViews } from "~/db/schema";
import { countPageView } from "~/http/page-views.server";

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

/** Every stored page_views row, by day, path and source. */
export const storedPageViews = async () =>
  (await env.DB.prepare("SELECT * FROM page_views ORDER BY day, path, source").all<Required<View>>()).results;

/** Counts `response` to `request` as the Worker does (decision 090) and waits for the write made after it. */
export async function countAndWait(request: Request, response: Response, at?: Date) {
  const ctx = createExecutionContext();
  countPageView(request, response, ctx, at);
  await waitOnExecutionContext(ctx);
}

/** Empties page_views, then stores `rows`: the table holds these views only. */
export async function onlyPageViews(rows: View[]) {
  await env.DB.prepare("DELETE FROM page_views").run();
  await db().insert(pageViews).values(rows);
}
