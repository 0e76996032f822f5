/**
 * The exchange's catalogue and orders kept in memory: what the tests use, and the reference for
 * the store's versions of CatalogueSink and OrderSource.
 */
import { siteOrderIdIn, siteOrderNumberIn } from "~/lib/order-number";
import type { Part } from "~/lib/part";
import type {
  CatalogueSink,
  ExchangeOrder,
  OnecGood,
  OnecOffer,
  OrderSource,
  OrderStatusUpdate,
  SinkBatch,
} from "./ports.server";
import { pictureUrl as sitePictureUrl } from "./pictures.server";
import { SlugBook } from "./slugs.server";

export interface OnecPart extends Part {
  brand?: string;
  crossNumbers: string[];
}

/** The cart's rule for ids: a `Ид` that breaks it cannot be bought, so it is left out. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface MemoryCatalogue extends CatalogueSink {
  parts(): OnecPart[];
  byId(id: string): OnecPart | undefined;
  bySlug(slug: string): OnecPart | undefined;
  /** How many commits replaced or changed the catalogue. */
  version(): number;
}

/** `pictureUrl` turns a picture's path in the exchange folder into the address the site serves it at. */
export function createMemoryCatalogue(pictureUrl: (path: string) => string = sitePictureUrl): MemoryCatalogue {
  let current = new Map<string, OnecPart>();
  let slugIndex = new Map<string, string>();
  const slugs = new SlugBook();
  let version = 0;
  /** The exchange whose full files make the catalogue now, and the ids they listed. */
  let fullExchange: string | undefined;
  const fullIds = new Set<string>();

  const publish = (next: Map<string, OnecPart>) => {
    current = next;
    slugIndex = new Map([...next.values()].map((p) => [p.slug, p.id]));
    version++;
  };

  const toPart = (good: OnecGood): OnecPart => {
    const before = current.get(good.id);
    return {
      id: good.id,
      slug: slugs.slugFor(good.id, good.name),
      name: good.name,
      fullName: good.fullName,
      article: good.article,
      group: good.group || "Прочее",
      price: before?.price ?? 0,
      balance: before?.balance ?? 0,
      images: good.pictures.map(pictureUrl),
      description: good.description,
      ...(good.brand ? { brand: good.brand } : {}),
      crossNumbers: good.crossNumbers,
    };
  };

  return {
    async beginCatalogue({ onlyChanges, exchange }): Promise<SinkBatch<OnecGood>> {
      // The parts as the file says, or its changes: built beside the catalogue that serves meanwhile.
      const staged = new Map<string, OnecPart | null>();
      return {
        async add(goods) {
          for (const good of goods) {
            if (ID_PATTERN.test(good.id)) staged.set(good.id, good.deleted ? null : toPart(good));
          }
        },
        async commit() {
          // A later full file of the same exchange adds to the catalogue its first one replaced.
          if (!onlyChanges && fullExchange !== exchange) {
            fullExchange = exchange;
            fullIds.clear();
          }
          const next = onlyChanges ? new Map(current) : new Map([...current].filter(([id]) => fullIds.has(id)));
          for (const [id, part] of staged) {
            if (!onlyChanges) fullIds.add(id);
            if (part) next.set(id, part);
            else next.delete(id);
          }
          staged.clear();
          publish(next);
        },
        async abort() {
          staged.clear();
        },
      };
    },
    async beginOffers(): Promise<SinkBatch<OnecOffer>> {
      const staged: OnecOffer[] = [];
      return {
        async add(offers) {
          staged.push(...offers);
        },
        // In place: prices and stock change without building the catalogue anew.
        async commit() {
          for (const offer of staged) {
            const part = current.get(offer.id);
            if (!part) continue;
            if (offer.price !== undefined) part.price = offer.price;
            if (offer.balance !== undefined) part.balance = Math.max(0, Math.floor(offer.balance));
          }
          staged.length = 0;
          version++;
        },
        async abort() {
          staged.length = 0;
        },
      };
    },
    parts: () => [...current.values()],
    byId: (id) => current.get(id),
    bySlug: (slug) => {
      const id = slugIndex.get(slug);
      return id === undefined ? undefined : current.get(id);
    },
    version: () => version,
  };
}

export interface MemoryOrders extends OrderSource {
  place(order: ExchangeOrder): void;
  statusOf(number: string): OrderStatusUpdate[];
  exported(): string[];
}

export function createMemoryOrders(): MemoryOrders {
  const orders: ExchangeOrder[] = [];
  const exported = new Set<string>();
  const history = new Map<string, OrderStatusUpdate[]>();
  return {
    place(order) {
      orders.push(order);
    },
    async unconfirmed() {
      return orders.filter((o) => !exported.has(o.id));
    },
    async markExported(ids) {
      for (const id of ids) exported.add(id);
    },
    async recordStatuses(updates) {
      const unknown: string[] = [];
      for (const update of updates) {
        const id = siteOrderIdIn(update.onecId);
        const number = siteOrderNumberIn(update.number);
        const order =
          orders.find((o) => id !== undefined && o.id === id) ??
          orders.find((o) => o.number === update.number.trim()) ??
          orders.find((o) => number !== undefined && o.number === number);
        if (!order) {
          unknown.push(update.number || (update.onecId ?? ""));
          continue;
        }
        if (update.status) order.status = update.status;
        history.set(order.number, [...(history.get(order.number) ?? []), update]);
      }
      return { unknown };
    },
    statusOf: (number) => history.get(number) ?? [],
    exported: () => [...exported],
  };
}
