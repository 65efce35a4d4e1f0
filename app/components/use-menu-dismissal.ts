import { useEffect } from "react";

/**
 * Closes an open `<details>` menu on a click outside it, and on Escape, which also gives focus back
 * to its summary (a JavaScript nicety: without it the summary opens and closes the menu).
 * `menus` lists the menus to watch, read at each click or key; pass one that does not change
 * between renders (a module function, or one that reads a ref).
 */
export function useMenuDismissal(menus: () => Iterable<HTMLDetailsElement | null>) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      for (const details of menus()) {
        if (details?.open && !details.contains(event.target as Node)) details.open = false;
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const details of menus()) {
        if (!details?.open) continue;
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [menus]);
}
