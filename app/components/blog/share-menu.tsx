import { Check, Link2, Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** Spec §9: share window 600 by 400; copied-link notice 2 seconds. */
export const SHARE_WINDOW = { width: 600, height: 400 } as const;
export const COPIED_NOTICE_MS = 2_000; // 2 seconds

export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy command refused");
}

const closeMenu = (element: HTMLElement) => element.closest("details")?.removeAttribute("open");

/**
 * Facebook, Twitter and LinkedIn open in a 600×400 window with JavaScript, and are plain links
 * (new tab) without it. Copy Link copies with JavaScript; without it the address is shown selected
 * in a read-only field to copy by hand.
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const openWindow = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const { width, height } = SHARE_WINDOW;
    const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
    const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
    event.preventDefault();
    closeMenu(event.currentTarget);
    window.open(
      event.currentTarget.href,
      "share",
      `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`,
    );
  };

  const copy = async (event: React.MouseEvent<HTMLButtonElement>) => {
    closeMenu(event.currentTarget);
    try {
      await copyText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    } catch (error) {
      // Spec §8: a failed link copy is only logged.
      console.warn("Could not copy the link", error);
    }
  };

  const itemClass =
    "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800";

  return (
    <div className="relative inline-flex items-center gap-3">
      <details className="group relative" data-testid="share-menu">
        <summary className="btn-secondary list-none">
          <Share2 aria-hidden className="size-4" />
          Share
        </summary>
        <div className="absolute left-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg sm:right-0 sm:left-auto dark:border-slate-800 dark:bg-slate-900">
          <ul>
            {shareLinks(url, title).map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={openWindow}
                  className={itemClass}
                >
                  <span
                    aria-hidden
                    className="inline-flex size-6 items-center justify-center rounded bg-brand-50 text-xs font-bold text-brand-700 dark:bg-brand-950 dark:text-brand-200"
                  >
                    {link.name[0]}
                  </span>
                  {link.name}
                </a>
              </li>
            ))}
            <li>
              {hydrated ? (
                <button type="button" onClick={copy} className={itemClass}>
                  <Link2 aria-hidden className="size-5 text-brand-700 dark:text-brand-300" />
                  Copy Link
                </button>
              ) : (
                <label className="block px-3 py-2 text-sm font-medium text-slate-800 dark:text-slate-100">
                  Copy Link
                  <input type="url" readOnly value={url} className="input mt-1 text-xs" />
                </label>
              )}
            </li>
          </ul>
        </div>
      </details>
      <p role="status" aria-live="polite" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {copied ? (
          <span className="inline-flex items-center gap-1" data-testid="copied-notice">
            <Check aria-hidden className="size-4" />
            Link copied!
          </span>
        ) : null}
      </p>
    </div>
  );
}
