/**
 * The e2e server's entry (decision 059): the built production Worker, unchanged, with the
 * suite's clean-up path in front of it. `npm run test:e2e` serves this module with a wrangler
 * config made from the build's own (tests/e2e/server/config.ts), so the app runs with the same
 * D1, R2, assets and other bindings, in one workerd process: the clean-up's deletes go through
 * the same D1 as every request and never race it. The production build and `wrangler.toml`
 * hold none of this.
 */
import app from "flowlane-built-worker";
import { ageMeeting, isAgeRequest } from "./age-meeting";
import { cleanUp, isCleanupRequest } from "./cleanup";

export default {
  async fetch(request, env, ctx) {
    if (isCleanupRequest(request, env)) return cleanUp(request, env);
    if (isAgeRequest(request, env)) return ageMeeting(request, env);
    return app.fetch(request, env, ctx);
  },
  async scheduled(controller, env, ctx) {
    await app.scheduled(controller, env, ctx);
  },
} satisfies ExportedHandler<Env>;
