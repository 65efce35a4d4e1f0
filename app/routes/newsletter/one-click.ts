import { unsubscribe } from "~/domain/newsletter/newsletter.server";
import { TokenSchema } from "~/domain/newsletter/schemas";
import { isLocalHttp } from "~/lib/local-http";
import type { Route } from "./+types/one-click";

/**
 * RFC 8058 one-click unsubscribe (decision 092): the URL in a newsletter's `List-Unsubscribe`,
 * which the mail provider POSTs to with `List-Unsubscribe=One-Click` when the reader presses its
 * "Unsubscribe". No page and no CSRF token: the provider posts from its own servers, and the
 * signed token in the URL is the whole authority (it can only unsubscribe the address it was
 * made for). A GET changes nothing (mail scanners fetch links): it sends the reader to the page
 * with the button.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return Response.redirect(new URL(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, request.url), 303);
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = TokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? "");
  const done = parsed.success && (await unsubscribe(parsed.data, { local: isLocalHttp(request) }));
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  return done
    ? new Response("Unsubscribed.\n", { status: 200, headers })
    : new Response("This unsubscribe link is not valid.\n", { status: 400, headers });
}
