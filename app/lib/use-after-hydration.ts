import { useEffect, useState } from "react";

/**
 * A module loaded after hydration: null on the server, during hydration and until it has
 * arrived. The forms of /demo and /free-trial fetch their zod schemas this way (decision 026):
 * the ~31 KB gzip of zod, Conform's zod adapter and the schemas are then neither downloaded
 * before the first paint nor evaluated in hydration's task. Until they arrive the server
 * validates, with the same texts.
 */
export function useAfterHydration<Module>(load: () => Promise<Module>): Module | null {
  const [loaded, setLoaded] = useState<Module | null>(null);
  useEffect(() => {
    let live = true;
    // A failed fetch leaves validation to the server, as without JavaScript.
    load().then(
      (module) => live && setLoaded(() => module),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load]);
  return loaded;
}
