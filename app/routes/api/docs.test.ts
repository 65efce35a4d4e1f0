import { describe, expect, it } from "vitest";
import type { Route } from "./+types/docs";
import { loader } from "./docs";

describe("/api/docs", () => {
  const { tags, operations } = loader({} as Route.LoaderArgs);

  it("gives every section an id and link without spaces", () => {
    expect(tags.map((t) => t.id)).toContain("email-verification");
    for (const tag of tags) expect(tag.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(tags.map((t) => t.id)).size).toBe(tags.length);
  });

  it("gives every operation a unique id without spaces", () => {
    const ids = operations.map((op) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
