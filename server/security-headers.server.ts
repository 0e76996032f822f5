import type { Config } from "./config.server";

/**
 * Headers for every HTML response. Scripts run only with this response's nonce; the
 * Yandex Maps loader injects its own scripts, so its hosts are allowed by name.
 */
export function securityHeaders(nonce: string, config?: Pick<Config, "NODE_ENV">): Record<string, string> {
  const liveReload = config?.NODE_ENV === "development" ? ` ${liveReloadSocket()}` : "";
  const yandex = "https://api-maps.yandex.ru https://*.api-maps.yandex.ru https://yandex.ru https://*.yandex.ru https://yastatic.net https://*.yandex.net";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${yandex}`,
    `style-src 'self' 'unsafe-inline' ${yandex}`,
    `img-src 'self' data: blob: ${yandex}`,
    `connect-src 'self' ${yandex}${liveReload}`,
    `frame-src ${yandex}`,
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
