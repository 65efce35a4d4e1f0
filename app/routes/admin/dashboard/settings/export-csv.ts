import { actorOf } from "~/domain/accounts/actor";
import { ExportKindSchema, exportCsv } from "~/domain/reporting/exports.server";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import { csvResponse } from "~/lib/csv";
import type { Route } from "./+types/export-csv";

/** Resource route: a CSV download (meetings, callbacks, users or subscribers), with the session cookie. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdmin(request));
  const kind = ExportKindSchema.safeParse(params.kind);
  if (!kind.success) throw new Response("Unknown export.", { status: 404 });
  const { csv, filename } = await exportCsv(actor, kind.data, config().BUSINESS_TIMEZONE);
  return csvResponse(filename, csv);
}
