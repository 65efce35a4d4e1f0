import { z } from "zod";
import type { Endpoint } from "./endpoint.server";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "openapi-3.0",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** The OpenAPI 3.0 document, generated from the declared endpoints: no hand-kept copy. */
export function buildOpenApi(endpoints: readonly Endpoint[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = endpoint.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    const parameters: unknown[] = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    if (endpoint.query) {
      const schema = toSchema(endpoint.query, "input");
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        parameters.push({ name, in: "query", required: required.has(name), schema: property });
      }
    }
    const operation: Record<string, unknown> = {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      operationId: `${endpoint.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      parameters,
      responses: Object.fromEntries(
        Object.entries(endpoint.responses).map(([status, spec]) => [
          status,
          {
            description: spec.description,
            ...(spec.schema ? { content: { "application/json": { schema: toSchema(spec.schema, "output") } } } : {}),
          },
        ]),
      ),
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: toSchema(endpoint.body, "input") } },
      };
    }
    if (endpoint.access === "admin" || endpoint.access === "signed-in") {
      operation.security = [{ bearerAuth: [] }, { sessionCookie: [] }];
    }
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Flowlane web API",
      version: "1.0.0",
      description:
        "JSON API of the Flowlane marketing site and admin console. Failures answer `{success: false, error, details?}`.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "data.accessToken from POST /api/auth/login" },
        sessionCookie: { type: "apiKey", in: "cookie", name: "__Host-flowlane_session" },
      },
    },
    paths,
  };
}
