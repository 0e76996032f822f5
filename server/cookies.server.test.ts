import { describe, expect, it } from "vitest";
import { ecommerceEvent } from "~/lib/analytics";
import {
  appendCartEvent,
  clearCartEvents,
  isSecure,
  lastOrderCookieHeader,
  readCart,
  readCartEvents,
  readLastOrder,
} from "./cookies.server";

/** A request carrying the cookies of these Set-Cookie headers, as a browser would send them back. */
function requestWith(...setCookies: string[]): Request {
  const cookie = setCookies.map((header) => header.split(";")[0]).join("; ");
  return new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
}

function attributes(setCookie: string): Set<string> {
  return new Set(setCookie.split("; ").slice(1));
}

/** A value in the Remix cookie format (base64 of the JSON's UTF-8 bytes), for hand-made cookies. */
const base64Json = (value: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"));

const product = { id: "17", name: "Фильтр масляный", price: 1250, quantity: 1 };

describe("isSecure", () => {
  it.each([
    ["production", "https://faw.example", true],
    ["production", "http://faw.example", false],
    ["development", "https://faw.example", false],
    ["test", "http://localhost:3000", false],
  ])("%s at %s: %s", (NODE_ENV, SITE_URL, secure) => {
    expect(isSecure({ NODE_ENV, SITE_URL })).toBe(secure);
  });
});

describe("readCart", () => {
  it("reads the cart cookie of the request", () => {
    expect(
      readCart(new Request("http://localhost/", { headers: { Cookie: "cookie_consent=1; cart=17.2~18.1" } })),
    ).toEqual([
      { id: "17", amount: 2 },
      { id: "18", amount: 1 },
    ]);
    expect(readCart(new Request("http://localhost/"))).toEqual([]);
  });
});

describe("the cart events cookie", () => {
  const add = ecommerceEvent("add", [product]);
  const remove = ecommerceEvent("remove", [product]);

  it("carries the events to the next request for ten minutes, on the whole site", async () => {
    const first = await appendCartEvent([], add, false);
    expect(first.startsWith("cart_events=")).toBe(true);
    expect(attributes(first)).toEqual(new Set(["Max-Age=600", "Path=/", "SameSite=Lax"]));
    const second = await appendCartEvent(await readCartEvents(requestWith(first)), remove, true);
    expect(attributes(second)).toContain("Secure");
    await expect(readCartEvents(requestWith(second))).resolves.toEqual([add, remove]);
  });

  it("drops the oldest events rather than outgrow a browser's cookie", async () => {
    const big = ecommerceEvent("add", [{ ...product, name: "Я".repeat(200) }]);
    let header = "";
    for (let i = 0; i < 30; i++)
      header = await appendCartEvent(
        await readCartEvents(requestWith(...(header ? [header] : []))),
        { ...big, n: i } as typeof big,
        false,
      );
    expect(header.length).toBeLessThanOrEqual(3000);
    const kept = (await readCartEvents(requestWith(header))) as (typeof big & { n: number })[];
    expect(kept.length).toBeGreaterThan(1);
    expect(kept.at(-1)?.n).toBe(29);
  });

  it("is cleared once handed over", async () => {
    const header = await clearCartEvents(false);
    expect(header).toBe("cart_events=; Max-Age=0; Path=/; SameSite=Lax");
    await expect(readCartEvents(requestWith(header))).resolves.toEqual([]);
  });

  it.each([
    "",
    "cart_events=",
    "cart_events=garbage%%",
    `cart_events=${Buffer.from(JSON.stringify([add])).toString("base64url")}-_`,
    `cart_events=${base64Json({ ecommerce: add.ecommerce })}`,
    `cart_events=${base64Json([{ ecommerce: { currencyCode: "USD" } }, null, 1, "x"])}`,
  ])("reads a tampered or missing cookie (%s) as no events", async (cookie) => {
    await expect(readCartEvents(new Request("http://localhost/", { headers: { Cookie: cookie } }))).resolves.toEqual(
      [],
    );
  });
});

describe("the last order cookie", () => {
  const order = { id: "3f2a9c1b-7d4e-4a10-9b2c-0e5f6a7b8c9d", purchasePending: true };
  const secrets = ["a-secret-of-at-least-thirty-two-characters"];

  it("hands the order to the success page only, for a day, out of the page's script's reach", async () => {
    const header = await lastOrderCookieHeader(order, false, secrets);
    expect(attributes(header)).toEqual(new Set(["Max-Age=86400", "Path=/order-success", "HttpOnly", "SameSite=Lax"]));
    expect(attributes(await lastOrderCookieHeader(order, true, secrets))).toContain("Secure");
    await expect(readLastOrder(requestWith(header), secrets)).resolves.toEqual(order);
  });

  it("is signed: another order's id put in by hand, or another server's signature, reads as no order", async () => {
    const header = await lastOrderCookieHeader(order, false, secrets);
    const value = decodeURIComponent(header.split(";")[0].slice("last_order=".length));
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const forged = Buffer.from(
      JSON.stringify({ id: "00000000-0000-4000-8000-000000000000", purchasePending: false }),
    ).toString("base64");
    await expect(
      readLastOrder(requestWith(`last_order=${encodeURIComponent(`${forged}.${signature}`)}`), secrets),
    ).resolves.toBeNull();
    await expect(readLastOrder(requestWith(`last_order=${encodeURIComponent(forged)}`), secrets)).resolves.toBeNull();
    await expect(readLastOrder(requestWith(header), ["another-secret-of-thirty-two-characters"])).resolves.toBeNull();
  });

  it.each([
    "",
    "last_order=",
    "last_order=%E0%A4%A",
    `last_order=${base64Json({ id: 1, purchasePending: true })}`,
    `last_order=${base64Json({ id: "A-1" })}`,
    `last_order=${base64Json(null)}`,
  ])("reads a tampered or missing cookie (%s) as no order", async (cookie) => {
    await expect(
      readLastOrder(new Request("http://localhost/", { headers: { Cookie: cookie } }), secrets),
    ).resolves.toBeNull();
  });
});
