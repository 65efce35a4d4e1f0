import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "~/lib/errors";
import { actionFailure, failedActionAnswer } from "./action-failure.server";

afterEach(() => vi.restoreAllMocks());

describe("actionFailure", () => {
  it("gives a refusal's status and message, and logs nothing", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(actionFailure(new AppError(409, "Already marked."))).toEqual({ status: 409, reason: "Already marked." });
    expect(log).not.toHaveBeenCalled();
  });

  it("logs a fault and makes it a 500 with no reason to show", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const fault = new Error("D1 went away");
    expect(actionFailure(fault)).toEqual({ status: 500, reason: null });
    expect(log).toHaveBeenCalledWith(fault);
  });
});

describe("failedActionAnswer", () => {
  it("answers a refusal with its message and status, a fault with the page's words and a 500", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = failedActionAnswer(new AppError(403, "Not allowed."), "Could not update.");
    expect(refused.data).toEqual({ ok: false, message: "Not allowed." });
    expect(refused.init?.status).toBe(403);
    const failed = failedActionAnswer(new TypeError("oops"), "Could not update.");
    expect(failed.data).toEqual({ ok: false, message: "Could not update." });
    expect(failed.init?.status).toBe(500);
  });
});
