/**
 * A micro-cache of rendered pages for anonymous visitors, in front of React: the pages a shared
 * cache may keep (http-cache.server.ts) are kept here for a few seconds, so a burst of visitors
 * on one catalogue page costs one render. An entry is the response as it was sent — body, its
 * gzip copy and headers — and the CSP nonce its scripts carry: every hit in those few seconds
 * shares that nonce, as it would from a CDN, and its policy names it (cachedPageNonce).
 */
import zlib from "node:zlib";
import type { Request, RequestHandler } from "express";
import { isAnonymousPageRequest, matchesEtag } from "./http-cache.server";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** The nonce the page's scripts carry. */
  nonce: string;
  expires: number;
  /** The body gzip-compressed, made on the first hit that takes gzip. */
  gzip?: Buffer;
}

export interface PageCache {
  get(key: string, now?: number): CachedPage | undefined;
  set(key: string, page: Omit<CachedPage, "expires" | "gzip">, now?: number): void;
  clear(): void;
  /** Change how long pages are kept (0 keeps none). */
  setTtl(ms: number): void;
  readonly size: number;
}

export function createPageCache({ ttlMs: initialTtl, maxEntries }: { ttlMs: number; maxEntries: number }): PageCache {
  let ttlMs = initialTtl;
  // A Map keeps insertion order: re-inserting on set makes the first key the oldest.
  const entries = new Map<string, CachedPage>();
  return {
    get(key, now = Date.now()) {
      const page = entries.get(key);
      if (!page) return undefined;
      if (page.expires <= now) {
        entries.delete(key);
        return undefined;
      }
      return page;
    },
    set(key, page, now = Date.now()) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { ...page, expires: now + ttlMs });
      // Every page lives as long as the next, so the oldest expire first: drop the expired ones
      // (pages nobody asked for again would otherwise wait for eviction) and any over the cap.
      for (const [oldest, { expires }] of entries) {
        if (expires > now && entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
    setTtl(ms) {
      ttlMs = ms;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export const PAGE_CACHE_MAX_MS = 10_000;

/**
 * One cache per process, filled by the renderer (entry.server.tsx) and read by the HTTP entry.
 * The HTTP entry shortens its life to the catalogue's freshness window when that is shorter, so
 * a page is never older than the catalogue it shows is allowed to be.
 */
export const pageCache = createPageCache({ ttlMs: PAGE_CACHE_MAX_MS, maxEntries: 300 });

/** The cache's key: the path and query as the router sees them. */
export function pageCacheKey(url: URL): string {
  return url.pathname + url.search;
}

/** The page the cache answers this request with, if any. */
function cachedPage(req: Request, cache: PageCache): CachedPage | undefined {
  const url = new URL(req.originalUrl, "http://site.invalid");
  const page = cache.get(pageCacheKey(url));
  return page && isAnonymousPageRequest(req.method, url, req.headers.cookie) ? page : undefined;
}

/**
 * The nonce of the page the cache will answer this request with: the response's policy must
 * name the nonce its scripts carry. Undefined when the page will be rendered.
 */
export function cachedPageNonce(req: Request, cache: PageCache = pageCache): string | undefined {
  return cachedPage(req, cache)?.nonce;
}

/** Answers an anonymous page view from the cache, or passes it on to Remix. */
export function servePageCache(cache: PageCache = pageCache): RequestHandler {
  return (req, res, next) => {
    const page = cachedPage(req, cache);
    if (!page) return next();
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (matchesEtag(req.get("If-None-Match"), page.etag)) {
      res.status(304).end();
      return;
    }
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("gzip") === "gzip") {
      page.gzip ??= zlib.gzipSync(page.body);
      res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", page.gzip.length);
      res.status(page.status).end(req.method === "HEAD" ? undefined : page.gzip);
      return;
    }
    res.setHeader("Content-Length", page.body.length);
    res.status(page.status).end(req.method === "HEAD" ? undefined : page.body);
  };
}
