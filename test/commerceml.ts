/**
 * CommerceML 2 files as 1C writes them, generated for the tests and the benchmark: the catalogue
 * (import.xml), the offers (offers.xml) and the orders' statuses (orders-*.xml). Every value comes
 * from the caller or from a seeded counter, so a test states what it expects from what it made.
 */
import fs from "node:fs";
import { once } from "node:events";
import { randomOrderNumber } from "~/lib/order-number";
import type { ExchangeOrder } from "~server/onec/ports.server";

export interface GenGroup {
  id: string;
  name: string;
  children?: GenGroup[];
}

/** How a good carries its other numbers: a property of the classifier or a requisite of its own. */
export type CrossNumbersAs = "property" | "requisite";

export interface GenGood {
  id: string;
  article: string;
  name: string;
  /** The requisite 'Полное наименование'. */
  fullName?: string;
  groupId?: string;
  description?: string;
  pictures?: string[];
  brand?: string;
  crossNumbers?: { label: "Кросс-номера" | "Аналоги" | "OEM"; as: CrossNumbersAs; value: string };
  deleted?: boolean;
}

export interface GenPriceType {
  id: string;
  name: string;
}

export interface GenOffer {
  id: string;
  /** Price per price type id. */
  prices: Record<string, number>;
  /** `Количество` of the offer; without it, the warehouses' quantities. */
  quantity?: number;
  stores?: { id: string; quantity: number }[];
}

export interface ImportOptions {
  groups: GenGroup[];
  goods: Iterable<GenGood>;
  onlyChanges?: boolean;
  version?: string;
}

export interface OffersOptions {
  priceTypes: GenPriceType[];
  offers: Iterable<GenOffer>;
  onlyChanges?: boolean;
  version?: string;
}

