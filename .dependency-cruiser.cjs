/**
 * The floors of the app (decision 060), checked by `npm run lint:deps` (a step of `npm test`):
 * lib (pure helpers) < db < domain < http (requests and responses) < routes and workers.
 * No import points up a floor and no import makes a circle. Tests may reach across floors
 * (a domain test may sign in through a route); the modules they test may not.
 */
const TESTS = "\\.test\\.tsx?$";

/** A floor's rule: its modules (not their tests) import nothing from `above`. */
const floor = (name, from, above, comment) => ({
  name,
  severity: "error",
  comment,
  from: { path: from, pathNot: TESTS },
  to: { path: above },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "An import circle: modules that need each other are one module, or a floor is missing. A circle closed " +
        "only by `import type` is erased at build time and allowed.",
      from: { path: "^(app|workers)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    floor(
      "lib-is-pure",
      "^app/lib/",
      "^app/(domain|db|http|routes|emails|components)/|^app/routes\\.ts$|^workers/",
      "app/lib holds pure helpers: it imports nothing from the domain, the database, http, emails or components.",
    ),
    floor(
      "db-below-domain",
      "^app/db/",
      "^app/(domain|http|routes|emails)/|^app/routes\\.ts$|^workers/",
      "app/db is below the domain: it knows tables and D1, not business rules or requests.",
    ),
    floor(
      "domain-below-http",
      "^app/(domain|emails)/",
      "^app/(http|routes)/|^app/routes\\.ts$|^workers/",
      "The domain (and the email templates it renders) never sees a cookie or a route: that is app/http.",
    ),
    floor(
      "http-below-routes",
      "^app/http/",
      "^app/routes/|^workers/",
      "app/http serves routes and workers; it does not import them (the route table is the exception).",
    ),
    {
      name: "no-test-code-in-production",
      severity: "error",
      comment:
        "The Worker and the app never import tests/: test-only code (the e2e clean-up, fixtures) stays out of " +
        "the production bundle (decision 059). Tests beside the code may use the helpers.",
      from: { path: "^(app|workers)/", pathNot: TESTS },
      to: { path: "^tests/" },
    },
    {
      name: "cookies-only-in-http",
      severity: "error",
      comment: "Only app/http parses cookies (routes and workers go through app/http/cookies.server.ts).",
      from: { pathNot: "^app/http/" },
      to: { path: "(^|/)node_modules/cookie-es/" },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API dependency-cruiser can use yet (it supports typescript < 7): swc parses.
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router|\\.wrangler)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
