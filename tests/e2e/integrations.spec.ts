import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { expect, signInAsAdmin, test, uniqueEmail, uniqueMark } from "./fixtures";
import { bookByApi } from "./slots";

/**
 * CRM webhooks (issue 26 item 3, decision 074), with JavaScript on and off: an Owner adds an
 * endpoint in Settings → Integrations pointing at a receiver on this machine (the e2e server runs
 * on plain-http localhost, where a loopback http endpoint is accepted), a visitor books a demo,
 * the receiver gets the signed event, the delivery log shows it, and a replay posts it again.
 */

type Post = { headers: Record<string, string | string[] | undefined>; body: string };

/**
 * A receiver on 127.0.0.1 that answers 200 and hands each POST to whoever waits for one like it
 * (other tests book demos meanwhile: their events reach every endpoint that chose the type).
 */
async function startReceiver() {
  const posts: Post[] = [];
  let waiting: { matches: (post: Post) => boolean; resolve: (post: Post) => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const post = { headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      posts.push(post);
      for (const waiter of waiting.filter((w) => w.matches(post))) waiter.resolve(post);
      waiting = waiting.filter((w) => !w.matches(post));
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok from the e2e receiver");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    /** The `n`th POST (from 1) that `matches`, now or when it arrives. */
    nth: (n: number, matches: (post: Post) => boolean) => {
      const seen = posts.filter(matches);
      if (seen.length >= n) return Promise.resolve(seen[n - 1] as Post);
      return new Promise<Post>((resolve) => {
        let count = seen.length;
        waiting.push({
          matches: (post) => matches(post) && ++count === n,
          resolve,
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const bookDemo = (request: APIRequestContext, email: string) =>
  bookByApi(request, { name: "Hook Visitor", email, company: "Receiver Inc" });

test.describe.configure({ timeout: 90_000 });

test("an Owner adds an endpoint, a booking is delivered signed, the log shows it and a replay posts it again", async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/settings");
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Integrations" }).click();
    await expect(page.getByRole("heading", { name: "CRM webhooks" })).toBeVisible();

    // A private address is refused with the rule, and what was typed stays.
    await page.getByLabel("URL").fill("https://192.168.1.20/hooks");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("The endpoint must be a public address")).toBeVisible();
    await expect(page.getByLabel("URL")).toHaveValue("https://192.168.1.20/hooks");

    const url = `${receiver.url}/hook/${uniqueMark("hook")}`;
    await page.getByLabel("URL").fill(url);
    await expect(page.getByRole("checkbox", { name: /meeting\.booked/ })).toBeChecked();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("webhook-secret").locator("code").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("link", { name: "Open its delivery log" }).click();
    await expect(page.getByRole("heading", { name: url })).toBeVisible();

    // A visitor books a demo: the receiver gets meeting.booked, signed with the secret shown once.
    const email = uniqueEmail("hooked");
    const meeting = await bookDemo(request, email);
    const about = (post: Post) => post.body.includes(`"email":"${email}"`);
    const post = await receiver.nth(1, about);
    const event = JSON.parse(post.body);
    expect(event).toMatchObject({
      type: "meeting.booked",
      data: { email, name: "Hook Visitor", meeting: { id: meeting.id } },
    });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(post.headers["flowlane-signature"])) ?? [];
    expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${post.body}`).digest("hex"));

    // The log shows the delivery (the post-response delivery writes its result a moment after the post).
    const rows = page.getByTestId("delivery-row").filter({ hasText: event.id });
    await expect
      .poll(async () => {
        await page.reload();
        return rows.first().textContent();
      })
      .toContain("succeeded");
    const row = rows.first();
    await expect(row).toContainText("meeting.booked");
    await expect(row).toContainText(`Event ${event.id}`);
    await expect(row).toContainText("HTTP 200");

    // Replay: the same event again, as a new delivery at the top of the log.
    await row.getByRole("button", { name: /^Replay meeting\.booked/ }).click();
    await expect(page.getByText("The delivery was replayed")).toBeVisible();
    const replayed = await receiver.nth(2, about);
    expect(replayed.body).toBe(post.body);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("replay");
    await expect(rows.first()).toContainText("succeeded");
  } finally {
    await receiver.close();
  }
});
