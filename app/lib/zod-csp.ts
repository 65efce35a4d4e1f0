/**
 * Zod 4 probes for `new Function` the first time it builds an object schema (to compile fast
 * parsers). Under this site's CSP (no 'unsafe-eval') the probe fails as intended, but the
 * browser still reports a Content-Security-Policy violation for it, which Lighthouse counts
 * against best practices on every page that builds a schema in the browser (/demo, /free-trial).
 * `jitless` skips the probe. Zod reads its settings from this global, so setting it here, in
 * the first module root.tsx imports, precedes every route module and zod itself.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
