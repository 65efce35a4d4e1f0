import { Form, Link } from "react-router";

export const UNKNOWN_HOST = "That host is not a member; showing everyone.";

/**
 * The host select of the meetings list and the week: a plain GET form (works without
 * JavaScript), carrying the page's other filters as hidden fields; while one host is shown, a
 * link to the same view for everyone (`everyone`) beside it.
 */
export function HostSelect({
  host,
  hosts,
  keep,
  everyone,
}: {
  host: string;
  hosts: { id: string; name: string }[];
  keep: Record<string, string>;
  everyone: string;
}) {
  return (
    <>
      <Form method="get" className="flex flex-wrap items-center gap-2" data-testid="host-filter">
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <label htmlFor="host-filter-select" className="self-center text-sm font-medium">
          Host
        </label>
        <select id="host-filter-select" name="host" defaultValue={host} key={host} className="input w-auto">
          <option value="all">Everyone</option>
          {hosts.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
          {host !== "all" && host !== "none" && !hosts.some((h) => h.id === host) ? (
            <option value={host}>This host (no longer takes demos)</option>
          ) : null}
          <option value="none">Unassigned (house calendar)</option>
        </select>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>
      {host !== "all" ? (
        <Link to={everyone} className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          See everyone’s meetings
        </Link>
      ) : null}
    </>
  );
}

/** "Host: Dana" / "House calendar" on a meeting's card or block. */
export function hostLabel(hostId: string | null, names: Record<string, string>) {
  return hostId ? `Host: ${names[hostId] ?? "a former member"}` : "House calendar";
}
