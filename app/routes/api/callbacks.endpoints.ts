import { z } from "zod";
import { clientAddress } from "~/domain/limits/client-limits.server";
import { listCallbacks, requestCallback, setCallbackStatus, toCallbackJson } from "~/domain/meetings/callbacks.server";
import {
  CallbackJsonSchema,
  CallbackListQuerySchema,
  CallbackSchema,
  CallbackStatusUpdateSchema,
} from "~/domain/meetings/schemas";
import { MEETING_TEXTS } from "~/domain/meetings/texts";
import { endpoint } from "~/http/api/endpoint.server";
import { named, PaginationSchema, pickErrors, successWith } from "~/http/api/schemas";
import { requestAttribution } from "~/http/attribution.server";
import { paginationOf } from "~/lib/pagination";

named(CallbackJsonSchema, "Callback");

export const endpoints = [
  endpoint({
    method: "POST",
    path: "/api/callbacks",
    summary: 'Ask to be called back (spec §3 "Callback request form"); stored and sent to the sales inbox',
    tag: "Meetings",
    access: "public",
    botCheck: true,
    body: CallbackSchema,
    responses: {
      201: {
        description: "Stored",
        schema: successWith(CallbackJsonSchema).extend({ message: z.literal(MEETING_TEXTS.callbackSent) }),
      },
      ...pickErrors(400, 429),
    },
    async handler({ request, body }) {
      const callback = await requestCallback(body, {
        clientAddress: clientAddress(request),
        attribution: await requestAttribution(request),
      });
      return Response.json(
        { success: true, data: toCallbackJson(callback), message: MEETING_TEXTS.callbackSent },
        { status: 201 },
      );
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/callbacks",
    summary: "Callback requests, newest first; filter by status, search name or company",
    tag: "Meetings",
    access: "admin",
    permission: "read:callback:any",
    query: CallbackListQuerySchema,
    responses: {
      200: {
        description: "Callback requests",
        schema: successWith(z.array(CallbackJsonSchema)).extend({ pagination: PaginationSchema }),
      },
      ...pickErrors(400, 401, 403),
    },
    async handler({ query }) {
      const { callbacks, total } = await listCallbacks(query);
      return {
        success: true,
        data: callbacks.map(toCallbackJson),
        pagination: paginationOf(query.page, query.limit, total),
      };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/api/callbacks/:id/status",
    summary: "Mark a callback request contacted (or new again); audited",
    tag: "Meetings",
    access: "admin",
    permission: "update:callback:any",
    body: CallbackStatusUpdateSchema,
    responses: {
      200: { description: "Updated", schema: successWith(CallbackJsonSchema) },
      ...pickErrors(400, 401, 403, 404, 409),
    },
    async handler({ params, body, actor }) {
      return { success: true, data: toCallbackJson(await setCallbackStatus(actor, params.id, body.status)) };
    },
  }),
];
