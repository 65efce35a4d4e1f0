import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { flushSync } from "react-dom";
import { useLocation, useRevalidator } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

/** Spec §9: the refresh spinner shows for at least 500 ms, so a fast reload is still seen. */
export const MIN_SPIN_MS = 500;

const CLASSES =
  "inline-flex h-10 items-center justify-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-progress sm:px-3 dark:text-slate-200 dark:hover:bg-slate-800";

/**
 * Reloads the page's data. Without JavaScript it is a link to the same page; with it, a
 * button that runs the loaders again in place, the icon spinning while they do.
 */
export function RefreshButton() {
  const location = useLocation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [spinning, setSpinning] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  async function refresh() {
    if (spinning) return;
    // Commit the spinner before the clock starts, so it is on screen for the whole minimum.
    flushSync(() => {
      setSpinning(true);
      setAnnouncement("");
    });
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

  const content = (
    <>
      <RefreshCw aria-hidden className={`size-5 ${spinning ? "animate-spin" : ""}`} />
      <span className="hidden md:inline">Refresh</span>
    </>
  );

  return (
    <>
      {hydrated ? (
        <button
          type="button"
          onClick={refresh}
          aria-busy={spinning}
          aria-label="Refresh data"
          title="Refresh data"
          data-testid="refresh"
          data-spinning={spinning}
          className={CLASSES}
        >
          {content}
        </button>
      ) : (
        <a
          href={`${location.pathname}${query ? `?${query}` : ""}`}
          aria-label="Refresh data"
          title="Refresh data"
          data-testid="refresh"
          className={CLASSES}
        >
          {content}
        </a>
      )}
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
