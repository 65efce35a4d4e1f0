import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { createDb } from "~/db/drizzle";

/**
 * The local D1 database that `npm start` and `npm run dev` use (.wrangler/state), opened
 * from Node through wrangler's platform proxy. PERSIST_DIR selects another state folder (e2e runs).
 */
export async function openLocalDb() {
  const dir = process.env.PERSIST_DIR;
  const proxy = await getPlatformProxy<Env>({
    configPath: "wrangler.toml",
    persist: dir ? { path: path.join(dir, "v3") } : true,
  });
  return { db: createDb(proxy.env.DB), dispose: () => proxy.dispose() };
}
