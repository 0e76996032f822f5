import { describe, expect, it } from "vitest";
import { ecommerceEvent } from "./analytics";

describe("ecommerceEvent", () => {
  const product = { id: "17", name: "Фильтр масляный", price: 1250, quantity: 1 };

  it.each(["add", "remove", "detail"] as const)("builds the %s event in Metrica's format", (action) => {
    expect(ecommerceEvent(action, [product])).toEqual({ ecommerce: { currencyCode: "RUB", [action]: { products: [product] } } });
  });

  it("builds a purchase with the order id", () => {
    expect(ecommerceEvent("purchase", [product], "A-1")).toEqual({
      ecommerce: { currencyCode: "RUB", purchase: { actionField: { id: "A-1" }, products: [product] } },
    });
  });
});
