import { z } from "zod";
import { type CleanupEnv, isTokenPost } from "./cleanup";
import { E2E_AGE_PATH } from "./path";

/**
 * The e2e server's clock for one meeting (issue 27 item 7): moves a meeting the test booked (found
 * by its unique email) into the past, so the suite can reach "after the demo ended" without
 * waiting. Test code only, behind the clean-up's token, in tests/e2e/server/worker.ts; the
 * production Worker has no such path.
 */
const AgeSchema = z.object({ email: z.string().min(7).max(200), minutesAgo: z.number().int().min(0).max(20_000) });

/** A POST to the age path carrying the run's clean-up token. */
export const isAgeRequest = (request: Request, env: CleanupEnv) => isTokenPost(request, env, E2E_AGE_PATH);

export async function ageMeeting(request: Request, env: CleanupEnv) {
  const parsed = AgeSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ success: false, error: parsed.error.message }, { status: 400 });
  const startsAt = Date.now() - parsed.data.minutesAgo * 60_000;
  const result = await env.DB.prepare("UPDATE meetings SET starts_at = ? WHERE email = ?")
    .bind(startsAt, parsed.data.email)
    .run();
  return Response.json({ success: true, data: { changed: result.meta.changes } });
}
