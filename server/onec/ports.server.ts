/**
 * What the 1C exchange needs from the rest of the site, as small interfaces: the catalogue it
 * fills and the orders it hands to 1C. The exchange knows nothing of where they are kept; the
 * in-memory versions (memory.server.ts) serve the tests.
 */

/** A `Товар` of import.xml as the site reads it. */
export interface OnecGood {
  /** `Ид`: 1C's GUID, kept with the part (orders name it back to 1C). */
  id: string;
  article: string;
  name: string;
  /** The requisite 'Полное наименование', else the name. */
  fullName: string;
  /** The name of the good's group in `Классификатор` ('' without one). */
  group: string;
  description: string;
  /** Paths of the pictures inside the exchange's folder, e.g. `import_files/ab/ab12….jpg`. */
  pictures: string[];
  /** `Изготовитель`'s name. */
  brand?: string;
  /** The part's other numbers ('Кросс-номера', 'Аналоги', 'OEM'). */
  crossNumbers: string[];
  /** Marked deleted in 1C (`Статус` 'Удален' or `ПометкаУдаления`): leaves the site. */
  deleted: boolean;
}

/** A `Предложение` of offers.xml: what is given is changed, what is absent is kept. */
export interface OnecOffer {
  id: string;
  /** The price of the chosen price type; absent when the offer has none of that type. */
  price?: number;
  /** `Количество`, or the sum of the warehouses' quantities; absent when the file gives none. */
  balance?: number;
}

/**
 * One file's changes, applied at once by `commit` or not at all: until then the site keeps
 * serving what it had (a malformed file leaves the old catalogue).
 */
export interface SinkBatch<T> {
  add(items: readonly T[]): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** What a file says of itself and of the exchange it came in. */
export interface CatalogueFile {
  /** `СодержитТолькоИзменения`: true, only the goods listed change. */
  onlyChanges: boolean;
  /**
   * The exchange (from 1C's `init` to the next) the file came in: 1C may split a full catalogue
   * into several files (import0_1.xml, import0_2.xml…), which together replace the catalogue.
   */
  exchange: string;
}

export interface CatalogueSink {
  /**
   * import.xml. `onlyChanges` false: the goods of this exchange's full files replace the
   * catalogue (parts in none of them leave the site); true: only the goods listed change. A part
   * keeps its slug for its `Ид` once made, and its last price and balance across a replacement
   * (offers.xml comes after import.xml).
   */
  beginCatalogue(file: CatalogueFile): Promise<SinkBatch<OnecGood>>;
  /** offers.xml: prices and balances applied in place to the parts with these `Ид`s. */
  beginOffers(file: CatalogueFile): Promise<SinkBatch<OnecOffer>>;
}

/** A picture a good names: its key (path in the exchange's folder), type and file on this server. */
export interface PictureFile {
  key: string;
  type: string;
  file: string;
}

/**
 * Where the goods' pictures are kept for every server (the store): put as the goods arrive, one
 * file at a time; a changed file replaces its picture; a full catalogue removes those it no
 * longer names.
 */
export interface PictureSink {
  /**
   * The pictures goods of `file` name. A file not on this server's disk (1C sent no pictures
   * this time) leaves its stored picture as it is.
   */
  keep(pictures: readonly PictureFile[], file: CatalogueFile): Promise<void>;
  /** After a full file's commit: the pictures no full file of `exchange` named leave. */
  prune(exchange: string): Promise<void>;
}

/** An order as it goes to 1C (`type=sale&mode=query`). */
export interface ExchangeOrder {
  /** The order's UUID (the site's id), 1C's `Ид` of the document. */
  id: string;
  /** The number the customer saw ('3F2A-9C1B'). */
  number: string;
  /** When it was placed, ISO 8601. */
  placedAt: string;
  lines: {
    /** The part's 1C `Ид` (from import.xml); a part not from 1C has the site's id. */
    id: string;
    article: string;
    name: string;
    price: number;
    amount: number;
  }[];
  /** Goods and delivery. */
  total: number;
  delivery: { label: string; cost: number; address?: string; carrier?: string; city?: string };
  customer: { name: string; phone: string; email?: string; invoice: boolean };
  /** The company (from DaData, or as the customer named it). */
  company?: { inn: string; name: string; kpp?: string; address?: string };
  /** 'Метод оплаты' as the site states it. */
  payment: string;
  comment?: string;
  /** 'Статус заказа' on the site ('Новый' until 1C says otherwise). */
  status: string;
}

/** What 1C says of an order (`type=sale&mode=file`). */
export interface OrderStatusUpdate {
  /** `Номер`: the number the site gave it, as 1C writes it back (a prefix, zeros, spaces); '' without one. */
  number: string;
  /** `Ид`: the site's order id as the query gave it (matched first), or 1C's own id of the document. */
  onecId?: string;
  status?: string;
  cancelled?: boolean;
  paidAt?: string;
  shippedAt?: string;
  shipmentNumber?: string;
}

export interface OrderSource {
  /** Orders not yet confirmed by 1C, oldest first. */
  unconfirmed(): Promise<ExchangeOrder[]>;
  /** 1C confirmed it has these orders (by `id`): they are not offered again. */
  markExported(ids: readonly string[]): Promise<void>;
  /**
   * Records 1C's statuses, each matched to an order by its `Ид` (the site's id), else by its
   * number (app/lib/order-number.ts: the variants 1C writes, never another order's); answers the
   * numbers the site does not know.
   */
  recordStatuses(updates: readonly OrderStatusUpdate[]): Promise<{ unknown: string[] }>;
}
