import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INVOICE_TERMS, LEGAL } from "~/content";
import { formatAmount, invoiceDate, vatIncluded } from "~/lib/invoice";
import { derivedOrderNumber, orderNumberOf } from "~/lib/order-number";
import { sumInWords } from "~/lib/sum-in-words";
import { pdfText } from "../test/pdf-text";
import { freshStore, type TestStore } from "../test/stores";
import { hasInvoice, invoicePath, issuedInvoice, orderInvoicePdf } from "./invoice.server";
import { newLeadId, type LeadRecord, type OrderSummary } from "./lead-record.server";
import { acceptLead } from "./store/leads.server";

let t: TestStore;
// A store of its own for each test: every order here has the same number, unique in a store.
beforeEach(async () => {
  t = await freshStore("sqlite");
});
afterEach(async () => {
  await t.drop();
});

/** The order accepted into the store with its invoice as issued (`invoice`, or as it reads now); its PDF. */
async function pdfOf(record: LeadRecord, invoice = issuedInvoice(record)) {
  await acceptLead(t.store, {
    lead: { id: record.id, form: record.form, request: record.request },
    order: { number: orderNumberOf(record), data: record.order, invoice },
    kept: true,
    claimTtlMs: 0,
    now: Date.parse(record.createdAt),
  });
  return orderInvoicePdf(t.store, record.id);
}

/** As pdf.js reads it back: runs of white space (the no-break spaces in amounts too) as one space. */
const asRead = (text: string) => text.replace(/\s+/g, " ");

function orderRecord(order: Partial<OrderSummary> & Record<string, unknown> = {}): LeadRecord {
  return {
    id: newLeadId(),
    form: "order",
    createdAt: "2026-11-27T03:15:00.000Z",
    status: "kept",
    request: { kind: "json", body: { name: "order", fields: [] } },
    attempts: [],
    order: {
      number: "4821-0937",
      lines: [
        { id: "a", slug: "filtr-a", name: "Фильтр масляный", article: "1012010-81DJ", price: 1250, amount: 4 },
        {
          id: "b",
          slug: "kolodka-b",
          name: "Колодка тормозная задняя",
          article: "3502-00129",
          price: 3650.5,
          amount: 2,
        },
      ],
      total: 12601,
      delivery: { label: "Курьер по городу", cost: 300 },
      customer: { name: "Иван Петров", inn: "246512345602", email: "", invoice: true },
      ...order,
    },
  };
}

// Making a PDF and reading it back takes a few seconds on a busy machine.
describe("the invoice PDF", { timeout: 30_000 }, () => {
  it("reads back with its number, the supplier's requisites and bank, the lines, the VAT and the sum in words", async () => {
    const record = orderRecord();
    const file = await pdfOf(record);
    expect(file?.fileName).toBe("Счёт 4821-0937.pdf");
    const text = await pdfText(file!.pdf);

    expect(text).toContain(`Счёт на оплату № 4821-0937 от ${invoiceDate(record.createdAt)}`);
    for (const value of [LEGAL.name, `ИНН ${LEGAL.inn}`, `КПП ${LEGAL.kpp}`, asRead(LEGAL.address)]) {
      expect(text).toContain(value);
    }
    for (const value of [LEGAL.bank.name, LEGAL.bank.bik, LEGAL.bank.account, LEGAL.bank.correspondentAccount]) {
      expect(text).toContain(value);
    }
    expect(text).toContain("Покупатель: ИНН 246512345602, Иван Петров");
    expect(text).toContain("1 1012010-81DJ Фильтр масляный 4 шт 1 250,00 5 000,00");
    expect(text).toContain("2 3502-00129 Колодка тормозная задняя 2 шт 3 650,50 7 301,00");
    expect(text).toContain("3 — Доставка: Курьер по городу 1 усл. 300,00 300,00");
    expect(text).toContain("Итого: 12 601,00");
    expect(text).toContain(
      `В том числе НДС (${INVOICE_TERMS.vatPercent} %): ${asRead(formatAmount(vatIncluded(12601, INVOICE_TERMS.vatPercent)))}`,
    );
    expect(text).toContain("Всего к оплате: 12 601,00");
    expect(text).toContain(`Всего к оплате: ${sumInWords(12601)}`);
    expect(sumInWords(12601)).toBe("Двенадцать тысяч шестьсот один рубль 00 копеек");
    expect(text).toContain(`Счёт действителен ${INVOICE_TERMS.validBankDays} банковских дней`);
  });

  it("embeds its font, so the Cyrillic text shows and can be selected anywhere", async () => {
    const file = await pdfOf(orderRecord());
    const raw = file!.pdf.toString("latin1");
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/ToUnicode/);
  });

  it("names the company a lookup by the ИНН found, with its КПП", async () => {
    const record = orderRecord({
      company: { inn: "2465000014", name: "ООО «Ромашка»", kpp: "246501002", address: "г Красноярск, ул Мира, д 1" },
    });
    const text = await pdfText((await pdfOf(record))!.pdf);
    expect(text).toContain("Покупатель: ООО «Ромашка», ИНН 2465000014, КПП 246501002, г Красноярск, ул Мира, д 1");
  });

  it("leaves out a free delivery", async () => {
    const record = orderRecord({ delivery: { label: "Самовывоз", cost: 0 }, total: 12301 });
    const text = await pdfText((await pdfOf(record))!.pdf);
    expect(text).not.toContain("Доставка");
    expect(text).toContain("Итого: 12 301,00");
  });

  it("exists only for an order whose customer asked for one", async () => {
    const without = orderRecord({ customer: { name: "Иван", inn: "", email: "", invoice: false } });
    expect(hasInvoice(without)).toBe(false);
    expect(await pdfOf(without)).toBeUndefined();
    const lead = { ...orderRecord(), form: "callback" };
    expect(hasInvoice(lead)).toBe(false);
    expect(hasInvoice(orderRecord())).toBe(true);
  });

  it("stays as it was issued when the dealer's requisites change later", async () => {
    const record = orderRecord();
    const issued = issuedInvoice(record)!;
    // As issued under an earlier bank account (today's with another last digit) and VAT rate.
    const earlierAccount = LEGAL.bank.account.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const earlier = {
      ...issued,
      supplier: { ...issued.supplier, bank: { ...issued.supplier.bank, account: earlierAccount } },
      vatLabel: "В том числе НДС (18 %)",
    };
    const text = await pdfText((await pdfOf(record, earlier))!.pdf);
    expect(text).toContain(earlierAccount);
    expect(text).not.toContain(LEGAL.bank.account);
    expect(text).toContain("В том числе НДС (18 %)");
  });

  it("is found under the order's number, never its whole id", () => {
    const record = orderRecord();
    expect(invoicePath(record)).toBe("/order-success/invoice/4821-0937.pdf");
    expect(invoicePath(record)).not.toContain(record.id);
  });

  it("of an order kept before numbers were drawn, keeps the number derived from its id", async () => {
    const record = orderRecord({ number: undefined });
    const number = derivedOrderNumber(record.id);
    expect(invoicePath(record)).toBe(`/order-success/invoice/${number}.pdf`);
    const file = await pdfOf(record);
    expect(file?.fileName).toBe(`Счёт ${number}.pdf`);
    expect(await pdfText(file!.pdf)).toContain(`Счёт на оплату № ${number} от `);
  });
});
