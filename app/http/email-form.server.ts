import { data } from "react-router";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { type SubscribeInput, SubscribeSchema } from "~/domain/newsletter/schemas";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { isLocalHttp } from "~/lib/local-http";
import { formBotCheck } from "./bot-check.server";
import { limitRefusal } from "./retry-after.server";

/**
 * The action of a public form that asks for an email address only (the newsletter box, "stop
 * marketing email"): the address (and the honeypot) parsed, the bot check (it sends an email to
 * the address typed: a person, not a script; decision 080), then `send` in the newsletter's
 * client-limit bucket. Every attempt counts, whatever the address's state, so neither the
 * answer nor the limit tells anybody who is on a list (decision 042). A refusal keeps the
 * address typed, as a field error.
 */
export async function emailFormAction(
  request: Request,
  send: (input: SubscribeInput, options: { local: boolean }) => Promise<unknown>,
  sent: string,
) {
  const form = await request.formData();
  const parsed = SubscribeSchema.safeParse({
    email: form.get("email") ?? "",
    [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD),
  });
  if (!parsed.success) {
    const email = String(form.get("email") ?? "").slice(0, 254);
    return data({ fieldError: parsed.error.issues[0]?.message ?? "Email is invalid", email }, { status: 400 });
  }
  // The footer's box on a page kept at the edge carries no form token: without JavaScript its
  // first post lands on the form's own page, whose form (with one) sends it.
  const refused = await formBotCheck(request, form);
  if (refused) return data({ fieldError: refused, email: parsed.data.email }, { status: 403 });
  try {
    await withClientLimit("newsletter", request, () => send(parsed.data, { local: isLocalHttp(request) }));
  } catch (error) {
    return limitRefusal(error, (fieldError) => ({ fieldError, email: parsed.data.email }));
  }
  return { message: sent };
}
