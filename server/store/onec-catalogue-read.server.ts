/**
 * The catalogue 1C delivered as the store keeps it (server/store/onec-catalogue.server.ts writes
 * it): its state (the version, the table it is in) and the read of its parts, which the parts
 * gateway builds the snapshot from on every server.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Part } from "~/lib/part";
import type { StoreDb } from "./db.server";
import { readSetting } from "./settings.server";

/** The settings row of the catalogue's version and the time of its last commit. */
export const STATE_KEY = "onec-catalogue";

/**
 * Rows per step of a commit or a read, the event loop free between steps: libsql runs each
 * statement on the thread that answers requests, and 100 000 rows in one would hold it for
 * seconds.
 */
export const ROWS_PER_STEP = 2_000;

/** The two tables the catalogue takes turns in. */
export type OnecTable = "onec_parts" | "onec_parts_b";

export interface OnecCatalogueState {
  /** Grows with each commit: a server serving an older one reads the catalogue again. */
  version: number;
  /** When 1C's last file was committed, ISO 8601. */
  at: string;
  /** The table holding the catalogue (absent: onec_parts, as before there were two). */
  table?: OnecTable;
  /** The version that named that table: a read of it is whole if this has not moved meanwhile. */
  since?: number;
}

export function onecTable(state: OnecCatalogueState | undefined): OnecTable {
  return state?.table ?? "onec_parts";
}

export const otherTable = (table: OnecTable): OnecTable => (table === "onec_parts" ? "onec_parts_b" : "onec_parts");

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
  // take the write lock (BEGIN IMMEDIATE) for the length of a read. A big commit meanwhile names
  // the other table and empties this one: then read again.
  for (;;) {
    const state = await onecCatalogueState(store);
    if (!state) return undefined;
    const body = await readTable(store, onecTable(state));
    if ((await onecCatalogueState(store))?.since === state.since) return { state, body };
  }
}

async function readTable(store: StoreDb, table: OnecTable): Promise<ArrayBuffer> {
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
      .selectFrom(table as "onec_parts")
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
  return body;
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
