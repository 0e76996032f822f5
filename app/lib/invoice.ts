/**
 * The invoice an order for a company comes with, as data: its title, the supplier and its bank,
 * the buyer, one row per line (and the delivery when it costs), the total, the VAT the prices
 * include and the sum in words. server/invoice-pdf.server.ts lays it out as a PDF; the dealer's
 * requisites and terms come from the content (app/content/dealer.ts).
 */
import { kopecks } from "./money";
import { plural } from "./plural";
import { sumInWords } from "./sum-in-words";

/** The dealer's time zone: the invoice's date is the day the order was placed there. */
export const DEALER_TIME_ZONE = "Asia/Krasnoyarsk";

export interface InvoiceSupplier {
  name: string;
  inn: string;
  kpp?: string;
  address: string;
  bank: { name: string; bik: string; account: string; correspondentAccount: string };
}

export interface InvoiceTerms {
  vatPercent: number;
  validBankDays: number;
}

/** A company as a lookup by its ИНН found it. */
export interface InvoiceCompany {
  inn: string;
  name: string;
  kpp?: string;
  address?: string;
}

export interface InvoiceOrder {
  /** The order number the customer quotes ('3F2A-9C1B'). */
  number: string;
  /** When the order was placed (ISO). */
  createdAt: string;
  lines: readonly { article?: string; name: string; price: number; amount: number }[];
  delivery?: { label: string; cost: number };
  buyer: { name: string; inn: string; company?: InvoiceCompany };
}

export interface InvoiceRow {
  no: number;
  article: string;
  name: string;
  amount: number;
  unit: string;
  price: number;
  sum: number;
}

export interface Invoice {
  /** 'Счёт на оплату № 3F2A-9C1B от 27 ноября 2026 г.' */
  title: string;
  supplier: InvoiceSupplier;
  /** The buyer in one line: the company's name, ИНН and КПП when known, else 'ИНН <inn>, <ФИО>'. */
  buyer: string;
  rows: InvoiceRow[];
  total: number;
  /** 'В том числе НДС (22 %)' */
  vatLabel: string;
  vat: number;
  /** 'Двенадцать тысяч шестьсот рублей 00 копеек' */
  totalInWords: string;
  /** 'Счёт действителен 5 банковских дней' */
  validity: string;
}

/** The VAT contained in a price that includes it: total × rate / (100 + rate), rounded to kopecks. */
export function vatIncluded(total: number, ratePercent: number): number {
  return Math.round((kopecks(total) * ratePercent) / (100 + ratePercent)) / 100;
}

/** An amount as invoices write it: two decimals, thousands grouped with a no-break space ('12 600,00'). */
export function formatAmount(rub: number): string {
  const [whole, fraction] = (kopecks(rub) / 100).toFixed(2).split(".");
  return `${whole.replace(/\B(?=(\d{3})+$)/g, "\u00a0")},${fraction}`;
}

/** '27 ноября 2026 г.': the day in the dealer's time zone. */
export function invoiceDate(iso: string): string {
  return new Intl.DateTimeFormat("ru-RU", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: DEALER_TIME_ZONE,
  }).format(new Date(iso));
}

export function buyerLine(buyer: InvoiceOrder["buyer"]): string {
  const company = buyer.company;
  if (!company) return [buyer.inn ? `ИНН ${buyer.inn}` : "", buyer.name].filter(Boolean).join(", ");
  return [company.name, `ИНН ${company.inn}`, company.kpp ? `КПП ${company.kpp}` : "", company.address ?? ""]
    .filter(Boolean)
    .join(", ");
}

/** One row per ordered line, then the delivery when it costs. */
export function invoiceRows(order: Pick<InvoiceOrder, "lines" | "delivery">): InvoiceRow[] {
  const rows: Omit<InvoiceRow, "no">[] = order.lines.map((line) => ({
    article: line.article || "—",
    name: line.name,
    amount: line.amount,
    unit: "шт",
    price: line.price,
    sum: kopecks(line.price * line.amount) / 100,
  }));
  if (order.delivery && order.delivery.cost > 0) {
    rows.push({
      article: "—",
      name: `Доставка: ${order.delivery.label}`,
      amount: 1,
      unit: "усл.",
      price: order.delivery.cost,
      sum: order.delivery.cost,
    });
  }
  return rows.map((row, i) => ({ no: i + 1, ...row }));
}

export function buildInvoice(order: InvoiceOrder, supplier: InvoiceSupplier, terms: InvoiceTerms): Invoice {
  const rows = invoiceRows(order);
  const total = rows.reduce((sum, row) => sum + kopecks(row.sum), 0) / 100;
  const days = terms.validBankDays;
  return {
    title: `Счёт на оплату № ${order.number} от ${invoiceDate(order.createdAt)}`,
    supplier,
    buyer: buyerLine(order.buyer),
    rows,
    total,
    vatLabel: `В том числе НДС (${terms.vatPercent} %)`,
    vat: vatIncluded(total, terms.vatPercent),
    totalInWords: sumInWords(total),
    validity: `Счёт действителен ${days} ${plural(days, ["банковский день", "банковских дня", "банковских дней"])}`,
  };
}
