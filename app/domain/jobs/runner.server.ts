import { SECOND } from "~/lib/durations";

export type Job = {
  name: string;
  /**
   * Runs one pass. Returns how many records it changed or sent. `signal` aborts when the job's
   * time budget is spent: loops stop between items and outgoing requests are cut off.
   */
  run: (now: Date, signal: AbortSignal) => Promise<number>;
  /** Time budget in milliseconds (default `JOB_LIMITS.budget`). */
  budget?: number;
};

export const JOB_LIMITS = {
  /** Each job gets 30 seconds per cron run; what is left waits for the next run (every 5 minutes). */
  budget: 30 * SECOND,
  /** After its budget a job has this much longer to stop on its own before the runner moves on. */
  grace: 15 * SECOND,
} as const;

export type JobResult = { name: string; ok: boolean; changed: number; error?: string };

/** Rejects `grace` ms after `signal` aborts. */
function overrun(signal: AbortSignal, grace: number, name: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    const fire = () => {
      timer = setTimeout(() => reject(new Error(`job ${name} overran its time budget`)), grace);
    };
    if (signal.aborted) fire();
    else signal.addEventListener("abort", fire, { once: true });
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Runs every job once, in order, each within its time budget. One failing or hung job does
 * not stop the others; its error is reported and the next cron tick tries again.
 */
export async function runJobs(
  jobs: readonly Job[],
  now: Date,
  { grace = JOB_LIMITS.grace }: { grace?: number } = {},
): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (const job of jobs) {
    const signal = AbortSignal.timeout(job.budget ?? JOB_LIMITS.budget);
    const stop = overrun(signal, grace, job.name);
    try {
      results.push({ name: job.name, ok: true, changed: await Promise.race([job.run(now, signal), stop.promise]) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`job ${job.name} failed: ${message}`);
      results.push({ name: job.name, ok: false, changed: 0, error: message });
    } finally {
      stop.cancel();
    }
  }
  return results;
}
