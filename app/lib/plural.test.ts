import { describe, expect, it } from "vitest";
import { counted, plural } from "./plural";

describe("plural", () => {
  const forms = ["рубль", "рубля", "рублей"] as const;
  it.each([
    [1, "рубль"],
    [2, "рубля"],
    [4, "рубля"],
    [5, "рублей"],
    [11, "рублей"],
    [12, "рублей"],
    [19, "рублей"],
    [20, "рублей"],
    [21, "рубль"],
    [111, "рублей"],
    [112, "рублей"],
    [122, "рубля"],
    [0, "рублей"],
  ])("%s %s", (n, form) => {
    expect(plural(n, forms)).toBe(form);
  });
});

describe("counted", () => {
  it.each([
    [1, "1 день"],
    [2, "2 дня"],
    [5, "5 дней"],
    [21, "21 день"],
  ])("%s days: %s", (n, text) => {
    expect(counted(n, ["день", "дня", "дней"])).toBe(text);
  });
});
