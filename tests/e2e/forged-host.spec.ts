import { request as http } from "node:http";
import { BOT_CHECK_HEADER, FORM_TOKEN_FIELD } from "../../app/lib/bot-check";
import { formTokenAged, solvedChallenge } from "./bot-check";
import { emailsTo, expect, test, uniqueAddress, uniqueEmail } from "./fixtures";
import { freeSlot } from "./slots";

/**
 * Decision 040: the server builds every link that leaves the request from SITE_URL (the e2e
 * server is started with its own address), never from the Host header. Requests here name
 * `Host: evil.example`, as an attacker's client can; nothing the server stores or caches may
 * carry that host. Sent with node's http client, which sends the Host it is given.
 */

const FORGED = "evil.example";

type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

function send(
  baseURL: string,
  path: string,
  {
    method = "GET",
    body,
    type,
    headers = {},
  }: { method?: string; body?: string; type?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const req = http(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          Host: FORGED,
          ...(body ? { "Content-Type": type ?? "application/json", "Content-Length": Buffer.byteLength(body) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }),
        );
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

test("a forged Host changes no stored email", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const email = uniqueEmail("forged");
  const address = uniqueAddress();
  const client = { "CF-Connecting-IP": address };
  // A script's posts carry a solved bot check (decision 080), a fresh one each.
  const scripted = () => ({ ...client, [BOT_CHECK_HEADER]: solvedChallenge() });

  // A registration (pending account), then the same email again: the owner is told.
  const register = JSON.stringify({ name: "Fran Forged", email, password: "long-enough-pass-1" });
  expect(
    (await send(origin, "/api/auth/register", { method: "POST", body: register, headers: scripted() })).status,
  ).toBe(201);
  expect(
    (await send(origin, "/api/auth/register", { method: "POST", body: register, headers: scripted() })).status,
  ).toBe(201);
  // "Forgot password?" through the form, without JavaScript.
  const forgot = await send(origin, "/admin/forgot-password", {
    method: "POST",
    body: form({ email, [FORM_TOKEN_FIELD]: formTokenAged() }),
    type: "application/x-www-form-urlencoded",
  });
  expect(forgot.status).toBe(200);
  // A demo booking through the API. (The newsletter's links are signed with the code key, which
  // a local server without CODE_HMAC_SECRET has only for a localhost Host; vitest covers it.)
  const slot = await freeSlot(request);
  const booking = JSON.stringify({ name: "Fran Forged", email, date: slot.date, timeSlot: slot.time });
  expect((await send(origin, "/api/meetings", { method: "POST", body: booking, headers: scripted() })).status).toBe(
    201,
  );

  const mail = await emailsTo(request, email);
  expect(new Set(mail.map((m) => m.kind))).toEqual(
    new Set(["team.register-existing", "admin.password-reset", "meeting.confirmation"]),
  );
  for (const message of mail) {
    expect(message.text, message.kind).not.toContain(FORGED);
    expect(message.text, message.kind).toContain(`${origin}/`);
  }
  const reset = mail.find((m) => m.kind === "admin.password-reset")!;
  expect(reset.text).toMatch(new RegExp(`${origin}/admin/reset-password\\?token=[\\w-]+`));
});

test("a forged Host cannot poison a public page, the feed, the sitemap or robots.txt", async ({ baseURL }) => {
  const origin = new URL(baseURL!).origin;
  for (const path of ["/pricing", "/blog", "/blog/rss.xml", "/sitemap.xml", "/sitemap/pages.xml", "/robots.txt"]) {
    const forged = await send(origin, path);
    expect(forged.status, path).toBe(200);
    expect(forged.body, path).not.toContain(FORGED);
    expect(forged.body, path).toContain(origin);
    // What a visitor gets next (from the edge cache when the page is cached) is clean too.
    const visitor = await fetch(`${origin}${path}`);
    const body = await visitor.text();
    expect(body, path).not.toContain(FORGED);
  }
  const page = await send(origin, "/pricing");
  expect(page.body).toContain(`<link rel="canonical" href="${origin}/pricing"`);
});

test("the footer newsletter box answers a client's sixth sign-up in an hour with the limit, keeping the address", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueAddress() });
  for (let i = 0; i <= 5; i++) {
    await page.goto("/blog");
    const box = page.getByTestId("newsletter-form");
    const email = uniqueEmail(`limit${i}`);
    await box.getByLabel("Join 25,000+ subscribers").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    if (i < 5) {
      const answer = javaScriptEnabled
        ? page.getByTestId("newsletter-answer")
        : page.getByTestId("newsletter-page-answer");
      await expect(answer).toContainText("Almost there");
      continue;
    }
    await expect(
      page.getByText(/^Too many requests from your network\. Please try again in \d+ minutes?\.$/),
    ).toBeVisible();
    const field = javaScriptEnabled ? box.getByLabel("Join 25,000+ subscribers") : page.getByLabel("Email");
    await expect(field).toHaveValue(email);
  }
});
