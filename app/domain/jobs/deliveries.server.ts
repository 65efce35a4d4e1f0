import { type AnyDeliveryKind, drain } from "~/db/outbox.server";
import { emailDelivery } from "~/domain/email/outbox.server";
import { crmWebhookDelivery } from "~/domain/integrations/webhooks.server";
import { newsletterDelivery } from "~/domain/newsletter/issues.server";
import { provisioningDelivery } from "~/domain/subscriptions/provisioning.server";

/**
 * Every kind of outgoing message the delivery engine carries (decision 056). A new kind (CRM
 * webhooks, newsletter issues) is added here: the cron drains it and the race suite
 * (`deliveries.server.test.ts`) refuses a kind it has no fixture for.
 */
export const deliveryKinds: readonly AnyDeliveryKind[] = [
  emailDelivery,
  provisioningDelivery,
  crmWebhookDelivery,
  newsletterDelivery,
];

/** Scheduled job: due rows of every kind, in turn, until none is due or the time budget is spent. */
export function drainDeliveries(now: Date, signal?: AbortSignal): Promise<number> {
  return drain(deliveryKinds, now, signal);
}
