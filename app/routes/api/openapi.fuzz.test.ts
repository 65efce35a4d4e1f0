import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { addCallback, addMeeting, addPost, addUser } from "../../../tests/helpers/console-data";
import { openApiDocument } from "../../../tests/helpers/openapi-check";
import {
  invalidSample,
  pathValue,
  type Random,
  randomSource,
  validSample,
} from "../../../tests/helpers/schema-samples";

/*
 * A bounded property run in the manner of Schemathesis (which is Python, not at hand offline):
 * for every operation of /api/openapi.json, requests made from its declaration — bodies and
 * query values its schemas allow and ones that break them, real and odd path values, as a
 * visitor and as an admin — sent through the real dispatcher. The property: no answer is a
 * 5xx, and every answer is one the document describes (the `api` helper checks each, errors
 * included). Seeded per operation, so a failure comes back the same.
 */

type Json = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema: Json };
type Operation = {
  operationId: string;
  security: unknown[];
  parameters: Parameter[];
  requestBody?: { content: { "application/json": { schema: Json } } };
};

/** Requests per operation and caller: 15 public operations × 8 + 51 signed-in ones × 2 callers × 8 = 936, ~10 s. */
const RUNS = 8;
const defs = openApiDocument.components.schemas as Record<string, Json>;
const paths = openApiDocument.paths as Record<string, Record<string, Operation>>;

const operations = Object.entries(paths).flatMap(([template, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ template, method: method.toUpperCase(), operation })),
);

/** Statuses seen, by class, over the whole run: the run must reach handlers, not only refusals. */
const seen = new Map<string, number>();

/** Ids of real rows, so some requests get past "not found" into the handlers. */
const realIds: string[] = [];
let token: string;

beforeAll(async () => {
  ({ token } = await createAdmin());
  const meeting = await addMeeting();
  const callback = await addCallback();
  const post = await addPost({ status: "published", publishedAt: new Date() });
  const user = await addUser({ status: "unverified", emailVerified: false });
  realIds.push(meeting.id, callback.id, post.id, user.id, user.userId, "meetings");
});

function seedOf(text: string) {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

function requestFor(template: string, operation: Operation, random: Random) {
  const valid = random.chance(0.6);
  const path = template.replace(/\{[^}]+\}/g, () =>
    random.chance(0.5) ? encodeURIComponent(random.pick(realIds)) : pathValue(random),
  );
  const query = new URLSearchParams();
  for (const parameter of operation.parameters.filter((p) => p.in === "query")) {
    if (!parameter.required && random.chance(0.5)) continue;
    const value = valid || random.chance(0.5) ? validSample(parameter.schema, defs, random) : pathValue(random);
    if (value !== null && value !== undefined) query.set(parameter.name, String(value));
  }
  const schema = operation.requestBody?.content["application/json"].schema;
  const body = schema ? (valid ? validSample(schema, defs, random) : invalidSample(schema, defs, random)) : undefined;
  const search = query.toString();
  return { path: search ? `${path}?${search}` : path, body };
}

/** The admin's token, made again when an operation ended its session (logout, refresh). */
async function liveToken() {
  if ((await api("GET", "/api/auth/profile", { token })).status === 401) ({ token } = await createAdmin());
  return token;
}

describe("every operation answers requests made from /api/openapi.json as the document says", () => {
  it("covers every operation of the document", () => {
    expect(operations.length).toBeGreaterThanOrEqual(66);
  });

  for (const { template, method, operation } of operations) {
    it(`${method} ${template}`, async () => {
      const random = randomSource(seedOf(operation.operationId));
      const callers = operation.security.length > 0 ? [undefined, "admin"] : [undefined];
      for (const caller of callers) {
        for (let run = 0; run < RUNS; run++) {
          const { path, body } = requestFor(template, operation, random);
          const answer = await api(method, path, {
            body,
            token: caller ? await liveToken() : undefined,
          });
          const klass = `${String(answer.status)[0]}xx`;
          seen.set(klass, (seen.get(klass) ?? 0) + 1);
          expect(answer.status, `${method} ${path} (seed ${seedOf(operation.operationId)}, run ${run})`).toBeLessThan(
            500,
          );
        }
      }
    });
  }

  it("reached the handlers: successes as well as refusals", () => {
    expect(seen.get("2xx") ?? 0).toBeGreaterThan(100);
    expect(seen.get("4xx") ?? 0).toBeGreaterThan(100);
  });
});
