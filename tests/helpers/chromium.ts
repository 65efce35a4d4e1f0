import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * How every headless Chromium of the project starts (Playwright, the benches): no sandbox (root
 * in a container), no GPU, and nothing that reaches the internet on its own (offline machine).
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/** Where a Chromium usually is: CHROMIUM_PATH, Debian's package, then Playwright's cache. */
export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  const cache = path.join(os.homedir(), ".cache", "ms-playwright");
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache)
      .filter((d) => d.startsWith("chromium"))
      .sort()
      .reverse()) {
      candidates.push(
        path.join(cache, dir, "chrome-linux", "chrome"),
        path.join(cache, dir, "chrome-linux64", "chrome"),
      );
    }
  }
  return candidates.find((c): c is string => Boolean(c && existsSync(c))) ?? null;
}

/**
 * Returns a Chromium to test with. When none is installed and we are root on Debian, installs
 * Debian's package; otherwise stops with instructions. Browsers are never downloaded by npm.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/etc/debian_version")) {
    console.log("No Chromium found: installing Debian's chromium package (apt-get install -y chromium)…");
    execFileSync("apt-get", ["update"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    [
      "No Chromium browser was found for the end-to-end tests.",
      "Install one and run again:",
      "  Debian/Ubuntu:  sudo apt-get install chromium",
      "  or set CHROMIUM_PATH=/path/to/chrome",
    ].join("\n"),
  );
  process.exit(1);
}
