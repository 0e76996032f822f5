import { describe, expect, it } from "vitest";
import { DELIVERY } from "~/content";
import {
  CARRIERS,
  deliveryCost,
  deliveryCostText,
  deliveryDetails,
  deliveryLabel,
  orderPriceNote,
  OTHER_CARRIER,
  parseDelivery,
} from "./delivery";

describe("delivery", () => {
  // The dealer's prices and free-delivery sum (spec §9: 300 ₽ each, free from 5 000 ₽), either side of it.
  const { freeFrom, courierPrice, transportCompanyPrice } = DELIVERY;
  it.each([
    ["pickup", freeFrom - 1, 0],
    ["pickup", freeFrom * 2, 0],
    ["courier", freeFrom - 1, courierPrice],
    ["courier", freeFrom, 0],
    ["transport", freeFrom - 0.5, transportCompanyPrice],
    ["transport", freeFrom, 0],
  ] as const)("%s for %d ₽ of goods costs %d ₽", (method, goods, cost) => {
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

describe("where an order goes", () => {
  const answers = { address: "ул. Ленина, 1", carrier: CARRIERS[1], carrierName: "" };
  it("keeps only what the chosen method asks for", () => {
    expect(deliveryDetails({ ...answers, delivery: "pickup" })).toEqual({});
    expect(deliveryDetails({ ...answers, delivery: "courier" })).toEqual({ address: "ул. Ленина, 1" });
    expect(deliveryDetails({ ...answers, delivery: "transport" })).toEqual({ carrier: CARRIERS[1] });
    expect(
      deliveryDetails({ ...answers, delivery: "transport", carrier: OTHER_CARRIER, carrierName: "Мейджик Транс" }),
    ).toEqual({ carrier: "Мейджик Транс" });
  });

  it("offers the dealer's list of transport companies", () => {
    expect(CARRIERS).toEqual(DELIVERY.carriers);
    expect(CARRIERS).not.toContain(OTHER_CARRIER);
  });
});

describe("the line under an order's total", () => {
  it("says the delivery is included only when there is one to include", () => {
    expect(orderPriceNote({ label: deliveryLabel("pickup") })).toBe("Цены с учетом НДС, самовывоз.");
    expect(orderPriceNote({ label: deliveryLabel("courier") })).toBe("Цены с учетом НДС, доставка включена.");
    expect(orderPriceNote({ label: deliveryLabel("transport") })).toBe("Цены с учетом НДС, доставка включена.");
    expect(orderPriceNote(null)).toBe("Цены с учетом НДС, без доставки.");
  });
});
