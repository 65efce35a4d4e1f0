import { z } from "zod";
import { listCallbacks, requestCallback, setCallbackStatus, toCallbackJson } from "~/domain/meetings/callbacks.server";
import {
  CallbackJsonSchema,
  CallbackListQuerySchema,
  CallbackSchema,
  CallbackStatusUpdateSchema,
} from "~/domain/meetings/schemas";
import { MEETING_TEXTS } from "~/domain/meetings/texts";
import { pageAnswer } from "~/http/api/answers";
import { endpointGroup } from "~/http/api/endpoint.server";
import { named, ok, paged, pickErrors, successWith } from "~/http/api/schemas";
import { visitorOrigin } from "~/http/visitor-origin.server";

named(CallbackJsonSchema, "Callback");

const open = endpointGroup("Meetings", "public");
const admin = endpointGroup("Meetings", "admin");

export const endpoints = [
  open.post("/api/callbacks", {
    summary: 'Ask to be called back (spec §3 "Callback request form"); stored and sent to the sales inbox',
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
      const callback = await requestCallback(body, await visitorOrigin(request));
      return Response.json(
        { success: true, data: toCallbackJson(callback), message: MEETING_TEXTS.callbackSent },
        { status: 201 },
      );
    },
  }),
  admin.get("/api/callbacks", {
    summary: "Callback requests, newest first; filter by status, search name or company",
    permission: "read:callback:any",
    query: CallbackListQuerySchema,
    responses: paged("Callback requests", CallbackJsonSchema),
    async handler({ query }) {
      const { callbacks, total } = await listCallbacks(query);
      return pageAnswer(query, total, callbacks.map(toCallbackJson));
    },
  }),
  admin.put("/api/callbacks/:id/status", {
    summary: "Mark a callback request contacted (or new again); audited",
    permission: "update:callback:any",
    body: CallbackStatusUpdateSchema,
    responses: ok("Updated", CallbackJsonSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      return { success: true, data: toCallbackJson(await setCallbackStatus(actor, params.id, body.status)) };
    },
  }),
];
