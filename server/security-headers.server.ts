import type { Config } from "./config.server";

/** Yandex's embeddable map (an iframe), shown while no Maps API key is set. */
const MAP_WIDGET = "https://yandex.ru";
/** The Maps JS API 2.1: its loader injects scripts without a nonce, and loads styles, tiles and data. */
const MAPS_API =
  "https://api-maps.yandex.ru https://*.api-maps.yandex.ru https://yandex.ru https://*.yandex.ru https://yastatic.net https://*.yandex.net";
/** Yandex Metrica, after its CSP guide: the tag and its parts, and the hosts its hits go to. */
const METRICA_SCRIPTS = "https://mc.yandex.ru https://yastatic.net";
const METRICA_HITS = "https://mc.yandex.ru https://mc.yandex.com";
/** The frames Metrica's tag opens (its cross-domain and session-replay helpers). */
const METRICA_FRAMES = "blob: https://mc.yandex.ru https://mc.yandex.com";

export type SecurityConfig = Pick<Config, "NODE_ENV" | "YANDEX_MAPS_API_KEY" | "YANDEX_METRICA_ID">;

/** One directive's sources, each named once. */
function sources(...lists: (string | false | undefined)[]): string {
  return [...new Set(lists.flatMap((list) => (list ? list.split(" ") : [])))].join(" ");
}

/**
 * Headers for every HTML response. Scripts run only with this response's nonce; third parties are
 * allowed by name, and only those the configuration uses: the map widget's frame without a Maps
 * key, the Maps API with one, Metrica when its counter is set.
 */
export function securityHeaders(nonce: string, config?: Partial<SecurityConfig>): Record<string, string> {
  const liveReload = config?.NODE_ENV === "development" && liveReloadSocket();
  const mapsApi = Boolean(config?.YANDEX_MAPS_API_KEY) && MAPS_API;
  const metrica = Boolean(config?.YANDEX_METRICA_ID);
  const csp = [
    "default-src 'self'",
    `script-src ${sources("'self'", `'nonce-${nonce}'`, mapsApi, metrica && METRICA_SCRIPTS)}`,
    `style-src ${sources("'self' 'unsafe-inline'", mapsApi)}`,
    `img-src ${sources("'self' data: blob:", mapsApi, metrica && METRICA_HITS)}`,
    `connect-src ${sources("'self'", mapsApi, metrica && METRICA_HITS, liveReload)}`,
    `frame-src ${sources(!mapsApi && MAP_WIDGET, metrica && METRICA_FRAMES) || "'none'"}`,
    "media-src 'self'",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "X-Frame-Options": "DENY",
  };
  if (config?.NODE_ENV === "production") headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** The socket <LiveReload> opens under `npm run dev` (remix dev's origin, ws instead of http). */
function liveReloadSocket(): string {
  const origin = new URL(process.env.REMIX_DEV_ORIGIN || "http://localhost:3001");
  return `${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`;
}
