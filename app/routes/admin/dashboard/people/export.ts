import { actorOf } from "~/domain/accounts/actor";
import { exportFilename, exportPerson, kindCsv } from "~/domain/privacy/people.server";
import { PersonQuerySchema } from "~/domain/privacy/schemas";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import { csvResponse } from "~/lib/csv";
import type { Route } from "./+types/export";

/**
 * Resource route: a person's export (decision 088), the whole JSON file, or one kind as CSV
 * with `?kind=`. Every download is audited.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdmin(request));
  const params = new URL(request.url).searchParams;
  const query = PersonQuerySchema.safeParse({ email: params.get("email") ?? "" });
  if (!query.success) throw new Response(query.error.issues[0]?.message ?? "Email is invalid", { status: 400 });
  const now = new Date();
  const file = await exportPerson(actor, query.data.email, now);
  const kind = params.get("kind");
  if (kind === null) {
    return Response.json(file, {
      headers: {
        "Content-Disposition": `attachment; filename="${exportFilename(now, "json")}"`,
        "Cache-Control": "no-store",
      },
    });
  }
  const rows = file.held[kind];
  if (!rows) throw new Response("Nothing of that kind is held.", { status: 404 });
  return csvResponse(exportFilename(now, "csv", kind), kindCsv(rows, config().BUSINESS_TIMEZONE));
}
