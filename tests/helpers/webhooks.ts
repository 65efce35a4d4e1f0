import { count } from "drizzle-orm";
import { afterEach, beforeEach, inject } from "vitest";
import { db } from "~/db/client.server";
import { webhookEndpoints } from "~/db/schema";
import { setConfig } from "./trial";

/**
 * Call at a test file's top level: each test runs on a plain-http localhost site, as under
 * `npm start`, so loopback receivers are allowed; its endpoints (and so their deliveries) go
 * after it, so a later drain sees only its own rows.
 */
export function localSiteAndOwnEndpoints() {
  let restore: () => void;
  beforeEach(() => {
    restore = setConfig({ SITE_URL: "http://localhost:8787" });
  });
  afterEach(async () => {
    restore();
    await db().delete(webhookEndpoints);
  });
}

export const countEndpoints = async () => (await db().select({ n: count() }).from(webhookEndpoints).get())?.n ?? 0;

/** What the local receiver (webhook-receiver.global.ts, decision 074) took in one box, in order. */
export type Received = { headers: Record<string, string>; body: string };

/** The local receiver's address for box `name`; `query` sets its answer (status, delay, size). */
export const hookUrl = (name: string, query = "") =>
  `${inject("webhookReceiver")}/hook/${name}${query ? `?${query}` : ""}`;

/** What the local receiver's box `name` has received so far. */
export const received = async (name: string): Promise<Received[]> =>
  (await fetch(`${inject("webhookReceiver")}/received/${name}`)).json();
