import { Validator } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { declaredSchema, openApiDocument, undocumented } from "../../../tests/helpers/openapi-check";

type Json = Record<string, unknown>;

/*
 * The check every API test's answers go through (tests/helpers/api.ts): it must refuse what
 * the document does not describe, or the suite would pass vacuously.
 */

const json = (status: number, body: unknown) => ({
  status,
  contentType: "application/json; charset=utf-8",
  body: JSON.stringify(body),
});

describe("answers judged by /api/openapi.json", () => {
  it("accepts a documented failure, errors' extra fields included", () => {
    expect(undocumented("GET", "/api/meetings", json(401, { success: false, error: "Sign in." }))).toEqual([]);
    const wrong = { success: false, error: "Invalid code. You have 4 attempts left.", attemptsLeft: 4 };
    expect(undocumented("POST", "/api/subscriptions/email/verify-code", json(400, wrong))).toEqual([]);
  });

  it("refuses a field the schema forbids, a status the operation does not declare, a wrong media type", () => {
    const extra = { success: false, error: "Sign in.", hint: "x" };
    expect(undocumented("GET", "/api/meetings", json(401, extra)).join()).toContain("hint");
    expect(undocumented("GET", "/api/meetings", json(418, { success: false, error: "x" })).join()).toContain(
      "does not document",
    );
    const html = { status: 401, contentType: "text/html", body: "<p>no</p>" };
    expect(undocumented("GET", "/api/meetings", html).join()).toContain("Content-Type");
  });

  it("holds answers outside every operation to the dispatcher's 404 and 405", () => {
    const missing = { success: false, error: "No API endpoint at /api/nope." };
    expect(undocumented("GET", "/api/nope", json(404, missing))).toEqual([]);
    expect(undocumented("GET", "/api/nope", json(200, { success: true })).length).toBe(1);
    expect(undocumented("TRACE", "/api/meetings", json(405, { success: false, error: "No." }))).toEqual([]);
  });

  it("checks the bounds of extra fields", () => {
    const wrongCode = { success: false, error: "x", attemptsLeft: -1 };
    expect(undocumented("POST", "/api/subscriptions/email/verify-code", json(400, wrongCode)).length).toBe(1);
  });
});

describe("request schemas are as strict as the zod schemas behind them", () => {
  const body = (path: string, method = "post") => {
    const operation = (openApiDocument.paths as Record<string, Record<string, Json>>)[path]?.[method];
    const requestBody = operation?.requestBody as { content: Record<string, { schema: Json }> } | undefined;
    return declaredSchema(requestBody?.content["application/json"]?.schema ?? {});
  };
  const valid = (schema: Json, value: unknown) => new Validator(schema, "2020-12").validate(value).valid;

  it("a six-digit code and an email", () => {
    const schema = body("/api/auth/general-email-verification/verify-otp");
    expect(valid(schema, { email: "a@example.com", otp: "123456" })).toBe(true);
    expect(valid(schema, { email: "a@example.com", otp: "12345a" })).toBe(false);
    expect(valid(schema, { email: "not an email", otp: "123456" })).toBe(false);
  });

  it("either an authenticator code or a recovery code, not both, not neither", () => {
    const schema = body("/api/auth/2fa/verify");
    expect(valid(schema, { challengeToken: "t", code: "123 456" })).toBe(true);
    expect(valid(schema, { challengeToken: "t", recoveryCode: "abcde-fghjk" })).toBe(true);
    expect(valid(schema, { challengeToken: "t", code: "123456", recoveryCode: "abcde-fghjk" })).toBe(false);
    expect(valid(schema, { challengeToken: "t" })).toBe(false);
    expect(valid(schema, { challengeToken: "t", code: "12345" })).toBe(false);
  });

  it("a booking date", () => {
    const schema = body("/api/meetings");
    const booking = { name: "Priya", email: "p@example.com", date: "2026-12-01", timeSlot: "11:30" };
    expect(valid(schema, booking)).toBe(true);
    expect(valid(schema, { ...booking, date: "1 December" })).toBe(false);
  });
});
