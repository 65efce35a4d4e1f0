import { Moon, Sun } from "lucide-react";
import { href, useLocation, useRouteLoaderData } from "react-router";
import { Theme, useTheme } from "remix-themes";

/**
 * Switches between light and dark. Without JavaScript it is a form that stores the
 * choice on the server and comes back to the same page.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const [theme, setTheme] = useTheme();
  const location = useLocation();
  // No stored choice on the server: the system theme the browser announced is the current one.
  const system = useRouteLoaderData<{ system: Theme | null }>("root")?.system ?? null;
  const next = (theme ?? system) === Theme.DARK ? Theme.LIGHT : Theme.DARK;
  const label = next === Theme.DARK ? "Switch to dark theme" : "Switch to light theme";
  return (
    <form
      method="post"
      action={href("/resources/theme")}
      onSubmit={(event) => {
        event.preventDefault();
        setTheme(next);
      }}
      className={className}
    >
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="theme"
        value={next}
        aria-label={label}
        title={label}
        data-testid="theme-toggle"
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Moon aria-hidden className="size-5 dark:hidden" />
        <Sun aria-hidden className="hidden size-5 dark:block" />
      </button>
    </form>
  );
}
