/**
 * An order as the site keeps it today (a lead of form `order` with its OrderSummary) in the shape
 * the exchange hands to 1C. The store's OrderSource can use it for orders kept on disk.
 */
import { orderNumberOf } from "~/lib/order-number";
import type { LeadRecord } from "../lead-record.server";
import type { ExchangeOrder } from "./ports.server";

/** The site offers no payment choice: an invoice means a bank transfer, otherwise payment on receipt. */
export const PAYMENT_BY_INVOICE = "Безналичный расчёт по счёту";
export const PAYMENT_ON_RECEIPT = "Оплата при получении";
export const NEW_ORDER_STATUS = "Новый";

/** The lead's fields were written as HTML text (`htmlSafeFields`): 1C gets the text the customer typed. */
function plain(value: string): string {
  return value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** Undefined for a lead that is no order (or an order kept before its lines were recorded). */
export function exchangeOrderOf(record: LeadRecord, status = NEW_ORDER_STATUS): ExchangeOrder | undefined {
  const order = record.order;
  if (record.form !== "order" || !order || record.request.kind !== "json") return undefined;
  const field = (key: string) => {
    const found = record.request.kind === "json" ? record.request.body.fields.find((f) => f.key === key) : undefined;
    return found ? plain(found.value) : "";
  };
  const invoice = order.customer?.invoice ?? field("invoice") === "Да";
  const email = order.customer?.email || field("email");
  const comment = field("comment");
  const company =
    order.company ??
    (order.customer?.inn && field("companyName") ? { inn: order.customer.inn, name: field("companyName") } : undefined);
  return {
    id: record.id,
    number: orderNumberOf(record),
    placedAt: record.createdAt,
    lines: order.lines.map((line) => ({
      id: line.id,
      article: line.article ?? "",
      name: line.name,
      price: line.price,
      amount: line.amount,
    })),
    total: order.total,
    delivery: order.delivery ?? { label: "", cost: 0 },
    customer: {
      name: order.customer?.name || field("name"),
      phone: field("phone"),
      invoice,
      ...(email ? { email } : {}),
    },
    ...(company ? { company } : {}),
    payment: invoice ? PAYMENT_BY_INVOICE : PAYMENT_ON_RECEIPT,
    ...(comment ? { comment } : {}),
    status,
  };
}
