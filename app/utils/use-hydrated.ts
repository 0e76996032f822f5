import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates the server's HTML, true after: for what only
 * makes sense once the page's script runs (a button disabled by a check only the script makes,
 * a control the script replaces).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
