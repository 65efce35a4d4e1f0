import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { E2E_CLEANUP_PATH } from "./path.ts";

const root = path.resolve(import.meta.dirname, "..", "..", "..");

/** The built Worker's folder (react-router.config.ts: BUILD_DIR, else build). */
export const builtServerDir = path.resolve(root, process.env.BUILD_DIR ?? "build", "server");

/** The built Worker's own config (assets, bindings, crons), written by `react-router build`. */
const builtConfig = path.join(builtServerDir, "wrangler.json");

/** Where the e2e server's config for a port is written (beside the suite's state, out of git). */
export function e2eServerConfigPath(port: number | string) {
  return path.join(root, ".wrangler", `e2e-${port}-server`, "wrangler.json");
}

/**
 * Writes the e2e server's wrangler config (decision 059): the build's own config (same D1,
 * R2, images, assets, version metadata, crons and variables), whose entry is the test-only
 * `worker.ts` in front of the built Worker instead of the built Worker itself. Made from the
 * build on every run, so it cannot drift from `wrangler.toml`; the build is not touched.
 */
export function writeE2eServerConfig(port: number | string) {
  const built = JSON.parse(readFileSync(builtConfig, "utf8")) as Record<string, unknown> & {
    main: string;
    assets?: { directory?: string };
    d1_databases?: { migrations_dir?: string }[];
  };
  const builtDir = path.dirname(builtConfig);
  const {
    // Fields of a generated ("redirected") config that a user config does not have, and the
    // no-bundle mode: wrangler bundles this entry together with the built Worker it imports.
    configPath: _configPath,
    userConfigPath: _userConfigPath,
    topLevelName: _topLevelName,
    definedEnvironments: _definedEnvironments,
    no_bundle: _noBundle,
    rules: _rules,
    ...config
  } = built;
  const out = {
    ...config,
    main: path.join(import.meta.dirname, "worker.ts"),
    alias: { "flowlane-built-worker": path.resolve(builtDir, built.main) },
    assets: built.assets && {
      ...built.assets,
      directory: built.assets.directory && path.resolve(builtDir, built.assets.directory),
    },
    d1_databases: built.d1_databases?.map((database) => ({
      ...database,
      migrations_dir: database.migrations_dir && path.resolve(builtDir, database.migrations_dir),
    })),
  };
  const file = e2eServerConfigPath(port);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  return file;
}

/**
 * The files of the production build (build/server) that hold the clean-up path: none, or test
 * code reached the Worker that is deployed (decision 059).
 */
export function cleanupInProductionBuild() {
  return readdirSync(builtServerDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.m?js$/.test(file))
    .filter((file) => readFileSync(path.join(builtServerDir, file), "utf8").includes(E2E_CLEANUP_PATH));
}
