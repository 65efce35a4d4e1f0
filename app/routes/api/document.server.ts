import { webhookSpecs } from "~/domain/integrations/openapi";
import { buildOpenApi } from "~/http/api/openapi.server";
import { allEndpoints } from "./registry.server";

type OpenApiDocument = ReturnType<typeof buildOpenApi>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

let document: OpenApiDocument | undefined;
let text: string | undefined;

/**
 * The OpenAPI document, built once per isolate: it depends on the declared endpoints only, and
 * building it (every zod schema to JSON Schema) cost /api/docs and /api/openapi.json tens of
 * milliseconds of CPU per request (decision 038). A plain value, frozen, so requests share it
 * read-only (decision 037).
 */
export const openApiDocument = (): OpenApiDocument =>
  (document ??= deepFreeze(buildOpenApi(allEndpoints, webhookSpecs())));

/** The document as JSON text, for /api/openapi.json. */
export const openApiText = (): string => (text ??= JSON.stringify(openApiDocument()));
