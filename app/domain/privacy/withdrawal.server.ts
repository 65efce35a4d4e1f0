import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailOutbox, newsletterSubscribers } from "~/db/schema";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { unsubscribeUrl } from "~/domain/newsletter/newsletter.server";
import type { SubscribeInput } from "~/domain/newsletter/schemas";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { DAY } from "~/lib/durations";
import { filledHoneypot } from "~/lib/honeypot";

/**
 * The email with the one-click withdrawal: the subscriber's own unsubscribe link (the one every
 * newsletter email carries), so withdrawing from the privacy page and from an email is one path.
 */
export async function withdrawLinkEmail(
  subscriber: { id: string; email: string },
  now: Date,
  { local = false }: { local?: boolean } = {},
): Promise<OutgoingEmail> {
  const link = await unsubscribeUrl(subscriber.id, { local });
  return composeEmail(
    {
      kind: "privacy.withdraw-link",
      to: subscriber.email,
      subject: `Stop ${BRAND.name} marketing email`,
      // One per address per day, however often the form is sent (the outbox ignores a second key).
      idempotencyKey: `privacy.withdraw-link:${subscriber.id}:${Math.floor(now.getTime() / DAY)}`,
    },
    {
      preview: `Stop ${BRAND.name} marketing email with one click`,
      heading: "Stop marketing email",
      blocks: [
        {
          p: `Someone (we hope you) asked on our privacy page to stop the ${BRAND.name} newsletter and product news at this address.`,
        },
        { button: { label: "Stop marketing email", href: link } },
        {
          note: "The link opens a page with one button; nothing changes until you press it. If you did not ask, ignore this email.",
        },
      ],
      unsubscribeUrl: link,
    },
  );
}

/**
 * The privacy page's withdrawal request: an address that gets marketing email (a pending or
 * confirmed subscriber) is emailed its withdrawal link; any other address, nothing. Returns
 * whether an email was queued (for tests and the log, never the visitor).
 */
export async function requestMarketingWithdrawal(
  input: SubscribeInput,
  { now = new Date(), local = false }: { now?: Date; local?: boolean } = {},
): Promise<boolean> {
  if (filledHoneypot(input)) return false;
  const t = newsletterSubscribers;
  const subscriber = await db()
    .select({ id: t.id, email: t.email })
    .from(t)
    .where(and(eq(t.email, input.email.toLowerCase()), inArray(t.status, ["pending", "confirmed"])))
    .get();
  if (!subscriber) return false;
  const message = await withdrawLinkEmail(subscriber, now, { local });
  const [queued] = await emailStatement(message).returning({ key: emailOutbox.idempotencyKey });
  if (!queued) return false;
  deliverSoon([message.idempotencyKey]);
  return true;
}
