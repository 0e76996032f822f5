import { useEffect, useRef } from "react";

/**
 * Scrolls the window to the top whenever `key` changes (spec §2: a new page, or a new page of
 * results, starts at its top). Not when the component first mounts: a document load starts at
 * the top by itself, or where the browser restores it, and a visitor who has scrolled while the
 * scripts were still loading is not thrown back up when the page hydrates. The last key is kept
 * in a ref rather than a "first run" flag, so React's development double-run of effects does not
 * count as a change either.
 */
export function useScrollTopOnChange(key: unknown): void {
  const shown = useRef(key);
  useEffect(() => {
    if (Object.is(shown.current, key)) return;
    shown.current = key;
    window.scrollTo(0, 0);
  }, [key]);
}
