import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Separate local state for e2e runs (PERSIST_DIR), else .wrangler/state.
      persistState: process.env.PERSIST_DIR ? { path: process.env.PERSIST_DIR } : true,
    }),
    tailwindcss(),
    reactRouter(),
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
