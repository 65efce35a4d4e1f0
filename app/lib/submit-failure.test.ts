import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { isSubmitFailure, submitFailure, submitFailureOf, submitKeepingInput } from "./submit-failure";

const request = () =>
  new Request("http://localhost/demo", { method: "POST", body: new URLSearchParams({ name: "Ravi", notes: "Hi" }) });

describe("isSubmitFailure", () => {
  it("counts network errors, unreadable answers and 5xx as failures", () => {
    expect(isSubmitFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isSubmitFailure(new Error("Unable to decode turbo-stream response"))).toBe(true);
    // What React Router throws for a 5xx answer without its own body: an ErrorResponse.
    expect(isSubmitFailure(toErrorResponse("Bad Gateway", 502))).toBe(true);
  });

  it("does not count redirects or deliberate 4xx answers", () => {
    expect(isSubmitFailure(redirect("/free-trial/verify"))).toBe(false);
    expect(isSubmitFailure(toErrorResponse("Not found", 404))).toBe(false);
  });
});

describe("submitKeepingInput", () => {
  it("passes the server's answer through", async () => {
    const answer = await submitKeepingInput({ request: request(), serverAction: async () => ({ ok: 1 }) }, () => 0);
    expect(answer).toEqual({ ok: 1 });
  });

  it("turns a failed request into the form's failure, built from what was submitted, with status 503", async () => {
    const answer = await submitKeepingInput(
      {
        request: request(),
        serverAction: async () => {
          throw new TypeError("Failed to fetch");
        },
      },
      (form) => ({ ...submitFailure("Failed to book meeting. Please try again."), name: form.get("name") }),
    );
    expect(answer).toMatchObject({
      data: { submitFailure: "Failed to book meeting. Please try again.", name: "Ravi" },
      init: { status: 503 },
    });
    expect(submitFailureOf((answer as { data: unknown }).data)).toBe("Failed to book meeting. Please try again.");
  });

  it("leaves the body for the server action to send", async () => {
    const original = request();
    await submitKeepingInput(
      { request: original, serverAction: async () => Object.fromEntries(await original.formData()) },
      () => null,
    );
    expect(original.bodyUsed).toBe(true);
  });

  it("rethrows redirects and 4xx answers", async () => {
    for (const thrown of [redirect("/free-trial/verify"), toErrorResponse("Not found", 404)]) {
      await expect(
        submitKeepingInput(
          {
            request: request(),
            serverAction: async () => {
              throw thrown;
            },
          },
          () => null,
        ),
      ).rejects.toBe(thrown);
    }
  });

  it("submitFailureOf ignores other action data", () => {
    expect(submitFailureOf(undefined)).toBeUndefined();
    expect(submitFailureOf({ message: "x" })).toBeUndefined();
  });
});

/** The shape React Router gives a route for an error answer (what isRouteErrorResponse checks). */
function toErrorResponse(body: unknown, status: number) {
  return { status, statusText: "", internal: false, data: body };
}
