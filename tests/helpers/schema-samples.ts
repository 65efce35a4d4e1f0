/*
 * Requests made from the OpenAPI document, for the bounded property run over every operation
 * (openapi.fuzz.test.ts): values that the declared JSON Schema allows, and values that break
 * it in one way each. A seeded generator, so a failure names its seed and comes back the same.
 */

import { seededRandom } from "./random";

type Json = Record<string, unknown>;

/** Seeded picks of test values (mulberry32: small, fast and good enough). */
export function randomSource(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof randomSource>;

const ODD_STRINGS = ["", " ", "x", "0", "-1", "null", "ü€😀", "<script>", "' OR 1=1 --", "a".repeat(300), "\n\t"];

function text(random: Random, min = 0, max = 40) {
  const length = random.int(min, Math.max(min, Math.min(max, min + 24)));
  const alphabet = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789-_.";
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[random.int(0, alphabet.length - 1)];
  return out;
}

function isoDate(random: Random) {
  const day = new Date(Date.UTC(2026, 0, 1) + random.int(-30, 400) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** A value the schema allows (as far as this generator reads schemas: enough for this document). */
export function validSample(schema: Json, defs: Record<string, Json>, random: Random, depth = 0): unknown {
  if (typeof schema.$ref === "string") {
    const target = defs[schema.$ref.replace("#/components/schemas/", "")];
    return target ? validSample(target, defs, random, depth + 1) : null;
  }
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return random.pick(schema.enum);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return random.pick(schema.examples);
  const choices = (schema.anyOf ?? (schema.type === undefined ? schema.oneOf : undefined)) as Json[] | undefined;
  if (choices) return validSample(random.pick(choices), defs, random, depth + 1);
  const type = Array.isArray(schema.type) ? random.pick(schema.type as string[]) : schema.type;
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return random.chance(0.5);
    case "integer":
    case "number": {
      const min = typeof schema.minimum === "number" ? schema.minimum : 0;
      const max = typeof schema.maximum === "number" ? schema.maximum : min + 100;
      return random.int(Math.ceil(min), Math.floor(max));
    }
    case "string": {
      if (schema.format === "email") return `fuzz-${random.int(1, 1e6)}@example.com`;
      if (schema.format === "date") return isoDate(random);
      if (schema.format === "date-time") return new Date(Date.UTC(2026, 0, 1) + random.int(0, 4e10)).toISOString();
      const min = typeof schema.minLength === "number" ? schema.minLength : 0;
      const max = typeof schema.maxLength === "number" ? schema.maxLength : 40;
      return text(random, Math.max(min, 1), max);
    }
    case "array": {
      const min = typeof schema.minItems === "number" ? schema.minItems : 0;
      const max = typeof schema.maxItems === "number" ? schema.maxItems : 3;
      const count = depth > 4 ? min : random.int(min, Math.min(max, min + 3));
      return Array.from({ length: count }, () => validSample((schema.items ?? {}) as Json, defs, random, depth + 1));
    }
    case "object":
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      // `oneOf` of `required` lists (code or recovery code): take one branch, leave the others out.
      const branches = (schema.oneOf ?? []) as Json[];
      const excluded = new Set<string>();
      if (branches.length > 0) {
        const chosen = random.pick(branches);
        for (const name of (chosen.required ?? []) as string[]) required.add(name);
        for (const branch of branches) {
          if (branch === chosen) continue;
          for (const name of (branch.required ?? []) as string[]) excluded.add(name);
        }
      }
      const out: Json = {};
      for (const [name, property] of Object.entries(properties)) {
        if (excluded.has(name) && !required.has(name)) continue;
        if (required.has(name) || (depth < 4 && random.chance(0.5))) {
          out[name] = validSample(property, defs, random, depth + 1);
        }
      }
      return out;
    }
    default:
      return null;
  }
}

/** A value that breaks the schema in one way, or a value of no particular shape. */
export function invalidSample(schema: Json, defs: Record<string, Json>, random: Random): unknown {
  const resolved =
    typeof schema.$ref === "string" ? (defs[schema.$ref.replace("#/components/schemas/", "")] ?? schema) : schema;
  const valid = validSample(resolved, defs, random);
  const properties = Object.keys((resolved.properties ?? {}) as Json);
  const required = (resolved.required ?? []) as string[];
  const kind = random.int(0, 6);
  if (valid && typeof valid === "object" && !Array.isArray(valid)) {
    const broken: Json = { ...(valid as Json) };
    if (kind === 0 && required.length > 0) {
      delete broken[random.pick(required)];
      return broken;
    }
    if (kind === 1 && properties.length > 0) {
      broken[random.pick(properties)] = random.pick([12345, true, null, [], {}, ...ODD_STRINGS]);
      return broken;
    }
    if (kind === 2) return { ...broken, unexpectedField: random.pick(ODD_STRINGS) };
  }
  return random.pick<unknown>([null, [], "text", 42, {}, ...ODD_STRINGS.map((s) => ({ value: s }))]);
}

const uuidLike = (random: Random) =>
  Array.from({ length: 32 }, () => random.int(0, 15).toString(16))
    .join("")
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");

/** A path parameter: a plausible id, or something odd (percent-encoded as a client would). */
export function pathValue(random: Random) {
  return encodeURIComponent(
    random.pick(["x", "0", "-1", uuidLike(random), "no-such-id", "ü€", "a".repeat(300), "%", "..", "a b"]),
  );
}
