import { run } from "./lib.ts";

/**
 * `npm test`: typecheck, lint/format check, the dependency rule (floors, no import circles:
 * decision 060), vitest in workerd (which also checks that
 * docs/api/openapi.json is the document /api/openapi.json serves), the scripts' own tests
 * (node --test, e.g. the deploy configuration check), redocly lint of that
 * document, Playwright (js + no-js).
 */
run("npm", ["run", "typecheck"]);
run("npm", ["run", "lint"]);
run("npm", ["run", "lint:deps"]);
run("npm", ["run", "test:unit"]);
run("npm", ["run", "test:scripts"]);
run("npm", ["run", "lint:openapi"]);
run("npm", ["run", "test:e2e"]);
