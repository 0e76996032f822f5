import { describe, expect, it } from "vitest";
import { INVOICE_TERMS, LEGAL } from "~/content";
import {
  buildInvoice,
  buyerLine,
  formatAmount,
  invoiceDate,
  invoiceRows,
  vatIncluded,
  type InvoiceOrder,
} from "./invoice";

const order: InvoiceOrder = {
  number: "3F2A-9C1B",
  createdAt: "2026-11-27T05:00:00.000Z",
  lines: [
    { article: "1012010-81DJ", name: "Фильтр масляный", price: 1250, amount: 4 },
    { article: "", name: "Колодка тормозная", price: 3650.5, amount: 2 },
  ],
  delivery: { label: "Курьер по городу", cost: 300 },
  buyer: { name: "Иванов Иван", inn: "246512345602" },
};

describe("vatIncluded", () => {
  it.each([
    // 12 600 × 22 / 122 = 2 272.131…
    [12600, 22, 2272.13],
    [122, 22, 22],
    [100, 22, 18.03],
    // 1 × 22 / 122 = 0.1803…
    [1, 22, 0.18],
    [12000, 20, 2000],
    [0, 22, 0],
    [999.99, 0, 0],
  ])("%s ₽ at %s %% holds %s ₽", (total, rate, vat) => {
    expect(vatIncluded(total, rate)).toBe(vat);
  });

  it("rounds half up to kopecks", () => {
    // 0.61 × 22 / 122 = 0.11 (10.99 kopecks → 11)
    expect(vatIncluded(0.61, 22)).toBe(0.11);
  });
});

describe("formatAmount", () => {
  it("writes two decimals with grouped thousands", () => {
    expect(formatAmount(12600)).toBe("12\u00a0600,00");
    expect(formatAmount(3650.5)).toBe("3\u00a0650,50");
    expect(formatAmount(0.1 + 0.2)).toBe("0,30");
    expect(formatAmount(1_234_567.891)).toBe("1\u00a0234\u00a0567,89");
  });
});

describe("invoiceDate", () => {
  it("is the day in Krasnoyarsk, the month in the genitive", () => {
    expect(invoiceDate("2026-11-27T05:00:00.000Z")).toBe("27 ноября 2026 г.");
    // 20:00 UTC is 03:00 the next day in Krasnoyarsk (UTC+7).
    expect(invoiceDate("2026-01-31T20:00:00.000Z")).toBe("1 февраля 2026 г.");
  });
});

describe("buyerLine", () => {
  it("names the company with its ИНН, КПП and address when the lookup found it", () => {
    expect(
      buyerLine({
        name: "Иванов Иван",
        inn: "2465000014",
        company: { inn: "2465000014", name: "ООО «Ромашка»", kpp: "246501002", address: "г Красноярск, ул Мира, д 1" },
      }),
    ).toBe("ООО «Ромашка», ИНН 2465000014, КПП 246501002, г Красноярск, ул Мира, д 1");
  });

  it("leaves out a КПП a sole trader does not have", () => {
    expect(
      buyerLine({ name: "Петров", inn: "246512345602", company: { inn: "246512345602", name: "ИП Петров П П" } }),
    ).toBe("ИП Петров П П, ИНН 246512345602");
  });

  it("falls back to the ИНН and the customer's name", () => {
    expect(buyerLine(order.buyer)).toBe("ИНН 246512345602, Иванов Иван");
  });
});

describe("invoiceRows", () => {
  it("has a row per line with its sum, then the delivery when it costs", () => {
    expect(invoiceRows(order)).toEqual([
      { no: 1, article: "1012010-81DJ", name: "Фильтр масляный", amount: 4, unit: "шт", price: 1250, sum: 5000 },
      { no: 2, article: "—", name: "Колодка тормозная", amount: 2, unit: "шт", price: 3650.5, sum: 7301 },
      { no: 3, article: "—", name: "Доставка: Курьер по городу", amount: 1, unit: "усл.", price: 300, sum: 300 },
    ]);
  });

  it("leaves out a free delivery and an order kept without one", () => {
    expect(invoiceRows({ ...order, delivery: { label: "Самовывоз", cost: 0 } })).toHaveLength(2);
    expect(invoiceRows({ ...order, delivery: undefined })).toHaveLength(2);
  });
});

describe("buildInvoice", () => {
  const invoice = buildInvoice(order, LEGAL, INVOICE_TERMS);

  it("totals the rows, states the VAT they include and writes the sum out", () => {
    expect(invoice.total).toBe(12601);
    expect(invoice.vat).toBe(vatIncluded(12601, INVOICE_TERMS.vatPercent));
    expect(invoice.vatLabel).toBe(`В том числе НДС (${INVOICE_TERMS.vatPercent} %)`);
    expect(invoice.totalInWords).toBe("Двенадцать тысяч шестьсот один рубль 00 копеек");
  });

  it("is titled with the order's number and date", () => {
    expect(invoice.title).toBe("Счёт на оплату № 3F2A-9C1B от 27 ноября 2026 г.");
    expect(invoice.supplier).toBe(LEGAL);
    expect(invoice.buyer).toBe("ИНН 246512345602, Иванов Иван");
  });

  it.each([
    [1, "Счёт действителен 1 банковский день"],
    [3, "Счёт действителен 3 банковских дня"],
    [5, "Счёт действителен 5 банковских дней"],
    [21, "Счёт действителен 21 банковский день"],
  ])("is valid for %s days: '%s'", (days, text) => {
    expect(buildInvoice(order, LEGAL, { ...INVOICE_TERMS, validBankDays: days }).validity).toBe(text);
  });
});
