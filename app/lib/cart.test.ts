import { describe, expect, it } from "vitest";
import {
  addItem,
  cartCount,
  clampToStock,
  clearCart,
  decodeCartCookie,
  encodeCartCookie,
  findItem,
  fitsInCookie,
  forSale,
  removeItem,
  sanitizeCart,
  setAmount,
  applyCartIntent,
  CART_FULL_MESSAGE,
  cartCookieStamp,
  cartToKeep,
  newCartStamp,
} from "./cart";

describe("cart", () => {
  it("adds a new item and increases an existing one", () => {
    let cart = addItem([], "a");
    expect(cart).toEqual([{ id: "a", amount: 1 }]);
    cart = addItem(cart, "b", 2);
    cart = addItem(cart, "a");
    expect(cart).toEqual([
      { id: "a", amount: 2 },
      { id: "b", amount: 2 },
    ]);
    expect(cartCount(cart)).toBe(4);
  });

  it("removes by decreasing and drops items at zero", () => {
    const cart = removeItem(
      removeItem(
        [
          { id: "a", amount: 2 },
          { id: "b", amount: 1 },
        ],
        "a",
      ),
      "b",
    );
    expect(cart).toEqual([{ id: "a", amount: 1 }]);
    expect(removeItem(cart, "a")).toEqual([]);
  });

  it("looks up by id and clears", () => {
    expect(findItem([{ id: "x", amount: 3 }], "x")?.amount).toBe(3);
    expect(findItem([{ id: "x", amount: 3 }], "y")).toBeUndefined();
    expect(clearCart()).toEqual([]);
  });

  it("sets an amount clamped to 0..balance", () => {
    expect(setAmount([], "a", 7, 5)).toEqual([{ id: "a", amount: 5 }]);
    expect(setAmount([{ id: "a", amount: 2 }], "a", -3, 5)).toEqual([]);
  });

  it("clamps to stock and drops unknown or sold-out parts", () => {
    const balances: Record<string, number> = { a: 2, b: 0 };
    expect(
      clampToStock(
        [
          { id: "a", amount: 5 },
          { id: "b", amount: 1 },
          { id: "zzz", amount: 1 },
        ],
        (id) => balances[id],
      ),
    ).toEqual([{ id: "a", amount: 2 }]);
  });

  it("round-trips through the cookie codec", () => {
    const cart = [
      { id: "101", amount: 2 },
      { id: "p-7_x", amount: 1 },
    ];
    expect(decodeCartCookie(encodeCartCookie(cart))).toEqual(cart);
  });

  it.each(["", "garbage", "a.b~c", "<script>.1", "x.-1", "x.1e9", "~~~", ".5", "a.1".repeat(5000)])(
    "treats a malformed cookie %# as an empty or partial cart without throwing",
    (value) => {
      const cart = decodeCartCookie(value);
      for (const item of cart) {
        expect(item.amount).toBeGreaterThan(0);
        expect(item.id).toMatch(/^[A-Za-z0-9_-]+$/);
      }
    },
  );

  it("sanitises foreign values", () => {
    expect(sanitizeCart("nope")).toEqual([]);
    expect(sanitizeCart([{ id: 5, amount: 2 }, { id: "a", amount: 0 }, null, { id: "b" }])).toEqual([
      { id: "5", amount: 2 },
    ]);
  });

  it("knows when a cart would overflow the cookie", () => {
    const big = Array.from({ length: 400 }, (_, i) => ({ id: `part-${i}`, amount: 1 }));
    expect(fitsInCookie(big.slice(0, 10))).toBe(true);
    expect(fitsInCookie(big)).toBe(false);
  });
});

