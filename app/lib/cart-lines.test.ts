import { describe, expect, it } from "vitest";
import {
  cartLines,
  cartTotal,
  linesSeen,
  sameGoods,
  shownCartLines,
  unavailableLines,
  type CartLine,
} from "./cart-lines";
import type { Part } from "./part";

const part = (id: string, price: number, balance: number): Part => ({
  id,
  slug: `p-${id}`,
  name: `Деталь ${id}`,
  fullName: `Деталь ${id} FAW`,
  article: "",
  group: "FAW J6",
  price,
  balance,
  images: [],
  description: "",
});

describe("unavailableLines", () => {
  it("names each part of the cart that cannot be bought now, and why, in the cart's order", () => {
    const byId = new Map([part("1", 100, 5), part("2", 0, 3), part("3", 10, 0), part("5", 0, 0)].map((p) => [p.id, p]));
    const cart = ["3", "1", "9", "2", "5"].map((id) => ({ id, amount: 1 }));
    expect(unavailableLines(cart, byId)).toEqual([
      { id: "3", slug: "p-3", name: "Деталь 3 FAW", reason: "sold-out" },
      { id: "2", slug: "p-2", name: "Деталь 2 FAW", reason: "unpriced" },
      { id: "5", slug: "p-5", name: "Деталь 5 FAW", reason: "unpriced" },
    ]);
    expect(cartLines(cart, byId).map((l) => l.id)).toEqual(["1"]);
  });
});

describe("cartLines", () => {
  const byId = new Map([part("1", 100, 5), part("2", 250.5, 1), part("3", 10, 0)].map((p) => [p.id, p]));

  it("drops a part without a price: an order is never taken at 0 ₽", () => {
    const unpriced = new Map([part("1", 100, 5), part("4", 0, 3)].map((p) => [p.id, p]));
    const lines = cartLines(
      [
        { id: "1", amount: 1 },
        { id: "4", amount: 2 },
      ],
      unpriced,
    );
    expect(lines.map((l) => l.id)).toEqual(["1"]);
  });

  it("clamps to balance and drops unknown and sold-out parts", () => {
    const lines = cartLines(
      [
        { id: "1", amount: 2 },
        { id: "2", amount: 4 },
        { id: "3", amount: 1 },
        { id: "9", amount: 1 },
      ],
      byId,
    );
    expect(lines.map((l) => [l.id, l.amount])).toEqual([
      ["1", 2],
      ["2", 1],
    ]);
    expect(lines[0].name).toBe("Деталь 1 FAW");
    expect(cartTotal(lines)).toBe(450.5);
  });
});

describe("cartTotal", () => {
  it("adds prices with kopecks exactly: 5 000 ₽ of goods is 5 000 ₽, not a hair under", () => {
    // In floating point these add up to 4999.999999999999.
    const lines = [247.32, 404.38, 1448.62, 1230.11, 1669.57].map((price) => ({ price, amount: 1 }));
    expect(cartTotal(lines)).toBe(5000);
    expect(
      cartTotal([
        { price: 0.1, amount: 3 },
        { price: 0.2, amount: 1 },
      ]),
    ).toBe(0.5);
  });
});

describe("sameGoods", () => {
  it("is the same parts in the same amounts, in any order and at any price", () => {
    const a = [
      { id: "1", amount: 2, price: 100 },
      { id: "2", amount: 1, price: 250.5 },
    ];
    expect(sameGoods(a, [a[1], { ...a[0], price: 120 }])).toBe(true);
    expect(sameGoods(a, [a[0], { ...a[1], amount: 2 }])).toBe(false);
    expect(sameGoods(a, [a[0]])).toBe(false);
  });
});

describe("linesSeen", () => {
  const line = (id: string, amount: number, price: number) => ({ id, amount, price });

  it("is the same for the same parts, amounts and prices in any order", () => {
    expect(linesSeen([line("1", 2, 100), line("2", 1, 250.5)])).toBe(
      linesSeen([line("2", 1, 250.5), line("1", 2, 100)]),
    );
  });

  it("differs when a price, an amount or a part changes", () => {
    const seen = linesSeen([line("1", 2, 100), line("2", 1, 250.5)]);
    expect(linesSeen([line("1", 2, 100), line("2", 1, 260)])).not.toBe(seen);
    expect(linesSeen([line("1", 1, 100), line("2", 1, 250.5)])).not.toBe(seen);
    expect(linesSeen([line("1", 2, 100)])).not.toBe(seen);
  });

  it("tells ids apart whatever characters they hold", () => {
    expect(linesSeen([line("1,2", 1, 1)])).not.toBe(linesSeen([line("1", 1, 1), line("2", 1, 1)]));
  });
});

describe("shownCartLines", () => {
  const line = (id: string, amount: number, balance: number): CartLine => ({
    id,
    slug: `p-${id}`,
    name: id,
    article: "",
    price: 10,
    balance,
    amount,
  });
  const lines = [line("1", 2, 5), line("2", 1, 3), line("3", 4, 4)];

  it("keeps the server's amounts until the browser cart is known", () => {
    expect(shownCartLines(lines).map((l) => [l.id, l.amount])).toEqual([
      ["1", 2],
      ["2", 1],
      ["3", 4],
    ]);
  });

  it("takes the browser cart's amounts, clamped to the balance, and drops the lines it no longer holds", () => {
    const browser = new Map([
      ["1", 3],
      ["3", 9],
    ]);
    expect(shownCartLines(lines, (id) => browser.get(id) ?? 0).map((l) => [l.id, l.amount])).toEqual([
      ["1", 3],
      ["3", 4],
    ]);
  });
});
