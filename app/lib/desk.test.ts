import { describe, expect, it } from "vitest";
import { deskForPage } from "./desk";

describe("deskForPage", () => {
  it.each([
    ["/catalog/parts", "parts"],
    ["/catalog/parts/filtr-maslyanyj?x=1", "parts"],
    ["/cart", "parts"],
    ["/make-order", "parts"],
    ["/delivery", "parts"],
    ["/service", "service"],
    ["/", "sales"],
    ["/catalog/trucks/tyagach/faw-j7-6x4-460", "sales"],
    ["/catalog/partsx", "sales"],
    ["/leasing", "sales"],
  ])("%s is answered by %s", (path, desk) => {
    expect(deskForPage(path)).toBe(desk);
  });
});
