/**
 * The invoice of an order kept on disk: offered on its success page, downloaded by the browser
 * that placed it, attached to the confirmation e-mail. Only an order whose customer asked for
 * one ('Нужен счёт на оплату для организации') has an invoice.
 */
import { INVOICE_TERMS, LEGAL } from "~/content";
import { buildInvoice } from "~/lib/invoice";
import { orderNumberOf } from "~/lib/order-number";
import { renderInvoicePdf } from "./invoice-pdf.server";
import type { LeadRecord, OrderSummary } from "./lead-store.server";

/** What an order may carry beside its lines: the company found by its ИНН, where it goes. */

export interface InvoiceFile {
  /** The name the browser saves it under. */
  fileName: string;
  pdf: Buffer;
}

/** The order of a record, when it is one. */
export function orderOf(record: LeadRecord | undefined): OrderSummary | undefined {
  return record?.form === "order" ? record.order : undefined;
}

export function hasInvoice(record: LeadRecord | undefined): boolean {
  return orderOf(record)?.customer?.invoice === true;
}

/** The invoice's path on the site: the order's number, never its whole id. */
export function invoicePath(record: LeadRecord): string {
  return `/order-success/invoice/${orderNumberOf(record)}.pdf`;
}

export function invoiceFileName(record: LeadRecord): string {
  return `Счёт ${orderNumberOf(record)}.pdf`;
}

/** The order's invoice as a PDF, or undefined when the customer did not ask for one. */
export async function orderInvoicePdf(record: LeadRecord): Promise<InvoiceFile | undefined> {
  const order = orderOf(record);
  if (!order?.customer?.invoice) return undefined;
  const invoice = buildInvoice(
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
  return { fileName: invoiceFileName(record), pdf: await renderInvoicePdf(invoice, new Date(record.createdAt)) };
}
