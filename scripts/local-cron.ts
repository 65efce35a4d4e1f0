import { nextCronTime } from "./cron.ts";

const FIRST_RUN_DELAY = 5_000; // ms after start: one run soon, so a fresh checkout sees the jobs work

/**
 * Fires the Worker's `scheduled` handler on the given cron schedules (wrangler.toml
 * `[triggers] crons`, UTC) and once shortly after start, through the local runtime's own
 * scheduled entry (`/cdn-cgi/handler/scheduled`, served by miniflare under `wrangler dev
 * --test-scheduled` and by the Cloudflare Vite plugin in dev). The handler itself logs one line
 * per run with what each job did; this only reports when the trigger could not be delivered.
 */
export function startLocalCron(origin: () => string | undefined, crons: readonly string[]) {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  async function fire(cron: string, time: Date) {
    const base = origin();
    if (!base) return;
    const url = `${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}&time=${time.getTime()}`;
    try {
      const response = await fetch(url);
      if (!response.ok) console.error(`[cron] ${cron}: the scheduled handler failed (${response.status})`);
    } catch (error) {
      console.error(`[cron] ${cron}: could not reach ${base} (${error instanceof Error ? error.message : error})`);
    }
  }

  function schedule(cron: string) {
    const next = nextCronTime(cron, new Date());
    later(next.getTime() - Date.now(), () => {
      void fire(cron, next);
      schedule(cron);
    });
  }

  for (const cron of crons) {
    later(FIRST_RUN_DELAY, () => void fire(cron, new Date()));
    schedule(cron);
  }
  if (crons.length)
    console.log(`[cron] local schedule: ${crons.join(", ")} (UTC), first run in ${FIRST_RUN_DELAY / 1000} s`);
  return () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
