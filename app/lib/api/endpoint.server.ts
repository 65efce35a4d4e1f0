import type { z } from "zod";
import type { ActiveSession } from "~/domain/accounts/sessions.server";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call an endpoint. `admin` = an approved admin; `signed-in` = any session. */
export type Access = "public" | "admin" | "signed-in" | "optional";

export type ResponseSpec = { description: string; schema?: z.ZodType };

type Input<T> = T extends z.ZodType ? z.output<T> : undefined;

export type HandlerArgs<B, Q> = {
  request: Request;
  params: Record<string, string>;
  body: Input<B>;
  query: Input<Q>;
  /** Present for `admin` and `signed-in` endpoints; may be present for `optional`. */
  session: ActiveSession | null;
};

export type Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: HttpMethod;
  /** Full path with `:name` parameters, e.g. `/api/meetings/:id/status`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: B;
  query?: Q;
  responses: Record<number, ResponseSpec>;
  /** Returns a Response, or data that is sent as JSON with status 200. */
  handler: (args: HandlerArgs<B, Q>) => Promise<unknown> | unknown;
};

/** Declares an endpoint; the dispatcher serves it and the OpenAPI document describes it. */
export function endpoint<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  def: Endpoint<B, Q>,
): Endpoint {
  return def as unknown as Endpoint;
}

/** The JSON shape of every failure (spec §8 / foundation issue). */
export function failure(status: number, error: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return Response.json({ success: false, error, ...extra }, { status, headers });
}
