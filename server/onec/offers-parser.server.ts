/**
 * offers.xml (and 2.10's prices.xml and rests.xml, which share its shape): each offer's price of
 * the site's price type and its balance.
 */
import {
  childOf,
  childrenOf,
  numberOf,
  OnecFormatError,
  own,
  readXml,
  textOf,
  type XmlNode,
} from "./xml-stream.server";
import type { OnecOffer } from "./ports.server";

export interface OffersHandlers {
  /** Called once, when the package starts, before its first offer. */
  onPackage(header: { onlyChanges: boolean }): Promise<void> | void;
  onOffers(offers: OnecOffer[]): Promise<void>;
}

const BATCH = 1000;

function flag(text: string | undefined): boolean {
  const value = (text ?? "").trim().toLowerCase();
  return value === "true" || value === "1";
}

/** `Количество`, else the warehouses' quantities summed (2.08's attributes or 2.10's `Остатки`). */
function balanceOf(node: XmlNode): number | undefined {
  const direct = numberOf(textOf(node, "Количество"));
  if (direct !== undefined) return direct;
  let sum: number | undefined;
  const add = (value: number | undefined) => {
    if (value !== undefined) sum = (sum ?? 0) + value;
  };
  for (const store of childrenOf(node, "Склад")) add(numberOf(store.attrs["КоличествоНаСкладе"] ?? ""));
  for (const rest of childrenOf(childOf(node, "Остатки") ?? node, "Остаток")) {
    const stores = childrenOf(rest, "Склад");
    if (stores.length === 0) add(numberOf(textOf(rest, "Количество")));
    for (const store of stores) add(numberOf(textOf(store, "Количество")));
  }
  return sum;
}

/**
 * `priceTypeName`: the price type to sell at (ONEC_PRICE_TYPE); unset, the file's only or first
 * one. A name the file's `ТипыЦен` does not list fails the file, naming it.
 */
export async function parseOffers(
  input: AsyncIterable<Uint8Array>,
  file: string,
  priceTypeName: string | undefined,
  handlers: OffersHandlers,
): Promise<{ offers: number; onlyChanges: boolean; priceType?: string }> {
  const types: { id: string; name: string }[] = [];
  let priceTypeId: string | undefined;
  let typesRead = false;
  let header: { onlyChanges: boolean } | undefined;
  let started = false;
  let pending: OnecOffer[] = [];
  let count = 0;

  const choosePriceType = () => {
    if (typesRead) return;
    typesRead = true;
    if (types.length === 0) return;
    const wanted = priceTypeName?.trim().toLowerCase();
    const chosen = wanted ? types.find((t) => t.name.toLowerCase() === wanted) : types[0];
    if (!chosen) {
      throw new OnecFormatError(
        `В файле ${file} нет типа цен «${priceTypeName}» (ONEC_PRICE_TYPE); есть: ${types.map((t) => `«${t.name}»`).join(", ")}`,
      );
    }
    priceTypeId = chosen.id;
  };

  await readXml(input, file, {
    collect(path) {
      if (path[1] !== "ПакетПредложений" || path.length !== 4) return false;
      return (
        (path[2] === "ТипыЦен" && path[3] === "ТипЦены") || (path[2] === "Предложения" && path[3] === "Предложение")
      );
    },
    onOpen(name, attrs, path) {
      if (path.length === 2 && name === "ПакетПредложений")
        header = { onlyChanges: flag(attrs["СодержитТолькоИзменения"]) };
    },
    onNode(node) {
      if (node.name === "ТипЦены") {
        types.push({ id: textOf(node, "Ид"), name: textOf(node, "Наименование") });
        return;
      }
      choosePriceType();
      const id = textOf(node, "Ид");
      if (!id) return;
      // Its own string: a sink may keep the offers until the file is read (see `own`).
      const offer: OnecOffer = { id: own(id) };
      const prices = childrenOf(childOf(node, "Цены") ?? node, "Цена");
      const price = prices.find((p) => priceTypeId === undefined || textOf(p, "ИдТипаЦены") === priceTypeId);
      const value = price ? numberOf(textOf(price, "ЦенаЗаЕдиницу")) : undefined;
      if (value !== undefined && value >= 0) offer.price = value;
      const balance = balanceOf(node);
      if (balance !== undefined) offer.balance = balance;
      pending.push(offer);
    },
    async drain() {
      if (pending.length === 0) return;
      if (!started) {
        started = true;
        await handlers.onPackage(header ?? { onlyChanges: false });
      }
      while (pending.length > 0) {
        const batch = pending.slice(0, BATCH);
        pending = pending.slice(BATCH);
        count += batch.length;
        await handlers.onOffers(batch);
      }
    },
  });
  if (!header) throw new OnecFormatError(`В файле ${file} нет пакета предложений (элемента ПакетПредложений)`);
  choosePriceType();
  if (!started) await handlers.onPackage(header);
  const chosen = types.find((t) => t.id === priceTypeId)?.name;
  return { offers: count, onlyChanges: header.onlyChanges, ...(chosen ? { priceType: chosen } : {}) };
}
