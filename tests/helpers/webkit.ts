import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

/*
 * WebKit for the end-to-end suite (decision 045): Debian's WebKitGTK, driven over WebDriver by
 * its WebKitWebDriver under a virtual X server, with GStreamer's H.264 decoder so its video
 * element plays MP4. Playwright's own WebKit is a download, which this project never does.
 */

export type WebKit = { driver: string; browser: string; xvfb: string };

const PACKAGES = [
  "webkit2gtk-driver",
  "xvfb",
  "gstreamer1.0-libav",
  "gstreamer1.0-plugins-good",
  "gstreamer1.0-plugins-bad",
];

/** MiniBrowser ships in the WebKitGTK library package, under its multiarch folder. */
function miniBrowser(): string | null {
  for (const lib of ["/usr/lib", "/usr/libexec"]) {
    if (!existsSync(lib)) continue;
    for (const dir of readdirSync(lib)) {
      for (const api of ["webkit2gtk-4.1", "webkit2gtk-4.0", "webkitgtk-6.0"]) {
        const candidate = `${lib}/${dir}/${api}/MiniBrowser`;
        if (existsSync(candidate)) return candidate;
      }
    }
  }
  return null;
}

const hasLibav = () =>
  readdirSync("/usr/lib").some((dir) => existsSync(`/usr/lib/${dir}/gstreamer-1.0/libgstlibav.so`));

export function findWebKit(): WebKit | null {
  const browser = miniBrowser();
  if (!existsSync("/usr/bin/WebKitWebDriver") || !existsSync("/usr/bin/Xvfb") || !browser || !hasLibav()) return null;
  return { driver: "/usr/bin/WebKitWebDriver", browser, xvfb: "/usr/bin/Xvfb" };
}

/**
 * WebKit when it is installed or can be (root on Debian installs the packages, as for
 * Chromium); otherwise null, and the WebKit checks are skipped with a note that says why.
 */
export function ensureWebKit(): WebKit | null {
  const found = findWebKit();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync("/etc/debian_version")) {
    console.log(`No WebKit found: installing Debian's ${PACKAGES.join(", ")}…`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", ...PACKAGES], { stdio: "inherit", env });
    return findWebKit();
  }
  console.log(`No WebKit: the WebKit checks are skipped (Debian/Ubuntu: apt-get install ${PACKAGES.join(" ")}).`);
  return null;
}
