import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MINUTE } from "~/lib/durations";
import { db } from "./client.server";
import { containsAny, newestFirstPage } from "./lists.server";
import { callbackRequests } from "./schema";

const base = Date.UTC(2031, 0, 1);

async function addCallback(firstName: string, lastName: string, company: string, minutesAfter: number, id: string) {
  await db()
    .insert(callbackRequests)
    .values({
      id,
      firstName,
      lastName,
      email: `${id}@example.test`,
      company,
      createdAt: new Date(base + minutesAfter * MINUTE),
    });
}

describe("containsAny", () => {
  it("finds text in any script, emoji included", async () => {
    await addCallback("कव्या", "मेनन", "数据 株式会社 😀", 4, "u-1");
    const search = async (text: string) =>
      (
        await db()
          .select({ id: callbackRequests.id })
          .from(callbackRequests)
          .where(containsAny(text, [callbackRequests.lastName, callbackRequests.company]))
          .all()
      ).map((row) => row.id);
    expect(await search("मेनन")).toEqual(["u-1"]);
    expect(await search("株式会社 😀")).toEqual(["u-1"]);
    expect(await search("😀".repeat(60))).toEqual([]);
  });
});

describe("containsAny and newestFirstPage", () => {
  it("match case-insensitively across columns and expressions, literally, newest first, a page at a time", async () => {
    await addCallback("Kavya", "Menon", "Acme 100% Ltd", 1, "l-1");
    await addCallback("Arjun", "Rao", "Acme 1000 Ltd", 2, "l-2");
    await addCallback("Neha", "Kapoor", "Globex_Corp", 3, "l-3");
    await addCallback("Ravi", "Iyer", "GlobexXCorp", 3, "l-4");
    const ours = sql`${callbackRequests.id} LIKE 'l-%'`;
    const fullName = sql`${callbackRequests.firstName} || ' ' || ${callbackRequests.lastName}`;
    const search = async (text: string) =>
      (
        await newestFirstPage(callbackRequests, and(ours, containsAny(text, [fullName, callbackRequests.company])), {
          page: 1,
          limit: 10,
        })
      ).rows.map((row) => row.id);

    expect(await search("KAVYA MENON")).toEqual(["l-1"]);
    expect(await search("100%")).toEqual(["l-1"]);
    expect(await search("globex_")).toEqual(["l-3"]);
    expect(await search("acme")).toEqual(["l-2", "l-1"]);
    expect(await search("nobody")).toEqual([]);
    // Longer than D1's 50-byte LIKE cap, other scripts, emoji, quotes, NUL: a result, not an error.
    expect(await search("a".repeat(100))).toEqual([]);
    expect(await search("कव्या मेनन 😀 'x\" \\ %_ \u0000")).toEqual([]);
    // Past D1's 50-byte LIKE pattern cap: instr has none.
    expect(await search("Ä".repeat(60))).toEqual([]);
    expect(await search(`${"Acme 100% Ltd".repeat(5)}`)).toEqual([]);

    const first = await newestFirstPage(callbackRequests, ours, { page: 1, limit: 3 });
    expect(first.total).toBe(4);
    // Same creation time: the larger id first, so pages never overlap or skip a row.
    expect(first.rows.map((row) => row.id)).toEqual(["l-4", "l-3", "l-2"]);
    const second = await newestFirstPage(callbackRequests, ours, { page: 2, limit: 3 });
    expect(second.rows.map((row) => row.id)).toEqual(["l-1"]);
    expect(
      (await newestFirstPage(callbackRequests, eq(callbackRequests.id, "none"), { page: 1, limit: 3 })).total,
    ).toBe(0);
  });
});
