import { describe, expect, it } from "vitest";
import type { Route } from "./+types/openapi-json";
import { loader } from "./openapi-json";

describe("GET /api/openapi.json", () => {
  it("is the committed docs/api/openapi.json, which `npm run lint:openapi` checks with redocly", async () => {
    const response = loader({ request: new Request("http://localhost/api/openapi.json") } as Route.LoaderArgs);
    const document = await response.json();
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot("../../../docs/api/openapi.json");
  });
});
