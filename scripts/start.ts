import { readFileSync } from "node:fs";
import { builtConfig, prepareLocal, serveBuiltWorker, waitForUrl } from "./lib.ts";
import { startLocalCron } from "./local-cron.ts";

/**
 * `npm start`: the production build served by workerd through `wrangler dev` on the built
 * Worker's own config, on a migrated and seeded local D1 with an admin account; the cron
 * triggers of wrangler.toml fire locally (decision 015).
 */
const port = process.env.PORT ?? "8787";
prepareLocal({ build: true });
const crons: string[] = JSON.parse(readFileSync(builtConfig, "utf8")).triggers?.crons ?? [];

console.log(`\nFlowlane web: http://localhost:${port}  (admin console: http://localhost:${port}/admin)\n`);
const origin = `http://localhost:${port}`;
// Links in emails and canonical URLs use this origin (SITE_URL, decision 040); set SITE_URL to
// serve the local build under another name (a tunnel, a LAN address).
const server = serveBuiltWorker({ port, persistDir: process.env.PERSIST_DIR, siteUrl: process.env.SITE_URL || origin });
waitForUrl(`${origin}/robots.txt`).then(
  () => startLocalCron(() => origin, crons),
  (error) => console.error(`[cron] not started: ${error.message}`),
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
