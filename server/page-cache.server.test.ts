import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawGet } from "../test/server-process";
import { cachedPageNonce, createPageCache, servePageCache } from "./page-cache.server";

const html = Buffer.from('<!DOCTYPE html><html lang="ru"><script nonce="n1">x</script><h1>Каталог</h1></html>');
const page = {
  status: 200,
  headers: [["Cache-Control", "public, max-age=0, s-maxage=60"]] as [string, string][],
  body: html,
  etag: 'W/"a"',
  nonce: "n1",
};

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
});

describe("servePageCache", () => {
  const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10 });
  let base = "";
  let server: ReturnType<express.Express["listen"]>;
  beforeAll(async () => {
    const app = express();
    app.get("*", servePageCache(cache));
    app.get("*", (_req, res) => res.status(200).send("rendered"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    cache.set("/catalog/parts?page=2", page);
  });
  afterAll(() => server.close());

  it("answers a hit with the stored bytes and headers", async () => {
    const res = await rawGet(`${base}/catalog/parts?page=2`);
    expect(res.status).toBe(200);
    expect(res.body.equals(html)).toBe(true);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
  });

  it("names the stored page's nonce for the policy of a request it will answer, and only then", () => {
    const request = (url: string, cookie?: string) =>
      ({ originalUrl: url, method: "GET", headers: { cookie } }) as unknown as Parameters<typeof cachedPageNonce>[0];
    expect(cachedPageNonce(request("/catalog/parts?page=2"), cache)).toBe("n1");
    expect(cachedPageNonce(request("/catalog/parts?page=3"), cache)).toBeUndefined();
    expect(cachedPageNonce(request("/catalog/parts?page=2", "cart=eyJ9"), cache)).toBeUndefined();
  });

  it("sends the gzip copy to a browser that takes it, decoding to the same page", async () => {
    const res = await rawGet(`${base}/catalog/parts?page=2`, { "accept-encoding": "gzip, br" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(zlib.gunzipSync(res.body).equals(html)).toBe(true);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const res = await rawGet(`${base}/catalog/parts?page=2`, { "if-none-match": 'W/"a"' });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
  });

  it("leaves misses and visitors with a cart or consent to the renderer", async () => {
    expect((await rawGet(`${base}/catalog/parts?page=3`)).body.toString()).toBe("rendered");
    expect((await rawGet(`${base}/catalog/parts?page=2`, { cookie: "cart=eyJ9" })).body.toString()).toBe("rendered");
    expect((await rawGet(`${base}/catalog/parts?page=2`, { cookie: "cookie_consent=1" })).body.toString()).toBe(
      "rendered",
    );
  });
});
