import { clientAddress } from "~/domain/limits/client-limits.server";
import { requestAttribution } from "./attribution.server";

/**
 * Where a booking or callback request comes from, as the meetings domain takes it: the client
 * address (limits per address, decision 014) and the visitor's attribution (decision 071). The
 * /demo page and the `/api` endpoints hand over the same two.
 */
export async function visitorOrigin(request: Request) {
  return { clientAddress: clientAddress(request), attribution: await requestAttribution(request) };
}
