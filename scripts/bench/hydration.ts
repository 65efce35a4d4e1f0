import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, findChromium } from "../../tests/helpers/chromium.ts";
import { hasBuild, run } from "../lib.ts";
import { compressingProxy, serveBuild } from "./serve.ts";

/**
 * `npm run bench:hydration`: how long a page looks ready before it works with JavaScript
 * (decision 047). The page's scripts start after the first paint (decision 036); until React has
 * hydrated, a click or a keystroke gets the page without JavaScript. This measures that window
 * on a throttled phone, the profile of issue 30's walk: 4x CPU slowdown, 150 ms round trip,
 * 1.6 Mbps down and 750 kbps up (Lighthouse's "slow 4G" figures), applied with CDP in headless
 * Chromium on a 412 px mobile viewport, each run in a fresh browser context (nothing cached).
 *
 * Per page it prints the medians (and the range) of:
 *  - FCP: the first contentful paint, when the page looks ready;
 *  - hydrated: when `<html data-hydrated>` is set (root.tsx), i.e. React has hydrated;
 *  - the gap between the two, the hydration window in which a visitor may type into a page
 *    that has no scripts yet (the window the hydration-window Playwright spec types into).
 *
 * Pages: /, /demo, /free-trial and /free-trial/verify (with a signup of its own).
 * BENCH_RUNS (default 5) runs per page. SKIP_BUILD=1 reuses the last build. Prints; asserts nothing.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const PROFILE = { latency: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750 };

if (!(process.env.SKIP_BUILD && hasBuild())) run("react-router", ["build"]);
const server = await serveBuild("hydration", { seed: true });
const proxy = await compressingProxy(server.origin);
const executablePath = findChromium() ?? undefined;

/** A signup straight against the Worker (the proxy drops Set-Cookie): its code-screen cookie. */
async function signupCookie() {
  const response = await fetch(`${server.origin}/free-trial`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
    body: new URLSearchParams({
      intent: "step-3",
      role: "individual",
      firstName: "Bench",
      lastName: "Phone",
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
      country: "India",
      agreeToTerms: "on",
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("flowlane_trial="));
  if (!cookie) throw new Error(`no signup cookie (status ${response.status})`);
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  return { name, value };
}

type Sample = { fcp: number; hydrated: number };

async function measure(path: string): Promise<Sample> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    if (path === "/free-trial/verify") {
      const { name, value } = await signupCookie();
      await context.addCookies([{ name, value, url: proxy.origin }]);
    }
    // When React marks the document hydrated, on the page's own clock.
    await context.addInitScript(() => {
      const mark = () => {
        if (document.documentElement?.dataset.hydrated === "true") {
          (window as unknown as { __hydratedAt: number }).__hydratedAt ??= performance.now();
        }
      };
      // The init script runs before <html> exists: watch the whole document for the mark.
      new MutationObserver(mark).observe(document, {
        attributes: true,
        attributeFilter: ["data-hydrated"],
        subtree: true,
      });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PROFILE.latency,
      downloadThroughput: (PROFILE.downloadKbps * 1024) / 8,
      uploadThroughput: (PROFILE.uploadKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(`${proxy.origin}${path}`, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(
      () => (window as unknown as { __hydratedAt?: number }).__hydratedAt !== undefined,
      null,
      {
        timeout: 60_000,
      },
    );
    return await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      hydrated: (window as unknown as { __hydratedAt: number }).__hydratedAt,
    }));
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const range = (values: number[]) => `${seconds(Math.min(...values))}–${seconds(Math.max(...values))}`;

try {
  console.log(
    `\nThrottled phone: ${CPU_SLOWDOWN}x CPU, ${PROFILE.latency} ms RTT, ${PROFILE.downloadKbps / 1024} Mbps down; ${RUNS} cold runs per page (seconds, median and range)\n`,
  );
  console.log("page                 FCP                 hydrated            window (hydrated − FCP)");
  for (const path of ["/", "/demo", "/free-trial", "/free-trial/verify"]) {
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await measure(path));
    const fcp = samples.map((s) => s.fcp);
    const hydrated = samples.map((s) => s.hydrated);
    const gap = samples.map((s) => s.hydrated - s.fcp);
    console.log(
      [
        path.padEnd(20),
        `${seconds(median(fcp))} (${range(fcp)})`.padEnd(19),
        `${seconds(median(hydrated))} (${range(hydrated)})`.padEnd(19),
        `${seconds(median(gap))} (${range(gap)})`,
      ].join(" "),
    );
  }
} finally {
  proxy.stop();
  server.stop();
}
