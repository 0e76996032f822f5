import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import { partsPictureOrigin } from "~/lib/part-picture";
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

export type SecurityConfig = Pick<
  Config,
  "NODE_ENV" | "YANDEX_MAPS_API_KEY" | "YANDEX_METRICA_ID" | "PARTS_IMAGE_ORIGINS" | "PARTS_API_URL"
>;

/** One directive's sources, each named once. */
function sources(...lists: (string | false | undefined)[]): string[] {
  return [...new Set(lists.flatMap((list) => (list ? list.split(" ") : [])))];
}

/**
 * The headers that speak to a document: what it may load and run, who may frame it, what it sends
 * on. A script, a stylesheet or a picture loaded by a page ignores them (the page's own policy
 * governs it); `X-Content-Type-Options` and HSTS stay on every response.
 */
const DOCUMENT_ONLY = [
  "Content-Security-Policy",
  "Cross-Origin-Opener-Policy",
  "Origin-Agent-Cluster",
  "Permissions-Policy",
  "Referrer-Policy",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Frame-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-XSS-Protection",
];

/** Files that are only ever loaded by a page: the build's scripts and styles, pictures, video, icons. */
const SUBRESOURCE = /\.(js|css|map|webp|avif|png|jpe?g|gif|ico|mp4|webm|woff2?)$/;

/**
 * Drops the document-only headers from a response that serves `filePath`, when that is a file only a
 * page loads: about 0.8 KB a response, which over HTTP/1.1 (no header compression) is a quarter of
 * a small script's bytes, and a page loads forty such files. Called where a file is actually
 * served, so a 404 page under /build is still a document with its policy.
 */
export function asSubresource(res: ServerResponse, filePath: string): void {
  if (SUBRESOURCE.test(filePath)) for (const name of DOCUMENT_ONLY) res.removeHeader(name);
}

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/**
 * The security headers of every response, through helmet. Scripts run only with the response's
 * nonce (`res.locals.nonce`, set before this runs); third parties are allowed by name, and only
 * those the configuration uses: the map widget's frame without a Maps key, the Maps API with one,
 * Metrica when its counter is set. Pictures come from the hosts PARTS_IMAGE_ORIGINS names and from
 * the parts API's own, where pictures given as its paths are shown from (app/lib/part-picture.ts).
 */
export function securityHeaders(config?: Partial<SecurityConfig>): RequestHandler {
  const liveReload = config?.NODE_ENV === "development" && liveReloadSocket();
  const mapsApi = Boolean(config?.YANDEX_MAPS_API_KEY) && MAPS_API;
  const metrica = Boolean(config?.YANDEX_METRICA_ID);
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.nonce as string}'`;
  const frames = sources(!mapsApi && MAP_WIDGET, metrica && METRICA_FRAMES);
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [...sources("'self'"), nonce, ...sources(mapsApi, metrica && METRICA_SCRIPTS)],
        "style-src": sources("'self' 'unsafe-inline'", mapsApi),
        "img-src": sources(
          "'self' data: blob:",
          mapsApi,
          metrica && METRICA_HITS,
          ...(config?.PARTS_IMAGE_ORIGINS ?? []),
          partsPictureOrigin(config?.PARTS_API_URL),
        ),
        "connect-src": sources("'self'", mapsApi, metrica && METRICA_HITS, liveReload),
        "frame-src": frames.length > 0 ? frames : ["'none'"],
        "media-src": ["'self'"],
        "font-src": ["'self'", "data:"],
        "worker-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    strictTransportSecurity:
      config?.NODE_ENV === "production" ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
    // Metrica's session replay shows the page from its own origin, with our images and styles.
    crossOriginResourcePolicy: false,
  });
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}

/** The socket <LiveReload> opens under `npm run dev` (remix dev's origin, ws instead of http). */
function liveReloadSocket(): string {
  const origin = new URL(process.env.REMIX_DEV_ORIGIN || "http://localhost:3001");
  return `${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`;
}
