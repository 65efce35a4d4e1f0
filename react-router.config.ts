import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Lets parallel local runs (e.g. two e2e suites) build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
