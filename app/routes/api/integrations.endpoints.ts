import { z } from "zod";
import { WEBHOOK_STATUSES } from "~/db/schema";
import { actorOf } from "~/domain/accounts/actor";
import { CreateEndpointSchema, UpdateEndpointSchema, WEBHOOK_EVENT_TYPES } from "~/domain/integrations/events";
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  requireEndpoint,
  rotateSecret,
  toDeliveryView,
  toEndpointView,
  updateEndpoint,
} from "~/domain/integrations/webhooks.server";
import { createdAnswer } from "~/http/api/answers";
import { endpointGroup } from "~/http/api/endpoint.server";
import { created, named, ok, paged, pickErrors } from "~/http/api/schemas";
import { pageQuery } from "~/lib/page-query";

const EventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const WebhookEndpointSchema = named(
  z.object({
    id: z.string(),
    url: z.string(),
    events: z.array(EventTypeSchema),
    enabled: z.boolean(),
    failures: z.number().int().describe("Failed attempts in a row (0 after a success)"),
    failingSince: z.iso.datetime().nullable().describe("When the current run of failures began"),
    disabledAt: z.iso
      .datetime()
      .nullable()
      .describe("When sustained failure turned it off (null if it is on, or a member turned it off)"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
  "CrmWebhookEndpoint",
);

const SecretAnswerSchema = named(
  z.object({
    id: z.string(),
    secret: z.string().describe("The signing secret: returned only in this answer"),
  }),
  "CrmWebhookSecret",
);

export const WebhookDeliverySchema = named(
  z.object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string().describe("The event's id, the same in every delivery and replay of the event"),
    eventType: EventTypeSchema,
    status: z.enum(WEBHOOK_STATUSES),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable().describe("The receiver's HTTP status at the last attempt"),
    responseExcerpt: z.string().nullable().describe("The start of the receiver's answer (at most 1,000 characters)"),
    lastError: z.string().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    replayOf: z.string().nullable().describe("The delivery this one replays"),
    createdAt: z.iso.datetime(),
  }),
  "CrmWebhookDelivery",
);

const NOT_FOUND = { 404: { description: "No such endpoint", schema: pickErrors(404)[404].schema } };

/*
 * CRM webhook endpoints (issue 26, decision 074): Owners and Admins. The events, their payloads
 * and the signature are documented in the document's `webhooks` section.
 */
const admin = endpointGroup("Integrations", "admin");

export const endpoints = [
  admin.get("/api/integrations/webhooks", {
    summary: "Webhook endpoints, the newest first (never their secrets)",
    permission: "read:integration:any",
    responses: ok("Endpoints", z.array(WebhookEndpointSchema), [401, 403]),
    async handler() {
      return { success: true, data: (await listEndpoints()).map(toEndpointView) };
    },
  }),
  admin.post("/api/integrations/webhooks", {
    summary:
      "Add an endpoint: https on a public address (on a plain-http localhost site, a loopback http URL too), the events it receives and optionally its secret. The secret (generated when omitted) is returned only here",
    permission: "update:integration:any",
    body: CreateEndpointSchema,
    responses: created("Added", SecretAnswerSchema, [400, 401, 403]),
    async handler({ session, body }) {
      const row = await createEndpoint(actorOf(session), body);
      return createdAnswer({ id: row.id, secret: row.secret });
    },
  }),
  admin.get("/api/integrations/webhooks/:id", {
    summary: "One webhook endpoint (never its secret)",
    permission: "read:integration:any",
    responses: { ...ok("The endpoint", WebhookEndpointSchema, [401, 403]), ...NOT_FOUND },
    async handler({ params }) {
      return { success: true, data: toEndpointView(await requireEndpoint(params.id)) };
    },
  }),
  admin.patch("/api/integrations/webhooks/:id", {
    summary: "Change an endpoint's URL, events or on/off; turning it on clears its failure streak",
    permission: "update:integration:any",
    body: UpdateEndpointSchema,
    responses: { ...ok("Changed", WebhookEndpointSchema, [400, 401, 403]), ...NOT_FOUND },
    async handler({ session, params, body }) {
      return { success: true, data: toEndpointView(await updateEndpoint(actorOf(session), params.id, body)) };
    },
  }),
  admin.delete("/api/integrations/webhooks/:id", {
    summary: "Delete an endpoint and its delivery log",
    permission: "update:integration:any",
    responses: { ...ok("Deleted", WebhookEndpointSchema, [401, 403]), ...NOT_FOUND },
    async handler({ session, params }) {
      return { success: true, data: toEndpointView(await deleteEndpoint(actorOf(session), params.id)) };
    },
  }),
  admin.post("/api/integrations/webhooks/:id/secret", {
    summary: "Rotate the signing secret: deliveries from now on are signed with the new one, returned only here",
    permission: "update:integration:any",
    responses: { ...ok("Rotated", SecretAnswerSchema, [401, 403]), ...NOT_FOUND },
    async handler({ session, params }) {
      return { success: true, data: await rotateSecret(actorOf(session), params.id) };
    },
  }),
  admin.get("/api/integrations/webhooks/:id/deliveries", {
    summary: "An endpoint's delivery log, the newest first: status, attempts, the receiver's status and answer excerpt",
    permission: "read:integration:any",
    query: z.object(pageQuery({ limit: 20, maxLimit: 100 })),
    responses: {
      ...paged("Deliveries", WebhookDeliverySchema, [401, 403]),
      ...NOT_FOUND,
    },
    async handler({ params, query }) {
      const { rows, pagination } = await listDeliveries(params.id, query);
      return { success: true, data: rows.map(toDeliveryView), pagination };
    },
  }),
  admin.post("/api/integrations/webhooks/deliveries/:id/replay", {
    summary:
      "Replay a delivery: a new delivery of the same event (same event id and body), posted at once and retried like any other; the original stays in the log",
    permission: "update:integration:any",
    responses: {
      ...created("The new delivery after its first attempt", WebhookDeliverySchema, [401, 403]),
      404: { description: "No such delivery", schema: pickErrors(404)[404].schema },
      409: { description: "The endpoint is turned off", schema: pickErrors(409)[409].schema },
    },
    async handler({ session, params }) {
      const row = await replayDelivery(actorOf(session), params.id);
      return createdAnswer(toDeliveryView(row));
    },
  }),
];
