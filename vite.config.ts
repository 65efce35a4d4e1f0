import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { unstable_readConfig } from "wrangler";
import { startLocalCron } from "./scripts/local-cron.ts";
import { localVars } from "./scripts/local-vars.ts";

/** `npm run dev` serves here, and nowhere else: links in emails are built for this origin (decision 040). */
const DEV_PORT = 5173;

/** `npm run dev` fires the Worker's `scheduled` handler on the wrangler.toml crons (decision 015). */
function localCron(): Plugin {
  return {
    name: "flowlane:local-cron",
    apply: "serve",
    configureServer(server) {
      const crons = unstable_readConfig({ config: "wrangler.toml" }).triggers.crons ?? [];
      const stop = startLocalCron(() => server.resolvedUrls?.local[0]?.replace(/\/$/, ""), crons);
      server.httpServer?.once("close", stop);
    },
  };
}

/**
 * Writes which npm packages each client chunk holds to `build/client-chunks.json`, outside the
 * served folder, for the JavaScript budget check (`npm run bench:size`, decision 026): it must
 * know that no public page loads zod, conform or drizzle, which minified code cannot tell.
 */
function clientChunkPackages(): Plugin {
  return {
    name: "flowlane:client-chunk-packages",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        const packages = new Set<string>();
        for (const id of output.moduleIds) {
          const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
          if (match) packages.add(match[1]!.replace("\\", "/"));
          else if (/app[\\/]db[\\/]/.test(id)) packages.add("app/db");
        }
        chunks[`/${file}`] = [...packages].sort();
      }
      const outDir = options.dir ?? "build/client";
      mkdirSync(path.dirname(outDir), { recursive: true });
      writeFileSync(path.join(path.dirname(outDir), "client-chunks.json"), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}

/**
 * Writes how many bytes of the Worker bundle each npm package (or app folder) renders to
 * `build/server-packages.json`, for `npm run bench:size`'s Worker report (decision 039): what
 * grew is named, not guessed.
 */
function serverBundlePackages(): Plugin {
  return {
    name: "flowlane:server-bundle-packages",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    generateBundle(options, bundle) {
      const sizes: Record<string, number> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const [id, info] of Object.entries(output.modules)) {
          const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
          const app = /[\\/]((?:app|workers)[\\/][^\\/]+(?:[\\/][^\\/.]+(?=[\\/]))?)/.exec(id);
          const key = match
            ? match[1]!.replace("\\", "/")
            : app
              ? app[1]!.replaceAll("\\", "/")
              : id.replace(/\0/g, "");
          sizes[key] = (sizes[key] ?? 0) + info.renderedLength;
        }
      }
      const sorted = Object.fromEntries(Object.entries(sizes).sort((a, b) => b[1] - a[1]));
      const outDir = path.dirname(options.dir ?? "build/server");
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, "server-packages.json"), `${JSON.stringify(sorted, null, 1)}\n`);
    },
  };
}

/**
 * The Worker's build reads the route table with app/http/route-config.ts in place of
 * `@react-router/dev/routes`, whose config checks bring lodash and valibot (decision 082).
 */
function workerRouteConfig(): Plugin {
  return {
    name: "flowlane:worker-route-config",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId(id) {
      return id === "@react-router/dev/routes" ? path.resolve("app/http/route-config.ts") : null;
    },
  };
}

/**
 * `virtual:page-speed-url`: the address of app/components/page-speed.client.ts built as its own
 * chunk (decision 091). The root imports it after hydration by that address, so Vite adds no
 * preload helper (~0.9 KB gzip) to every page's first scripts for one measurement.
 */
function pageSpeedChunkUrl(): Plugin {
  const id = "virtual:page-speed-url";
  const source = path.resolve("app/components/page-speed.client.ts");
  return {
    name: "flowlane:page-speed-url",
    resolveId: (wanted) => (wanted === id ? `\0${id}` : null),
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      if (this.environment.name !== "client") return "export default '';";
      if (this.environment.mode === "dev") return `export default ${JSON.stringify(`/@fs${source}`)};`;
      const ref = this.emitFile({ type: "chunk", id: source, name: "page-speed" });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

export default defineConfig(({ command, isPreview }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Separate local state for e2e runs (PERSIST_DIR), else .wrangler/state.
      persistState: process.env.PERSIST_DIR ? { path: process.env.PERSIST_DIR } : true,
      // The dev server's own origin as SITE_URL; a build keeps wrangler.toml's values (production sets them).
      config:
        command === "serve" && !isPreview
          ? (worker) => ({ vars: { ...worker.vars, ...localVars(`http://localhost:${DEV_PORT}`) } })
          : undefined,
    }),
    tailwindcss(),
    reactRouter(),
    localCron(),
    clientChunkPackages(),
    serverBundlePackages(),
    workerRouteConfig(),
    pageSpeedChunkUrl(),
  ],
  resolve: { tsconfigPaths: true },
  server: { port: DEV_PORT, strictPort: true },
  environments: {
    // The Worker is minified like the browser's code: every cold start parses it, and the
    // platform limits its size. Stack traces stay readable: the Cloudflare plugin writes source
    // maps and wrangler uploads them (decision 039).
    ssr: { build: { minify: true } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|remix-themes)[\\/]/,
                  priority: 30,
                },
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 20 },
                {
                  name: "site",
                  // lib/page-query.ts is zod: it stays with the forms that need it (decision 026).
                  test: /app[\\/](components[\\/](site|marketing)[\\/]|components[\\/](error-page|status-message)|lib[\\/](?!page-query))/,
                  minShareCount: 2,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
  },
}));
