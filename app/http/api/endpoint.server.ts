import type { z } from "zod";
import { type Actor, actorOf } from "~/domain/accounts/actor";
import type { Need } from "~/domain/accounts/permissions";
import type { ActiveSession } from "~/domain/accounts/sessions.server";
import { apiBotCheck } from "~/http/bot-check.server";
import { optionalSession, requireMember, requirePermission, requireSignedIn } from "~/http/guards.server";
import { fieldErrorsOf } from "~/lib/zod-issues";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call an endpoint. `admin` = an approved admin; `signed-in` = any session. */
export type Access = "public" | "admin" | "signed-in" | "optional";

export type ResponseSpec = {
  description: string;
  schema?: z.ZodType;
  /** Media type of the body when it is not JSON (the CSV export). */
  mediaType?: string;
};

/**
 * What a handler knows about its caller, by access level: a public endpoint has no session
 * to read, an admin or signed-in one always has one (the guard refused everyone else) and
 * the actor its changes are recorded under.
 */
export type CallerByAccess = {
  public: Record<never, never>;
  optional: { session: ActiveSession | null };
  "signed-in": { session: ActiveSession; actor: Actor };
  admin: { session: ActiveSession; actor: Actor };
};

/** The `:name` parameters of a path: `"/api/a/:id/b/:kind"` → `"id" | "kind"`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The decoded path parameters of a path, each present (the path would not match otherwise). */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

type Input<T> = T extends z.ZodType ? z.output<T> : undefined;

type RequestArgs<P extends string, B, Q> = {
  request: Request;
  /** The body as it arrived (for a signature over its bytes, decision 092); "" without a declared body. */
  rawBody: string;
  params: PathParams<P>;
  body: Input<B>;
  query: Input<Q>;
};

export type HandlerArgs<P extends string, A extends Access, B, Q> = RequestArgs<P, B, Q> & CallerByAccess[A];

/** Where an endpoint stands: its method and path, its tag in the document and who may call it. */
type EndpointPlace<P extends string, A extends Access> = {
  method: HttpMethod;
  /** Full path with `:name` parameters, e.g. `/api/meetings/:id/status`. */
  path: P;
  tag: string;
  access: A;
};

/** What an endpoint declares beside its place: what it does, what it takes and answers. */
export type EndpointDeclaration<
  P extends string,
  A extends Access,
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
> = {
  summary: string;
  /**
   * For `admin` endpoints: the named permission (decision 064) the caller's role must hold;
   * `null` = any approved member (their own account). Declared here, once: the dispatcher checks
   * it, the OpenAPI document states it and access.test.ts derives the role matrix from it.
   */
  permission?: A extends "admin" ? Need : never;
  /**
   * A public endpoint that sends an email or stores a lead (decision 080): the caller sends a
   * solved challenge in the `X-Bot-Check` header, checked after the body and before the handler;
   * a missing, expired, reused or forged one is a 403. The document states it; bot-check.test.ts
   * holds every such endpoint to it.
   */
  botCheck?: A extends "public" ? true : never;
  body?: B;
  query?: Q;
  responses: Record<number, ResponseSpec>;
  /** Returns a Response, or data that is sent as JSON with status 200. */
  handler: (args: HandlerArgs<P, A, B, Q>) => Promise<unknown> | unknown;
};

export type EndpointDefinition<
  P extends string,
  A extends Access,
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
> = EndpointPlace<P, A> & EndpointDeclaration<P, A, B, Q>;

/**
 * A declared endpoint as the dispatcher and the OpenAPI document see it: its description,
 * and `serve`, which checks the caller its access level asks for, then the body and the
 * query against their schemas, and runs the handler.
 */
export type Endpoint = Omit<
  EndpointDefinition<string, Access, z.ZodType | undefined, z.ZodType | undefined>,
  "handler"
> & {
  serve: (request: Request, params: Record<string, string>, url: URL) => Promise<unknown>;
};

/** One guard per access level; indexed by the declared level, the caller's type follows it. */
const callers: { [A in Access]: (request: Request) => Promise<CallerByAccess[A]> } = {
  public: async () => ({}),
  optional: async (request) => ({ session: await optionalSession(request) }),
  "signed-in": async (request) => {
    const session = await requireSignedIn(request);
    return { session, actor: actorOf(session) };
  },
  admin: async (request) => {
    const session = await requireMember(request);
    return { session, actor: actorOf(session) };
  },
};

