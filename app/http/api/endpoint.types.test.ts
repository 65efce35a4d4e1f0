import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { Actor } from "~/domain/accounts/actor";
import type { ActiveSession } from "~/domain/accounts/sessions.server";
import { endpoint, endpointGroup, type ParamNames, type PathParams } from "./endpoint.server";

/*
 * Type-level tests: `npm run typecheck` (tsc) checks every expectTypeOf and fails on a
 * `@ts-expect-error` whose line compiles. vitest runs the handler of the first declaration,
 * to see that the parameters it is typed with are the ones it is served.
 */

expectTypeOf<ParamNames<"/api/meetings">>().toEqualTypeOf<never>();
expectTypeOf<ParamNames<"/api/meetings/:id">>().toEqualTypeOf<"id">();
expectTypeOf<ParamNames<"/api/meetings/:id/status">>().toEqualTypeOf<"id">();
expectTypeOf<ParamNames<"/api/a/:first/b/:second">>().toEqualTypeOf<"first" | "second">();
expectTypeOf<PathParams<"/api/admin/export/:kind">>().toEqualTypeOf<{ kind: string }>();

describe("path parameters are read from the path", () => {
  const parts = endpoint({
    method: "GET",
    path: "/api/things/:thingId/parts/:partId",
    summary: "",
    tag: "",
    access: "public",
    responses: {},
    handler({ params }) {
      expectTypeOf(params).toEqualTypeOf<{ thingId: string; partId: string }>();
      // @ts-expect-error only the parameters the path declares exist
      params.id;
      return params;
    },
  });

  it("are served as typed", async () => {
    const request = new Request("http://localhost/api/things/t%201/parts/p2");
    const served = await parts.serve(request, { thingId: "t 1", partId: "p2" }, new URL(request.url));
    expect(served).toEqual({ thingId: "t 1", partId: "p2" });
  });

  endpoint({
    method: "GET",
    path: "/api/things",
    summary: "",
    tag: "",
    access: "public",
    responses: {},
    handler({ params }) {
      // @ts-expect-error a path without parameters has none
      params.id;
      return null;
    },
  });
});

// The session follows the access level.
{
  endpoint({
    method: "GET",
    path: "/api/public",
    summary: "",
    tag: "",
    access: "public",
    responses: {},
    // @ts-expect-error a public endpoint has no session to read
    handler({ session }) {
      return session;
    },
  });

  endpoint({
    method: "GET",
    path: "/api/optional",
    summary: "",
    tag: "",
    access: "optional",
    responses: {},
    handler(args) {
      expectTypeOf(args.session).toEqualTypeOf<ActiveSession | null>();
      // @ts-expect-error an optional caller may be anonymous: no actor
      args.actor;
      return null;
    },
  });

  for (const access of ["admin", "signed-in"] as const) {
    endpoint({
      method: "POST",
      path: "/api/changes/:id",
      summary: "",
      tag: "",
      access,
      responses: {},
      handler({ session, actor, params }) {
        expectTypeOf(session).toEqualTypeOf<ActiveSession>();
        expectTypeOf(actor).toEqualTypeOf<Actor>();
        expectTypeOf(params.id).toEqualTypeOf<string>();
        return null;
      },
    });
  }
}

// body and query are the parsed output of their schemas.
{
  endpoint({
    method: "POST",
    path: "/api/items",
    summary: "",
    tag: "",
    access: "admin",
    body: z.object({ name: z.string(), count: z.coerce.number().default(1) }),
    query: z.object({ dryRun: z.enum(["yes", "no"]).optional() }),
    responses: {},
    handler({ body, query }) {
      expectTypeOf(body).toEqualTypeOf<{ name: string; count: number }>();
      expectTypeOf(query).toEqualTypeOf<{ dryRun?: "yes" | "no" | undefined }>();
      return null;
    },
  });

  endpoint({
    method: "GET",
    path: "/api/items",
    summary: "",
    tag: "",
    access: "admin",
    responses: {},
    handler({ body, query }) {
      expectTypeOf(body).toEqualTypeOf<undefined>();
      expectTypeOf(query).toEqualTypeOf<undefined>();
      return null;
    },
  });
}

// A group's declarations are typed as endpoint()'s: the caller by its access, params by the path.
describe("an endpoint group", () => {
  const admin = endpointGroup("Things", "admin");
  const one = admin.get("/api/things/:thingId", {
    summary: "",
    permission: null,
    responses: {},
    handler({ params, session, actor }) {
      expectTypeOf(params).toEqualTypeOf<{ thingId: string }>();
      expectTypeOf(session).toEqualTypeOf<ActiveSession>();
      expectTypeOf(actor).toEqualTypeOf<Actor>();
      return params;
    },
  });
  endpointGroup("Things", "public").post("/api/things", {
    summary: "",
    // @ts-expect-error a public endpoint names no permission
    permission: null,
    responses: {},
    handler: () => null,
  });

  it("declares its method, path, tag and access once", () => {
    expect({ method: one.method, path: one.path, tag: one.tag, access: one.access }).toEqual({
      method: "GET",
      path: "/api/things/:thingId",
      tag: "Things",
      access: "admin",
    });
  });
});