describe("applyCartIntent", () => {
  const part = { id: "7", name: "Фильтр", price: 100, balance: 2 };

  it("never adds a part without a price (the parts API's 0: 'Цена по запросу')", () => {
    expect(applyCartIntent([], "add", { ...part, price: 0 })).toMatchObject({ cart: [], delta: 0 });
    expect(forSale({ price: 0, balance: 5 })).toBe(0);
    expect(forSale({ price: 10, balance: 5 })).toBe(5);
    expect(forSale(undefined)).toBeUndefined();
  });

  it("adds up to the balance and no further", () => {
    let change = applyCartIntent([], "add", part);
    expect(change).toMatchObject({ cart: [{ id: "7", amount: 1 }], delta: 1 });
    change = applyCartIntent(change.cart, "add", part);
    change = applyCartIntent(change.cart, "add", part);
    expect(change).toMatchObject({ cart: [{ id: "7", amount: 2 }], delta: 0 });
  });

  it("does nothing for a part with zero balance", () => {
    expect(applyCartIntent([], "add", { ...part, balance: 0 })).toEqual({ cart: [], delta: 0 });
  });

  it("removes one, never below zero, and deletes the whole line", () => {
    expect(applyCartIntent([{ id: "7", amount: 2 }], "remove", part)).toEqual({
      cart: [{ id: "7", amount: 1 }],
      delta: -1,
    });
    expect(applyCartIntent([], "remove", part)).toEqual({ cart: [], delta: 0 });
    expect(
      applyCartIntent(
        [
          { id: "7", amount: 2 },
          { id: "8", amount: 1 },
        ],
        "delete",
        part,
      ),
    ).toEqual({ cart: [{ id: "8", amount: 1 }], delta: -2 });
  });

  it("refuses an add that would overflow the cookie, with a message", () => {
    const full: { id: string; amount: number }[] = [];
    while (fitsInCookie([...full, { id: `part-${full.length}`, amount: 1 }]))
      full.push({ id: `part-${full.length}`, amount: 1 });
    expect(full.length).toBeGreaterThan(200);
    const change = applyCartIntent(full, "add", { ...part, id: "another-long-part-id" });
    expect(change.cart).toBe(full);
    expect(change.error).toBe(CART_FULL_MESSAGE);
  });
});

describe("the change stamp", () => {
  const browser = [{ id: "17", amount: 2 }];

  it("leads the cookie, and a reader of items skips it", () => {
    const value = encodeCartCookie(browser, "m1abc0");
    expect(value).toBe("!m1abc0~17.2");
    expect(decodeCartCookie(value)).toEqual(browser);
    expect(cartCookieStamp(value)).toBe("m1abc0");
    expect(encodeCartCookie([], "m1abc0")).toBe("!m1abc0");
    expect(cartCookieStamp("!m1abc0")).toBe("m1abc0");
  });

  it.each([undefined, null, "", "17.2", "17.2~!m1abc0", "!", "!A.B~17.2", "!m1-abc"])("is none in %j", (value) => {
    expect(cartCookieStamp(value)).toBeUndefined();
  });

  it("is new for every write, whatever the clock", () => {
    const a = newCartStamp(Date.UTC(2026, 11, 7), 0.1);
    const b = newCartStamp(Date.UTC(2026, 11, 7), 0.2);
    expect(a).not.toBe(b);
    expect(cartCookieStamp(encodeCartCookie(browser, a))).toBe(a);
    expect(cartCookieStamp(encodeCartCookie(browser, newCartStamp(0, 0)))).toBe("00000");
  });

  it("keeps the server's cart when the server changed it after the browser's last write", () => {
    expect(cartToKeep({ cart: browser, stamp: "a1" }, "b2")).toBe("server");
    // No stamp kept by the browser (its first visit, or a cart from before stamps).
    expect(cartToKeep({ cart: browser, stamp: undefined }, "b2")).toBe("server");
  });

  it("keeps the browser's cart when the cookie is its own write, lost, or from before stamps", () => {
    expect(cartToKeep({ cart: browser, stamp: "a1" }, "a1")).toBe("browser");
    expect(cartToKeep({ cart: browser, stamp: "a1" }, undefined)).toBe("browser");
    expect(cartToKeep({ cart: browser, stamp: undefined }, undefined)).toBe("browser");
  });

  it("adopts the server's cart when the browser holds none", () => {
    expect(cartToKeep({ cart: undefined, stamp: undefined }, undefined)).toBe("server");
    expect(cartToKeep({ cart: [], stamp: "a1" }, "a1")).toBe("server");
  });
});
