import type { Lead } from "~/db/schema";
import type { OutgoingEmail } from "~/domain/email/outbox.server";
import { composeEmail } from "~/emails/render.server";
import { KIND_LABELS, kindsOf } from "./model";

/** The owner of a lead still "new" past the SLA (once per lead: the key). */
export async function leadSlaEmail(
  lead: Pick<Lead, "id" | "name" | "email" | "company" | "kinds" | "createdAt">,
  owner: { to: string; name: string | null },
  siteUrl: string,
): Promise<OutgoingEmail> {
  const who = lead.name || lead.email;
  return composeEmail(
    {
      kind: "lead.sla",
      to: owner.to,
      subject: `Waiting for you: ${who}${lead.company ? ` (${lead.company})` : ""}`,
      idempotencyKey: `lead.sla:${lead.id}`,
    },
    {
      preview: `${who} is still new: nobody has contacted them yet`,
      heading: "A lead is waiting",
      blocks: [
        {
          p: `${owner.name ? `${owner.name}, ` : ""}${who} arrived ${lead.createdAt.toUTCString()} and is still new: nobody has changed its status or written a note.`,
        },
        {
          details: [
            ["Name", lead.name || "—"],
            ["Email", { href: `mailto:${lead.email}`, label: lead.email }],
            ["Company", lead.company || "—"],
            [
              "Sent",
              kindsOf(lead.kinds)
                .map((k) => KIND_LABELS[k])
                .join(", ") || "—",
            ],
          ],
        },
        { button: { label: "Open the lead", href: `${siteUrl}/admin/dashboard/leads/${lead.id}` } },
      ],
      signOff: false,
    },
  );
}
