import { describe, expect, it } from "vitest";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { allEndpoints } from "./registry.server";

/** Every admin endpoint, with its path parameters filled in. */
const adminEndpoints = allEndpoints
  .filter((e) => e.access === "admin")
  .map((e) => ({ method: e.method, path: e.path.replace(/:[A-Za-z_]+/g, "some-id") }));

describe("admin endpoints", () => {
  it("exist", () => {
    expect(adminEndpoints.length).toBeGreaterThan(0);
  });

  it.each(adminEndpoints)("$method $path refuses anonymous callers with 401", async ({ method, path }) => {
    const r = await api(method, path, { body: method === "GET" ? undefined : {} });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ success: false, error: "Authentication required." });
  });

  it.each(adminEndpoints)("$method $path refuses pending accounts with 403", async ({ method, path }) => {
    const { token } = await createAdmin({ status: "pending" });
    const r = await api(method, path, { token, body: method === "GET" ? undefined : {} });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe("Your account is waiting for approval by an administrator.");
  });

  it("refuses an unknown or forged token", async () => {
    const r = await api("GET", adminEndpoints[0]!.path, { token: "forged-token" });
    expect(r.status).toBe(401);
    expect(r.json.error).toBe("Authentication expired. Please login again.");
  });
});

describe("openapi document", () => {
  it("describes every declared endpoint", async () => {
    const { buildOpenApi } = await import("~/http/api/openapi.server");
    const doc = buildOpenApi(allEndpoints);
    for (const endpoint of allEndpoints) {
      const path = endpoint.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${path}`).toBeDefined();
    }
    expect(doc.paths["/api/auth/login"]?.post).toMatchObject({
      requestBody: { content: { "application/json": { schema: { type: "object" } } } },
    });
  });
});
