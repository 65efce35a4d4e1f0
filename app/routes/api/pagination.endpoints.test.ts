import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, teamInvitations, webhookDeliveries } from "~/db/schema";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { addCallback, addMeeting, addPost, addUser } from "../../../tests/helpers/console-data";

// Password hashing (scrypt) is slow on a loaded machine: more than vitest's default 5 s.
const SCRYPT_TIMEOUT = 30_000;

/**
 * Decision 025: every paged endpoint answers the same way. Each list is exercised empty, with
 * one page, on its last page and past its end; `add` puts one row into the list, `items` reads
 * the page's rows from the body, `query` narrows the list to the rows this test made.
 */
type Paged = {
  path: string;
  query?: string;
  add: (n: number) => Promise<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies of different endpoints
  items: (json: any) => unknown[];
  // biome-ignore lint/suspicious/noExplicitAny: response bodies of different endpoints
  pagination?: (json: any) => unknown;
  /** Past the last page: an empty page (API clients page until empty) or a 400 naming the range. */
  pastEnd: "empty" | "400";
};

const ACTOR = "paging-actor@flowlane.test";

const lists: Paged[] = [
  { path: "/api/meetings", add: () => addMeeting(), items: (j) => j.data, pastEnd: "empty" },
  { path: "/api/callbacks", add: () => addCallback(), items: (j) => j.data, pastEnd: "empty" },
  { path: "/api/blogs", add: () => addPost({ status: "published" }), items: (j) => j.data, pastEnd: "empty" },
  {
    path: "/api/admin/audit",
    query: `actor=${ACTOR}`,
    add: (n) =>
      db()
        .insert(auditLog)
        .values({ actorEmail: ACTOR, action: "test.page", targetType: "test", targetId: `t${n}` }),
    items: (j) => j.data.entries,
    pagination: (j) => j.data.pagination,
    pastEnd: "empty",
  },
  {
    path: "/api/team/invitations",
    add: (n) =>
      db()
        .insert(teamInvitations)
        .values({
          email: `paged-${n}-${crypto.randomUUID().slice(0, 8)}@flowlane.test`,
          role: "author",
          tokenHash: crypto.randomUUID(),
          sentAt: new Date(),
          expiresAt: new Date(Date.now() + 86_400_000),
        }),
    items: (j) => j.data,
    pastEnd: "empty",
  },
  { path: "/api/subscriptions", add: () => addUser(), items: (j) => j.subscriptions, pastEnd: "400" },
  {
    path: "/api/subscriptions/webhooks/logs",
    add: async (n) => {
      const user = await addUser();
      await db()
        .insert(webhookDeliveries)
        .values({
          subscriptionId: user.id,
          event: "trial.approved",
          url: "https://hooks.example.test",
          payload: `{"n":${n}}`,
        });
    },
    items: (j) => j.data,
    pastEnd: "400",
  },
];

describe.each(lists)("paging $path", { timeout: SCRYPT_TIMEOUT }, (list) => {
  const get = (token: string, params: string) =>
    api("GET", `${list.path}?${[list.query, params].filter(Boolean).join("&")}`, { token });
  const paginationOf = list.pagination ?? ((json) => json.pagination);

  it("empty, one page, last page, past the end and a bad page", async () => {
    const { token } = await createAdmin();

    const empty = await get(token, "limit=2");
    expect(empty.status).toBe(200);
    expect(list.items(empty.json)).toEqual([]);
    // One empty-list answer everywhere: the first page exists, so totalPages is 1.
    expect(paginationOf(empty.json)).toEqual({ currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 2 });

    await list.add(1);
    await list.add(2);
    const one = await get(token, "limit=2");
    expect(list.items(one.json)).toHaveLength(2);
    expect(paginationOf(one.json)).toEqual({ currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 2 });

    await list.add(3);
    const last = await get(token, "limit=2&page=2");
    expect(last.status).toBe(200);
    expect(list.items(last.json)).toHaveLength(1);
    expect(paginationOf(last.json)).toEqual({ currentPage: 2, totalPages: 2, totalItems: 3, itemsPerPage: 2 });

    const past = await get(token, "limit=2&page=3");
    if (list.pastEnd === "empty") {
      expect(past.status).toBe(200);
      expect(list.items(past.json)).toEqual([]);
      expect(paginationOf(past.json)).toEqual({ currentPage: 3, totalPages: 2, totalItems: 3, itemsPerPage: 2 });
    } else {
      expect(past.status).toBe(400);
      expect(past.json.error).toBe("page is out of range: there are 2 pages.");
    }

    for (const [params, message] of [
      ["page=0", "page must be a whole number from 1"],
      ["page=abc", "page must be a whole number from 1"],
      ["page=100001", "page is out of range"],
    ] as const) {
      const bad = await get(token, params);
      expect(bad.status, params).toBe(400);
      expect(bad.json.success).toBe(false);
      expect(JSON.stringify(bad.json)).toContain(message);
    }
  });
});
