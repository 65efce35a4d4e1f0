import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../../tests/helpers/console-errors";
import { type Job, runJobs } from "./runner.server";

const NOW = new Date("2030-03-04T05:06:07Z");

describe("runJobs", () => {
  it("runs every job once, in order, with the same clock, and reports what each changed", async () => {
    const calls: string[] = [];
    const job = (name: string, changed: number): Job => ({
      name,
      run: async (now) => {
        calls.push(`${name}@${now.toISOString()}`);
        return changed;
      },
    });
    const results = await runJobs([job("a", 3), job("b", 0), job("c", 1)], NOW);
    expect(calls).toEqual(["a@2030-03-04T05:06:07.000Z", "b@2030-03-04T05:06:07.000Z", "c@2030-03-04T05:06:07.000Z"]);
    expect(results).toEqual([
      { name: "a", ok: true, changed: 3 },
      { name: "b", ok: true, changed: 0 },
      { name: "c", ok: true, changed: 1 },
    ]);
  });

  it("a failing job is reported and logged, and the jobs after it still run", async () => {
    expectConsoleError(/^job broken failed: database is on fire$/);
    let after = 0;
    const results = await runJobs(
      [
        {
          name: "broken",
          run: async () => {
            throw new Error("database is on fire");
          },
        },
        { name: "after", run: async () => ++after },
      ],
      NOW,
    );
    expect(results).toEqual([
      { name: "broken", ok: false, changed: 0, error: "database is on fire" },
      { name: "after", ok: true, changed: 1 },
    ]);
    expect(after).toBe(1);
  });

  it("a job that ignores its spent budget is given up on after the grace, and the next one runs", async () => {
    expectConsoleError(/^job hung failed: job hung overran its time budget$/);
    let sawAbort = false;
    const results = await runJobs(
      [
        {
          name: "hung",
          budget: 1,
          run: (_now, signal) => {
            signal.addEventListener("abort", () => {
              sawAbort = true;
            });
            return new Promise<number>(() => {});
          },
        },
        { name: "next", run: async () => 7 },
      ],
      NOW,
      { grace: 1 },
    );
    expect(sawAbort).toBe(true);
    expect(results).toEqual([
      { name: "hung", ok: false, changed: 0, error: "job hung overran its time budget" },
      { name: "next", ok: true, changed: 7 },
    ]);
  });

  it("a job that stops on its abort signal within the grace counts as done", async () => {
    const results = await runJobs(
      [
        {
          name: "polite",
          budget: 1,
          run: (_now, signal) =>
            new Promise<number>((resolve) => signal.addEventListener("abort", () => resolve(2), { once: true })),
        },
      ],
      NOW,
    );
    expect(results).toEqual([{ name: "polite", ok: true, changed: 2 }]);
  });
});
