import { osaDistance as osa } from "../../test/search-reference";
import { boundedDistance } from "./edit-distance";
import { createRandom, randomInt } from "./random";

describe("boundedDistance", () => {
  it.each([
    ["фильтр", "фильтр", 0],
    ["фыльтр", "фильтр", 1],
    ["колотка", "колодка", 1],
    ["филтьр", "фильтр", 1], // a swapped pair is one edit
    ["фильт", "фильтр", 1],
    ["j7", "j6", 1],
    ["", "ab", 2],
    ["масляный", "маслянный", 1],
  ])("%s ↔ %s = %i", (a, b, expected) => {
    expect(boundedDistance(a, b)).toBe(expected);
    expect(boundedDistance(b, a)).toBe(expected);
  });

  it("answers max + 1 for anything further", () => {
    expect(boundedDistance("фильтр", "насос")).toBe(3);
    expect(boundedDistance("abc", "abcdef")).toBe(3);
    // Optimal string alignment never edits a swapped pair again: 'ca' → 'abc' costs 3.
    expect(boundedDistance("ca", "abc")).toBe(3);
  });

  it("agrees with the full table on random words", () => {
    const random = createRandom(7);
    const word = () => Array.from({ length: randomInt(random, 0, 7) }, () => "abcд"[randomInt(random, 0, 3)]).join("");
    for (let k = 0; k < 3000; k++) {
      const [a, b] = [word(), word()];
      expect(boundedDistance(a, b), `${a} ↔ ${b}`).toBe(Math.min(osa(a, b), 3));
      expect(boundedDistance(a, b, 1), `${a} ↔ ${b}`).toBe(Math.min(osa(a, b), 2));
    }
  });
});
