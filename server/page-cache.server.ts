/**
 * A micro-cache of rendered pages for anonymous visitors, in front of React: the same pages a
 * shared cache may keep (see http-cache.server.ts) are kept here for a few seconds, so a burst
 * of visitors on one catalogue page costs one render. The CSP nonce differs per response: it is
 * stored as a slot and filled with the new response's nonce on every hit.
 */
import { prepareSplicedGzip, splicedGzip, type SplicedGzip } from "./spliced-gzip.server";

export const NONCE_SLOT = "\u0000nonce\u0000";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The page with every occurrence of its nonce replaced by NONCE_SLOT. */
  body: string;
  etag: string;
  expires: number;
  /** The body gzip-compressed around its nonce slots, made on the first hit that takes gzip. */
  gzip?: SplicedGzip;
}

export interface PageCache {
  get(key: string, now?: number): CachedPage | undefined;
  set(key: string, page: Omit<CachedPage, "expires">, now?: number): void;
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

/** The stored page, gzip-compressed, with this response's nonce: compressed once per page, not per response. */
export function gzipWithNonce(page: CachedPage, nonce: string): Buffer {
  page.gzip ??= prepareSplicedGzip(page.body, NONCE_SLOT);
  return splicedGzip(page.gzip, nonce);
}

/** Fill a stored page (or header) with this response's nonce. */
export function withNonce(text: string, nonce: string): string {
  return text.split(NONCE_SLOT).join(nonce);
}

export const PAGE_CACHE_MAX_MS = 10_000;

/**
 * One cache per process, shared by the renderer (which fills it) and the HTTP entry (which serves
 * from it). The HTTP entry shortens its life to the catalogue's freshness window when that is
 * shorter, so a page is never older than the catalogue it shows is allowed to be.
 */
export const pageCache = createPageCache({ ttlMs: PAGE_CACHE_MAX_MS, maxEntries: 300 });
