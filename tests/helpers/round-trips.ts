import { env } from "cloudflare:workers";
import { inDbSession } from "~/db/client.server";

/**
 * Runs `read` over a D1 session that notes each statement prepared and the size of each batch
 * sent. `{ prepared: n, batches: [n] }` means one round trip: every statement went in one batch.
 */
export async function roundTrips<T>(read: () => Promise<T>) {
  const trips = { prepared: 0, batches: [] as number[] };
  const session = {
    prepare(query: string) {
      trips.prepared++;
      return env.DB.prepare(query);
    },
    batch(statements: D1PreparedStatement[]) {
      trips.batches.push(statements.length);
      return env.DB.batch(statements);
    },
  };
  const result = await inDbSession(session as unknown as D1DatabaseSession, read);
  return { result, trips };
}
