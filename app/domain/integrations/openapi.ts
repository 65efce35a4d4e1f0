import { eventPayloadSchema, SIGNATURE_HEADER, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from "./events";

/**
 * The CRM webhook events as the OpenAPI document's `webhooks` section describes them (decision
 * 074): one entry per event type, with its body and the signature header.
 */
export const webhookSpecs = () =>
  WEBHOOK_EVENT_TYPES.map((type) => ({
    name: type,
    summary: WEBHOOK_EVENTS[type],
    description: `Posted to every endpoint that chose \`${type}\`. Verify \`${SIGNATURE_HEADER}\` before trusting the body: recompute the HMAC-SHA256 of \`<t>.<raw body>\` with the endpoint's secret, compare it with \`v1\` in constant time, and refuse a \`t\` more than 5 minutes old. The same event (same \`id\`) may arrive more than once (retries, replays): use \`id\` to process it once. \`data.lead\` is the person's lead with its attribution as it stands after the change (null when the address has no lead).`,
    headers: {
      [SIGNATURE_HEADER]: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint\'s secret>`',
      "Flowlane-Event": "The event type, as in the body's `type`",
      "Flowlane-Delivery": "This delivery's id (a replay has a new one; the event id stays)",
    },
    body: eventPayloadSchema(type),
  }));
