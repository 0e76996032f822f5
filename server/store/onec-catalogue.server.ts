/**
 * The catalogue 1C delivers, kept in the store (docs/decisions/018): the exchange's CatalogueSink,
 * and what the parts gateway reads to serve it on every server. A file's goods are staged in rows
 * of their own as they are parsed (memory stays flat at 100 000 goods), and its commit is one
 * transaction: the catalogue serving meanwhile is the old one, whole, until then.
 */
import crypto from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "kysely";
import type { Part } from "~/lib/part";
import type { CatalogueSink, OnecGood, OnecOffer, SinkBatch } from "../onec/ports.server";
import { pictureUrl as sitePictureUrl } from "../onec/pictures.server";
import { SlugBook } from "../onec/slugs.server";
import type { StoreDb } from "./db.server";
import { readSetting } from "./settings.server";

/** The settings row of the catalogue's version and the time of its last commit. */
const STATE_KEY = "onec-catalogue";

/** The cart's rule for ids: a `Ид` that breaks it cannot be bought, so it is left out. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Rows per insert: well under SQLite's and PostgreSQL's limits on bound values. */
const ROWS_PER_INSERT = 500;

/**
 * Rows per step of a commit or a read, the event loop free between steps: libsql runs each
 * statement on the thread that answers requests, and 100 000 rows in one would hold it for
 * seconds. (A commit's steps are in one transaction: other writers of this process wait for it.)
 */
const ROWS_PER_STEP = 2_000;

export interface OnecCatalogueState {
  /** Grows with each commit: a server serving an older one reads the catalogue again. */
  version: number;
  /** When 1C's last file was committed, ISO 8601. */
  at: string;
}

/** What a commit changed, told to this server's catalogue at once. */
export type OnecCatalogueChange =
  | { kind: "catalogue"; state: OnecCatalogueState }
  | { kind: "offers"; state: OnecCatalogueState; previous: number; offers: OnecOffer[] };

/** The part's fields kept as JSON: everything but the slug, price and balance (columns of their own). */
type StoredPart = Omit<Part, "id" | "slug" | "group" | "price" | "balance">;

export async function onecCatalogueState(store: StoreDb): Promise<OnecCatalogueState | undefined> {
  const value = await readSetting(store, STATE_KEY);
  return value === undefined ? undefined : (JSON.parse(value) as OnecCatalogueState);
}

/**
 * The parts on the site now as a parts API body (a list of `{group, parts}`), for the catalogue
 * worker: read a slice at a time, each part's JSON spliced as stored, never parsed here.
 */
export async function readOnecCatalogueBody(
  store: StoreDb,
): Promise<{ state: OnecCatalogueState; body: ArrayBuffer } | undefined> {
  // The state first, then the rows: the rows are as new as the state or newer, never older, so
  // the next refresh reads them again and no commit is missed. No transaction: on SQLite it would
  // take the write lock (BEGIN IMMEDIATE) for the length of a read.
  const state = await onecCatalogueState(store);
  if (!state) return undefined;
  const encoder = new TextEncoder();
  const body = new ArrayBuffer(0, { maxByteLength: 2 ** 31 });
  const append = (text: string) => {
    const bytes = encoder.encode(text);
    const at = body.byteLength;
    body.resize(at + bytes.byteLength);
    new Uint8Array(body, at).set(bytes);
  };
  let after: { group: string; id: string } | undefined;
  let open = false;
  for (;;) {
    const rows = await store.db
      .selectFrom("onec_parts")
      .select(["id", "slug", "group_name", "part", "price", "balance"])
      .where("listed", "=", 1)
      .$if(after !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb("group_name", ">", after!.group),
            eb.and([eb("group_name", "=", after!.group), eb("id", ">", after!.id)]),
          ]),
        ),
      )
      .orderBy("group_name")
      .orderBy("id")
      .limit(ROWS_PER_STEP)
      .execute();
    const pieces: string[] = [];
    for (const row of rows) {
      if (row.group_name !== after?.group) {
        pieces.push(`${open ? "]}," : "["}{"group":${JSON.stringify(row.group_name)},"parts":[`);
        open = true;
      } else pieces.push(",");
      const head = `{"id":${JSON.stringify(row.id)},"slug":${JSON.stringify(row.slug)},"price":${Number(row.price)},"balance":${row.balance}`;
      pieces.push(row.part === "{}" ? `${head}}` : `${head},${row.part.slice(1)}`);
      after = { group: row.group_name, id: row.id };
    }
    append(pieces.join(""));
    if (rows.length < ROWS_PER_STEP) break;
    await nextTurn();
  }
  append(open ? "]}]" : "[]");
  return { state, body };
}

