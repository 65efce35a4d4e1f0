import { requireAdmin } from "~/http/guards.server";
import { refuseCrossSite } from "~/http/same-site.server";
import { BRAND } from "~/lib/brand";
import type { Route } from "./+types/security-codes-txt";

const CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/**
 * Resource route: the recovery codes just shown, back as a text file. The codes come from the
 * page's own form (they are stored only hashed), so this works without JavaScript and keeps
 * nothing; it echoes only well-formed codes to a signed-in admin.
 */
export async function action({ request }: Route.ActionArgs) {
  refuseCrossSite(request);
  const { admin } = await requireAdmin(request);
  const codes = (await request.formData())
    .getAll("code")
    .map(String)
    .filter((c) => CODE.test(c))
    .slice(0, 10);
  if (codes.length === 0) return new Response("No recovery codes to download.", { status: 400 });
  const text = [
    `${BRAND.name} admin recovery codes for ${admin.email}`,
    "Each code signs you in once, in place of the code from your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="flowlane-recovery-codes.txt"',
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  return new Response("Not found", { status: 404 });
}
