import { z } from "zod";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { requestPrivacy } from "~/domain/privacy/requests.server";
import { PRIVACY_TEXTS, PrivacyRequestSchema } from "~/domain/privacy/schemas";
import { endpointGroup } from "~/http/api/endpoint.server";
import { pickErrors } from "~/http/api/schemas";
import { isLocalHttp } from "~/lib/local-http";

/** A visitor's own export or erasure request (issue 29 item 5, decision 088). */
const open = endpointGroup("Privacy", "public");

export const endpoints = [
  open.post("/api/privacy/requests", {
    summary:
      "Ask for a copy of one's data (`export`) or its erasure (`erase`): a confirmation link is emailed to the address, and the request is fulfilled when its page is confirmed. The same answer whether or not anything is held",
    botCheck: true,
    body: PrivacyRequestSchema,
    responses: {
      202: {
        description: "Accepted: a confirmation link was emailed (at most one an hour per address and kind)",
        schema: z.object({ success: z.literal(true), message: z.literal(PRIVACY_TEXTS.checkInbox) }),
      },
      ...pickErrors(400, 429),
    },
    async handler({ request, body }) {
      await withClientLimit("privacyRequest", request, () => requestPrivacy(body, { local: isLocalHttp(request) }));
      return Response.json({ success: true, message: PRIVACY_TEXTS.checkInbox }, { status: 202 });
    },
  }),
];
