import { actorOf } from "~/domain/accounts/actor";
import { leadsCsv } from "~/domain/leads/export.server";
import { leadFiltersOf } from "~/domain/leads/schemas";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import { csvResponse } from "~/lib/csv";
import type { Route } from "./+types/export-csv";

/** Resource route: the inbox as CSV, with the filters of the page it was downloaded from and both touches. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdmin(request));
  const { query, problem } = leadFiltersOf(new URL(request.url).searchParams, 1);
  if (problem) throw new Response(problem, { status: 400 });
  const { page: _page, limit: _limit, ...filters } = query;
  const { csv, filename } = await leadsCsv(actor, filters, config().BUSINESS_TIMEZONE);
  return csvResponse(filename, csv);
}
