import { z } from "zod";

/**
 * The end-to-end suite's clean-up (decision 027): after each Playwright test, its fixture sends
 * the unique marks the test made up (emails, title words) and the API sessions it opened, and
 * this removes every row carrying them, so no test depends on a wiped database.
 *
 * Reachable only when the Worker runs with an `E2E_CLEANUP_TOKEN` variable, which only the
 * Playwright web server command passes (`wrangler dev --var`, a fresh random value per run) and
 * no wrangler.toml or deployment sets; the request must carry that same token. Without the
 * variable the path is an ordinary unknown URL.
 */
export const E2E_CLEANUP_PATH = "/__e2e/cleanup";

const CleanupSchema = z.object({
  /** Unique values the test made up: exact emails and client addresses, or words inside titles. */
  marks: z.array(z.string().min(7).max(200)).max(200),
  /** sha256 hex ids of the API sessions the test opened for the shared e2e admin. */
  sessions: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(200),
});

export function isE2eCleanup(request: Request, env: Env) {
  const token = (env as { E2E_CLEANUP_TOKEN?: string }).E2E_CLEANUP_TOKEN;
  if (!token || token.length < 16) return false;
  return (
    request.method === "POST" &&
    new URL(request.url).pathname === E2E_CLEANUP_PATH &&
    request.headers.get("X-E2E-Cleanup") === token
  );
}

/** Deletes, in one batch, what the marks and sessions name; foreign keys cascade the rest. */
export async function e2eCleanup(request: Request, env: Env) {
  const parsed = CleanupSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ success: false, error: parsed.error.message }, { status: 400 });
  const marks = JSON.stringify(parsed.data.marks);
  const sessions = JSON.stringify(parsed.data.sessions);
  const exact = "SELECT value FROM json_each(?1)";
  const contains = (column: string) => `EXISTS (SELECT 1 FROM json_each(?1) m WHERE instr(${column}, m.value) > 0)`;
  const statements = [
    // Audit entries about rows that are about to go (their targets), then the rows themselves.
    `DELETE FROM audit_log WHERE actor_email IN (${exact})
       OR target_id IN (SELECT id FROM admins WHERE email IN (${exact}))
       OR target_id IN (SELECT id FROM meetings WHERE email IN (${exact}))
       OR target_id IN (SELECT id FROM callback_requests WHERE email IN (${exact}))
       OR target_id IN (SELECT id FROM subscriptions WHERE email IN (${exact}))
       OR target_id IN (SELECT id FROM blog_posts WHERE ${contains("title")})`,
    `DELETE FROM admins WHERE email IN (${exact})`,
    `DELETE FROM password_resets WHERE email IN (${exact})`,
    `DELETE FROM meetings WHERE email IN (${exact})`,
    `DELETE FROM callback_requests WHERE email IN (${exact})`,
    `DELETE FROM subscriptions WHERE email IN (${exact})`,
    `DELETE FROM verification_codes WHERE email IN (${exact})`,
    `DELETE FROM signup_drafts WHERE ${contains("fields")}`,
    `DELETE FROM newsletter_subscribers WHERE email IN (${exact})`,
    // Messages to the test's addresses, and the notifications to the team that name them.
    `DELETE FROM email_outbox WHERE "to" IN (${exact}) OR ${contains("subject || ' ' || text")}`,
    // Public blog pages are cached under the blog's content version: when a post goes, they are
    // made fresh (only then, so tests of the edge cache are not disturbed by every clean-up).
    `INSERT INTO cache_versions (name, version)
       SELECT 'blog', 1 WHERE EXISTS (SELECT 1 FROM blog_posts WHERE ${contains("title")})
       ON CONFLICT(name) DO UPDATE SET version = version + 1`,
    `DELETE FROM blog_slug_redirects WHERE post_id IN (SELECT id FROM blog_posts WHERE ${contains("title")})`,
    `DELETE FROM blog_posts WHERE ${contains("title")}`,
    // Per-address limit counters are keyed "bucket:address".
    `DELETE FROM client_limits WHERE substr(key, instr(key, ':') + 1) IN (${exact})`,
  ].map((sql) => env.DB.prepare(sql).bind(marks));
  statements.push(env.DB.prepare("DELETE FROM sessions WHERE id IN (SELECT value FROM json_each(?1))").bind(sessions));
  const results = await env.DB.batch(statements);
  const deleted = results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
  return Response.json({ success: true, data: { deleted } });
}
