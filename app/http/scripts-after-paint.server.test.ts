import { describe, expect, it } from "vitest";
import { PARKED_MODULE_TYPE, scriptsAfterFirstPaint } from "./scripts-after-paint.server";

const NONCE = "bm9uY2Utb2YtdGhlLXBhZ2U=";

/** The shape React Router's `<Links>` and `<Scripts>` render (read from a built page of this app). */
const PAGE =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
  `<link nonce="${NONCE}" rel="stylesheet" href="/assets/app.css" data-precedence="default"/>` +
  `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/framework.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/home.js" nonce="${NONCE}"/>` +
  `<link nonce="${NONCE}" rel="icon" href="/favicon.svg" type="image/svg+xml"/>` +
  `</head><body><main><h1>Automate your workflows</h1></main>` +
  `<script nonce="${NONCE}">window.__reactRouterContext = {"ssr":true};</script>` +
  `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/home.js";\n` +
  `window.__reactRouterRouteModules = {"routes/home":route0};\nimport("/assets/entry.client.js");</script>` +
  `<!--$--><script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script><!--/$-->` +
  `</body></html>`;

async function rewrite(html: string) {
  const response = scriptsAfterFirstPaint(
    new Response(html, { status: 201, headers: { "Content-Type": "text/html; charset=utf-8", "X-Kept": "yes" } }),
    NONCE,
  );
  return { response, html: await response.text() };
}

/** The starter's script: the one right after the parked module. */
function starterOf(html: string) {
  const match = html.match(
    new RegExp(`type="${PARKED_MODULE_TYPE}">[\\s\\S]*?</script><script nonce="([^"]+)">([^<]*)</script>`),
  );
  if (!match) throw new Error("no starter after the parked module script");
  return { nonce: match[1], code: match[2]! };
}

describe("scripts after the first paint", () => {
  it("takes the module preloads out of the HTML and keeps every other link", async () => {
    const { html } = await rewrite(PAGE);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).toContain('rel="stylesheet" href="/assets/app.css"');
    expect(html).toContain('rel="icon" href="/favicon.svg"');
  });

  it("parks the module script as text the browser does not run, unchanged inside", async () => {
    const { html } = await rewrite(PAGE);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(
      `<script nonce="${NONCE}" type="${PARKED_MODULE_TYPE}">import * as route0 from "/assets/home.js";\n` +
        `window.__reactRouterRouteModules = {"routes/home":route0};\nimport("/assets/entry.client.js");</script>`,
    );
  });

  it("adds a starter with the page's nonce that waits for the first contentful paint", async () => {
    const { html } = await rewrite(PAGE);
    const starter = starterOf(html);
    expect(starter.nonce).toBe(NONCE);
    expect(starter.code).toContain('getEntriesByName("first-contentful-paint")');
    // It brings back every preload the HTML had, in their order, and runs the parked code as a module.
    expect(starter.code).toContain('preloads=["/assets/entry.client.js","/assets/framework.js","/assets/home.js"]');
    expect(starter.code).toContain('script.type="module"');
    expect(starter.code).toContain('script.nonce=me.nonce||me.getAttribute("nonce")');
    expect(() => new Function(starter.code)).not.toThrow();
  });

  it("leaves the classic inline scripts, the text and the response's status and headers as they were", async () => {
    const { response, html } = await rewrite(PAGE);
    expect(response.status).toBe(201);
    expect(response.headers.get("X-Kept")).toBe("yes");
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {"ssr":true};</script>`);
    expect(html).toContain("<!--$--><script");
    expect(html).toContain("<h1>Automate your workflows</h1>");
  });

  it("leaves a module script with a source alone", async () => {
    const page = PAGE.replace("</body>", '<script type="module" src="/assets/other.js"></script></body>');
    const { html } = await rewrite(page);
    expect(html).toContain('<script type="module" src="/assets/other.js"></script>');
  });

  it("changes nothing on a page without scripts", async () => {
    const plain = "<!DOCTYPE html><html><head><title>Plain</title></head><body><p>No scripts</p></body></html>";
    const { html } = await rewrite(plain);
    expect(html).toBe(plain);
  });
});
