import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useLocation, useRevalidator } from "react-router";

/** Spec §9: the refresh spinner shows for at least 500 ms, so a fast reload is still seen. */
export const MIN_SPIN_MS = 500;

/**
 * Reloads the page's data. Without JavaScript it is a link to the same page; with it, the
 * loaders run again in place and the icon spins while they do.
 */
export function RefreshButton() {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [spinning, setSpinning] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  async function refresh(event: React.MouseEvent) {
    event.preventDefault();
    if (spinning) return;
    setSpinning(true);
    setAnnouncement("");
    const started = Date.now();
    try {
      await revalidator.revalidate();
    } finally {
      const rest = MIN_SPIN_MS - (Date.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      setSpinning(false);
      setAnnouncement("Data refreshed");
    }
  }

  // After a failed form post to an index route the URL carries React Router's `?index`: drop it.
  const params = new URLSearchParams(location.search);
  params.delete("index");
  const query = params.toString();

  return (
    <>
      <a
        href={`${location.pathname}${query ? `?${query}` : ""}`}
        onClick={refresh}
        aria-busy={spinning}
        aria-label="Refresh data"
        title="Refresh data"
        data-testid="refresh"
        data-spinning={spinning}
        className="inline-flex h-10 items-center justify-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-3 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <RefreshCw aria-hidden className={`size-5 ${spinning ? "animate-spin" : ""}`} />
        <span className="hidden md:inline">Refresh</span>
      </a>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
