import { describe, expect, it } from "vitest";
import {
  cartFromCookies,
  cartStampFromCookies,
  hasConsentCookie,
  readCookies,
  serializeCartCookie,
  serializeConsentCookie,
} from "./cookies";

/** A Set-Cookie string as the pair a browser sends back and its attributes. */
function split(setCookie: string) {
  const [pair, ...attributes] = setCookie.split("; ");
  return { pair, attributes: new Set(attributes) };
}

describe("the cart cookie", () => {
  it("round-trips the cart in its compact form", () => {
    const cart = [
      { id: "17", amount: 2 },
      { id: "a-b_c", amount: 1 },
    ];
    const { pair } = split(serializeCartCookie(cart));
    expect(pair).toBe("cart=17.2~a-b_c.1");
    expect(cartFromCookies(`other=1; ${pair}`)).toEqual(cart);
  });

  it("lives 30 days on the whole site, readable by the browser's script, Secure only when asked", () => {
    const { attributes } = split(serializeCartCookie([{ id: "17", amount: 1 }]));
    expect(attributes).toEqual(new Set(["Max-Age=2592000", "Path=/", "SameSite=Lax"]));
    expect(split(serializeCartCookie([{ id: "17", amount: 1 }], { secure: true })).attributes).toContain("Secure");
  });

  it("is removed when the cart is empty", () => {
    expect(serializeCartCookie([], { secure: true })).toBe("cart=; Max-Age=0; Path=/; Secure; SameSite=Lax");
  });

  it("stays with its stamp when a change empties the cart, so the emptying stands", () => {
    expect(split(serializeCartCookie([], { stamp: "m1abc0" })).pair).toBe("cart=!m1abc0");
    expect(cartStampFromCookies("other=1; cart=!m1abc0~17.2")).toBe("m1abc0");
    expect(cartFromCookies("cart=!m1abc0~17.2")).toEqual([{ id: "17", amount: 2 }]);
  });

  it.each([undefined, null, "", "cart=", "cart=%E0%A4%A", "cart=..~17.-1~17.x", "carts=17.1", "garbage"])(
    "reads %j as an empty cart",
    (header) => {
      expect(cartFromCookies(header)).toEqual([]);
    },
  );

  it("takes the first of two cart cookies, as browsers send the most specific first", () => {
    expect(cartFromCookies("cart=17.1; cart=18.1")).toEqual([{ id: "17", amount: 1 }]);
  });
});

describe("the consent cookie", () => {
  it("is cookie_consent=1 for a year on the whole site, Secure only when asked", () => {
    expect(serializeConsentCookie()).toBe("cookie_consent=1; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(serializeConsentCookie({ secure: true })).toBe(
      "cookie_consent=1; Max-Age=31536000; Path=/; Secure; SameSite=Lax",
    );
  });

  it.each([
    ["cookie_consent=1", true],
    ["a=b; cookie_consent=1; c=d", true],
    ["cookie_consent=0", false],
    ["cookie_consent=", false],
    ["cookie_consent=%E0", false],
    ["", false],
    [null, false],
  ] as const)("reads %j as accepted: %s", (header, accepted) => {
    expect(hasConsentCookie(header)).toBe(accepted);
  });
});

describe("readCookies", () => {
  it("decodes values and tolerates junk", () => {
    expect(readCookies('a=%20b; junk; c="d"')).toEqual({ a: " b", c: "d" });
    expect(readCookies(undefined)).toEqual({});
  });
});
