import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** True once React has hydrated in the browser: for controls that only work with JavaScript. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
