import { z } from "zod";
import { countsOf, erasePerson, exportFilename, exportPerson, peopleLookup } from "~/domain/privacy/people.server";
import {
  EraseSchema,
  ErasureJsonSchema,
  HeldSchema,
  PersonJsonSchema,
  PersonQuerySchema,
} from "~/domain/privacy/schemas";
import { endpointGroup } from "~/http/api/endpoint.server";
import { named, ok, pickErrors } from "~/http/api/schemas";

named(PersonJsonSchema, "Person");
named(ErasureJsonSchema, "Erasure");

/** A person's data on request (issue 29 item 3, decision 088): Owners and Admins. */
const admin = endpointGroup("People", "admin");

export const endpoints = [
  admin.get("/api/people", {
    summary:
      "Everything held about an email, by kind: bookings, callbacks, leads and their notes, trial, newsletter, emails sent, audit entries, and every other table that carries it",
    permission: "read:person:any",
    query: PersonQuerySchema,
    responses: ok("What is held (an empty `held` when nothing is)", PersonJsonSchema, [400, 401, 403]),
    async handler({ query }) {
      const held = await peopleLookup(query.email);
      return { success: true, data: { email: query.email, counts: countsOf(held), held } };
    },
  }),
  admin.get("/api/people/export", {
    summary: "The export file: everything held about an email as a JSON attachment (audited)",
    permission: "export:person:any",
    query: PersonQuerySchema,
    responses: {
      200: {
        description: "application/json attachment",
        schema: z.object({ email: z.string(), exportedAt: z.string(), held: HeldSchema }),
      },
      ...pickErrors(400, 401, 403),
    },
    async handler({ query, actor }) {
      const now = new Date();
      const file = await exportPerson(actor, query.email, now);
      return Response.json(file, {
        headers: {
          "Content-Disposition": `attachment; filename="${exportFilename(now, "json")}"`,
          "Cache-Control": "no-store",
        },
      });
    },
  }),
  admin.post("/api/people/erase", {
    summary:
      "Erase a person: one guarded, audited change that anonymises their bookings, callbacks, leads and trial (counts kept) and removes everything else, outbox emails included. 409 while a meeting of theirs is upcoming or the email is a member's; 404 when nothing is held (a second erasure)",
    permission: "delete:person:any",
    body: EraseSchema,
    responses: ok("What was erased, by kind", ErasureJsonSchema, [400, 401, 403, 404, 409]),
    async handler({ body, actor }) {
      return { success: true, data: await erasePerson(actor, body.email) };
    },
  }),
];
