/**
 * The catalogue 1C delivers, kept in the store (docs/decisions/018): the exchange's CatalogueSink
 * (what the parts gateway reads is in onec-catalogue-read.server.ts). A file's goods are staged in
 * rows of their own as they are parsed (memory stays flat at 100 000 goods), and its commit is
 * atomic: the catalogue serving meanwhile is the old one, whole, until then.
 *
 * The catalogue lives in one of two tables, named by its state. A commit of a few thousand rows
 * changes that table in one short transaction; a bigger one writes the whole next catalogue into
 * the other table, a slice at a time with the store free between slices, and then names it in
 * one short transaction. On SQLite a transaction holds the process's one connection: 100 000
 * rows written in one held /healthz and every page that reads the store for a second or more.
 */
import crypto from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "kysely";
import type { Part } from "~/lib/part";
import type { CatalogueSink, OnecGood, OnecOffer, SinkBatch } from "../onec/ports.server";
import { pictureUrl as sitePictureUrl } from "../onec/pictures.server";
import { SlugBook } from "../onec/slugs.server";
import type { StoreDb } from "./db.server";
import {
  onecCatalogueState,
  onecTable,
  otherTable,
  ROWS_PER_STEP,
  STATE_KEY,
  type OnecCatalogueState,
  type OnecTable,
} from "./onec-catalogue-read.server";

export {
  onecCatalogueState,
  onecTable,
  readOnecCatalogue,
  readOnecCatalogueBody,
  type OnecCatalogueState,
} from "./onec-catalogue-read.server";

/** The cart's rule for ids: a `Ид` that breaks it cannot be bought, so it is left out. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Rows per insert: well under SQLite's and PostgreSQL's limits on bound values. */
const ROWS_PER_INSERT = 500;

/** What a commit changed, told to this server's catalogue at once. */
export type OnecCatalogueChange =
  | { kind: "catalogue"; state: OnecCatalogueState }
  | { kind: "offers"; state: OnecCatalogueState; previous: number; offers: OnecOffer[] };

/** The part's fields kept as JSON: everything but the slug, price and balance (columns of their own). */
type StoredPart = Omit<Part, "id" | "slug" | "group" | "price" | "balance">;

export interface StoreCatalogueOptions {
  /** Turns a picture's path in the exchange folder into the address the site serves it at. */
  pictureUrl?: (path: string) => string;
  /** Told after each commit, on this server (the gateway rebuilds or applies offers in place). */
  onCommit?: (change: OnecCatalogueChange) => void;
  now?: () => Date;
  /** Commits of up to this many rows change the serving table in one transaction (tests set 0). */
  inPlaceUpTo?: number;
}

/** The columns of a part's row, in the order the statements below write them. */
const COLUMNS = sql`(id, slug, group_name, part, price, balance, listed, full_exchange)`;

