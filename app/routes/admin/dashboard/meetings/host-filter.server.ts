import type { ActiveSession } from "~/domain/accounts/sessions.server";
import { listHosts } from "~/domain/calendar/hosts.server";

/** `host=` in the URL: everyone, the house calendar (no host) or one member's id. */
export type HostChoice = "all" | "none" | (string & {});

export type HostFilter = {
  /** What the select shows. */
  host: HostChoice;
  /** For the query: undefined = everyone, "" = the house calendar, else a member's id. */
  hostId: string | undefined;
  /** The members who take demos, for the select, and every member's name (hosts who stopped taking demos keep theirs on old meetings). */
  hosts: { id: string; name: string }[];
  names: Record<string, string>;
  /** The URL named a host who is not a member; the page says so and shows everyone. */
  unknownHost: boolean;
};

/**
 * Issue 27 item 4: a member who takes demos sees their own meetings first, so without `host=`
 * they get their own; everyone else gets Everyone. An unknown id is ignored (like an unknown
 * week or status) with a notice, never a 500.
 */
export async function hostFilter(url: URL, session: ActiveSession): Promise<HostFilter> {
  const members = await listHosts();
  const hosts = members.filter((m) => m.takesDemos).map((m) => ({ id: m.memberId, name: m.name }));
  const names = Object.fromEntries(members.map((m) => [m.memberId, m.name]));
  const requested = url.searchParams.get("host");
  const own = hosts.some((h) => h.id === session.admin.id) ? session.admin.id : "all";
  const unknownHost = Boolean(requested && requested !== "all" && requested !== "none" && !names[requested]);
  const host: HostChoice = !requested ? own : unknownHost ? "all" : requested;
  const hostId = host === "all" ? undefined : host === "none" ? "" : host;
  return { host, hostId, hosts, names, unknownHost };
}
