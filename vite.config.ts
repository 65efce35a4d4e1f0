import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { unstable_readConfig } from "wrangler";
import { startLocalCron } from "./scripts/local-cron.ts";

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

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Separate local state for e2e runs (PERSIST_DIR), else .wrangler/state.
      persistState: process.env.PERSIST_DIR ? { path: process.env.PERSIST_DIR } : true,
    }),
    tailwindcss(),
    reactRouter(),
    localCron(),
  ],
  resolve: { tsconfigPaths: true },
  environments: {
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
                  test: /app[\\/](components[\\/](site|marketing)[\\/]|components[\\/](error-page|status-message)|lib[\\/])/,
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
});
