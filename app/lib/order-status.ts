/**
 * What /order-status says of an order: the fields' messages and the history of its statuses as
 * 1C sent them, in the dealer's time.
 */
import { DEALER_TIME_ZONE } from "./invoice";

export const ORDER_NOT_FOUND = "Заказ не найден";
export const ORDER_STATUS_INCOMPLETE = "Введите номер заказа и телефон, указанный при оформлении";
export const ORDER_STATUS_RATE_LIMITED = "Слишком много запросов подряд. Попробуйте через минуту или позвоните нам.";

export interface StatusEventView {
  receivedAt: string;
  status?: string;
  cancelled?: boolean;
  paidAt?: string;
  shippedAt?: string;
  shipmentNumber?: string;
}

/** '08.12.2026' of 1C's '2026-12-08' or '2026-12-08T10:00:00'; anything else as 1C wrote it. */
export function onecDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

/** '08.12.2026, 15:04' in Krasnoyarsk. */
export function dealerTime(iso: string): string {
  return new Intl.DateTimeFormat("ru-RU", {
    timeZone: DEALER_TIME_ZONE,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** One line of the history: what changed with this event. */
export function statusEventText(event: StatusEventView): string {
  const parts = [
    event.cancelled === true ? "Отменён" : event.status,
    event.paidAt ? `оплачен ${onecDate(event.paidAt)}` : undefined,
    event.shippedAt ? `отгружен ${onecDate(event.shippedAt)}` : undefined,
    event.shipmentNumber ? `номер отгрузки ${event.shipmentNumber}` : undefined,
  ].filter(Boolean);
  return parts.join(", ") || "Обновлён";
}
