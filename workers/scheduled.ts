import { scheduledJobs } from "~/domain/jobs/jobs.server";
import { type JobResult, runJobs } from "~/domain/jobs/runner.server";

/** One log line per run: each job and how many records it changed or sent (or why it failed). */
export function describeRun(cron: string, scheduledTime: Date, results: JobResult[], elapsedMs: number): string {
  const jobs = results.map((r) => (r.ok ? `${r.name} ${r.changed}` : `${r.name} FAILED (${r.error})`));
  return `[cron] "${cron}" at ${scheduledTime.toISOString()}: ${jobs.join(", ")} (${elapsedMs} ms)`;
}

/** The Worker's `scheduled` handler: every periodic job, once per cron tick. */
export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, _env, ctx) => {
  const scheduledTime = new Date(controller.scheduledTime);
  const started = Date.now();
  ctx.waitUntil(
    runJobs(scheduledJobs, scheduledTime).then((results) =>
      console.log(describeRun(controller.cron, scheduledTime, results, Date.now() - started)),
    ),
  );
};
