import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { localVars, varArgs } from "./local-vars.ts";

export const root = path.resolve(import.meta.dirname, "..");
const bin = path.join(root, "node_modules", ".bin");
/** npm scripts already have node_modules/.bin first on PATH; direct `node scripts/…` runs get it too. */
process.env.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ""}`;
export const env = process.env;

/** Runs a command to completion (in `cwd`, else the project), streaming its output; exits the process if it fails. */
export function run(command: string, args: string[], options: { env?: Record<string, string>; cwd?: string } = {}) {
  console.log(`\n> ${command} ${args.join(" ")}${options.cwd ? ` (in ${options.cwd})` : ""}`);
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    stdio: "inherit",
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

export function start(command: string, args: string[], options: { env?: Record<string, string> } = {}): ChildProcess {
  return spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...options.env } });
}

/** A TCP port nobody listens on right now. */
export function freePort(host = "localhost"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Stops a server started `detached` together with the processes it started (wrangler's or vite's workerd). */
export function stopProcessGroup(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  }
}

/** Waits until a URL answers (any HTTP status), or throws after the timeout. */
export async function waitForUrl(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Builds, migrates the local D1, seeds and makes sure an admin exists. */
export function prepareLocal({ build }: { build: boolean }) {
  if (build) run("react-router", ["build"]);
  const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], { env: { CI: "true" } });
  run("tsx", ["seeds/seed.ts"]);
  run("tsx", ["seeds/admin-create.ts", "--ensure"]);
}

/** The built Worker's own config (assets, bindings, crons), written by `react-router build`. */
export const builtConfig = path.join(root, "build", "server", "wrangler.json");

/**
 * The production build served by workerd through `wrangler dev` on the built config, as
 * `npm start` serves it (decision 015); `/cdn-cgi/handler/scheduled` fires `scheduled`.
 */
export function serveBuiltWorker(
  {
    port,
    host = "localhost",
    persistDir = path.join(root, ".wrangler", "state"),
    siteUrl = `http://${host}:${port}`,
  }: {
    port: string;
    host?: string;
    persistDir?: string;
    /** The public origin links are built from (decision 040): the server's own address unless told otherwise. */
    siteUrl?: string;
  },
  options: SpawnOptions = { stdio: "inherit" },
): ChildProcess {
  const args = ["dev", "--config", builtConfig, "--port", port, "--ip", host, "--persist-to", persistDir];
  args.push(...varArgs(localVars(siteUrl)));
  return spawn("wrangler", [...args, "--test-scheduled", "--show-interactive-dev-session=false"], {
    cwd: root,
    ...options,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...options.env },
  });
}

export const hasBuild = () => existsSync(path.join(root, "build", "server", "index.js"));
