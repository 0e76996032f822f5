import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALES_POINTS } from "~/content";
import { LEAD_UPLOAD_URL } from "~/lib/lead-forms";
import { generateParts } from "~server/demo-catalogue.server";
import { ODD_REQUEST_MESSAGES } from "~server/odd-requests.server";
import { FOREIGN_ORIGIN_MESSAGE } from "~server/origin-check.server";
import { rawGet } from "../server-process";
import { startServer, type RunningServer } from "./harness";

const inStock = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance > 0)!;

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
    // A visitor with a cart or the banner accepted sees the same URL otherwise: a cache keys on the cookies.
    expect(res.headers.get("vary")?.split(/,\s*/)).toContain("Cookie");
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

  it("sends the build's brotli or gzip copy of a script as the browser accepts, the same bytes once decoded", async () => {
    const html = await (await fetch(`${server.url}/delivery`)).text();
    const scripts = [...html.matchAll(/\/build\/[^"]+\.js/g)].map((m) => m[0]);
    const big = scripts.find((p) => fs.statSync(path.join("public", p)).size > 10_000)!;
    expect(fs.existsSync(path.join("public", `${big}.br`))).toBe(true);
    const original = fs.readFileSync(path.join("public", big));
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const res = await fetch(server.url + big, { headers: { "Accept-Encoding": accept } });
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      expect(res.headers.get("content-type")).toMatch(/^application\/javascript/);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await res.arrayBuffer()).equals(original), accept).toBe(true);
    }
    // Only files the build wrote are served: a path climbing out of the build folder is not.
    const outside = await fetch(`${server.url}/build/..%2F..%2Fpackage.json`, {
      headers: { "Accept-Encoding": "br" },
      redirect: "manual",
    });
    expect(outside.status).not.toBe(200);
  });
});

/** One request through `agent`; the status, the Connection header and whether the socket was reused. */
function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string | number>; body?: Buffer } = {},
) {
  return new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
    const req = http.request(url, { agent, method: options.method ?? "GET", headers: options.headers }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket }),
      );
    });
    req.on("error", reject);
    if (options.body) req.write(options.body);
    // A body announced longer than what is sent stays open: the server must answer without it.
    if (!options.headers?.["content-length"] || options.body?.length === Number(options.headers["content-length"]))
      req.end();
  });
}

describe("anonymous pages", () => {
  it("renders every view afresh, compressed, each with its own nonce matching its policy", async () => {
    const url = `${server.url}/catalog/parts?search=${encodeURIComponent("фильтр")}&page=2`;
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await rawGet(url, { "Accept-Encoding": "gzip, deflate, br" }));
    const decoded = answers.map((a) =>
      (a.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(a.body) : zlib.gunzipSync(a.body)).toString(
        "utf8",
      ),
    );
    const nonces = answers.map((a) => /'nonce-([^']+)'/.exec(String(a.headers["content-security-policy"]))![1]);
    expect(nonces[1]).not.toBe(nonces[0]);
    answers.forEach((a, i) => {
      expect(["gzip", "br"]).toContain(a.headers["content-encoding"]);
      expect(decoded[i]).toContain(`nonce="${nonces[i]}"`);
    });
    // The same page but for its nonce: one ETag for both.
    expect(answers[1].headers["etag"]).toBe(answers[0].headers["etag"]);
    expect(decoded[1].replaceAll(nonces[1], "")).toBe(decoded[0].replaceAll(nonces[0], ""));
  });
});

