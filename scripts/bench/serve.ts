import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort, hasBuild, prepareLocal, root, run, stopProcessGroup, waitForUrl } from "../lib.ts";
import { localVars } from "../local-vars.ts";

/**
 * Serves the production build (`vite preview`: workerd with the Cloudflare plugin) on a free
 * port, with its own freshly migrated (and, with `seed`, seeded) local D1 so benchmarks never
 * touch the dev database.
 */
export async function serveBuild(
  name: string,
  {
    seed = false,
    prepare,
  }: {
    seed?: boolean;
    /** Adds data of the benchmark's own (after the seed, before the server holds the database). */
    prepare?: (persistDir: string) => Promise<void>;
  } = {},
): Promise<{ origin: string; stop: () => void }> {
  const persistDir = path.join(root, ".wrangler", `bench-${name}`);
  rmSync(persistDir, { recursive: true, force: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], { env: { CI: "true" } });
  // The demo content, for benchmarks of pages that show it (the blog and an article).
  if (seed) run("tsx", ["seeds/seed.ts"], { env: { PERSIST_DIR: persistDir } });
  await prepare?.(persistDir);
  return previewBuild(persistDir);
}

/**
 * `vite preview` of the production build on a free port, over the local D1 already prepared in
 * `persistDir`. `cwd`: the tree whose build to serve (bench:cpu serves a baseline commit's too).
 */
export async function previewBuild(
  persistDir: string,
  { cwd = root }: { cwd?: string } = {},
): Promise<{ origin: string; stop: () => void; pid?: number }> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    "vite",
    ["preview", "--port", String(port), "--strictPort", "--host", "localhost"],
    {
      cwd,
      stdio: ["ignore", "ignore", "pipe"],
      // Production refuses to start without its origins (decision 040). `vite preview` runs the
      // built config, so they come from the environment, which wrangler reads with this flag.
      env: {
        ...process.env,
        PERSIST_DIR: persistDir,
        CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
        ...localVars(origin),
      } as NodeJS.ProcessEnv,
      detached: true,
    },
  );
  child.stderr?.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    // workerd has no internet here: the Request.cf lookup failing is expected noise.
    if (!/Request\.cf|workers\.cloudflare\.com|getaddrinfo|^\s+at /m.test(text)) process.stderr.write(text);
  });
  const stop = () => stopProcessGroup(child);
  process.on("exit", stop);
  await waitForUrl(`${origin}/robots.txt`);
  return { origin, stop, pid: child.pid };
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * A local stand-in for the edge in front of the Worker: forwards every request to `upstream`
 * and gzips text responses for clients that accept it, as Cloudflare does in production.
 * (`vite preview` sends everything uncompressed, which would skew load-time measurements.)
 */
export async function compressingProxy(upstream: string): Promise<{ origin: string; stop: () => void }> {
  const dropped = new Set(["content-length", "content-encoding", "transfer-encoding", "set-cookie"]);
  const port = await freePort();
  const server = http.createServer(async (req, res) => {
    try {
      const body =
        req.method === "GET" || req.method === "HEAD"
          ? undefined
          : await new Promise<Buffer>((resolve) => {
              const chunks: Buffer[] = [];
              req.on("data", (chunk: Buffer) => chunks.push(chunk));
              req.on("end", () => resolve(Buffer.concat(chunks)));
            });
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && name !== "host" && name !== "accept-encoding") {
          headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
      }
      const response = await fetch(`${upstream}${req.url}`, {
        method: req.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
        redirect: "manual",
      });
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (!dropped.has(name)) out[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      let payload = Buffer.from(await response.arrayBuffer());
      const gzip =
        /\bgzip\b/.test(req.headers["accept-encoding"] ?? "") &&
        COMPRESSIBLE.test(response.headers.get("content-type") ?? "") &&
        payload.length > 1024;
      if (gzip) {
        payload = gzipSync(payload, { level: 6 });
        out["content-encoding"] = "gzip";
        out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
      }
      out["content-length"] = String(payload.length);
      res.writeHead(response.status, out);
      res.end(req.method === "HEAD" ? undefined : payload);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "localhost", resolve));
  return { origin: `http://localhost:${port}`, stop: () => server.close() };
}

/**
 * A local D1 of the bench's own in a new temp folder (`flowlane-<name>-…`), migrated and seeded
 * with an admin (ADMIN_* unless set: `<name>-admin@flowlane.test`), and the build (SKIP_BUILD=1
 * reuses it). Returns the folder; PERSIST_DIR points at it for what the bench starts next.
 */
export function prepareBenchDatabase(name: string): string {
  const persistDir = mkdtempSync(path.join(os.tmpdir(), `flowlane-${name}-`));
  process.env.PERSIST_DIR = persistDir;
  process.env.ADMIN_EMAIL ??= `${name}-admin@flowlane.test`;
  process.env.ADMIN_PASSWORD ??= `${name}-${crypto.randomUUID()}`;
  process.env.ADMIN_NAME ??= `${name[0]?.toUpperCase()}${name.slice(1)} Admin`;
  prepareLocal({ build: !(process.env.SKIP_BUILD && hasBuild()) });
  return persistDir;
}

/** The environment that migrates and seeds the local D1 in `persistDir` with this admin. */
export function databaseEnv(persistDir: string, admin: { email: string; password: string; name: string }) {
  return {
    CI: "true",
    PERSIST_DIR: persistDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_NAME: admin.name,
  };
}

/** Signs the bench's admin in through the API (as a client would): its bearer token. */
export async function signInAdmin(origin: string, admin: { email: string; password: string }) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const body = (await response.json()) as { data?: { accessToken?: string } };
  const token = body.data?.accessToken;
  if (!token) throw new Error(`Admin sign-in failed on ${origin}: ${response.status} ${JSON.stringify(body)}`);
  return token;
}

/** D1 refuses statements over 100 KB: the bench data sets are written in statements under this. */
const STATEMENT_BYTES = 90_000;

/** Multi-row INSERTs of `rows` (already SQL literals), each statement under STATEMENT_BYTES. */
function* inserts(table: string, columns: string[], rows: Iterable<string[]>) {
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES `;
  let values: string[] = [];
  let size = head.length;
  for (const row of rows) {
    const tuple = `(${row.join(", ")})`;
    if (values.length && size + tuple.length + 1 > STATEMENT_BYTES) {
      yield head + values.join(",");
      values = [];
      size = head.length;
    }
    values.push(tuple);
    size += tuple.length + 1;
  }
  if (values.length) yield head + values.join(",");
}

/** Writes `rows` into `table` of `db` as `inserts` statements, 20 to a batch; how many statements it took. */
export async function insertAll(db: D1Database, table: string, columns: string[], rows: Iterable<string[]>) {
  let statements = 0;
  let batch: D1PreparedStatement[] = [];
  for (const statement of inserts(table, columns, rows)) {
    batch.push(db.prepare(statement));
    statements++;
    if (batch.length === 20) {
      await db.batch(batch);
      batch = [];
    }
  }
  if (batch.length) await db.batch(batch);
  return statements;
}
