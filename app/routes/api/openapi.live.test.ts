import { Validator } from "@cfworker/json-schema";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, isWeekend, todayIn } from "~/domain/calendar/availability";
import { buildOpenApi } from "~/http/api/openapi.server";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { addCallback, addMeeting, addPost, addUser } from "../../../tests/helpers/console-data";
import { orgPayload } from "../../../tests/helpers/trial";
import { allEndpoints } from "./registry.server";

/*
 * The OpenAPI document checked against live answers: real requests through the dispatcher
 * and the real handlers on the test D1, each body validated with a JSON Schema validator
 * (2020-12, as OpenAPI 3.1) against the schema the document declares for that path, method,
 * status and media type. A handler that answers a shape its declaration does not describe
 * fails here, whichever of the two is wrong.
 */

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: Json }> }> };

const document = buildOpenApi(allEndpoints);
const paths = document.paths as Record<string, Record<string, Operation>>;

/** The declared schema, its `#/components/schemas/X` references made local (`#/$defs/X`). */
function declaredSchema(template: string, method: string, status: number, mediaType: string): Json {
  const response = paths[template]?.[method.toLowerCase()]?.responses[String(status)];
  const schema = response?.content?.[mediaType]?.schema;
  if (!schema) throw new Error(`The document declares no ${mediaType} body for ${method} ${template} ${status}.`);
  const local = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/');
  return {
    ...JSON.parse(local),
    $defs: JSON.parse(JSON.stringify(document.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/')),
  };
}

const checked = new Set<string>();

/** Calls the endpoint and validates the answer against its documented schema. */
async function expectDocumented(
  method: string,
  template: string,
  options: { path?: string; status: number; token?: string; body?: unknown; mediaType?: string },
) {
  const r = await api(method, options.path ?? template.replace(/\{[^}]+\}/g, "x"), {
    token: options.token,
    body: options.body,
  });
  expect(r.status, `${method} ${options.path ?? template}: ${r.text.slice(0, 300)}`).toBe(options.status);
  const mediaType = options.mediaType ?? "application/json";
  expect(r.headers.get("Content-Type") ?? "").toContain(mediaType);
  const validator = new Validator(declaredSchema(template, method, options.status, mediaType), "2020-12", false);
  const result = validator.validate(mediaType === "application/json" ? r.json : r.text);
  expect(result.errors, `${method} ${template} ${options.status}`).toEqual([]);
  checked.add(`${method} ${template} ${options.status}`);
  return r;
}

function nextWeekday() {
  let date = addDays(todayIn("Asia/Kolkata", new Date()), 1);
  while (isWeekend(date)) date = addDays(date, 1);
  return date;
}

let token: string;

beforeAll(async () => {
  ({ token } = await createAdmin());
  await addMeeting();
  await addCallback();
  await addUser({ status: "active", approvalStatus: "approved", emailVerified: true });
});

describe("answers match /api/openapi.json", () => {
  it("for visitors' endpoints", async () => {
    await expectDocumented("GET", "/api/calendar/available-days", { status: 200 });
    const date = nextWeekday();
    await expectDocumented("GET", "/api/calendar/available-slots", {
      path: `/api/calendar/available-slots?date=${date}`,
      status: 200,
    });
    await expectDocumented("POST", "/api/meetings", {
      status: 201,
      body: {
        name: "Priya Patel",
        email: "priya.openapi@example.com",
        phone: "+91 98765 43210",
        company: "Acme Corp",
        meetingType: "demo",
        date,
        timeSlot: "11:30",
        notes: "Line one\nline two",
      },
    });
    await expectDocumented("POST", "/api/callbacks", {
      status: 201,
      body: { firstName: "Neha", lastName: "Joshi", email: "neha.openapi@example.com", company: "GreenLeaf Foods" },
    });
    const post = await addPost({ status: "published", publishedAt: new Date(), tags: ["one", "two"] });
    await expectDocumented("GET", "/api/blogs", { status: 200 });
    await expectDocumented("GET", "/api/blogs/{id}", { path: `/api/blogs/${post.id}`, status: 200 });
    const trial = await expectDocumented("POST", "/api/subscriptions/trial/start", { status: 201, body: orgPayload() });
    // The signup's own client or an admin (decision 042).
    await expectDocumented("GET", "/api/subscriptions/trial/status/{userId}", {
      path: `/api/subscriptions/trial/status/${trial.json.data.userId}`,
      status: 200,
      token,
    });
    await expectDocumented("POST", "/api/auth/general-email-verification/send-otp", {
      status: 200,
      body: { email: trial.json.data.email, purpose: "trial" },
    });
    await expectDocumented("GET", "/api/auth/session", { status: 200 });
  });

  it("for the console's endpoints", async () => {
    for (const path of [
      "/api/auth/profile",
      "/api/auth/session",
      "/api/auth/2fa",
      "/api/auth/sessions",
      "/api/dashboard/stats",
      "/api/dashboard/trends",
      "/api/dashboard/notifications",
      "/api/meetings",
      "/api/callbacks",
      "/api/blogs",
      "/api/subscriptions",
      "/api/subscriptions/webhooks/logs",
      "/api/subscriptions/webhooks/stats",
      "/api/admin/audit",
      "/api/admin/emails",
      "/api/admin/team/pending",
    ]) {
      await expectDocumented("GET", path, { status: 200, token });
    }
    await expectDocumented("GET", "/api/dashboard/search", {
      path: "/api/dashboard/search?q=visitor",
      status: 200,
      token,
    });
    const created = await expectDocumented("POST", "/api/blogs", {
      status: 201,
      token,
      body: { title: "Documented", content: "# Hello\n\nA **post**.", excerpt: "E", author: "A", tags: ["x"] },
    });
    await expectDocumented("PUT", "/api/blogs/{id}", {
      path: `/api/blogs/${created.json.data.id}`,
      status: 200,
      token,
      body: { status: "published" },
    });
    const meetings = await api("GET", "/api/meetings", { token });
    await expectDocumented("GET", "/api/meetings/{id}", {
      path: `/api/meetings/${meetings.json.data[0].id}`,
      status: 200,
      token,
    });
    const confirmed = await addMeeting({ status: "confirmed", email: "linked@flowlane.test" });
    await expectDocumented("PUT", "/api/meetings/{id}/link", {
      path: `/api/meetings/${confirmed.id}/link`,
      status: 200,
      token,
      body: { meetingLink: "https://meet.example/documented" },
    });
    const users = await api("GET", "/api/subscriptions", { token });
    await expectDocumented("GET", "/api/subscriptions/{userId}", {
      path: `/api/subscriptions/${users.json.subscriptions[0].userId}`,
      status: 200,
      token,
    });
    await expectDocumented("GET", "/api/admin/export/{kind}", {
      path: "/api/admin/export/meetings",
      status: 200,
      token,
      mediaType: "text/csv",
    });
  });

  it("for failures", async () => {
    await expectDocumented("POST", "/api/meetings", { status: 400, body: {} });
    await expectDocumented("GET", "/api/meetings", { status: 401 });
    await expectDocumented("GET", "/api/blogs/{id}", { path: "/api/blogs/no-such-post", status: 404 });
    const taken = orgPayload();
    await addUser({ email: taken.email, status: "active", approvalStatus: "approved", emailVerified: true });
    await expectDocumented("POST", "/api/subscriptions/trial/start", { status: 409, body: taken });
    const login = await expectDocumented("POST", "/api/auth/login", {
      status: 401,
      body: { email: "nobody@flowlane.test", password: TEST_PASSWORD },
    });
    expect(login.json.success).toBe(false);
  });

  it("refuses an answer its schema does not describe (the check is not vacuous)", () => {
    const meeting = new Validator(declaredSchema("/api/meetings/{id}", "GET", 200, "application/json"), "2020-12");
    expect(meeting.validate({ success: true, data: { id: "m1" } }).valid).toBe(false);
    const failure = new Validator(declaredSchema("/api/meetings", "GET", 401, "application/json"), "2020-12");
    expect(failure.validate({ success: true }).valid).toBe(false);
    expect(failure.validate({ success: false, error: "Authentication required." }).valid).toBe(true);
  });

  it("covered a good part of the document", () => {
    expect(checked.size).toBeGreaterThanOrEqual(35);
  });
});
