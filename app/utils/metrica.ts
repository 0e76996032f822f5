import { METRICA_INIT_OPTIONS, METRICA_TAG_URL } from "~/lib/analytics";
import { dataLayer } from "./data-layer";

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

function ymOf(): Ym | undefined {
  return (window as unknown as { ym?: Ym }).ym;
}

/**
 * Starts the counter as Yandex's own snippet does: `ym` queues its calls at once (no request yet),
 * and the tag, once loaded, runs the queue and reads window.dataLayer. The tag itself is requested
 * after the page has loaded, so it never competes with the page's own resources. Once per page.
 */
export function startMetrica(counterId: string): void {
  const w = window as unknown as { ym?: Ym };
  if (w.ym) return;
  // The tag reads e-commerce events from this array (METRICA_INIT_OPTIONS.ecommerce).
  dataLayer();
  const ym: Ym = (...args: unknown[]) => {
    (ym.a = ym.a ?? []).push(args);
  };
  ym.l = Date.now();
  w.ym = ym;
  ym(Number(counterId), "init", METRICA_INIT_OPTIONS);

  const inject = () => {
    const script = document.createElement("script");
    script.async = true;
    script.src = METRICA_TAG_URL;
    document.head.appendChild(script);
  };
  if (document.readyState === "complete") inject();
  else window.addEventListener("load", inject, { once: true });
}

/** A call on the counter (`hit`, `reachGoal`), queued until the tag has loaded; nothing before startMetrica. */
export function metrica(counterId: string, method: string, ...args: unknown[]): void {
  ymOf()?.(Number(counterId), method, ...args);
}
