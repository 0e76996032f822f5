import { describe, expect, it } from "vitest";
import {
  derivedOrderNumber,
  newOrderNumber,
  ORDER_NUMBER_PATTERN,
  ORDER_NUMBER_TRIES,
  orderNumberOf,
  randomOrderNumber,
  siteOrderIdIn,
  siteOrderNumberIn,
} from "./order-number";

describe("randomOrderNumber", () => {
  it("is eight digits in two groups of four, the draw's last eight digits, zeros kept", () => {
    expect(randomOrderNumber(() => 48210937)).toBe("4821-0937");
    expect(randomOrderNumber(() => 5)).toBe("0000-0005");
    expect(randomOrderNumber(() => 4_294_967_295)).toBe("9496-7295");
  });

  it("draws digits only, and not in sequence", () => {
    const drawn = Array.from({ length: 2000 }, () => randomOrderNumber());
    for (const number of drawn) expect(number).toMatch(ORDER_NUMBER_PATTERN);
    // 2000 draws of 10^8 numbers: a repeat is a one-in-fifty chance, more than two is a broken source.
    expect(new Set(drawn).size).toBeGreaterThan(1997);
    const values = drawn.map((n) => Number(n.replace("-", "")));
    const ascending = values.filter((v, i) => i > 0 && v > values[i - 1]).length;
    expect(ascending).toBeGreaterThan(800);
    expect(ascending).toBeLessThan(1200);
  });
});

describe("newOrderNumber", () => {
  it("draws again while the number drawn is taken, and takes the first free one", async () => {
    const given = new Set(["1111-1111", "2222-2222"]);
    const draws = [11111111, 22222222, 33333333];
    const asked: string[] = [];
    const number = await newOrderNumber(
      async (n) => {
        asked.push(n);
        if (given.has(n)) return false;
        given.add(n);
        return true;
      },
      { draw: () => draws.shift()! },
    );
    expect(number).toBe("3333-3333");
    expect(asked).toEqual(["1111-1111", "2222-2222", "3333-3333"]);
    expect(given.has("3333-3333")).toBe(true);
  });

  it("gives unique numbers to orders placed at once", async () => {
    const given = new Set<string>();
    // A source of only ten numbers: collisions all the time, never a number twice.
    const take = async (n: string) => {
      await Promise.resolve();
      if (given.has(n)) return false;
      given.add(n);
      return true;
    };
    const numbers = await Promise.all(
      Array.from({ length: 8 }, () => newOrderNumber(take, { draw: () => Math.floor(Math.random() * 10), tries: 500 })),
    );
    expect(new Set(numbers).size).toBe(8);
  });

  it("fails after its tries when every number is taken", async () => {
    let asked = 0;
    const take = async () => {
      asked++;
      return false;
    };
    await expect(newOrderNumber(take)).rejects.toThrow(/no free order number/);
    expect(asked).toBe(ORDER_NUMBER_TRIES);
  });
});

describe("an order's number", () => {
  const id = "3f2a9c1b-7d4e-4a10-9b2c-0e5f6a7b8c9d";

  it("is the number kept with the order", () => {
    expect(orderNumberOf({ id, order: { number: "4821-0937" } })).toBe("4821-0937");
  });

  it("of an order kept before numbers were drawn, is its id's first 8 hex digits, as it was given", () => {
    expect(derivedOrderNumber(id)).toBe("3F2A-9C1B");
    expect(orderNumberOf({ id, order: {} })).toBe("3F2A-9C1B");
    expect(orderNumberOf({ id })).toBe("3F2A-9C1B");
  });
});

describe("the site's number in one 1C writes back", () => {
  it.each([
    ["4821-0937", "4821-0937"],
    [" 4821-0937 ", "4821-0937"],
    ["4821 - 0937", "4821-0937"],
    ["004821-0937", "4821-0937"],
    ["0000-0005", "0000-0005"],
    ["00000-0005", "0000-0005"],
    ["№ 4821-0937", "4821-0937"],
    ["ЦБ-4821-0937", "4821-0937"],
    ["ЦБ-004821-0937", "4821-0937"],
    ["САЙТ4821-0937", "4821-0937"],
    ["ИМ/4821-0937", "4821-0937"],
    ["4821–0937", "4821-0937"],
    ["1ce1-9fe1", "1CE1-9FE1"],
  ])("finds it in %j", (onec, site) => {
    expect(siteOrderNumberIn(onec)).toBe(site);
  });

  it.each([
    "14821-0937",
    "94821-0937",
    "WEB4821-0937",
    "A1CE1-9FE1",
    "4821-0937/1",
    "4821-09370",
    "48210937",
    "4821-937",
    "ЦБ-00000123",
    "",
  ])("names none in %j, whatever order it might be", (onec) => {
    expect(siteOrderNumberIn(onec)).toBeUndefined();
  });

  it("takes the site's order id from the document's Ид, braces and case aside, nothing else", () => {
    const id = "3f2a9c1b-0d4e-4f6a-8b7c-9d0e1f2a3b4c";
    expect(siteOrderIdIn(id)).toBe(id);
    expect(siteOrderIdIn(` {${id.toUpperCase()}} `)).toBe(id);
    expect(siteOrderIdIn(`${id}#1`)).toBeUndefined();
    expect(siteOrderIdIn("4821-0937")).toBeUndefined();
    expect(siteOrderIdIn(undefined)).toBeUndefined();
  });
});
