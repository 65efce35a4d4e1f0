import { z } from "zod";
import { followClick } from "~/domain/newsletter/issues.server";
import { isLocalHttp } from "~/lib/local-http";
import type { Route } from "./+types/click";

/** The longest tracked token we make (a delivery id and a link of up to ~1,800 characters, signed). */
const MAX_TOKEN = 2_000;

/**
 * A tracked link of a newsletter (decision 092): the first-party redirect that counts the click
 * (no open pixel). Only a target we signed together with its message is followed; anything else
 * is refused with a page, never redirected, so this is no open redirect.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const parsed = z.string().min(1).max(MAX_TOKEN).safeParse(token);
  const target = parsed.success ? await followClick(parsed.data, { local: isLocalHttp(request) }) : null;
  if (!target) {
    return new Response("This link is not valid.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(null, { status: 302, headers: { Location: target, "Cache-Control": "no-store" } });
}
