import { run } from "../lib.ts";

/** `npm run bench`: every benchmark — public pages (Lighthouse + sizes), then the API. */
run("node", ["scripts/bench/pages.ts"]);
run("node", ["scripts/bench/api.ts"], { env: { SKIP_BUILD: "1" } });
