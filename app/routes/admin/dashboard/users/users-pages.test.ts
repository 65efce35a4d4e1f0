import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, subscriptions } from "~/db/schema";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { runRoute } from "../../../../../tests/helpers/route-call";
import { orgSignup, startSignup } from "../../../../../tests/helpers/trial";
import { loader as listLoader } from "../users";
import { action as confirmAction, loader as confirmLoader } from "./confirm";
import { loader as detailsLoader } from "./details";

const ORIGIN = "http://localhost";
let token: string;
beforeAll(async () => {
  ({ token } = await createAdmin());
});

const headers = () => ({ Authorization: `Bearer ${token}` });

const confirm = (id: string, decision: string, fields: Record<string, string> = {}) =>
  runRoute(
    confirmAction,
    new Request(`${ORIGIN}/admin/dashboard/users/${id}/${decision}`, {
      method: "POST",
      headers: headers(),
      body: new URLSearchParams(fields),
    }),
    { id, decision },
  );

/** A signup whose email was verified: it awaits approval. */
async function awaitingUser(overrides: Record<string, unknown> = {}) {
  const { subscription } = await startSignup(orgSignup(overrides));
  await db()
    .update(subscriptions)
    .set({ status: "pending", emailVerified: true, approvalStatus: "pending_admin_approval" })
    .where(eq(subscriptions.id, subscription.id));
  return subscription;
}

describe("Users list", () => {
  it("is for admins only", async () => {
    const { response } = await runRoute(listLoader, new Request(`${ORIGIN}/admin/dashboard/users`));
    expect(response?.headers.get("Location")).toBe("/admin");
  });

  it("pages by 10, filters and searches; a page past the end goes to the last page", async () => {
    const tag = `lst${Date.now().toString(36)}`;
    for (let i = 0; i < 11; i++) await awaitingUser({ email: `${tag}-${i}@example.com` });
    const first = await runRoute(
      listLoader,
      new Request(`${ORIGIN}/admin/dashboard/users?q=${tag}`, { headers: headers() }),
    );
    expect(first.result.users).toHaveLength(10);
    expect(first.result.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 11, itemsPerPage: 10 });
    const past = await runRoute(
      listLoader,
      new Request(`${ORIGIN}/admin/dashboard/users?q=${tag}&page=9`, { headers: headers() }),
    );
    expect(past.response?.headers.get("Location")).toBe(`/admin/dashboard/users?q=${tag}&page=2`);
    const odd = await runRoute(
      listLoader,
      new Request(`${ORIGIN}/admin/dashboard/users?q=${tag}&page=abc&status=nope&plan=trial`, { headers: headers() }),
    );
    expect(odd.result.pagination.currentPage).toBe(1);
    expect(odd.result.filters).toEqual({ q: tag, status: "", plan: "trial" });
    const none = await runRoute(
      listLoader,
      new Request(`${ORIGIN}/admin/dashboard/users?q=${tag}&status=active`, { headers: headers() }),
    );
    expect(none.result.pagination.totalItems).toBe(0);
  });

  it("shows the outcome notice named in the URL", async () => {
    const { result } = await runRoute(
      listLoader,
      new Request(`${ORIGIN}/admin/dashboard/users?notice=account-created&account=cust_9`, { headers: headers() }),
    );
    expect(result.notice).toEqual({
      tone: "success",
      text: "User approved successfully! Customer account created with ID: cust_9",
    });
  });
});

describe("User details and confirm steps", () => {
  it("details and confirm dialogs say User not found for an unknown id", async () => {
    const details = await runRoute(detailsLoader, new Request(`${ORIGIN}/x`, { headers: headers() }), { id: "nope" });
    expect(details.result.user).toBeNull();
    const approve = await confirm("nope", "approve");
    expect(approve.result.data).toEqual({ error: "User not found", reason: null });
    expect(approve.result.init.status).toBe(404);
    // An unknown decision is a 404 page.
    await expect(
      Promise.resolve().then(() =>
        confirmLoader({
          request: new Request(`${ORIGIN}/x`, { headers: headers() }),
          params: { id: "nope", decision: "delete" },
          context: {},
        } as never),
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("approves, keeping the list's filters, and writes the audit record", async () => {
    const user = await awaitingUser();
    const { response } = await confirm(user.id, "approve", { back: "?q=asha&page=2&evil=1", notes: "" });
    expect(response?.status).toBe(302);
    expect(response?.headers.get("Location")).toBe("/admin/dashboard/users?q=asha&page=2&notice=approved");
    const row = await db().select().from(subscriptions).where(eq(subscriptions.id, user.id)).get();
    expect(row).toMatchObject({ status: "active", approvalStatus: "approved" });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, user.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["subscription.approved"]);
  });

  it("a rejection is final: approving afterwards fails with the spec's message", async () => {
    const user = await awaitingUser();
    const rejected = await confirm(user.id, "reject", { notes: "Spam" });
    expect(rejected.response?.headers.get("Location")).toBe("/admin/dashboard/users?notice=rejected");
    const again = await confirm(user.id, "approve");
    expect(again.result.init.status).toBe(409);
    expect(again.result.data).toEqual({
      error: "Failed to approve user. Please try again.",
      reason: "This user was rejected. A rejection cannot be undone.",
    });
  });

  it("sends details once; the second time fails with the spec's message", async () => {
    const user = await awaitingUser();
    await confirm(user.id, "approve");
    const sent = await confirm(user.id, "send-details");
    expect(sent.response?.headers.get("Location")).toBe("/admin/dashboard/users?notice=welcome-sent");
    const again = await confirm(user.id, "send-details");
    expect(again.result.init.status).toBe(409);
    expect(again.result.data.error).toBe("Failed to send welcome email. Please try again.");
    expect(again.result.data.reason).toMatch(/It is sent only once\.$/);
  });
});
