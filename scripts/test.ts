import { run } from "./lib.ts";

/** `npm test`: typecheck, lint/format check, vitest in workerd, Playwright (js + no-js). */
run("npm", ["run", "typecheck"]);
run("npm", ["run", "lint"]);
run("npm", ["run", "test:unit"]);
run("npm", ["run", "test:e2e"]);