describe("connections", () => {
  it("keeps a connection alive across requests answered at once", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answers = [];
    for (const path of ["/healthz", "/healthz", "/robots.txt", "/catalog/parts"])
      answers.push(await request(agent, server.url + path));
    agent.destroy();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.connection)).toEqual(["keep-alive", "keep-alive", "keep-alive", "keep-alive"]);
    expect(answers.slice(1).every((a) => a.reused)).toBe(true);
  });

  it("closes the connection when it answers before reading a body, and the next request gets a fresh one", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // More parts than an upload may have, at the start of a body announced as 5 MB: refused mid-way.
    const parts = Array.from(
      { length: 100 },
      (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    ).join("");
    const refused = await request(agent, `${server.url}${LEAD_UPLOAD_URL}`, {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": 5 * 1024 * 1024,
        accept: "application/json",
      },
      body: Buffer.from(parts),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.connection).toBe("close");
    const next = await request(agent, `${server.url}/healthz`);
    agent.destroy();
    expect(next.status).toBe(200);
    expect(next.reused).toBe(false);
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

describe("headers of files a page loads", () => {
  it("sends scripts and pictures only the headers that apply to them; a missing file's 404 page keeps the policy", async () => {
    const html = await (await fetch(`${server.url}/catalog/trucks`)).text();
    const script = /\/build\/[^"]+\.js/.exec(html)![0];
    const style = /\/build\/[^"]+\.css/.exec(html)![0];
    const picture = /src="(\/[^"]+\.webp)"/.exec(html)![1];
    for (const file of [script, style, picture, "/favicon-32.png"]) {
      const res = await fetch(server.url + file, { headers: { "Accept-Encoding": "br" } });
      expect(res.status, file).toBe(200);
      expect(res.headers.get("x-content-type-options"), file).toBe("nosniff");
      expect(res.headers.get("strict-transport-security"), file).toContain("max-age=");
      for (const name of ["content-security-policy", "x-frame-options", "permissions-policy", "referrer-policy"])
        expect(res.headers.get(name), `${file} ${name}`).toBeNull();
    }
    for (const page of ["/build/_shared/no-such-chunk.js", "/images/no-such-picture.webp"]) {
      const missing = await fetch(server.url + page);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(missing.headers.get("x-frame-options")).toBe("DENY");
    }
  });
});

describe("search engines", () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

  it("lists every static page, truck and part in /sitemap.xml, and robots.txt points to it", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toContain(`${server.url}/`);
    expect(urls).toContain(`${server.url}/delivery`);
    expect(urls.filter((u) => /\/catalog\/trucks\/[^/]+\/[^/]+$/.test(u))).toHaveLength(16);
    expect(urls).toContain(`${server.url}/catalog/parts/${encodeURIComponent(inStock.slug)}`);
    expect(urls.filter((u) => u.includes("/catalog/parts/"))).toHaveLength(360);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    // Not an index below 50 000 URLs: no files.
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect((await fetch(`${server.url}/sitemap/1.xml`)).status).toBe(404);
  });

  it("tells Yandex which query parameters do not change a page (Clean-param), within the group for every robot", async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    const group = robots.split("\n\n")[0].split("\n");
    expect(group[0]).toBe("User-agent: *");
    expect(group).toContain("Clean-param: modal");
    expect(group).toContain("Clean-param: sortBy /catalog/parts");
    for (const line of robots.split("\n").filter((l) => l.startsWith("Clean-param:"))) {
      // Yandex's syntax: `Clean-param: p1[&p2…] [path prefix]`, the prefix only of A-Za-z0-9.-/*_
      expect(line).toMatch(/^Clean-param: [A-Za-z0-9_]+(&[A-Za-z0-9_]+)*( \/[A-Za-z0-9.\-/*_]*)?$/);
    }
  });

  describe("past 50 000 URLs", () => {
    let big: RunningServer;
    beforeAll(async () => {
      big = await startServer({ DEMO_PARTS_COUNT: "60000" });
    });
    afterAll(async () => {
      await big?.stop();
    });

    it("makes /sitemap.xml an index of files of at most 50 000 URLs each, every page in one of them", async () => {
      const res = await fetch(`${big.url}/sitemap.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const index = await res.text();
      expect(index).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(files).toEqual([`${big.url}/sitemap/1.xml`, `${big.url}/sitemap/2.xml`]);
      const urls: string[] = [];
      for (const file of files) {
        const child = await fetch(file);
        expect(child.status).toBe(200);
        const xml = await child.text();
        expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
        expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(52_428_800);
        const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
        expect(locs.length).toBeLessThanOrEqual(50_000);
        urls.push(...locs);
      }
      expect(urls).toHaveLength(9 + 3 + 16 + 60_000);
      expect(new Set(urls).size).toBe(urls.length);
      expect(urls[0]).toBe(`${big.url}/`);
      expect(urls.filter((u) => u.includes("/catalog/parts/"))).toHaveLength(60_000);
      for (const missing of ["/sitemap/3.xml", "/sitemap/0.xml", "/sitemap/1.txt"])
        expect((await fetch(big.url + missing)).status).toBe(404);
    });
  });

  it("gives the parts list a canonical URL without page=1 and the order, in a fixed order", async () => {
    const html = await (
      await fetch(`${server.url}/catalog/parts?page=1&sortBy=price_asc&groups=FAW%20J6&search=%20фильтр`)
    ).text();
    expect(html).toContain(
      `<link rel="canonical" href="${server.url}/catalog/parts?search=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80&amp;groups=FAW+J6"/>`,
    );
  });

  it("describes a part as a Product with an Offer in roubles, and its breadcrumbs", async () => {
    const html = await (await fetch(`${server.url}/catalog/parts/${inStock.slug}`)).text();
    const blocks = jsonLd(html);
    const product = blocks.find((b) => b["@type"] === "Product");
    expect(product.offers).toMatchObject({
      "@type": "Offer",
      priceCurrency: "RUB",
      price: inStock.price,
      availability: "https://schema.org/InStock",
    });
    const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      "Главная",
      "Запчасти",
      inStock.fullName,
    ]);
  });

  it("describes the dealer with both locations and hours on the home page", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const dealer = jsonLd(html).find((b) => b["@type"] === "AutoDealer");
    expect(dealer.department).toHaveLength(2);
    // The first hours the dealer wrote for the first location ('Пн–Пт 9:00–18:00'), as schema.org writes them.
    const [, opensH, opensM, closesH, closesM] = /(\d{1,2}):(\d{2})\s*[–-]\s*(\d{1,2}):(\d{2})/.exec(
      SALES_POINTS[0].workTime,
    )!;
    expect(dealer.department[0].openingHoursSpecification[0]).toMatchObject({
      opens: `${opensH.padStart(2, "0")}:${opensM}`,
      closes: `${closesH.padStart(2, "0")}:${closesM}`,
    });
  });

  it.each(["/not-found", "/form-success", "/cart", "/lead/callback"])("keeps %s out of the index", async (path) => {
    const html = await (await fetch(server.url + path)).text();
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it("gives each main page its own title and description", async () => {
    const pages = [
      "/",
      "/catalog",
      "/catalog/trucks",
      "/catalog/trucks?type=tyagach",
      "/catalog/parts",
      "/delivery",
      "/service",
      "/leasing",
      "/contacts",
      "/privacy",
    ];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of pages) {
      const html = await (await fetch(server.url + path)).text();
      titles.add(/<title>([^<]+)<\/title>/.exec(html)![1]);
      descriptions.add(/<meta name="description" content="([^"]+)"/.exec(html)![1]);
      expect(html).toContain('property="og:image"');
    }
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });
});

describe("HTML bytes", () => {
  it.each<Record<string, string>>([{}, { Cookie: "cookie_consent=1" }])(
    "never contain a NUL byte, streamed or whole (%j)",
    async (headers) => {
      for (const path of [
        "/",
        "/leasing",
        "/privacy",
        "/contacts",
        "/catalog/parts?search=фильтр",
        "/catalog/trucks",
        `/catalog/parts/${inStock.slug}`,
      ]) {
        const bytes = new Uint8Array(await (await fetch(server.url + path, { headers })).arrayBuffer());
        expect(bytes.indexOf(0), path).toBe(-1);
      }
    },
  );
});

describe("first-view scripts", () => {
  // The forms' schemas (zod, about 16 KB gzip) load with a form's own chunk, when the form comes
  // near the screen; a page's first scripts never carry them (the /leasing calculator once pulled
  // them in through a shared constant).
  it("never carry the forms' schema library on the pages a visitor lands on", async () => {
    for (const page of [
      "/",
      "/catalog/trucks",
      "/catalog/parts",
      `/catalog/parts/${inStock.slug}`,
      "/leasing",
      "/contacts",
      "/cart",
    ]) {
      const html = await (await fetch(server.url + page)).text();
      const scripts = [...new Set([...html.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]))];
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const script of scripts) {
        const code = fs.readFileSync(path.join("public", script), "utf8");
        expect(code.includes("ZodFirstPartyTypeKind"), `${page}: ${script}`).toBe(false);
      }
    }
  });
});

describe("HTTP caching", () => {
  it("answers a matching If-None-Match with a 304 without a policy (the stored copy keeps its own)", async () => {
    const first = await fetch(`${server.url}/service?from=cache-test`);
    await first.text();
    expect(first.headers.get("etag")).toMatch(/^W\//);
    const again = await fetch(`${server.url}/service?from=cache-test`, {
      headers: { "If-None-Match": first.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
  });

  it("keeps the page of a visitor with a cart private", async () => {
    const res = await fetch(`${server.url}/catalog/parts`, { headers: { Cookie: `cart=${inStock.id}.1` } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.text()).toContain("Корзина (1)");
  });
});

describe("the streaming render", () => {
  it("sends a page with a lazily loaded form whole, the form and never its fallback, from the first request on", async () => {
    // A server of its own: no page with a form has been rendered in it yet.
    const fresh = await startServer();
    try {
      for (let visit = 0; visit < 2; visit++) {
        const res = await fetch(`${fresh.url}/contacts?modal=callback`);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toMatch(/^<!DOCTYPE html>/);
        expect(html).toContain('name="phone"');
        expect(html).toContain("Отправить");
        expect(html).not.toContain("Загружаем форму");
        expect(html).toMatch(/<\/html>$/);
      }
    } finally {
      await fresh.stop();
    }
  });
});

describe("a form posted from another site", () => {
  const LEAD = { name: "Иванов Иван", phone: "+7 (912) 345-67-89", consent: "on", page: "/" };
  const post = (pathname: string, headers: Record<string, string>) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      body: new URLSearchParams(LEAD),
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });

  it("is refused with a 403 and a sentence in Russian, never the framework's 500", async () => {
    for (const pathname of ["/lead/callback", "/make-order", "/cart", "/cookie-consent"])
      for (const origin of ["https://evil.example", "null", "not a url"]) {
        const res = await post(pathname, { Origin: origin });
        expect(res.status, `${pathname} from ${origin}`).toBe(403);
        expect(await res.text()).toBe(FOREIGN_ORIGIN_MESSAGE);
      }
    // Said once in the log, with the hint for a proxy that drops the Host.
    expect(server.logs().match(/form posted from another origin, refused/g)).toHaveLength(1);
  });

  it("goes through from the site itself, by its own Host or the one a proxy forwards", async () => {
    expect((await post("/lead/callback", { Origin: server.url })).status).toBe(303);
    const proxied = await post("/lead/callback", {
      Origin: "https://faw-solontsy.example",
      "X-Forwarded-Host": "faw-solontsy.example",
    });
    expect(proxied.status).toBe(303);
  });
});

describe("requests the framework cannot take", () => {
  const text = (body: Buffer) => body.toString("utf8");
  /** GET of `path` exactly as written (a URL would turn its backslashes into slashes first). */
  const pathAsSent = (path: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const { hostname, port } = new URL(server.url);
      http
        .get({ hostname, port, path }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, headers: res.headers });
        })
        .on("error", reject);
    });

  it("sends a path with repeated slashes to its one address, the query kept", async () => {
    for (const [asked, address] of [
      ["//", "/"],
      ["///?modal=callback", "/?modal=callback"],
      [
        "//catalog//parts?search=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80",
        "/catalog/parts?search=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80",
      ],
      ["//evil.example/", "/evil.example/"],
      // Browsers read a backslash as a slash: never a way to another site.
      ["//\\evil.example/", "/evil.example/"],
      ["/\\\\evil.example/", "/evil.example/"],
    ]) {
      const res = await pathAsSent(asked);
      expect([res.status, res.headers.location], asked).toEqual([301, address]);
    }
  });

  it("answers a malformed path, an unknown method and a host no address can be made of, in Russian, never with a 500", async () => {
    // A path that does not decode goes where an unknown page goes.
    for (const asked of ["/catalog/parts/%FF", "/%", "/lead/%C0%AF"]) {
      const res = await rawGet(server.url + asked);
      expect([res.status, res.headers.location], asked).toEqual([302, "/not-found"]);
    }
    for (const method of ["TRACE", "PUT", "DELETE"]) {
      const res = await rawGet(`${server.url}/`, {}, method);
      expect([res.status, res.headers.allow, text(res.body)], method).toEqual([
        405,
        "GET, HEAD, POST",
        ODD_REQUEST_MESSAGES.method,
      ]);
    }
    for (const headers of [
      { "X-Forwarded-Host": "faw.example:99999" },
      { "X-Forwarded-Host": "faw.example, proxy.example:99999" },
      { Host: "a b" },
    ] as Record<string, string>[]) {
      const res = await rawGet(`${server.url}/`, headers);
      expect([res.status, text(res.body)], JSON.stringify(headers)).toEqual([400, ODD_REQUEST_MESSAGES.badRequest]);
    }
    expect(server.logs()).not.toMatch(/URIError|could not be decoded/);
  });

  it("answers a method a feed, the sitemap or an endpoint does not take in Russian, naming the ones it does", async () => {
    for (const [method, address, allow] of [
      ["POST", `/api/parts-suggest?q=${encodeURIComponent("фильтр")}`, "GET, HEAD"],
      ["POST", "/api/company-suggest?q=7707083893", "GET, HEAD"],
      ["POST", "/sitemap.xml", "GET, HEAD"],
      ["POST", "/sitemap/1.xml", "GET, HEAD"],
      ["POST", "/robots.txt", "GET, HEAD"],
      ["POST", "/feeds/yandex-market.yml", "GET, HEAD"],
      ["POST", "/feeds/price-list.xlsx", "GET, HEAD"],
      ["POST", "/order-success/invoice/1.pdf", "GET, HEAD"],
      ["GET", LEAD_UPLOAD_URL, "POST"],
    ]) {
      const res = await rawGet(server.url + address, {}, method);
      expect([res.status, res.headers.allow, text(res.body)], `${method} ${address}`).toEqual([
        405,
        allow,
        ODD_REQUEST_MESSAGES.method,
      ]);
    }
  });

  it("shows the cart for a notice it does not know, whatever its word", async () => {
    for (const notice of ["__proto__", "constructor", "toString"]) {
      const res = await rawGet(`${server.url}/cart?notice=${notice}`);
      expect(res.status, notice).toBe(200);
    }
  });
});
