import type { z } from "zod";

/**
 * The token of an emailed link, for its page's GET: opening the link changes nothing (mail
 * scanners open links too), the page's button posts the token (ConfirmLinkPage).
 */
export function linkToken(request: Request) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** The token the page's button posted, when it has the link's shape; else null. */
export async function postedToken(request: Request, schema: z.ZodType<string>) {
  const parsed = schema.safeParse((await request.formData()).get("token") ?? "");
  return parsed.success ? parsed.data : null;
}
