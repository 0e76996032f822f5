import { describe, expect, it } from "vitest";
import { deliveryCost, deliveryCostText, deliveryLabel, parseDelivery } from "./delivery";

describe("delivery", () => {
  it.each([
    ["pickup", 1_000, 0],
    ["pickup", 10_000, 0],
    ["courier", 4_999, 300],
    ["courier", 5_000, 0],
    ["transport", 4_999.5, 300],
    ["transport", 5_000, 0],
  ] as const)("%s for %d ₽ of goods costs %d ₽ (spec §9)", (method, goods, cost) => {
    expect(deliveryCost(method, goods)).toBe(cost);
  });

  it("reads an unknown or missing method as pickup", () => {
    for (const value of [undefined, "", "post", ["courier"], "__proto__"]) expect(parseDelivery(value)).toBe("pickup");
    expect(parseDelivery("transport")).toBe("transport");
  });

  it("names the methods and their cost in Russian", () => {
    expect(deliveryLabel("transport")).toBe("До транспортной компании");
    expect(deliveryCostText(0)).toBe("бесплатно");
    expect(deliveryCostText(300)).toBe("300\u00a0₽");
  });
});
