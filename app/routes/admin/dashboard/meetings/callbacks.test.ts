import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { callbackRequests } from "~/db/schema";
import { MINUTE } from "~/lib/durations";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { routeArgs } from "../../../../../tests/helpers/route-call";
import { loader } from "./callbacks";

const ORIGIN = "http://localhost";
let token: string;
beforeAll(async () => {
  ({ token } = await createAdmin());
});

// biome-ignore lint/suspicious/noExplicitAny: the test reads the loader's result loosely
const list = async (search: string): Promise<any> => {
  const url = `${ORIGIN}/admin/dashboard/meetings/callbacks${search}`;
  return loader(routeArgs(new Request(url, { headers: { Authorization: `Bearer ${token}` } })));
};

describe("Callbacks page", () => {
  it("shows 20 requests a page, newest first; the next page has the rest", async () => {
    const company = `Pagecorp ${Date.now().toString(36)}`;
    const base = Date.UTC(2032, 0, 1);
    // One row a statement: D1 allows 100 bound values per statement.
    const client = db();
    const rows = Array.from({ length: 22 }, (_, i) =>
      client.insert(callbackRequests).values({
        id: `page-size-${company}-${i}`,
        firstName: "Page",
        lastName: `Size${i}`,
        email: `page-size-${i}@example.test`,
        company,
        createdAt: new Date(base + i * MINUTE),
      }),
    );
    await client.batch(rows as [(typeof rows)[number], ...typeof rows]);
    const q = `?q=${encodeURIComponent(company)}`;
    const first = await list(q);
    expect(first).toMatchObject({ total: 22, page: 1, pages: 2 });
    expect(first.callbacks).toHaveLength(20);
    expect(first.callbacks[0].lastName).toBe("Size21");
    const second = await list(`${q}&page=2`);
    expect(second.callbacks.map((c: { lastName: string }) => c.lastName)).toEqual(["Size1", "Size0"]);
  });
});
