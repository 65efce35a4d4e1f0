import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { BRAND } from "../../app/lib/brand.ts";
import { findChromium } from "../../tests/helpers/chromium.ts";

/**
 * Renders the home page's promo video and its thumbnails from hero-scene.html:
 * `node scripts/media/render-hero.ts` (needs ffmpeg). Output in public/media/.
 * Frames are taken by seeking every CSS animation, so the result is deterministic.
 */
const root = path.resolve(import.meta.dirname, "../..");
const out = path.join(root, "public", "media");
const FPS = 24;
const SECONDS = 8; // one loop of the scene
const THUMB_AT = 6.4; // s: the moment the quote is approved and the toast shows

mkdirSync(out, { recursive: true });
const frames = mkdtempSync(path.join(os.tmpdir(), "hero-frames-"));
const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const page = await browser.newPage({ viewport: { width: 960, height: 540 }, deviceScaleFactor: 1 });
await page.goto(pathToFileURL(path.join(import.meta.dirname, "hero-scene.html")).href);

async function shot(seconds: number, file: string, scale = 1) {
  await page.evaluate((ms) => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = ms;
    }
  }, seconds * 1000);
  await page.screenshot({ path: file, scale: scale === 1 ? "css" : "device" });
}

for (let i = 0; i < FPS * SECONDS; i++) {
  await shot(i / FPS, path.join(frames, `f${String(i).padStart(4, "0")}.png`));
}
const still = path.join(frames, "still.png");
await shot(THUMB_AT, still);

// The Open Graph / Twitter card image (1200×630): headline beside the same still.
const og = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
const stillUrl = `data:image/png;base64,${readFileSync(still).toString("base64")}`;
await og.setContent(`<!doctype html><html><body style="margin:0;width:1200px;height:630px;overflow:hidden;font-family:'DejaVu Sans',sans-serif;background:linear-gradient(135deg,#051139,#173ebb 70%,#009783)">
  <div style="position:absolute;left:64px;top:70px;width:470px;color:#fff">
    <div style="display:flex;align-items:center;gap:14px;font-size:34px;font-weight:bold">
      <svg width="52" height="52" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#386af1"/><path d="M8 10h10a4 4 0 0 1 0 8h-4a4 4 0 0 0 0 8h10" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/><circle cx="8" cy="10" r="2.2" fill="#fff"/><circle cx="24" cy="26" r="2.2" fill="#00d6bb"/></svg>${BRAND.name}</div>
    <h1 style="font-size:50px;line-height:1.12;margin:48px 0 0">Automate the work between your teams</h1>
    <p style="font-size:24px;line-height:1.4;color:#dbe8ff;margin-top:26px">No-code approvals, quotes, forms and integrations. 7-day free trial, no credit card.</p>
  </div>
  <img src="${stillUrl}" style="position:absolute;left:580px;top:150px;width:680px;border-radius:18px;box-shadow:0 30px 60px rgba(0,0,0,.4)">
</body></html>`);
await og.screenshot({ path: path.join(frames, "og.png") });
await browser.close();

const ffmpeg = (args: string[]) => execFileSync("ffmpeg", ["-y", "-loglevel", "error", ...args], { stdio: "inherit" });
ffmpeg([
  ...["-framerate", String(FPS), "-i", path.join(frames, "f%04d.png")],
  ...["-c:v", "libx264", "-profile:v", "main", "-preset", "veryslow", "-crf", "30", "-tune", "animation"],
  ...["-pix_fmt", "yuv420p", "-movflags", "+faststart", "-an"],
  path.join(out, "flowlane-demo.mp4"),
]);
ffmpeg(["-i", still, "-c:v", "libwebp", "-quality", "80", path.join(out, "hero-thumb-960.webp")]);
for (const width of [480, 800]) {
  const file = path.join(out, `hero-thumb-${width}.webp`);
  ffmpeg(["-i", still, "-vf", `scale=${width}:-1`, "-c:v", "libwebp", "-quality", "80", file]);
}
ffmpeg(["-i", still, "-vf", "scale=640:-1", "-compression_level", "9", path.join(out, "hero-thumb.png")]);
ffmpeg(["-i", path.join(frames, "og.png"), "-compression_level", "9", path.join(root, "public", "og-image.png")]);
rmSync(frames, { recursive: true, force: true });

for (const file of [
  "flowlane-demo.mp4",
  "hero-thumb-960.webp",
  "hero-thumb-800.webp",
  "hero-thumb-480.webp",
  "hero-thumb.png",
  "../og-image.png",
]) {
  console.log(`${path.basename(file)}: ${(statSync(path.join(out, file)).size / 1024).toFixed(1)} KB`);
}
