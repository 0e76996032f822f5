/**
 * The invoice of an order kept on disk: offered on its success page, downloaded by the browser
 * that placed it, attached to the confirmation e-mail. Only an order whose customer asked for
 * one ('Нужен счёт на оплату для организации') has an invoice.
 */
import { INVOICE_TERMS, LEGAL } from "~/content";
import { buildInvoice, type Invoice } from "~/lib/invoice";
import { orderNumber } from "~/lib/order-number";
import { renderInvoicePdf } from "./invoice-pdf.server";
import type { LeadRecord, OrderSummary } from "./lead-record.server";

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
export function invoicePath(id: string): string {
  return `/order-success/invoice/${orderNumber(id)}.pdf`;
}

export function invoiceFileName(id: string): string {
  return `Счёт ${orderNumber(id)}.pdf`;
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
      number: orderNumber(record.id),
      createdAt: record.createdAt,
      lines: order.lines,
      delivery: order.delivery,
      buyer: { name: order.customer.name, inn: order.customer.inn, company: order.company },
    },
    LEGAL,
    INVOICE_TERMS,
  );
}

/** The order's invoice as a PDF, or undefined when the customer did not ask for one. */
export async function orderInvoicePdf(record: LeadRecord): Promise<InvoiceFile | undefined> {
  const invoice = issuedInvoice(record);
  if (!invoice) return undefined;
  return { fileName: invoiceFileName(record.id), pdf: await renderInvoicePdf(invoice, new Date(record.createdAt)) };
}
