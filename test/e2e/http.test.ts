import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { startServer, type RunningServer } from "./harness";

const inStock = generateParts(360).flatMap((g) => g.parts).find((p) => p.balance > 0)!;

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("HTTP caching", () => {
  it("lets a shared cache keep catalogue pages of a visitor with no cart, with an ETag and 304", async () => {
    const res = await fetch(`${server.url}/catalog/parts?search=фильтр`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(`${server.url}/catalog/parts?search=фильтр`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
    const other = await fetch(`${server.url}/catalog/parts?search=колодка`, { headers: { "If-None-Match": etag! } });
    expect(other.status).toBe(200);
  });

  it.each([
    ["/catalog/parts", { Cookie: "cart=1.1" }],
    ["/delivery", { Cookie: "cookie_consent=1" }],
    ["/cart", {}],
    ["/make-order", { Cookie: `cart=${inStock.id}.1` }],
    ["/form-success?fromUrl=/", {}],
    ["/delivery?modal=callback", {}],
  ])("keeps %s private when it depends on the visitor (%j)", async (path, headers) => {
    const res = await fetch(server.url + path, { headers, redirect: "manual" });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("etag")).toBeNull();
  });

  it("serves fingerprinted assets as immutable and compresses text", async () => {
    const html = await (await fetch(`${server.url}/delivery`)).text();
    const asset = /\/build\/[^"]+\.js/.exec(html)![0];
    const res = await fetch(server.url + asset, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const page = await fetch(`${server.url}/delivery`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("security headers", () => {
  it.each(["/", "/catalog/parts", "/not-found", "/cart"])("sends them on %s", async (path) => {
    const res = await fetch(server.url + path);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    expect(res.headers.get("x-powered-by")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await res.text();
    for (const tag of html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? []) {
      expect(tag).toContain(`nonce="${nonce}"`);
    }
  });
});
