import { htmlSafeFields } from "~/lib/notify-text";
import { derivedOrderNumber } from "~/lib/order-number";
import type { LeadRecord } from "../lead-record.server";
import { exchangeOrderOf, PAYMENT_BY_INVOICE, PAYMENT_ON_RECEIPT } from "./order-mapping.server";

const id = "3f2a9c1b-0000-4000-8000-000000000001";

function record(overrides: Partial<LeadRecord> = {}, fields: Record<string, string> = {}): LeadRecord {
  const all = {
    name: "Иван",
    phone: "+79130001122",
    email: "i@example.ru",
    comment: "<после 18:00> & звонить",
    ...fields,
  };
  return {
    id,
    form: "order",
    createdAt: "2026-12-07T03:04:05.000Z",
    status: "delivered",
    request: {
      kind: "json",
      body: { name: "order", fields: htmlSafeFields(Object.entries(all).map(([key, value]) => ({ key, value }))) },
    },
    attempts: [],
    order: {
      lines: [{ id: "p-1", slug: "filtr-p-1", name: "Фильтр", article: "A-1", price: 100.5, amount: 2 }],
      total: 701,
      delivery: { label: "Курьер по городу", cost: 500, address: "ул. Ленина, 1", city: "Красноярск" },
      customer: { name: "Иван", inn: "", email: "i@example.ru", invoice: false },
    },
    ...overrides,
  };
}

describe("exchangeOrderOf", () => {
  it("takes a person's order as it is kept, the comment as typed", () => {
    expect(exchangeOrderOf(record())).toEqual({
      id,
      number: derivedOrderNumber(id),
      placedAt: "2026-12-07T03:04:05.000Z",
      lines: [{ id: "p-1", article: "A-1", name: "Фильтр", price: 100.5, amount: 2 }],
      total: 701,
      delivery: { label: "Курьер по городу", cost: 500, address: "ул. Ленина, 1", city: "Красноярск" },
      customer: { name: "Иван", phone: "+79130001122", email: "i@example.ru", invoice: false },
      payment: PAYMENT_ON_RECEIPT,
      comment: "<после 18:00> & звонить",
      status: "Новый",
    });
  });

  it("gives 1C the number kept with the order, the one the customer saw", () => {
    const base = record();
    expect(exchangeOrderOf(record({ order: { ...base.order!, number: "4821-0937" } }))?.number).toBe("4821-0937");
  });

  it("names the company the customer gave with an invoice when the register did not", () => {
    const base = record();
    const order = exchangeOrderOf(
      record(
        { order: { ...base.order!, customer: { name: "Иван", inn: "2465000000", email: "", invoice: true } } },
        { companyName: "ООО «Ромашка»", email: "" },
      ),
    )!;
    expect(order.company).toEqual({ inn: "2465000000", name: "ООО «Ромашка»" });
    expect(order.payment).toBe(PAYMENT_BY_INVOICE);
    expect(order.customer.email).toBeUndefined();
  });

  it("leaves out leads that are no orders", () => {
    expect(exchangeOrderOf(record({ form: "callback", order: undefined }))).toBeUndefined();
  });
});
