import type { EcommerceEvent } from "~/lib/analytics";

/**
 * Appends an event to window.dataLayer, creating the array when Metrica has not loaded yet: it
 * reads the whole array when it does, so nothing pushed before the visitor accepts cookies is lost.
 */
export function pushDataLayer(event: EcommerceEvent): void {
  if (typeof window === "undefined") return;
  dataLayer().push(event);
}

/** window.dataLayer, created when nothing has made it yet. */
export function dataLayer(): unknown[] {
  const w = window as unknown as { dataLayer?: unknown[] };
  return (w.dataLayer = w.dataLayer ?? []);
}