export const MAX_BODY_BYTES = 64 * 1024; // 64 KiB

type Parsed = { ok: true; value: unknown; text?: string } | { ok: false; response: Response };

async function readJson(request: Request): Promise<Parsed> {
  const type = request.headers.get("Content-Type") ?? "";
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) {
    return { ok: false, response: failure(413, "Request body is too large (limit 64 KB).") };
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_BODY_BYTES) {
    return { ok: false, response: failure(413, "Request body is too large (limit 64 KB).") };
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return { ok: true, value: {}, text };
  if (!/^application\/json\b/i.test(type.trim())) {
    return { ok: false, response: failure(415, "Content-Type must be application/json.") };
  }
  try {
    return { ok: true, value: JSON.parse(text), text };
  } catch {
    return { ok: false, response: failure(400, "Malformed JSON body.") };
  }
}

function validate(schema: z.ZodType, value: unknown, fallback: string): Parsed {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const details = fieldErrorsOf(parsed.error);
  return { ok: false, response: failure(400, details[0]?.message ?? fallback, { details }) };
}

/**
 * Declares an endpoint; the dispatcher serves it and the OpenAPI document describes it.
 * The handler's `params` are read from `path`, its `session` and `actor` from `access`, and
 * its `body` and `query` from their schemas, so handlers need no casts or assertions.
 */
export function endpoint<
  const P extends string,
  A extends Access,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(definition: EndpointDefinition<P, A, B, Q>): Endpoint {
  const { handler, ...described } = definition;
  return {
    ...described,
    async serve(request, params, url) {
      // The caller first: an anonymous request is refused before its input is looked at.
      const caller: CallerByAccess[A] = await callers[definition.access](request);
      // An admin endpoint that declares no permission refuses everyone: a forgotten one fails closed.
      if (definition.access === "admin" && "session" in caller && caller.session) {
        requirePermission(request, caller.session, definition.permission);
      }
      let body: unknown;
      let rawBody = "";
      if (definition.body) {
        const raw = await readJson(request);
        if (!raw.ok) return raw.response;
        rawBody = raw.text ?? "";
        const parsed = validate(definition.body, raw.value, "Invalid input.");
        if (!parsed.ok) return parsed.response;
        body = parsed.value;
      }
      if (definition.botCheck) {
        const refused = await apiBotCheck(request, body);
        if (refused) return failure(403, refused);
      }
      let query: unknown;
      if (definition.query) {
        const parsed = validate(definition.query, Object.fromEntries(url.searchParams), "Invalid query.");
        if (!parsed.ok) return parsed.response;
        query = parsed.value;
      }
      // The one place types are asserted rather than inferred, and why they hold: the
      // dispatcher matched `path`, so each parameter named in P is a key of `params`; `body`
      // and `query` were just parsed by this endpoint's own B and Q (undefined if undeclared).
      const args: RequestArgs<P, B, Q> = {
        request,
        rawBody,
        params: params as PathParams<P>,
        body: body as Input<B>,
        query: query as Input<Q>,
      };
      return handler({ ...args, ...caller });
    },
  };
}

/**
 * The endpoints of one tag and access level, declared by method and path: a file's
 * `const admin = endpointGroup("Meetings", "admin")` then `admin.get("/api/meetings", {…})`,
 * each declaration still naming its own permission.
 */
export function endpointGroup<A extends Access>(tag: string, access: A) {
  const declare =
    (method: HttpMethod) =>
    <const P extends string, B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
      path: P,
      declaration: EndpointDeclaration<P, A, B, Q>,
    ) =>
      endpoint<P, A, B, Q>({ method, path, tag, access, ...declaration });
  return {
    get: declare("GET"),
    post: declare("POST"),
    put: declare("PUT"),
    patch: declare("PATCH"),
    delete: declare("DELETE"),
  };
}

/** The JSON shape of every failure (spec §8 / foundation issue). */
export function failure(status: number, error: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return Response.json({ success: false, error, ...extra }, { status, headers });
}