/** The parts on the site now, grouped as the parts API gives them. */
export async function readOnecCatalogue(
  store: StoreDb,
): Promise<{ state: OnecCatalogueState; groups: { group: string; parts: Part[] }[] } | undefined> {
  const read = await readOnecCatalogueBody(store);
  if (!read) return undefined;
  return {
    state: read.state,
    groups: JSON.parse(new TextDecoder().decode(read.body)) as { group: string; parts: Part[] }[],
  };
}

export interface StoreCatalogueOptions {
  /** Turns a picture's path in the exchange folder into the address the site serves it at. */
  pictureUrl?: (path: string) => string;
  /** Told after each commit, on this server (the gateway rebuilds or applies offers in place). */
  onCommit?: (change: OnecCatalogueChange) => void;
  now?: () => Date;
}

export function createStoreCatalogue(store: StoreDb, options: StoreCatalogueOptions = {}): CatalogueSink {
  const pictureUrl = options.pictureUrl ?? sitePictureUrl;
  const now = options.now ?? (() => new Date());

  const stored = (good: OnecGood): StoredPart => ({
    name: good.name,
    fullName: good.fullName,
    article: good.article,
    images: good.pictures.map(pictureUrl),
    description: good.description,
    ...(good.brand ? { brand: good.brand } : {}),
    ...(good.crossNumbers.length > 0 ? { crossNumbers: good.crossNumbers } : {}),
  });

  /** The next state, written in `trx`: the version grows by one. */
  async function bump(trx: typeof store.db): Promise<{ state: OnecCatalogueState; previous: number }> {
    const row = await trx.selectFrom("settings").select("value").where("key", "=", STATE_KEY).executeTakeFirst();
    const previous = row ? (JSON.parse(row.value) as OnecCatalogueState).version : 0;
    const state = { version: previous + 1, at: now().toISOString() };
    const value = JSON.stringify(state);
    await trx
      .insertInto("settings")
      .values({ key: STATE_KEY, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
    return { state, previous };
  }

  return {
    async beginCatalogue({ onlyChanges, exchange }): Promise<SinkBatch<OnecGood>> {
      const batch = crypto.randomUUID();
      // Staged goods of an import cut short (a restart) are of no use to anyone.
      await store.db.deleteFrom("onec_staged").execute();
      const known = await store.db.selectFrom("onec_parts").select(["id", "slug"]).execute();
      const slugs = new SlugBook(known.map((row) => [row.id, row.slug]));
      let seq = 0;
      // A slice at a time: secure_delete overwrites each row, 100 000 at once would hold the thread.
      const clear = async () => {
        for (let from = 0; from < seq; from += ROWS_PER_STEP) {
          if (from > 0) await nextTurn();
          await store.db
            .deleteFrom("onec_staged")
            .where("batch", "=", batch)
            .where("seq", "<", from + ROWS_PER_STEP)
            .execute();
        }
      };
      return {
        async add(goods) {
          const rows = goods
            .filter((good) => ID_PATTERN.test(good.id))
            .map((good) => ({
              batch,
              seq: seq++,
              id: good.id,
              slug: slugs.slugFor(good.id, good.name),
              group_name: good.group || "Прочее",
              part: JSON.stringify(stored(good)),
              deleted: good.deleted ? 1 : 0,
            }));
          for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
            await store.db
              .insertInto("onec_staged")
              .values(rows.slice(from, from + ROWS_PER_INSERT))
              .onConflict((oc) =>
                oc.columns(["batch", "id"]).doUpdateSet({
                  part: (eb) => eb.ref("excluded.part"),
                  group_name: (eb) => eb.ref("excluded.group_name"),
                  deleted: (eb) => eb.ref("excluded.deleted"),
                }),
              )
              .execute();
          }
        },
        async commit() {
          const state = await store.db.transaction().execute(async (trx) => {
            const full = onlyChanges ? null : exchange;
            // The slug stays as first made; a part in a full file is marked with that file's exchange.
            for (let from = 0; from < seq; from += ROWS_PER_STEP) {
              if (from > 0) await nextTurn();
              await sql`
                insert into onec_parts (id, slug, group_name, part, price, balance, listed, full_exchange)
                select id, slug, group_name, part, 0, 0, 1 - deleted, ${full} from onec_staged
                where batch = ${batch} and seq >= ${from} and seq < ${from + ROWS_PER_STEP}
                on conflict (id) do update set
                  group_name = excluded.group_name,
                  part = excluded.part,
                  listed = excluded.listed,
                  full_exchange = coalesce(excluded.full_exchange, onec_parts.full_exchange)
              `.execute(trx);
            }
            // The full files of one exchange together are the catalogue: parts none of them listed leave.
            if (full !== null) {
              await trx
                .updateTable("onec_parts")
                .set({ listed: 0 })
                .where((eb) => eb.or([eb("full_exchange", "is", null), eb("full_exchange", "!=", full)]))
                .execute();
            }
            return (await bump(trx)).state;
          });
          options.onCommit?.({ kind: "catalogue", state });
          // After the commit, so the transaction that holds the store stays short; a batch's rows
          // are of no use once committed, and the next import clears whatever is left.
          await clear();
        },
        async abort() {
          await clear();
        },
      };
    },

    async beginOffers(): Promise<SinkBatch<OnecOffer>> {
      // Offers staged by an import cut short (a restart) are of no use to anyone.
      await store.db.deleteFrom("onec_offers_staged").execute();
      // An offer is three small values: 100 000 of them are a few MB.
      const staged = new Map<string, OnecOffer>();
      return {
        async add(offers) {
          for (const offer of offers) {
            const before = staged.get(offer.id);
            staged.set(offer.id, before ? { ...before, ...definedOf(offer) } : offer);
          }
        },
        async commit() {
          const offers = [...staged.values()].map((offer) => ({
            ...offer,
            ...(offer.balance === undefined ? {} : { balance: Math.max(0, Math.floor(offer.balance)) }),
          }));
          staged.clear();
          // Written first, each slice on its own; then one UPDATE … FROM applies them all in the
          // commit's transaction, which holds the store a moment, not the seconds 100 000 single
          // updates take. A price or balance the offer lacks stays (null keeps it).
          const batch = crypto.randomUUID();
          const given = offers.filter((offer) => offer.price !== undefined || offer.balance !== undefined);
          const clear = async () => {
            await store.db.deleteFrom("onec_offers_staged").where("batch", "=", batch).execute();
          };
          try {
            for (let from = 0; from < given.length; from += ROWS_PER_INSERT) {
              if (from > 0) await nextTurn();
              await store.db
                .insertInto("onec_offers_staged")
                .values(
                  given.slice(from, from + ROWS_PER_INSERT).map((offer) => ({
                    batch,
                    id: offer.id,
                    price: offer.price ?? null,
                    balance: offer.balance ?? null,
                  })),
                )
                .execute();
            }
          } catch (error) {
            await clear().catch(() => {});
            throw error;
          }
          const { state, previous } = await store.db.transaction().execute(async (trx) => {
            await sql`
              update onec_parts set
                price = coalesce(s.price, onec_parts.price),
                balance = coalesce(s.balance, onec_parts.balance)
              from onec_offers_staged as s
              where s.batch = ${batch} and onec_parts.id = s.id
            `.execute(trx);
            return bump(trx);
          });
          await clear();
          options.onCommit?.({ kind: "offers", state, previous, offers });
        },
        async abort() {
          staged.clear();
        },
      };
    },
  };
}

function definedOf(offer: OnecOffer): Partial<OnecOffer> {
  return {
    ...(offer.price === undefined ? {} : { price: offer.price }),
    ...(offer.balance === undefined ? {} : { balance: offer.balance }),
  };
}
