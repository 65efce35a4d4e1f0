export type Job = {
  name: string;
  /** Runs one pass. Returns how many records it changed or sent. */
  run: (now: Date) => Promise<number>;
};

export type JobResult = { name: string; ok: boolean; changed: number; error?: string };

/**
 * Runs every job once, in order. One failing job does not stop the others;
 * its error is reported and the next cron tick tries again.
 */
export async function runJobs(jobs: readonly Job[], now: Date): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (const job of jobs) {
    try {
      results.push({ name: job.name, ok: true, changed: await job.run(now) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`job ${job.name} failed: ${message}`);
      results.push({ name: job.name, ok: false, changed: 0, error: message });
    }
  }
  return results;
}
