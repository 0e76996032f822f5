import { Readable } from "node:stream";
import { XMLParser } from "fast-xml-parser";
import { encodeXml, sampleOrder, statusesXml } from "../../test/commerceml";
import { DELIVERY_LINE_ID, ordersXml, ordersXmlBytes } from "./orders-xml.server";
import type { OrderStatusUpdate } from "./ports.server";
import { parseStatuses } from "./statuses-parser.server";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) => ["Документ", "Товар", "ЗначениеРеквизита", "Контакт"].includes(name),
});

type Node = Record<string, unknown>;
const requisitesOf = (node: Node) =>
  Object.fromEntries(
    ((node["ЗначенияРеквизитов"] as Node)["ЗначениеРеквизита"] as Node[]).map((r) => [
      r["Наименование"],
      r["Значение"],
    ]),
  );

describe("ordersXml", () => {
  it("starts with a BOM and declares its encoding and schema version", () => {
    const xml = ordersXml([]);
    expect(xml.startsWith('\ufeff<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('ВерсияСхемы="2.08"');
  });

  it("writes windows-1251 when asked, declared so and without a BOM", () => {
    const order = sampleOrder(5, { company: true });
    const bytes = ordersXmlBytes([order], new Date(), "windows-1251");
    expect(bytes.subarray(0, 45).toString("latin1")).toBe('<?xml version="1.0" encoding="windows-1251"?>');
    const text = new TextDecoder("windows-1251").decode(bytes);
    const [doc] = parser.parse(text)["КоммерческаяИнформация"]["Документ"] as Node[];
    expect((doc["Контрагенты"] as Node)["Контрагент"]).toMatchObject({ Наименование: "ООО «Ромашка»" });
    expect(((doc["Товары"] as Node)["Товар"] as Node[])[0]["Наименование"]).toBe(order.lines[0].name);
    const at = new Date(Date.UTC(2026, 11, 7));
    const utf8 = ordersXmlBytes([order], at);
    expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(utf8.toString("utf8")).toBe(ordersXml([order], at));
  });

  it("writes a person's order with every field 1C reads", () => {
    const order = sampleOrder(1, { deliveryCost: 500 });
    const [doc] = parser.parse(ordersXml([order]))["КоммерческаяИнформация"]["Документ"] as Node[];
    expect(doc).toMatchObject({
      Ид: order.id,
      Номер: order.number,
      // 03:05:05 UTC is 10:05:05 in Krasnoyarsk.
      Дата: "2026-12-07",
      Время: "10:05:05",
      ХозОперация: "Заказ товара",
      Роль: "Продавец",
      Валюта: "руб",
      Курс: "1",
      Сумма: "3001.30",
    });
    const buyer = (doc["Контрагенты"] as Node)["Контрагент"] as Node;
    expect(buyer).toMatchObject({ Наименование: "Покупатель 1", Роль: "Покупатель" });
    expect(buyer["ИНН"]).toBeUndefined();
    expect((buyer["АдресРегистрации"] as Node)["Представление"]).toBe("Красноярск, ул. Ленина, д. 1");
    expect((buyer["Контакты"] as Node)["Контакт"]).toEqual([
      { Тип: "Телефон рабочий", Значение: order.customer.phone },
      { Тип: "Почта", Значение: order.customer.email },
    ]);
    const goods = (doc["Товары"] as Node)["Товар"] as Node[];
    expect(
      goods.map((g) => [g["Ид"], g["Артикул"], g["Наименование"], g["ЦенаЗаЕдиницу"], g["Количество"], g["Сумма"]]),
    ).toEqual([
      [order.lines[0].id, order.lines[0].article, order.lines[0].name, "1250.50", "2", "2501.00"],
      [order.lines[1].id, undefined, "Ремень генератора", "0.10", "3", "0.30"],
      [DELIVERY_LINE_ID, undefined, "Доставка: Курьер по городу", "500.00", "1", "500.00"],
    ]);
    expect((goods[0]["БазоваяЕдиница"] as Node)["#text"]).toBe("шт");
    expect(requisitesOf(goods[0])).toEqual({ ВидНоменклатуры: "Товар", ТипНоменклатуры: "Товар" });
    expect(requisitesOf(goods[2])).toEqual({ ВидНоменклатуры: "Услуга", ТипНоменклатуры: "Услуга" });
    expect(requisitesOf(doc)).toEqual({
      "Способ доставки": "Курьер по городу",
      "Адрес доставки": "Красноярск, ул. Ленина, д. 1",
      "Метод оплаты": "При получении",
      "Нужен счёт": "false",
      Комментарий: "Позвонить до 18:00",
      "Статус заказа": "Новый",
    });
  });

  it("names a company as the buyer with its ИНН and КПП, the person as its contact, and no delivery line when free", () => {
    const order = sampleOrder(2, { company: true });
    const [doc] = parser.parse(ordersXml([order]))["КоммерческаяИнформация"]["Документ"] as Node[];
    const buyer = (doc["Контрагенты"] as Node)["Контрагент"] as Node;
    expect(buyer).toMatchObject({ Наименование: "ООО «Ромашка»", ИНН: "2465000000", КПП: "246501001" });
    expect(JSON.stringify(buyer["Представители"])).toContain("Покупатель 2");
    expect(((doc["Товары"] as Node)["Товар"] as Node[]).map((g) => g["Ид"])).not.toContain(DELIVERY_LINE_ID);
    expect(requisitesOf(doc)["Нужен счёт"]).toBe("true");
  });
});

describe("parseStatuses", () => {
  const statuses = [
    {
      number: "3F2A-9C1B",
      status: "Отгружен",
      paidAt: "2026-12-08T10:00:00",
      shippedAt: "2026-12-09",
      shipmentNumber: "ОТ-17",
    },
    { number: "0000-0001", cancelled: true },
    { number: "0000-0002", paidAt: "0001-01-01T00:00:00" },
  ];

  it.each(["2.08", "2.10"] as const)("reads each order's requisites (%s)", async (version) => {
    const read: OrderStatusUpdate[] = [];
    const count = await parseStatuses(
      Readable.from([encodeXml(statusesXml(statuses, version), "windows-1251")]),
      "orders.xml",
      async (batch) => {
        read.push(...batch);
      },
    );
    expect(count).toBe(3);
    expect(read.map(({ onecId, ...rest }) => (expect(onecId).toBeTruthy(), rest))).toEqual([
      statuses[0],
      { number: "0000-0001", cancelled: true },
      { number: "0000-0002" },
    ]);
  });
});
