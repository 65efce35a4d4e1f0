import { prepareLocal, start } from "./lib.ts";

/**
 * `npm start`: production build served by workerd (vite preview with the Cloudflare plugin),
 * on a migrated and seeded local D1, with an admin account.
 */
const port = process.env.PORT ?? "8787";
prepareLocal({ build: true });
console.log(`\nFlowlane web: http://localhost:${port}  (admin console: http://localhost:${port}/admin)\n`);
const server = start("vite", ["preview", "--port", port, "--strictPort", "--host", "localhost"]);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
