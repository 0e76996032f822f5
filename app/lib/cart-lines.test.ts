import { describe, expect, it } from "vitest";
import { cartLines, cartTotal } from "./cart-lines";
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

describe("cartLines", () => {
  const byId = new Map([part("1", 100, 5), part("2", 250.5, 1), part("3", 10, 0)].map((p) => [p.id, p]));

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
