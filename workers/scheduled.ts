import { scheduledJobs } from "~/domain/jobs/jobs.server";
import { runJobs } from "~/domain/jobs/runner.server";

/** The Worker's `scheduled` handler: every periodic job, once per cron tick. */
export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, _env, ctx) => {
  ctx.waitUntil(runJobs(scheduledJobs, new Date(controller.scheduledTime)));
};
