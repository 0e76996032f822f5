import { describe, expect, it } from "vitest";
import { DEALER, DESKS, deskPhone } from "~/content";
import { orderMailSubject, orderMailText, type OrderMailOrder, type OrderMailSender } from "./order-mail";

const sender: OrderMailSender = {
  dealerName: DEALER.name,
  siteUrl: "https://dealer.example",
  desk: {
    name: DESKS.parts.name,
    phone: deskPhone("parts").display,
    email: DESKS.parts.email,
    workTime: DESKS.parts.workTime,
  },
};

const order: OrderMailOrder = {
  number: "3F2A-9C1B",
  createdAt: "2026-11-27T05:00:00.000Z",
  customerName: "Иван",
  lines: [
    { name: "Фильтр масляный", article: "1012010-81DJ", price: 1250, amount: 4 },
    { name: "Колодка", article: "", price: 3650.5, amount: 2 },
  ],
  delivery: { label: "Курьер по городу", cost: 300, address: "г. Красноярск, ул. Мира, 1, кв. 2" },
  total: 12601,
  invoice: true,
};

describe("the order confirmation e-mail", () => {
  it("is titled with the order number and the dealer's name", () => {
    expect(orderMailSubject("3F2A-9C1B", DEALER.name)).toBe(`Заказ № 3F2A-9C1B — ${DEALER.name}`);
  });

  const text = orderMailText(order, sender);

  it("lists each line with its quantity, price and sum", () => {
    expect(text).toContain("1. Фильтр масляный, артикул 1012010-81DJ — 4 шт. × 1 250 ₽ = 5 000 ₽");
    expect(text).toContain("2. Колодка — 2 шт. × 3 650,5 ₽ = 7 301 ₽");
  });

  it("names the delivery, where it goes and the total", () => {
    expect(text).toContain("Доставка: Курьер по городу, 300 ₽");
    expect(text).toContain("Адрес доставки: г. Красноярск, ул. Мира, 1, кв. 2");
    expect(text).toContain("Итого: 12 601 ₽");
    expect(text).not.toContain("Транспортная компания");
    const byCarrier = { ...order.delivery!, address: undefined, carrier: "ПЭК" };
    expect(orderMailText({ ...order, delivery: byCarrier }, sender)).toContain("Транспортная компания: ПЭК");
    expect(orderMailText({ ...order, delivery: { ...byCarrier, city: "Омск" } }, sender)).toContain(
      "Транспортная компания: ПЭК, город получения: Омск",
    );
  });

  it("dates the order in one sentence, with a single full stop after 'г.'", () => {
    expect(text).toContain("от 27 ноября 2026 г. Менеджер позвонит вам");
    expect(text).not.toContain("г..");
  });

  it("gives the parts desk's phone and e-mail", () => {
    expect(text).toContain(`${DESKS.parts.name}, ${deskPhone("parts").display}, ${DESKS.parts.email}`);
  });

  it("mentions the attached invoice only when there is one", () => {
    expect(text).toContain("Счёт на оплату — во вложении");
    expect(orderMailText({ ...order, invoice: false }, sender)).not.toContain("Счёт");
  });

  it("keeps no no-break spaces, which some mail programs show as odd characters", () => {
    expect(text).not.toMatch(/\u00a0/);
  });
});
