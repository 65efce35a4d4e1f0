import { compile } from "~/http/api/dispatch.server";
import type { Endpoint } from "~/http/api/endpoint.server";

/**
 * Every `*.endpoints.ts` module beside this file is picked up: declaring an endpoint
 * there is all it takes to serve it and to document it in /api/openapi.json.
 */
const modules = import.meta.glob<{ endpoints: Endpoint[] }>("./*.endpoints.ts", { eager: true });

export const allEndpoints: readonly Endpoint[] = Object.keys(modules)
  .sort()
  .flatMap((key) => modules[key]?.endpoints ?? []);

export const compiledEndpoints = compile(allEndpoints);
