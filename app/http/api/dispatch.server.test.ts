import { describe, expect, it } from "vitest";
import { api } from "../../../tests/helpers/api";

/**
 * The dispatcher's own refusals (issue 23 item 6), each checked against the OpenAPI document by
 * the `api` helper: a client's mistake is a documented 4xx, never a 500.
 */
describe("/api refusals", () => {
  it("malformed JSON is the documented 400 error shape", async () => {
    const answer = await api("POST", "/api/auth/login", {
      rawBody: '{"email": "admin@flowlane.example", ',
      headers: { "Content-Type": "application/json" },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ success: false, error: "Malformed JSON body." });
  });

  it("a POST without a body is a 400 naming what is missing, not a 500", async () => {
    const answer = await api("POST", "/api/auth/login");
    expect(answer.status).toBe(400);
    expect(answer.json.success).toBe(false);
  });

  it("a method an endpoint does not serve is a 405 with Allow naming those it does", async () => {
    const login = await api("DELETE", "/api/auth/login");
    expect(login.status).toBe(405);
    expect(login.headers.get("Allow")).toBe("POST");
    const blogs = await api("PATCH", "/api/blogs");
    expect(blogs.status).toBe(405);
    expect(blogs.headers.get("Allow")?.split(", ").sort()).toEqual(["GET", "HEAD", "POST"]);
    expect(blogs.json).toEqual({ success: false, error: "Method PATCH is not allowed here." });
  });
});
