/**
 * The confirmation a customer keeps: 'Заказ № <number> — <dealer>' with the lines, the delivery
 * and where it goes, the total, and whom to ask (the parts desk). Plain text: it reads the same in
 * every mail program, and nothing the customer typed can become markup in it.
 */
import { deliveryCostText } from "./delivery";
import { formatRub } from "./format";
import { invoiceDate } from "./invoice";

export interface OrderMailOrder {
  number: string;
  createdAt: string;
  customerName: string;
  lines: readonly { name: string; article?: string; price: number; amount: number }[];
  /** How it is delivered: where a courier brings it, or the transport company and the city it delivers to. */
  delivery?: { label: string; cost: number; address?: string; carrier?: string; city?: string };
  total: number;
  /** The invoice is attached. */
  invoice: boolean;
}

export interface OrderMailSender {
  dealerName: string;
  siteUrl: string;
  desk: { name: string; phone: string; email: string; workTime: string };
}

export function orderMailSubject(number: string, dealerName: string): string {
  return `Заказ № ${number} — ${dealerName}`;
}

export function orderMailText(order: OrderMailOrder, sender: OrderMailSender): string {
  const lines = order.lines.map(
    (line, i) =>
      `${i + 1}. ${line.name}${line.article ? `, артикул ${line.article}` : ""} — ` +
      `${line.amount} шт. × ${formatRub(line.price)} = ${formatRub(line.price * line.amount)}`,
  );
  const { delivery: d } = order;
  const delivery = d
    ? [
        `Доставка: ${d.label}, ${deliveryCostText(d.cost)}`,
        d.address ? `Адрес доставки: ${d.address}` : "",
        d.carrier ? `Транспортная компания: ${d.carrier}${d.city ? `, город получения: ${d.city}` : ""}` : "",
      ].filter(Boolean)
    : [];
  const { desk } = sender;
  // The date ends with 'г.', which also ends the sentence.
  const date = invoiceDate(order.createdAt);
  return [
    `Здравствуйте, ${order.customerName}!`,
    "",
    `Мы получили ваш заказ № ${order.number} от ${date}${date.endsWith(".") ? "" : "."} Менеджер позвонит вам ` +
      `в рабочее время (${desk.workTime}), подтвердит наличие и сроки и согласует доставку.`,
    "",
    "Состав заказа:",
    ...lines,
    "",
    ...delivery,
    `Итого: ${formatRub(order.total)} (цены с учетом НДС)`,
    ...(order.invoice ? ["", "Счёт на оплату — во вложении (PDF)."] : []),
    "",
    ...signature(sender),
  ]
    .join("\n")
    .replace(/\u00a0/g, " ");
}

/** How every order e-mail ends: whom to ask (the parts desk) and who writes. */
function signature(sender: OrderMailSender): string[] {
  const { desk } = sender;
  return [
    `Вопросы по заказу: ${desk.name}, ${desk.phone}, ${desk.email}. Назовите номер заказа.`,
    "",
    sender.dealerName,
    sender.siteUrl,
    "",
  ];
}

/** A change of the order's status 1C sent back: 'Заказ № <number>: <status>'. */
export function orderStatusMailSubject(number: string, status: string): string {
  return `Заказ № ${number}: ${status}`;
}

export function orderStatusMailText(
  order: { number: string; customerName: string; status: string; shipmentNumber?: string },
  sender: OrderMailSender,
): string {
  const base = sender.siteUrl.replace(/\/+$/, "");
  return [
    `Здравствуйте, ${order.customerName}!`,
    "",
    `Статус вашего заказа № ${order.number}: ${order.status}.`,
    ...(order.shipmentNumber ? [`Номер отгрузки: ${order.shipmentNumber}.`] : []),
    "",
    `Состав заказа и история статусов: ${base}/order-status?number=${encodeURIComponent(order.number)}`,
    "",
    ...signature(sender),
  ]
    .join("\n")
    .replace(/\u00a0/g, " ");
}
