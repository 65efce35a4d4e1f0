import { z } from "zod";
import { mayHold, ROLE_LABELS } from "~/domain/accounts/permissions";
import { BOT_CHECK_CHALLENGE_PATH, BOT_CHECK_HEADER } from "~/lib/bot-check";
import { BRAND } from "~/lib/brand";
import { TEAM_ROLES } from "~/lib/team-roles";
import type { Endpoint, ResponseSpec } from "./endpoint.server";
import { ErrorResponseSchema } from "./schemas";

type JsonSchema = Record<string, unknown>;

const COMPONENTS = "#/components/schemas/";

/**
 * Turns zod schemas into OpenAPI 3.1 schemas (JSON Schema 2020-12) with zod's own
 * `z.toJSONSchema`. A schema registered with an `id` (see `named` in ./schemas) becomes one
 * entry of `components.schemas` that every use refers to, instead of a copy per operation.
 */
class SchemaSet {
  private readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
    // Input and output of one id'd schema differ when it has defaults or coercions: the
    // input is kept as `<id>Input` (and folded into `<id>` in the end when it is the same).
    const name = (id: string) => (io === "input" ? `${id}Input` : id);
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      this.components[name(id)] ??= relink(definition, name);
    }
    return relink(rest, name);
  }

  /** The document with its components, each input twin that equals its output folded into it. */
  finish<T extends JsonSchema>(document: T): T & { components: { schemas: Record<string, JsonSchema> } } {
    const folded = new Set(
      Object.keys(this.components).filter((name) => {
        const output = this.components[name.replace(/Input$/, "")];
        return name.endsWith("Input") && output && same(output, this.components[name]);
      }),
    );
    const schemas = Object.fromEntries(Object.entries(this.components).filter(([name]) => !folded.has(name)));
    const text = JSON.stringify({ ...document, components: { ...(document.components as object), schemas } });
    return JSON.parse(
      text.replace(/"#\/components\/schemas\/([^"]+)Input"/g, (ref, id: string) =>
        folded.has(`${id}Input`) ? `"${COMPONENTS}${id}"` : ref,
      ),
    );
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function relink(schema: JsonSchema, name: (id: string) => string): JsonSchema {
  return JSON.parse(
    JSON.stringify(schema).replace(/"#\/\$defs\/([^"]+)"/g, (_, id: string) => `"${COMPONENTS}${name(id)}"`),
  ) as JsonSchema;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Answers the dispatcher gives before a handler runs (see dispatch.server.ts and
 * endpoint.server.ts), added to an operation that does not describe them itself.
 */
function dispatcherResponses(endpoint: Endpoint): Record<number, ResponseSpec> {
  const out: Record<number, ResponseSpec> = {};
  const hasParams = endpoint.path.includes("/:");
  if (endpoint.body || endpoint.query || hasParams) {
    out[400] = { description: "Invalid input, a malformed JSON body or malformed percent-encoding in the path" };
  }
  if (BODY_METHODS.has(endpoint.method)) out[403] = { description: "Cross-site request refused" };
  if (endpoint.botCheck) {
    out[403] = {
      description: `Cross-site request refused, or the bot check failed (see the ${BOT_CHECK_HEADER} header)`,
    };
  }
  if (endpoint.access === "admin") {
    out[403] = {
      description: "Not allowed: the caller's role lacks the operation's permission, or the account awaits approval",
    };
  }
  if (endpoint.body) {
    out[413] = { description: "Request body is too large (limit 64 KB)" };
    out[415] = { description: "Content-Type must be application/json" };
  }
  for (const spec of Object.values(out)) spec.schema = ErrorResponseSchema;
  return out;
}

/** The header a bot-checked operation needs (decision 080). */
const BOT_CHECK_PARAMETER = {
  name: BOT_CHECK_HEADER,
  in: "header",
  required: true,
  description: `A solved bot-check challenge: GET ${BOT_CHECK_CHALLENGE_PATH}, find the \`number\` (0 to \`maxnumber\`) whose SHA-256 of \`salt + number\` (hex) is \`challenge\`, and send base64 of the JSON \`{algorithm, challenge, number, salt, signature}\`. Each solution counts once (the same body sent again with it is the same request); a challenge expires 20 minutes after it was issued.`,
  schema: { type: "string" },
};

