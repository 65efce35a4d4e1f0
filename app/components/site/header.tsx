import { ChevronDown, Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, Link, NavLink, useLocation } from "react-router";
import { useMenuDismissal } from "~/components/use-menu-dismissal";
import { Logo } from "./logo";
import { isActivePath, isGroup, NAV } from "./nav";
import { ThemeToggle } from "./theme-toggle";

/** The bar turns opaque past this many pixels of scroll (spec §9). */
const SCROLL_THRESHOLD = 20; // px

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    active
      ? "text-brand-700 bg-brand-50 dark:bg-brand-950 dark:text-brand-200"
      : "text-slate-700 hover:text-brand-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white"
  }`;

const openHeaderMenus = () => document.querySelectorAll<HTMLDetailsElement>("header details[open]");

export function SiteHeader({ appUrl }: { appUrl: string }) {
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const mobileRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // Close open menus after navigating, and when clicking elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    for (const details of openHeaderMenus()) {
      details.open = false;
    }
  }, [pathname]);
  // Escape closes the open menu and gives focus back to its toggle.
  useMenuDismissal(openHeaderMenus);

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b transition-colors ${
        scrolled
          ? "border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-950"
          : "border-transparent bg-white/80 backdrop-blur dark:bg-slate-950/80"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={href("/")} aria-label="Flowlane home" className="shrink-0">
          <Logo />
        </Link>
        <nav ref={navRef} aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV.map((entry) =>
            isGroup(entry) ? (
              <details key={entry.label} name="site-nav" className="group relative">
                <summary
                  data-active={entry.items.some((i) => isActivePath(pathname, i.to)) || undefined}
                  className={`${linkClass(entry.items.some((i) => isActivePath(pathname, i.to)))} flex list-none items-center gap-1`}
                >
                  {entry.label}
                  <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
                </summary>
                <div className="absolute left-0 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-900">
                  {entry.items.map((item) => (
                    <NavLink
                      key={item.to}
                      to={item.to}
                      className={({ isActive }) =>
                        `block rounded-lg px-3 py-2 ${isActive ? "bg-brand-50 dark:bg-brand-950" : "hover:bg-slate-50 dark:hover:bg-slate-800"}`
                      }
                    >
                      {({ isActive }) => (
                        <>
                          <span
                            className={`block text-sm font-semibold ${isActive ? "text-brand-700 dark:text-brand-200" : "text-slate-900 dark:text-white"}`}
                          >
                            {item.label}
                          </span>
                          {item.description ? (
                            <span className="block text-xs text-slate-600 dark:text-slate-300">{item.description}</span>
                          ) : null}
                        </>
                      )}
                    </NavLink>
                  ))}
                </div>
              </details>
            ) : (
              <NavLink key={entry.to} to={entry.to} className={({ isActive }) => linkClass(isActive)}>
                {entry.label}
              </NavLink>
            ),
          )}
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <a href={`${appUrl}/login`} className="btn-secondary hidden sm:inline-flex">
            Login
          </a>
          <Link to={href("/free-trial")} className="btn-primary hidden lg:inline-flex">
            Start Free Trial
          </Link>
          <MobileMenu pathname={pathname} appUrl={appUrl} detailsRef={mobileRef} />
        </div>
      </div>
    </header>
  );
}

/** A page in the mobile menu, marked as the current one when it is. */
function MobileLink({ item, pathname }: { item: { to: string; label: string }; pathname: string }) {
  const active = isActivePath(pathname, item.to);
  return (
    <Link to={item.to} aria-current={active ? "page" : undefined} className={`block ${linkClass(active)}`}>
      {item.label}
    </Link>
  );
}

function MobileMenu({
  pathname,
  appUrl,
  detailsRef,
}: {
  pathname: string;
  appUrl: string;
  detailsRef: React.RefObject<HTMLDetailsElement | null>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details
      ref={detailsRef}
      className="lg:hidden"
      data-testid="mobile-menu"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary
        aria-label={open ? "Close menu" : "Open menu"}
        className="inline-flex size-10 list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Menu aria-hidden className="size-6 in-[details[open]]:hidden" />
        <X aria-hidden className="hidden size-6 in-[details[open]]:block" />
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 max-h-[70vh] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-lg dark:border-slate-800 dark:bg-slate-950"
      >
        {NAV.map((entry) =>
          isGroup(entry) ? (
            <div key={entry.label} className="py-2">
              <p className="px-3 py-1 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                {entry.label}
              </p>
              {entry.items.map((item) => (
                <MobileLink key={item.to} item={item} pathname={pathname} />
              ))}
            </div>
          ) : (
            <MobileLink key={entry.to} item={entry} pathname={pathname} />
          ),
        )}
        <div className="mt-4 grid gap-2">
          <Link to={href("/free-trial")} className="btn-primary w-full">
            Start Free Trial
          </Link>
          <a href={`${appUrl}/login`} className="btn-secondary w-full">
            Login
          </a>
        </div>
      </nav>
    </details>
  );
}
