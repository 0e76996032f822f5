import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { securityHeaders as securityHeadersMiddleware } from "./security-headers.server";

/** The headers the middleware sets on a response whose nonce is `nonce`. */
function securityHeaders(nonce: string, config: Parameters<typeof securityHeadersMiddleware>[0]) {
  const headers: Record<string, string> = {};
  const res = {
    locals: { nonce },
    setHeader: (name: string, value: string) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  } as unknown as Response;
  let passedOn = false;
  securityHeadersMiddleware(config)({} as Request, res, () => (passedOn = true));
  expect(passedOn).toBe(true);
  return headers;
}

function directives(config: Parameters<typeof securityHeadersMiddleware>[0]): Record<string, string[]> {
  const csp = securityHeaders("abc123", config)["Content-Security-Policy"];
  return Object.fromEntries(
    csp.split(/;\s*/).map((d) => {
      const [name, ...values] = d.split(" ");
      return [name, values];
    }),
  );
}

describe("securityHeaders", () => {
  it("shows pictures from the hosts PARTS_IMAGE_ORIGINS names, and from no other", () => {
    expect(directives({})["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(directives({ PARTS_IMAGE_ORIGINS: ["https://cdn.parts.example"] })["img-src"]).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://cdn.parts.example",
    ]);
  });

  it("shows pictures from the parts API's own host, where its relative picture paths are loaded from", () => {
    expect(directives({ PARTS_API_URL: "https://1c.dealer.example:8443/api/" })["img-src"]).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://1c.dealer.example:8443",
    ]);
  });

  it("without a Maps key lets only Yandex's map widget into a frame, and names no Maps API or Metrica host", () => {
    const csp = directives({ NODE_ENV: "production" });
    expect(csp["frame-src"]).toEqual(["https://yandex.ru"]);
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(JSON.stringify(csp)).not.toMatch(/api-maps|mc\.yandex/);
  });

  it("with a Maps key allows the JS API's hosts and no frames", () => {
    const csp = directives({ NODE_ENV: "production", YANDEX_MAPS_API_KEY: "key" });
    expect(csp["script-src"]).toContain("https://api-maps.yandex.ru");
    expect(csp["img-src"]).toContain("https://*.yandex.net");
    expect(csp["frame-src"]).toEqual(["'none'"]);
  });

  it("allows Metrica's hosts only when a counter is set", () => {
    const csp = directives({ NODE_ENV: "production", YANDEX_METRICA_ID: "98765432" });
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc123'", "https://mc.yandex.ru", "https://yastatic.net"]);
    expect(csp["img-src"]).toContain("https://mc.yandex.ru");
    expect(csp["connect-src"]).toContain("https://mc.yandex.ru");
    expect(csp["frame-src"]).toEqual(["https://yandex.ru", "blob:", "https://mc.yandex.ru", "https://mc.yandex.com"]);
  });

  it("names a source once when the map and Metrica share it", () => {
    const csp = directives({ NODE_ENV: "production", YANDEX_MAPS_API_KEY: "key", YANDEX_METRICA_ID: "1" });
    const scripts = csp["script-src"];
    expect(scripts.filter((s) => s === "https://yastatic.net")).toHaveLength(1);
  });

  it("sends HSTS in production only", () => {
    expect(securityHeaders("n", { NODE_ENV: "production" })["Strict-Transport-Security"]).toMatch(/max-age=31536000/);
    expect(securityHeaders("n", { NODE_ENV: "development" })["Strict-Transport-Security"]).toBeUndefined();
  });
});