const AUTHENTICATED = [{ bearerAuth: [] }, { sessionCookie: [] }];

const SECURITY: Record<Endpoint["access"], unknown[]> = {
  public: [],
  // `{}` = no credentials: the endpoint answers anonymous callers too, differently.
  optional: [{}, ...AUTHENTICATED],
  "signed-in": AUTHENTICATED,
  admin: AUTHENTICATED,
};

/**
 * What an admin operation needs (decision 064), stated where a reader and a client generator see
 * it: the permission in `x-permission` (null = any approved member), the roles holding it in
 * `x-roles`, and both in words in the description.
 */
function permissionOf(endpoint: Endpoint): Record<string, unknown> {
  if (endpoint.access !== "admin" || endpoint.permission === undefined) return {};
  const need = endpoint.permission;
  const roles = TEAM_ROLES.filter((role) => mayHold(role, need));
  const who = roles.map((role) => ROLE_LABELS[role]).join(", ");
  return {
    description: need
      ? `Requires the permission \`${need}\` (roles: ${who}); other members get 403.`
      : `Any approved team member (roles: ${who}).`,
    "x-permission": need,
    "x-roles": roles,
  };
}

/** An outgoing webhook the API sends (the document's `webhooks` section): its name, words and body. */
export type WebhookSpec = {
  name: string;
  summary: string;
  description: string;
  /** Request headers the receiver gets, with what each means. */
  headers: Record<string, string>;
  body: z.ZodType;
};

/** The OpenAPI 3.1 document, generated from the declared endpoints: no hand-kept copy. */
export function buildOpenApi(endpoints: readonly Endpoint[], webhookSpecs: readonly WebhookSpec[] = []) {
  const schemas = new SchemaSet();
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
      const schema = schemas.convert(endpoint.query, "input");
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        const { description, ...rest } = property;
        parameters.push({ name, in: "query", required: required.has(name), description, schema: rest });
      }
    }
    if (endpoint.botCheck) parameters.push(BOT_CHECK_PARAMETER);
    const responses = { ...dispatcherResponses(endpoint), ...endpoint.responses };
    const operation: Record<string, unknown> = {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      operationId: `${endpoint.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      security: SECURITY[endpoint.access],
      ...permissionOf(endpoint),
      parameters,
      responses: Object.fromEntries(
        Object.entries(responses)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([status, spec]) => [
            status,
            {
              description: spec.description,
              ...(spec.schema
                ? {
                    content: {
                      [spec.mediaType ?? "application/json"]: { schema: schemas.convert(spec.schema, "output") },
                    },
                  }
                : {}),
            },
          ]),
      ),
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: schemas.convert(endpoint.body, "input") } },
      };
    }
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  const webhooks = Object.fromEntries(
    webhookSpecs.map((spec) => [
      spec.name,
      {
        post: {
          summary: spec.summary,
          description: spec.description,
          operationId: `webhook${spec.name.replace(/(^|[^A-Za-z0-9]+)(.)/g, (_, _s: string, c: string) => c.toUpperCase())}`,
          tags: ["Webhooks"],
          // Sent by this API to the receiver, which authenticates it by its signature header.
          security: [],
          parameters: Object.entries(spec.headers).map(([name, description]) => ({
            name,
            in: "header",
            required: true,
            description,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemas.convert(spec.body, "output") } },
          },
          responses: {
            "200": { description: "Any 2xx answer within 10 seconds counts as delivered; anything else is retried" },
          },
        },
      },
    ]),
  );
  return schemas.finish({
    openapi: "3.1.0",
    info: {
      title: `${BRAND.name} web API`,
      version: "1.0.0",
      description:
        "JSON API of the Flowlane marketing site and admin console. Failures answer `{success: false, error, details?}`.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    // Relative: the API is served by the host that serves this document.
    servers: [{ url: "/", description: "This site" }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "data.accessToken from POST /api/auth/login" },
        sessionCookie: { type: "apiKey", in: "cookie", name: "__Host-flowlane_session" },
      },
    },
    paths,
    ...(webhookSpecs.length > 0 ? { webhooks } : {}),
  });
}
