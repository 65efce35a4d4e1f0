import { deflateSync } from "node:zlib";
import { chromium } from "@playwright/test";

const base = "http://localhost:8802";
function png(w, h) {
  const rows = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) rows.push((x * 255) / w, 120, (y * 255) / h);
  }
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (t, d) => {
    const l = Buffer.alloc(4);
    l.writeUInt32BE(d.length);
    const body = Buffer.concat([Buffer.from(t), d]);
    const s = Buffer.alloc(4);
    s.writeUInt32BE(crc(body));
    return Buffer.concat([l, body, s]);
  };
  const hd = Buffer.alloc(13);
  hd.writeUInt32BE(w, 0);
  hd.writeUInt32BE(h, 4);
  hd.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", hd),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await browser.newContext({ baseURL: base });
const page = await ctx.newPage();
page.on("pageerror", (e) => console.log("PAGEERROR", e.message.slice(0, 100)));
await page.goto("/admin");
await page.getByLabel("Email").fill("e2e-admin@flowlane.test");
await page.getByLabel("Password", { exact: true }).fill("e2e-admin-pass-42");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL(/dashboard/);
const login = await (
  await page.request.post("/api/auth/login", {
    data: { email: "e2e-admin@flowlane.test", password: "e2e-admin-pass-42" },
  })
).json();
const auth = { Authorization: `Bearer ${login.data.accessToken}` };
const made = await (
  await page.request.post("/api/blogs", {
    headers: auth,
    data: {
      title: "Shots: a draft with a long history of edits",
      content: "## First\n\nThe first wording.",
      excerpt: "Screenshots of the editor",
      author: "Shot Taker",
      tags: ["shots"],
      status: "draft",
    },
  })
).json();
const id = made.data.id;
for (let i = 2; i <= 4; i++)
  await page.request.put(`/api/blogs/${id}`, {
    headers: auth,
    data: { content: `## Take ${i}\n\nWording number ${i}.` },
  });
await page.goto(`/admin/dashboard/blog/${id}/edit`);
await page
  .locator("#images")
  .getByLabel("Image file")
  .setInputFiles({ name: "c.png", mimeType: "image/png", buffer: png(600, 315) });
await page.locator("#images").getByLabel("Alt text").fill("A gradient cover");
await page.locator("#images").getByLabel("Cover image").check();
await page.locator("#images").getByRole("button", { name: "Upload image" }).click();
await page.waitForURL(/uploaded=cover/);
const revs = await page.getByTestId("revisions").getByRole("listitem").count();
console.log("revisions", revs);
const revHref = await page.getByTestId("revisions").getByRole("link").last().getAttribute("href");
for (const [device, size] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
]) {
  for (const scheme of ["light", "dark"]) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/admin/dashboard/blog/${id}/edit`);
    await page.getByLabel("Content").fill("## Take 5\n\nTyped, autosave pending.");
    await page.waitForTimeout(6500);
    await page.screenshot({ path: `/tmp/shots/editor-${device}-${scheme}.png`, fullPage: true });
    await page.getByLabel("Content").fill("## Take 6\n\nNot saved yet.");
    await page.getByRole("main").getByRole("link", { name: "Blog Management" }).click();
    await page.screenshot({ path: `/tmp/shots/leave-${device}-${scheme}.png` });
    await page.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL(/blog$/);
    await page.request.put(`/api/blogs/${id}`, { headers: auth, data: { content: "## Reset\n\nReset by API." } });
    await page.goto(revHref).catch(() => {});
    await page.screenshot({ path: `/tmp/shots/revision-${device}-${scheme}.png`, fullPage: true });
    await page.goto(`/admin/dashboard/blog/${id}/delete`);
    await page.screenshot({ path: `/tmp/shots/delete-${device}-${scheme}.png`, fullPage: true });
  }
}
await browser.close();
