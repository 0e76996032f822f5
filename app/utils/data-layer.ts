import type { EcommerceEvent } from "~/lib/analytics";

/**
 * Appends an event to window.dataLayer, creating the array when Metrica has not loaded yet: it
 * reads the whole array when it does, so nothing pushed before the visitor accepts cookies is lost.
 */
export function pushDataLayer(event: EcommerceEvent): void {
  if (typeof window === "undefined") return;
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(event);
}