export function createStoreCatalogue(store: StoreDb, options: StoreCatalogueOptions = {}): CatalogueSink {
  const pictureUrl = options.pictureUrl ?? sitePictureUrl;
  const now = options.now ?? (() => new Date());
  const inPlaceUpTo = options.inPlaceUpTo ?? ROWS_PER_STEP;

  const stored = (good: OnecGood): StoredPart => ({
    name: good.name,
    fullName: good.fullName,
    article: good.article,
    images: good.pictures.map(pictureUrl),
    description: good.description,
    ...(good.brand ? { brand: good.brand } : {}),
    ...(good.crossNumbers.length > 0 ? { crossNumbers: good.crossNumbers } : {}),
  });

  // This server's commits one after another: a rewrite reads the serving table while it writes
  // the other, and a commit between would be lost. (Another server never commits: the exchange
  // runs on one; should one do so all the same, the rewrite sees the version moved and fails.)
  let queue: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  /** The next state, written in `trx`: the version grows by one; `table` names a rewritten table. */
  async function bump(
    trx: typeof store.db,
    before: OnecCatalogueState | undefined,
    table?: OnecTable,
  ): Promise<{ state: OnecCatalogueState; previous: number }> {
    const previous = before?.version ?? 0;
    const version = previous + 1;
    const state: OnecCatalogueState = {
      version,
      at: now().toISOString(),
      table: table ?? onecTable(before),
      since: table ? version : (before?.since ?? 0),
    };
    const value = JSON.stringify(state);
    await trx
      .insertInto("settings")
      .values({ key: STATE_KEY, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
    return { state, previous };
  }

  async function stateIn(trx: typeof store.db): Promise<OnecCatalogueState | undefined> {
    const row = await trx.selectFrom("settings").select("value").where("key", "=", STATE_KEY).executeTakeFirst();
    return row ? (JSON.parse(row.value) as OnecCatalogueState) : undefined;
  }

  /** A commit that changes the serving table (`table`) in one transaction. */
  function inPlace(change: (trx: typeof store.db, table: OnecTable) => Promise<void>) {
    return store.db.transaction().execute(async (trx) => {
      const before = await stateIn(trx);
      await change(trx, onecTable(before));
      return bump(trx, before);
    });
  }

  /** Empties `table` a slice at a time (secure_delete overwrites each row: all at once would hold the thread). */
  async function empty(table: OnecTable): Promise<void> {
    for (;;) {
      const { numAffectedRows } = await sql`
        delete from ${sql.table(table)}
        where id in (select id from ${sql.table(table)} order by id limit ${ROWS_PER_STEP})
      `.execute(store.db);
      if (Number(numAffectedRows ?? 0) < ROWS_PER_STEP) return;
      await nextTurn();
    }
  }

  /**
   * A commit that writes the next catalogue into the table not serving, then names it: `copy`
   * writes the serving table's rows from `after` up to `upto` (all the rest without it) into the
   * other one as they are to be; `extra` anything more. Only the naming holds a transaction.
   */
  async function rewrite(
    copy: (from: OnecTable, to: OnecTable, after: string, upto: string | undefined) => Promise<void>,
    extra?: (from: OnecTable, to: OnecTable) => Promise<void>,
  ): Promise<{ state: OnecCatalogueState; previous: number }> {
    const before = await onecCatalogueState(store);
    const from = onecTable(before);
    const to = otherTable(from);
    // Left by a rewrite cut short (a restart), or by a reader's server: nothing serves from it.
    await empty(to);
    for (let after = ""; ;) {
      const bound = await sql<{ id: string }>`
        select id from ${sql.table(from)} where id > ${after} order by id limit 1 offset ${ROWS_PER_STEP - 1}
      `.execute(store.db);
      const upto = bound.rows[0]?.id;
      await copy(from, to, after, upto);
      if (upto === undefined) break;
      after = upto;
      await nextTurn();
    }
    await extra?.(from, to);
    const named = await store.db.transaction().execute(async (trx) => {
      const current = await stateIn(trx);
      if (current?.version !== before?.version) {
        throw new Error("каталог изменился во время загрузки (другой обмен?), повторите обмен");
      }
      return bump(trx, current, to);
    });
    // Servers reading it now see the state moved and read the new table instead.
    await empty(from);
    return named;
  }

  const range = (after: string, upto: string | undefined) =>
    upto === undefined ? sql`a.id > ${after}` : sql`a.id > ${after} and a.id <= ${upto}`;

  return {
    async beginCatalogue({ onlyChanges, exchange }): Promise<SinkBatch<OnecGood>> {
      const batch = crypto.randomUUID();
      // Staged goods of an import cut short (a restart) are of no use to anyone.
      await store.db.deleteFrom("onec_staged").execute();
      const table = onecTable(await onecCatalogueState(store));
      const known = await store.db
        .selectFrom(table as "onec_parts")
        .select(["id", "slug"])
        .execute();
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
      // The slug stays as first made; a part in a full file is marked with that file's exchange,
      // and the full files of one exchange together are the catalogue: parts none of them listed leave.
      const full = onlyChanges ? null : exchange;
      const staged = sql`onec_staged s on s.batch = ${batch} and s.id = a.id`;
      const listed =
        full === null
          ? sql`case when s.id is not null then 1 - s.deleted else a.listed end`
          : sql`case when s.id is not null then 1 - s.deleted
              when a.full_exchange is null or a.full_exchange <> ${full} then 0 else a.listed end`;
      const fullExchange =
        full === null ? sql`a.full_exchange` : sql`case when s.id is not null then ${full} else a.full_exchange end`;
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
          const { state } = await oneAtATime(() =>
            seq <= inPlaceUpTo
              ? inPlace(async (trx, table) => {
                  await sql`
                    insert into ${sql.table(table)} ${COLUMNS}
                    select id, slug, group_name, part, 0, 0, 1 - deleted, ${full} from onec_staged
                    where batch = ${batch}
                    on conflict (id) do update set
                      group_name = excluded.group_name,
                      part = excluded.part,
                      listed = excluded.listed,
                      full_exchange = coalesce(excluded.full_exchange, ${sql.table(table)}.full_exchange)
                  `.execute(trx);
                  if (full !== null) {
                    await sql`
                      update ${sql.table(table)} set listed = 0
                      where full_exchange is null or full_exchange <> ${full}
                    `.execute(trx);
                  }
                })
              : rewrite(
                  // The parts there were, with the file's goods among them as the file has them…
                  async (from, to, after, upto) => {
                    await sql`
                      insert into ${sql.table(to)} ${COLUMNS}
                      select a.id, a.slug, coalesce(s.group_name, a.group_name), coalesce(s.part, a.part),
                        a.price, a.balance, ${listed}, ${fullExchange}
                      from ${sql.table(from)} a left join ${staged}
                      where ${range(after, upto)}
                    `.execute(store.db);
                  },
                  // … and the goods new to the site.
                  async (from, to) => {
                    for (let at = 0; at < seq; at += ROWS_PER_STEP) {
                      await nextTurn();
                      await sql`
                        insert into ${sql.table(to)} ${COLUMNS}
                        select s.id, s.slug, s.group_name, s.part, 0, 0, 1 - s.deleted, ${full} from onec_staged s
                        where s.batch = ${batch} and s.seq >= ${at} and s.seq < ${at + ROWS_PER_STEP}
                          and not exists (select 1 from ${sql.table(from)} a where a.id = s.id)
                      `.execute(store.db);
                    }
                  },
                ),
          );
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
          // Written first, each slice on its own; then applied at once: in the serving table by
          // one UPDATE … FROM, or for many, by writing the other table and naming it. A price or
          // balance the offer lacks stays (null keeps it).
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
          const { state, previous } = await oneAtATime(() =>
            given.length <= inPlaceUpTo
              ? inPlace(async (trx, table) => {
                  await sql`
                    update ${sql.table(table)} set
                      price = coalesce(s.price, ${sql.table(table)}.price),
                      balance = coalesce(s.balance, ${sql.table(table)}.balance)
                    from onec_offers_staged as s
                    where s.batch = ${batch} and ${sql.table(table)}.id = s.id
                  `.execute(trx);
                })
              : rewrite(async (from, to, after, upto) => {
                  await sql`
                    insert into ${sql.table(to)} ${COLUMNS}
                    select a.id, a.slug, a.group_name, a.part, coalesce(s.price, a.price),
                      coalesce(s.balance, a.balance), a.listed, a.full_exchange
                    from ${sql.table(from)} a left join onec_offers_staged s on s.batch = ${batch} and s.id = a.id
                    where ${range(after, upto)}
                  `.execute(store.db);
                }),
          ).finally(clear);
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
