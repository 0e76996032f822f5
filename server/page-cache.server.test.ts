import { describe, expect, it } from "vitest";
import { createPageCache, NONCE_SLOT, withNonce } from "./page-cache.server";

const page = { status: 200, headers: [["Content-Security-Policy", `script-src 'nonce-${NONCE_SLOT}'`]] as [string, string][], body: `<script nonce="${NONCE_SLOT}">x</script>`, etag: 'W/"a"' };

describe("page cache", () => {
  it("serves a page until it expires", () => {
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set("/a", page, 0);
    expect(cache.get("/a", 999)?.etag).toBe('W/"a"');
    expect(cache.get("/a", 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps at most maxEntries, dropping the oldest", () => {
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set("/a", page, 0);
    cache.set("/b", page, 0);
    cache.set("/c", page, 0);
    expect(cache.get("/a", 1)).toBeUndefined();
    expect(cache.get("/c", 1)).toBeDefined();
  });

  it("drops expired pages when it stores a new one, even if nobody asks for them again", () => {
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set("/a", page, 0);
    cache.set("/b", page, 500);
    cache.set("/c", page, 1200);
    expect(cache.size).toBe(2);
    expect(cache.get("/b", 1200)).toBeDefined();
  });

  it("stores nothing with a zero TTL", () => {
    const cache = createPageCache({ ttlMs: 0, maxEntries: 2 });
    cache.set("/a", page, 0);
    expect(cache.size).toBe(0);
  });

  it("can be shortened or switched off, dropping what it holds", () => {
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set("/a", page, 0);
    cache.setTtl(0);
    expect(cache.size).toBe(0);
    cache.set("/a", page, 0);
    expect(cache.get("/a", 0)).toBeUndefined();
  });

  it("fills every nonce slot with the response's nonce", () => {
    expect(withNonce(page.body, "abc")).toBe('<script nonce="abc">x</script>');
    expect(withNonce(page.headers[0][1], "abc")).toBe("script-src 'nonce-abc'");
  });
});
