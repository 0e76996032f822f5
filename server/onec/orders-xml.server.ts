/**
 * The site's orders as CommerceML 2.08 documents, for `type=sale&mode=query`. UTF-8 with the
 * encoding declared and a BOM: some 1C configurations read the orders only with it.
 */
import { DEALER_TIME_ZONE } from "~/lib/invoice";
import { kopecks } from "~/lib/money";
import type { ExchangeOrder } from "./ports.server";

export const ORDERS_SCHEMA_VERSION = "2.08";
export const BOM = "\ufeff";

/** The delivery's line among the goods: 1C takes a service as a line with this `Ид`. */
export const DELIVERY_LINE_ID = "ORDER_DELIVERY";

function esc(text: string): string {
  return (
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      // XML 1.0 has no way to write these control characters: a pasted comment may carry them.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
  );
}

function el(name: string, value: string | number | undefined): string {
  return value === undefined || value === "" ? "" : `<${name}>${esc(String(value))}</${name}>`;
}

/** Money as 1C reads it: a point and two decimals, summed in whole kopecks. */
function money(value: number): string {
  return (kopecks(value) / 100).toFixed(2);
}

/** The date and time at the dealer's (Krasnoyarsk), as 1C writes them: '2026-12-07', '14:05:09'. */
export function dealerDateTime(iso: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: DEALER_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    time: `${get("hour")}:${get("minute")}:${get("second")}`,
  };
}

function requisites(values: [string, string | undefined][]): string {
  const items = values
    .filter(([, value]) => value !== undefined && value !== "")
    .map(
      ([name, value]) => `<ЗначениеРеквизита>${el("Наименование", name)}${el("Значение", value)}</ЗначениеРеквизита>`,
    );
  return `<ЗначенияРеквизитов>${items.join("")}</ЗначенияРеквизитов>`;
}

function contacts(order: ExchangeOrder): string {
  const list = [
    order.customer.phone ? `<Контакт><Тип>Телефон рабочий</Тип>${el("Значение", order.customer.phone)}</Контакт>` : "",
    order.customer.email ? `<Контакт><Тип>Почта</Тип>${el("Значение", order.customer.email)}</Контакт>` : "",
  ].join("");
  return list ? `<Контакты>${list}</Контакты>` : "";
}

function address(order: ExchangeOrder): string | undefined {
  const { address, city } = order.delivery;
  return [city, address].filter(Boolean).join(", ") || undefined;
}

/** The buyer: the company with its ИНН and КПП when known, else the person; the person as its contact. */
function buyer(order: ExchangeOrder): string {
  const where = address(order);
  const addressXml = where ? `<АдресРегистрации>${el("Представление", where)}</АдресРегистрации>` : "";
  const person = order.customer.name;
  const company = order.company;
  if (company) {
    return (
      `<Контрагент>${el("Ид", `inn-${company.inn}${company.kpp ? `-${company.kpp}` : ""}`)}${el("Наименование", company.name)}` +
      `${el("Роль", "Покупатель")}${el("ПолноеНаименование", company.name)}${el("ОфициальноеНаименование", company.name)}` +
      `${el("ИНН", company.inn)}${el("КПП", company.kpp)}` +
      (company.address ? `<ЮридическийАдрес>${el("Представление", company.address)}</ЮридическийАдрес>` : "") +
      `${addressXml}${contacts(order)}` +
      `<Представители><Представитель><Контрагент>${el("Отношение", "Контактное лицо")}${el("Ид", `phone-${order.customer.phone}`)}${el("Наименование", person)}</Контрагент></Представитель></Представители>` +
      `</Контрагент>`
    );
  }
  return (
    `<Контрагент>${el("Ид", `phone-${order.customer.phone}`)}${el("Наименование", person)}${el("Роль", "Покупатель")}` +
    `${el("ПолноеНаименование", person)}${el("Имя", person)}${addressXml}${contacts(order)}</Контрагент>`
  );
}

const UNIT = `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>`;

