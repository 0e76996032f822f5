import { switchLayout } from "./keyboard-layout";

describe("switchLayout", () => {
  it.each([
    ["ajkmnh", "фольтр"],
    ["abkmnh", "фильтр"],
    ["Abkmnh", "Фильтр"],
    ["rjkjlrf", "колодка"],
    ["цп", "wg"],
    ["ЦП9725", "WG9725"],
    ["wg9725", "цп9725"],
    ["yfcjc", "насос"],
    ["d'k", "вэл"],
    ["b,jr", "ибок"],
    ["1012015", "1012015"],
    ["", ""],
  ])("%s → %s", (typed, expected) => {
    expect(switchLayout(typed)).toBe(expected);
  });

  it("maps Cyrillic back to the keys it was typed on", () => {
    expect(switchLayout("ашдеук")).toBe("filter");
    expect(switchLayout("жбю")).toBe(";,.");
  });
});
