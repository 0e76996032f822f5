/**
 * /order-status's action: an order found by its number and the phone it was placed with, counted
 * per visitor (ORDER_STATUS_RATE_LIMIT a minute), so numbers cannot be tried in bulk. A wrong pair
 * is one answer whichever half was wrong.
 */
import {
  ORDER_NOT_FOUND,
  ORDER_STATUS_INCOMPLETE,
  ORDER_STATUS_RATE_LIMITED,
  type StatusEventView,
} from "~/lib/order-status";
import { phoneDigits } from "~/lib/phone";
import type { Services } from "./context.server";
import { findOrder } from "./store/order-statuses.server";

export interface OrderStatusView {
  number: string;
  status: string;
  lines: { id: string; article: string; name: string; price: number; amount: number }[];
  total: number;
  delivery: { label: string; cost: number; address?: string; carrier?: string; city?: string };
  history: StatusEventView[];
}

export type OrderStatusAnswer =
  { ok: true; number: string; order: OrderStatusView } | { ok: false; number: string; error: string; status: number };

const FIELD_MAX = 40;

export async function lookUpOrder(
  services: Pick<Services, "store" | "orderStatusLimit">,
  form: FormData,
  clientIp: string,
): Promise<OrderStatusAnswer> {
  const number = String(form.get("number") ?? "")
    .trim()
    .slice(0, FIELD_MAX);
  const phone = String(form.get("phone") ?? "").slice(0, FIELD_MAX);
  if (await services.orderStatusLimit.over(clientIp)) {
    return { ok: false, number, error: ORDER_STATUS_RATE_LIMITED, status: 429 };
  }
  if (!number || phoneDigits(phone).length < 10) {
    // The visitor's own slip: not counted against the limit.
    await services.orderStatusLimit.refund(clientIp);
    return { ok: false, number, error: ORDER_STATUS_INCOMPLETE, status: 400 };
  }
  // Eight digits typed without the dash are the number as the customer was given it.
  const typed = /^\d{8}$/.test(number) ? `${number.slice(0, 4)}-${number.slice(4)}` : number;
  const found = await findOrder(services.store, typed, phone);
  if (!found) return { ok: false, number, error: ORDER_NOT_FOUND, status: 404 };
  const { order, status, history } = found;
  return {
    ok: true,
    number: order.number,
    order: {
      number: order.number,
      status,
      lines: order.lines,
      total: order.total,
      delivery: order.delivery,
      history: history.map(({ id: _id, ...event }) => event),
    },
  };
}