function goods(order: ExchangeOrder): string {
  const lines = order.lines.map(
    (line) =>
      `<Товар>${el("Ид", line.id)}${el("Артикул", line.article)}${el("Наименование", line.name)}${UNIT}` +
      `${el("ЦенаЗаЕдиницу", money(line.price))}${el("Количество", line.amount)}${el("Сумма", money((kopecks(line.price) * line.amount) / 100))}` +
      requisites([
        ["ВидНоменклатуры", "Товар"],
        ["ТипНоменклатуры", "Товар"],
      ]) +
      `</Товар>`,
  );
  if (order.delivery.cost > 0) {
    lines.push(
      `<Товар>${el("Ид", DELIVERY_LINE_ID)}${el("Наименование", `Доставка: ${order.delivery.label}`)}${UNIT}` +
        `${el("ЦенаЗаЕдиницу", money(order.delivery.cost))}${el("Количество", 1)}${el("Сумма", money(order.delivery.cost))}` +
        requisites([
          ["ВидНоменклатуры", "Услуга"],
          ["ТипНоменклатуры", "Услуга"],
        ]) +
        `</Товар>`,
    );
  }
  return `<Товары>${lines.join("")}</Товары>`;
}

function documentXml(order: ExchangeOrder): string {
  const { date, time } = dealerDateTime(order.placedAt);
  const delivery = [order.delivery.label, order.delivery.carrier].filter(Boolean).join(", ");
  return (
    `<Документ>${el("Ид", order.id)}${el("Номер", order.number)}${el("Дата", date)}${el("Время", time)}` +
    `${el("ХозОперация", "Заказ товара")}${el("Роль", "Продавец")}${el("Валюта", "руб")}${el("Курс", 1)}` +
    `${el("Сумма", money(order.total))}${el("Комментарий", order.comment)}` +
    `<Контрагенты>${buyer(order)}</Контрагенты>${goods(order)}` +
    requisites([
      ["Способ доставки", delivery],
      ["Адрес доставки", address(order)],
      ["Метод оплаты", order.payment],
      ["Нужен счёт", order.customer.invoice ? "true" : "false"],
      ["Комментарий", order.comment],
      ["Статус заказа", order.status],
    ]) +
    `</Документ>\n`
  );
}

export type OrdersEncoding = "utf-8" | "windows-1251";

/** The orders XML, BOM first; `now` is the file's ДатаФормирования. */
export function ordersXml(orders: readonly ExchangeOrder[], now: Date = new Date()): string {
  return xmlText(orders, now, "UTF-8");
}

function xmlText(orders: readonly ExchangeOrder[], now: Date, encoding: string): string {
  const { date, time } = dealerDateTime(now.toISOString());
  return (
    `<?xml version="1.0" encoding="${encoding}"?>\n` +
    `<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="${ORDERS_SCHEMA_VERSION}" ДатаФормирования="${date}T${time}">\n` +
    orders.map(documentXml).join("") +
    `</КоммерческаяИнформация>\n`
  ).replace(/^/, encoding === "UTF-8" ? BOM : "");
}

let cp1251: Map<number, number> | undefined;

/** Text in windows-1251 (the table from Node's own decoder); a character it lacks becomes '?'. */
export function encodeWindows1251(text: string): Buffer {
  if (!cp1251) {
    cp1251 = new Map();
    const decoder = new TextDecoder("windows-1251");
    for (let byte = 0x80; byte <= 0xff; byte++) cp1251.set(decoder.decode(Uint8Array.of(byte)).charCodeAt(0), byte);
  }
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[i] = code < 0x80 ? code : (cp1251.get(code) ?? 0x3f);
  }
  return out;
}

/**
 * The orders as sent: UTF-8 with a BOM, or windows-1251 (ONEC_ORDERS_ENCODING) for the 1C
 * configurations that read the orders only so; the declaration says which.
 */
export function ordersXmlBytes(
  orders: readonly ExchangeOrder[],
  now: Date = new Date(),
  encoding: OrdersEncoding = "utf-8",
): Buffer {
  return encoding === "windows-1251"
    ? encodeWindows1251(xmlText(orders, now, "windows-1251"))
    : Buffer.from(xmlText(orders, now, "UTF-8"), "utf8");
}
