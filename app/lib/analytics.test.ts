import { describe, expect, it } from "vitest";
import { ecommerceEvent, METRICA_INIT_OPTIONS, metricaGoal, metricaPixelUrl } from "./analytics";

describe("ecommerceEvent", () => {
  const product = { id: "17", name: "Фильтр масляный", price: 1250, quantity: 1 };

  it.each(["add", "remove", "detail"] as const)("builds the %s event in Metrica's format", (action) => {
    expect(ecommerceEvent(action, [product])).toEqual({
      ecommerce: { currencyCode: "RUB", [action]: { products: [product] } },
    });
  });

  it("builds a purchase with the order id", () => {
    expect(ecommerceEvent("purchase", [product], "A-1")).toEqual({
      ecommerce: { currencyCode: "RUB", purchase: { actionField: { id: "A-1" }, products: [product] } },
    });
  });
});

describe("Yandex Metrica", () => {
  it("reads the e-commerce events from window.dataLayer", () => {
    expect(METRICA_INIT_OPTIONS.ecommerce).toBe("dataLayer");
  });

  it("reaches a goal on the pages a lead and an order end on, and nowhere else", () => {
    expect(metricaGoal("/form-success")).toBe("lead_sent");
    expect(metricaGoal("/form-success/")).toBe("lead_sent");
    expect(metricaGoal("/order-success")).toBe("order_sent");
    expect(metricaGoal("/")).toBeUndefined();
    expect(metricaGoal("/make-order")).toBeUndefined();
    expect(metricaGoal("/toString")).toBeUndefined();
  });

  it("builds the no-JavaScript pixel of the counter", () => {
    expect(metricaPixelUrl("98765432")).toBe("https://mc.yandex.ru/watch/98765432");
  });
});
