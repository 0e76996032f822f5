/**
 * The invoice of an order kept on disk: offered on its success page, downloaded by the browser
 * that placed it, attached to the confirmation e-mail. Only an order whose customer asked for
 * one ('Нужен счёт на оплату для организации') has an invoice.
 */
import { INVOICE_TERMS, LEGAL } from "~/content";
import { buildInvoice, type Invoice } from "~/lib/invoice";
import { orderNumberOf } from "~/lib/order-number";
import { renderInvoicePdf } from "./invoice-pdf.server";
import type { LeadRecord, OrderSummary } from "./lead-record.server";
import type { StoreDb } from "./store/db.server";

/** What an order may carry beside its lines: the company found by its ИНН, where it goes. */

export interface InvoiceFile {
  /** The name the browser saves it under. */
  fileName: string;
  pdf: Buffer;
}

/** The order of a record, when it is one. */
export function orderOf(record: Pick<LeadRecord, "form" | "order"> | undefined): OrderSummary | undefined {
  return record?.form === "order" ? record.order : undefined;
}

export function hasInvoice(record: LeadRecord | undefined): boolean {
  return orderOf(record)?.customer?.invoice === true;
}

/** The invoice's path on the site: the order's number, never its whole id. */
export function invoicePath(record: LeadRecord): string {
  return `/order-success/invoice/${orderNumberOf(record)}.pdf`;
}

export function invoiceFileName(record: Pick<LeadRecord, "id" | "order">): string {
  return `Счёт ${orderNumberOf(record)}.pdf`;
}

/**
 * The invoice of an order whose customer asked for one, as data: what is frozen with the order
 * when it is accepted (the supplier, its bank, the VAT rate, the lines, the buyer, the number and
 * the date as they are then); undefined for an order without one.
 */
export function issuedInvoice(record: Pick<LeadRecord, "id" | "createdAt" | "form" | "order">): Invoice | undefined {
  const order = record.form === "order" ? record.order : undefined;
  if (!order?.customer?.invoice) return undefined;
  return buildInvoice(
    {
      number: orderNumberOf(record),
      createdAt: record.createdAt,
      lines: order.lines,
      delivery: order.delivery,
      buyer: { name: order.customer.name, inn: order.customer.inn, company: order.company },
    },
    LEGAL,
    INVOICE_TERMS,
  );
}

/**
 * The invoice of order `id` as a PDF, laid out from the invoice frozen with the order when it was
 * accepted (a later change of the dealer's bank or VAT rate does not touch it); undefined when
 * the order has none.
 */
export async function orderInvoicePdf(store: StoreDb, id: string): Promise<InvoiceFile | undefined> {
  const order = await store.db
    .selectFrom("orders")
    .select(["invoice", "created_at", "number"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!order?.invoice) return undefined;
  const invoice = JSON.parse(order.invoice) as Invoice;
  return { fileName: `Счёт ${order.number}.pdf`, pdf: await renderInvoicePdf(invoice, new Date(order.created_at)) };
}
