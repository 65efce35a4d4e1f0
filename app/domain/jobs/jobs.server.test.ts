import { describe, expect, it } from "vitest";
import { scheduledJobs } from "./jobs.server";
import { runJobs } from "./runner.server";

describe("scheduledJobs", () => {
  it("every job has its own name and runs without a failure on an empty database", async () => {
    const names = scheduledJobs.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    const results = await runJobs(scheduledJobs, new Date());
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(results.map((result) => result.name)).toEqual(names);
  });

  it("a second run right after the first changes nothing more: every job is idempotent", async () => {
    const now = new Date();
    await runJobs(scheduledJobs, now);
    const again = await runJobs(scheduledJobs, now);
    expect(again.filter((result) => result.changed !== 0)).toEqual([]);
  });
});
