import { Validator } from "@cfworker/json-schema";
import { buildOpenApi } from "~/http/api/openapi.server";
import { allEndpoints } from "~/routes/api/registry.server";

/*
 * Every answer the API tests receive, checked against /api/openapi.json (the document the
 * server publishes, which `openapi.test.ts` keeps equal to docs/api/openapi.json): the status
 * must be one the operation declares, the media type the declared one, and the body valid
 * against the declared schema (JSON Schema 2020-12, as OpenAPI 3.1), errors included. A strict
 * client generated from the document would accept every answer these tests see.
 */

type Json = Record<string, unknown>;
type Response = { description: string; content?: Record<string, { schema: Json }> };
type Operation = { responses: Record<string, Response> };

export const openApiDocument = buildOpenApi(allEndpoints);

const paths = openApiDocument.paths as Record<string, Record<string, Operation>>;
const defs = JSON.parse(
  JSON.stringify(openApiDocument.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/'),
) as Json;

/** The path templates as patterns, most specific first (literal segments before parameters). */
const templates = Object.keys(paths)
  .map((template) => ({
    template,
    pattern: new RegExp(
      `^${template
        .split("/")
        .map((segment) => (segment.startsWith("{") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/")}/?$`,
    ),
    parameters: (template.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.parameters - b.parameters);

/** The declared schema with its `#/components/schemas/X` references made local (`#/$defs/X`). */
export function declaredSchema(schema: Json): Json {
  return { ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/')), $defs: defs };
}

const validators = new Map<string, Validator>();

function validatorFor(key: string, schema: Json) {
  let validator = validators.get(key);
  if (!validator) {
    // shortCircuit off: every error is reported, not only the first.
    validator = new Validator(declaredSchema(schema), "2020-12", false);
    validators.set(key, validator);
  }
  return validator;
}

/** The operation a request reaches, as the document names it (null: no documented path). */
export function operationOf(method: string, pathname: string) {
  const matching = templates.filter(({ pattern }) => pattern.test(pathname));
  if (matching.length === 0) return null;
  const verb = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  for (const { template } of matching) {
    const operation = paths[template]?.[verb];
    if (operation) return { template, method: verb, operation };
  }
  return { template: matching[0]?.template ?? "", method: verb, operation: null };
}

const ERROR_SCHEMA = { $ref: "#/components/schemas/Error" };

/**
 * What is wrong with an answer, judged by the document: an empty list when the document
 * describes it. Answers outside any operation (an unknown path, a method the path does not
 * have) are the dispatcher's 404 and 405, whose body is the shared error shape.
 */
export function undocumented(
  method: string,
  url: string,
  answer: { status: number; contentType: string; body: string },
): string[] {
  const { pathname } = new URL(url, "http://localhost");
  // OPTIONS is answered by the dispatcher (CORS stays closed) and is no operation to document.
  if (method.toUpperCase() === "OPTIONS") return answer.status === 204 ? [] : [`OPTIONS answered ${answer.status}`];
  const found = operationOf(method, pathname);
  let response: Response | undefined;
  let key: string;
  if (!found?.operation) {
    const expected = found ? 405 : 404;
    if (answer.status !== expected) return [`answered ${answer.status} where no operation is documented`];
    response = { description: "", content: { "application/json": { schema: ERROR_SCHEMA } } };
    key = `error ${expected}`;
  } else {
    response = found.operation.responses[String(answer.status)];
    key = `${found.method} ${found.template} ${answer.status}`;
    if (!response) {
      return [
        `${found.method.toUpperCase()} ${found.template} answered ${answer.status}, which it does not document (it documents ${Object.keys(found.operation.responses).join(", ")})`,
      ];
    }
  }
  const content = response.content;
  if (!content) return answer.body === "" ? [] : [`${key}: a body where the document declares none`];
  if (method.toUpperCase() === "HEAD") return [];
  const entry = Object.entries(content).find(([mediaType]) => answer.contentType.startsWith(mediaType));
  if (!entry) return [`${key}: Content-Type "${answer.contentType}", the document declares ${Object.keys(content)}`];
  const [mediaType, { schema }] = entry;
  if (mediaType !== "application/json") {
    return validatorFor(`${key} ${mediaType}`, schema).validate(answer.body).valid ? [] : [`${key}: not ${mediaType}`];
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [`${key}: the body is not JSON`];
  }
  const result = validatorFor(`${key} ${mediaType}`, schema).validate(body);
  if (result.valid) return [];
  // The innermost errors say what is wrong; the enclosing ones only that something below is.
  const wrappers = new Set(["properties", "$ref", "items", "anyOf", "allOf"]);
  const leaves = result.errors.filter((error) => !wrappers.has(error.keyword));
  return (leaves.length > 0 ? leaves : result.errors).map(
    (error) => `${key}: ${error.instanceLocation} ${error.error}`,
  );
}

/** Throws when an answer is not what the document says: the calling test fails with why. */
export function expectDocumented(
  method: string,
  url: string,
  answer: { status: number; contentType: string; body: string },
) {
  const problems = undocumented(method, url, answer);
  if (problems.length > 0) {
    throw new Error(
      `${method} ${url} → ${answer.status} is not what /api/openapi.json says:\n  ${problems.join("\n  ")}\nbody: ${answer.body.slice(0, 400)}`,
    );
  }
}
