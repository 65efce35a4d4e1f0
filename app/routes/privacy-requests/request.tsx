import { ShieldCheck } from "lucide-react";
import { data } from "react-router";
import { type PrivacyRequestAnswer, PrivacyRequestForm } from "~/components/privacy/privacy-request-form";
import { CardPage } from "~/components/site/card-page";
import { noindexMeta } from "~/components/site/noindex-meta";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { requestPrivacy } from "~/domain/privacy/requests.server";
import { PRIVACY_TEXTS, PrivacyRequestSchema } from "~/domain/privacy/schemas";
import { formBotCheck } from "~/http/bot-check.server";
import { limitRefusal } from "~/http/retry-after.server";
import { BRAND } from "~/lib/brand";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { isLocalHttp } from "~/lib/local-http";
import { submitFailure, submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/request";

/**
 * The visitor asks for a copy of their data or its erasure. The answer is the same whether or not
 * anything is held about the address, so it tells nobody who is known here.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const typed = { email: String(form.get("email") ?? "").slice(0, 254), kind: String(form.get("kind") ?? "") };
  const parsed = PrivacyRequestSchema.safeParse({
    email: form.get("email") ?? "",
    kind: form.get("kind") ?? undefined,
    [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === "kind" ? "kind" : "email";
    return data<PrivacyRequestAnswer>(
      { fieldError: issue?.message ?? "Email is invalid", field, ...typed },
      { status: 400 },
    );
  }
  // A person, not a script (decision 080): each request emails an address someone typed.
  const refused = await formBotCheck(request, form);
  if (refused) return data<PrivacyRequestAnswer>({ fieldError: refused, field: "email", ...typed }, { status: 403 });
  try {
    await withClientLimit("privacyRequest", request, () =>
      requestPrivacy(parsed.data, { local: isLocalHttp(request) }),
    );
  } catch (error) {
    return limitRefusal<PrivacyRequestAnswer>(error, (fieldError) => ({ fieldError, field: "email", ...typed }));
  }
  return { message: PRIVACY_TEXTS.checkInbox } satisfies PrivacyRequestAnswer;
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(
    args,
    (form): PrivacyRequestAnswer => ({
      ...submitFailure(PRIVACY_TEXTS.failed),
      email: String(form.get("email") ?? ""),
      kind: String(form.get("kind") ?? ""),
    }),
  );
}

export default function PrivacyRequests({ actionData }: Route.ComponentProps) {
  return (
    <CardPage icon={ShieldCheck} title="Your data">
      <p className="mt-2 mb-6 text-slate-600 dark:text-slate-300">
        Ask for a copy of everything {BRAND.name} holds about your email address, or for its erasure.
      </p>
      <PrivacyRequestForm answer={actionData} />
    </CardPage>
  );
}

export function meta() {
  return noindexMeta("Your data");
}
