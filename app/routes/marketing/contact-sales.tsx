import { parseWithZod } from "@conform-to/zod/v4";
import { Building2 } from "lucide-react";
import { data, href, Link, redirect } from "react-router";
import { CardPage } from "~/components/site/card-page";
import { captureEnterpriseLead } from "~/domain/meetings/callbacks.server";
import { EnterpriseLeadSchema, LEAD_FAILED } from "~/domain/meetings/lead-schemas";
import { requestAttribution } from "~/http/attribution.server";

import { formBotCheck } from "~/http/bot-check.server";
import { BRAND } from "~/lib/brand";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/contact-sales";
import { type ContactSalesAnswer, ContactSalesForm, IN_PLACE_FIELD } from "./contact-sales-form";

/** Where the page without JavaScript lands after sending: a GET, so a reload sends nothing again. */
const SENT_PATH = `${href("/pricing/contact-sales")}?sent=1`;

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

/** Enterprise "Contact Sales": the page without JavaScript, the action behind the in-place form with it. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: EnterpriseLeadSchema });
  if (submission.status !== "success") {
    return data<ContactSalesAnswer>({ result: submission.reply() }, { status: 400 });
  }
  // A person, not a script (decision 080): before anything is stored or sent.
  const refused = await formBotCheck(request, form);
  if (refused)
    return data<ContactSalesAnswer>({ result: submission.reply({ formErrors: [refused] }) }, { status: 403 });
  try {
    await captureEnterpriseLead(submission.value, { attribution: await requestAttribution(request) });
  } catch (error) {
    console.error(error);
    return data<ContactSalesAnswer>({ result: submission.reply({ formErrors: [LEAD_FAILED] }) }, { status: 500 });
  }
  // In place (a fetcher, JavaScript): the answer. A page post: Post/Redirect/Get (decision 052).
  if (form.get(IN_PLACE_FIELD) !== "1") throw redirect(SENT_PATH, 303);
  return { result: submission.reply({ resetForm: true }), sent: true } satisfies ContactSalesAnswer;
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(
    args,
    (form): ContactSalesAnswer => ({
      result: parseWithZod(form, { schema: EnterpriseLeadSchema }).reply({ formErrors: [LEAD_FAILED] }),
    }),
  );
}

export default function ContactSales({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CardPage icon={Building2} title="Contact Sales: Enterprise" wide>
      <p className="mt-2 mb-6 text-slate-600 dark:text-slate-300">
        Unlimited steps and team members, advanced automation and integrations, 24/7 priority support. Tell us about
        your team and our sales team will contact you.
      </p>
      <ContactSalesForm
        answer={(actionData as ContactSalesAnswer | undefined) ?? (loaderData.sent ? { sent: true } : undefined)}
      />
      <p className="mt-6 text-sm">
        <Link to={href("/pricing")} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          Back to pricing
        </Link>
      </p>
    </CardPage>
  );
}

export function meta() {
  return [
    { title: `Contact Sales: Enterprise | ${BRAND.name}` },
    { name: "description", content: `Talk to the ${BRAND.name} sales team about the Enterprise plan.` },
  ];
}
