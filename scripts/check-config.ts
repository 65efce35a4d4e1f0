import { parseArgs } from "node:util";
import { unstable_readConfig } from "wrangler";
import { ConfigSchema, describeConfigError, SECRET_NAMES } from "../app/lib/config-schema.ts";

/**
 * `npm run deploy`'s first step (decision 058): wrangler.toml's `[vars]` (of `--env` when given)
 * against the Worker's own configuration schema, so a deployment that would answer every request
 * with 503 is stopped before anything is migrated or uploaded. Secrets are not in the file (they
 * are set with `wrangler secret put`), so they count as set here and the Worker checks them
 * itself before its first request; a secret written into `[vars]` is refused.
 *
 *   node scripts/check-config.ts [--config wrangler.toml] [--env name]
 */
const SET_AS_SECRET = "set-with-wrangler-secret-put";

/** The problems, one per line and naming the setting; empty when the vars pass. */
export function checkDeployVars(vars: Record<string, unknown>): string[] {
  const problems = SECRET_NAMES.filter((name) => name in vars).map(
    (name) => `${name} is a secret: remove it from [vars] and set it with wrangler secret put ${name}.`,
  );
  const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, SET_AS_SECRET]));
  const parsed = ConfigSchema.safeParse({ ...vars, ...secrets });
  if (!parsed.success) problems.push(...describeConfigError(parsed.error).split("\n").slice(1));
  return problems;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { config: { type: "string", default: "wrangler.toml" }, env: { type: "string" } },
  });
  const wrangler = unstable_readConfig({ config: values.config, env: values.env });
  const problems = checkDeployVars(wrangler.vars ?? {});
  if (problems.length > 0) {
    console.error(
      `${values.config} [vars] fail the configuration schema; nothing was deployed:\n${problems.join("\n")}`,
    );
    process.exit(1);
  }
  console.log(`${values.config} [vars] pass the configuration schema (secrets are checked by the Worker at start).`);
}