const CROSS_PROPERTY_ID = "c0ffee00-0000-4000-8000-00000000c055";

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** 32 bits mixed (murmur3's finalizer): GUIDs that look random, so archives compress as 1C's do. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const hex8 = (value: number) => value.toString(16).padStart(8, "0");

/** A GUID as 1C writes them, the same for the same number and salt. */
export function guid(n: number, salt = 0): string {
  const seed = n * 31 + salt * 1_000_003;
  const [a, b, c, d] = [1, 2, 3, 4].map((k) => hex8(mix(seed * 4 + k)));
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-8${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

function groupXml(group: GenGroup): string {
  const children = group.children?.length ? `<Группы>${group.children.map(groupXml).join("")}</Группы>` : "";
  return `<Группа><Ид>${group.id}</Ид><Наименование>${escapeXml(group.name)}</Наименование>${children}</Группа>`;
}

function requisite(name: string, value: string): string {
  return `<ЗначениеРеквизита><Наименование>${escapeXml(name)}</Наименование><Значение>${escapeXml(value)}</Значение></ЗначениеРеквизита>`;
}

function goodXml(good: GenGood): string {
  const parts = [`<Товар>`, `<Ид>${good.id}</Ид>`];
  if (good.article) parts.push(`<Артикул>${escapeXml(good.article)}</Артикул>`);
  parts.push(`<Наименование>${escapeXml(good.name)}</Наименование>`);
  parts.push(`<БазоваяЕдиница Код="796 " НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>`);
  if (good.groupId) parts.push(`<Группы><Ид>${good.groupId}</Ид></Группы>`);
  if (good.description) parts.push(`<Описание>${escapeXml(good.description)}</Описание>`);
  for (const picture of good.pictures ?? []) parts.push(`<Картинка>${escapeXml(picture)}</Картинка>`);
  if (good.brand) {
    parts.push(
      `<Изготовитель><Ид>${guid(good.brand.length, 9)}</Ид><Наименование>${escapeXml(good.brand)}</Наименование></Изготовитель>`,
    );
  }
  if (good.crossNumbers?.as === "property") {
    parts.push(
      `<ЗначенияСвойств><ЗначенияСвойства><Ид>${CROSS_PROPERTY_ID}</Ид><Значение>${escapeXml(good.crossNumbers.value)}</Значение></ЗначенияСвойства></ЗначенияСвойств>`,
    );
  }
  const requisites = [requisite("ВидНоменклатуры", "Запчасть"), requisite("ТипНоменклатуры", "Товар")];
  if (good.fullName) requisites.push(requisite("Полное наименование", good.fullName));
  if (good.crossNumbers?.as === "requisite")
    requisites.push(requisite(good.crossNumbers.label, good.crossNumbers.value));
  parts.push(`<ЗначенияРеквизитов>${requisites.join("")}</ЗначенияРеквизитов>`);
  if (good.deleted) parts.push(`<Статус>Удален</Статус>`);
  parts.push(`</Товар>`);
  return parts.join("");
}

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`;

function root(version: string): string {
  return `<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="${version}" ДатаФормирования="2026-12-07T10:00:00">\n`;
}

/** import.xml, a piece at a time (a good per piece): the benchmark streams it to a file. */
export function* importXmlPieces(options: ImportOptions): Generator<string> {
  const { groups, onlyChanges = false, version = "2.08" } = options;
  yield HEAD + root(version);
  yield `<Классификатор><Ид>${guid(1, 1)}</Ид><Наименование>Классификатор (Основной каталог товаров)</Наименование>`;
  yield `<Группы>${groups.map(groupXml).join("")}</Группы>\n`;
  yield `<Свойства><Свойство><Ид>${CROSS_PROPERTY_ID}</Ид><Наименование>Кросс-номера</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>`;
  yield `<Свойство><Ид>${guid(2, 1)}</Ид><Наименование>Цвет</Наименование><ТипЗначений>Справочник</ТипЗначений></Свойство></Свойства>`;
  yield `</Классификатор>\n`;
  yield `<Каталог СодержитТолькоИзменения="${onlyChanges}"><Ид>${guid(3, 1)}</Ид><ИдКлассификатора>${guid(1, 1)}</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование>\n<Товары>\n`;
  for (const good of options.goods) {
    yield goodXml(good) + "\n";
  }
  yield `</Товары>\n</Каталог>\n</КоммерческаяИнформация>\n`;
}

export function importXml(options: ImportOptions): string {
  return [...importXmlPieces(options)].join("");
}

function offerXml(offer: GenOffer): string {
  const prices = Object.entries(offer.prices)
    .map(([typeId, value]) => {
      return `<Цена><Представление>${value} RUB за шт</Представление><ИдТипаЦены>${typeId}</ИдТипаЦены><ЦенаЗаЕдиницу>${value}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`;
    })
    .join("");
  const quantity = offer.quantity === undefined ? "" : `<Количество>${offer.quantity}</Количество>`;
  const stores = (offer.stores ?? [])
    .map((store) => `<Склад ИдСклада="${store.id}" КоличествоНаСкладе="${store.quantity}"/>`)
    .join("");
  return `<Предложение><Ид>${offer.id}</Ид><Наименование>—</Наименование><БазоваяЕдиница Код="796 ">шт</БазоваяЕдиница><Цены>${prices}</Цены>${quantity}${stores}</Предложение>\n`;
}

export function* offersXmlPieces(options: OffersOptions): Generator<string> {
  const { priceTypes, onlyChanges = false, version = "2.08" } = options;
  yield HEAD + root(version);
  yield `<ПакетПредложений СодержитТолькоИзменения="${onlyChanges}"><Ид>${guid(4, 1)}#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>${guid(3, 1)}</ИдКаталога><ИдКлассификатора>${guid(1, 1)}</ИдКлассификатора>\n`;
  yield `<ТипыЦен>${priceTypes
    .map(
      (type) =>
        `<ТипЦены><Ид>${type.id}</Ид><Наименование>${escapeXml(type.name)}</Наименование><Валюта>RUB</Валюта><Налог><Наименование>НДС</Наименование><УчтеноВСумме>true</УчтеноВСумме></Налог></ТипЦены>`,
    )
    .join("")}</ТипыЦен>\n<Предложения>\n`;
  for (const offer of options.offers) yield offerXml(offer);
  yield `</Предложения>\n</ПакетПредложений>\n</КоммерческаяИнформация>\n`;
}

export function offersXml(options: OffersOptions): string {
  return [...offersXmlPieces(options)].join("");
}

export interface GenStatus {
  number: string;
  id?: string;
  status?: string;
  cancelled?: boolean;
  paidAt?: string;
  shippedAt?: string;
  shipmentNumber?: string;
}

/** 1C's orders-*.xml with the orders' requisites; 2.10 wraps each Документ in a Контейнер. */
export function statusesXml(statuses: GenStatus[], version: "2.08" | "2.10" = "2.10"): string {
  const docs = statuses.map((s) => {
    const requisites = [
      s.status === undefined ? "" : requisite("Статус заказа", s.status),
      s.cancelled === undefined ? "" : requisite("Отменен", String(s.cancelled)),
      s.paidAt === undefined ? "" : requisite("Дата оплаты", s.paidAt),
      s.shippedAt === undefined ? "" : requisite("Дата отгрузки", s.shippedAt),
      s.shipmentNumber === undefined ? "" : requisite("Номер отгрузки", s.shipmentNumber),
      requisite("Проведен", "true"),
    ].join("");
    const doc = `<Документ><Ид>${s.id ?? guid(s.number.length, 5)}</Ид><Номер>${escapeXml(s.number)}</Номер><Дата>2026-12-07</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль><Валюта>руб</Валюта><Курс>1</Курс><Сумма>0</Сумма><ЗначенияРеквизитов>${requisites}</ЗначенияРеквизитов></Документ>`;
    return version === "2.10" ? `<Контейнер>${doc}</Контейнер>` : doc;
  });
  return HEAD + root(version) + docs.join("\n") + `\n</КоммерческаяИнформация>\n`;
}

let cp1251: Map<string, number> | undefined;

/** The text in windows-1251, the way 1C writes its older exchange files (built from Node's own decoder). */
function toCp1251(text: string): Buffer {
  if (!cp1251) {
    cp1251 = new Map();
    const decoder = new TextDecoder("windows-1251");
    for (let byte = 0x80; byte <= 0xff; byte++) cp1251.set(decoder.decode(Uint8Array.of(byte)), byte);
  }
  const out = Buffer.alloc(text.length);
  let i = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out[i++] = code < 0x80 ? code : (cp1251.get(ch) ?? 0x3f);
  }
  return out.subarray(0, i);
}

export type FileEncoding = "utf-8" | "utf-8-bom" | "windows-1251";

/** The file's bytes in the encoding asked for, its XML declaration saying so. */
export function encodeXml(xml: string, encoding: FileEncoding): Buffer {
  if (encoding === "windows-1251") {
    return toCp1251(xml.replace(/^<\?xml([^>]*)encoding="[^"]*"/, '<?xml$1encoding="windows-1251"'));
  }
  const body = Buffer.from(xml, "utf8");
  return encoding === "utf-8-bom" ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

const GROUP_NAMES = ["Двигатель", "Трансмиссия", "Тормозная система", "Подвеска", "Электрика", "Кабина"];
const KINDS = ["Фильтр масляный", "Колодка тормозная", "Ремень генератора", "Амортизатор", "Датчик давления"];

export interface SampleCatalogue {
  groups: GenGroup[];
  goods: GenGood[];
  priceType: GenPriceType;
  offers: GenOffer[];
}

/** A good of a made-up catalogue, the same for the same number. */
export function sampleGood(n: number, groups: GenGroup[]): GenGood {
  const leaves = groups.flatMap((g) => g.children ?? [g]);
  const kind = KINDS[n % KINDS.length];
  const article = `FW${String(100000 + n)}`;
  return {
    id: guid(n),
    article,
    name: `${kind} ${article}`,
    fullName: `${kind} для FAW J6, арт. ${article}`,
    groupId: leaves[n % leaves.length].id,
    description: `Оригинальная деталь №${n} для грузовиков FAW.`,
    pictures: n % 3 === 0 ? [`import_files/${guid(n).slice(0, 2)}/${guid(n)}.jpg`] : [],
    brand: n % 2 ? "FAW" : "Weichai",
    crossNumbers: n % 4 === 0 ? { label: "Кросс-номера", as: "property", value: `1012-${n}; 1012 ${n}A` } : undefined,
  };
}

export function sampleGroups(): GenGroup[] {
  return GROUP_NAMES.map((name, i) => ({
    id: guid(i, 2),
    name,
    children: [{ id: guid(i, 3), name: `${name}: детали` }],
  }));
}

export function sampleOffer(n: number, priceType: GenPriceType): GenOffer {
  return {
    id: guid(n),
    prices: { [priceType.id]: 500 + (n % 97) * 10 },
    ...(n % 2
      ? { quantity: n % 7 }
      : {
          stores: [
            { id: guid(1, 8), quantity: n % 5 },
            { id: guid(2, 8), quantity: 1 },
          ],
        }),
  };
}

export function sampleCatalogue(count: number): SampleCatalogue {
  const groups = sampleGroups();
  const priceType = { id: guid(1, 4), name: "Розничная" };
  const goods = Array.from({ length: count }, (_, n) => sampleGood(n, groups));
  const offers = Array.from({ length: count }, (_, n) => sampleOffer(n, priceType));
  return { groups, goods, priceType, offers };
}

function* range(count: number): Generator<number> {
  for (let n = 0; n < count; n++) yield n;
}

/** Writes pieces to a file, waiting for the disk when it falls behind: a big file never sits in memory. */
export async function writePieces(file: string, pieces: Iterable<string>): Promise<number> {
  const out = fs.createWriteStream(file);
  let bytes = 0;
  let buffer = "";
  for (const piece of pieces) {
    buffer += piece;
    if (buffer.length < 64 * 1024) continue;
    bytes += Buffer.byteLength(buffer);
    if (!out.write(buffer)) await once(out, "drain");
    buffer = "";
  }
  bytes += Buffer.byteLength(buffer);
  out.end(buffer);
  await once(out, "finish");
  return bytes;
}

/** A big import.xml and offers.xml of `count` goods, streamed to files. */
export async function writeBigCatalogue(
  importPath: string,
  offersPath: string,
  count: number,
): Promise<{ importBytes: number; offersBytes: number; priceType: GenPriceType }> {
  const groups = sampleGroups();
  const priceType = { id: guid(1, 4), name: "Розничная" };
  const goods = (function* () {
    for (const n of range(count)) yield sampleGood(n, groups);
  })();
  const offers = (function* () {
    for (const n of range(count)) yield sampleOffer(n, priceType);
  })();
  const importBytes = await writePieces(importPath, importXmlPieces({ groups, goods }));
  const offersBytes = await writePieces(offersPath, offersXmlPieces({ priceTypes: [priceType], offers }));
  return { importBytes, offersBytes, priceType };
}

/** An order as the site hands it to the exchange; `company` makes it a company's. */
export function sampleOrder(n: number, options: { company?: boolean; deliveryCost?: number } = {}): ExchangeOrder {
  const id = `${guid(n, 6).slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, "0")}`;
  return {
    id,
    number: randomOrderNumber(() => n * 7919),
    placedAt: new Date(Date.UTC(2026, 11, 7, 3, 4, 5) + n * 60_000).toISOString(),
    lines: [
      { id: guid(n), article: `FW${100000 + n}`, name: `Фильтр масляный & «оригинал» ${n}`, price: 1250.5, amount: 2 },
      { id: guid(n + 1), article: "", name: "Ремень генератора", price: 0.1, amount: 3 },
    ],
    total: 2501 + 0.3 + (options.deliveryCost ?? 0),
    delivery: {
      label: options.deliveryCost ? "Курьер по городу" : "Самовывоз",
      cost: options.deliveryCost ?? 0,
      ...(options.deliveryCost ? { address: "ул. Ленина, д. 1", city: "Красноярск" } : {}),
    },
    customer: {
      name: `Покупатель ${n}`,
      phone: `+7913000${String(n).padStart(4, "0")}`,
      email: `buyer${n}@example.ru`,
      invoice: !!options.company,
    },
    ...(options.company ? { company: { inn: "2465000000", name: "ООО «Ромашка»", kpp: "246501001" } } : {}),
    payment: options.company ? "Безналичный расчёт по счёту" : "При получении",
    comment: n % 2 ? "Позвонить до 18:00" : undefined,
    status: "Новый",
  };
}
