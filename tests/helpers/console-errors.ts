import { afterEach, beforeEach } from "vitest";

/**
 * Every test fails on a `console.error` it did not announce (decision 027): an error the code
 * logs and swallows is a bug a passing test would otherwise hide. A test that provokes one on
 * purpose says so with `expectConsoleError(pattern)`, and then fails if that error never comes.
 * Loaded for every test file from vitest.config.ts's setupFiles.
 */
const original = console.error;
let expected: { pattern: RegExp; seen: number }[] = [];
let unexpected: string[] = [];

function describeArgs(args: unknown[]) {
  return args
    .map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : typeof arg === "string" ? arg : String(arg)))
    .join(" ");
}

beforeEach(() => {
  expected = [];
  unexpected = [];
  console.error = (...args: unknown[]) => {
    const text = describeArgs(args);
    const match = expected.find(({ pattern }) => pattern.test(text));
    if (match) {
      match.seen++;
      return;
    }
    unexpected.push(text);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  const missing = expected.filter(({ seen }) => seen === 0).map(({ pattern }) => String(pattern));
  const problems = [
    ...unexpected.map((text) => `unexpected console.error: ${text}`),
    ...missing.map((pattern) => `expected a console.error matching ${pattern}, none was logged`),
  ];
  expected = [];
  unexpected = [];
  if (problems.length > 0) throw new Error(problems.join("\n"));
});

/**
 * Declares that this test provokes a `console.error` whose text (messages of Error arguments
 * included) matches `pattern`; the test fails if none is logged. Call it before the code runs.
 */
export function expectConsoleError(pattern: RegExp) {
  expected.push({ pattern, seen: 0 });
}
