/**
 * Whether the store can be used now: /healthz asks, and a form's action tells a store that is
 * away (PostgreSQL unreachable or failing, SQLite's disk full or read-only) from its own bugs, to
 * answer the spec's error with 503. Nothing here holds state: the next query after the database
 * is back (or the disk has room again) simply works (pg's pool opens a fresh connection), no restart.
 */
import fsp from "node:fs/promises";
import { sql } from "kysely";
import type { StoreDb } from "./db.server";

/**
 * Less room than this on SQLite's disk and the store counts as away: a full disk still answers
 * reads (`select 1`), but the next lead's transaction may not fit.
 */
export const SQLITE_MIN_FREE_BYTES = 1024 * 1024;

/**
 * Answers `select 1` within `timeoutMs`; SQLite's store besides needs room on the disk under
 * `dataDir` (asked of the file system, nothing written).
 */
export async function storeHealthy(
  store: StoreDb,
  { dataDir, timeoutMs = 2000 }: { dataDir?: string; timeoutMs?: number } = {},
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const answers = sql`select 1`.execute(store.db).then(() => true);
    const room =
      store.kind === "sqlite" && dataDir !== undefined
        ? fsp.statfs(dataDir).then((disk) => disk.bavail * disk.bsize >= SQLITE_MIN_FREE_BYTES)
        : true;
    return await Promise.race([Promise.all([answers, room]).then((both) => both.every(Boolean)), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Node's codes of a connection that failed. */
const DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

/** SQLite's primary result codes of a disk that cannot take a write: BUSY, READONLY, IOERR, FULL, CANTOPEN. */
const SQLITE_DOWN = new Set([5, 8, 10, 13, 14]);
const SQLITE_DOWN_NAME = /^SQLITE_(BUSY|READONLY|IOERR|FULL|CANTOPEN)(_|$)/;

/**
 * The error says the store is away, not that the query was wrong: a connection refused or lost,
 * PostgreSQL's classes 08 (connection), 53 (resources: disk full, out of memory), 57P (shut
 * down), or SQLite out of disk, unable to write or locked past its busy timeout. SQLite's
 * extended codes (SQLITE_IOERR_WRITE…) are told by their primary code, also those the driver has
 * no name for (libsql names them UNKNOWN_SQLITE_ERROR_<n>).
 */
export function isStoreDown(error: unknown): boolean {
  const e = error as
    { code?: unknown; rawCode?: unknown; message?: unknown; errors?: { code?: unknown }[] } | undefined;
  const code = typeof e?.code === "string" ? e.code : undefined;
  if (code && (DOWN_CODES.has(code) || /^(08|53|57P)/.test(code) || SQLITE_DOWN_NAME.test(code))) return true;
  if (typeof e?.rawCode === "number" && SQLITE_DOWN.has(e.rawCode & 0xff)) return true;
  if (e?.errors?.some((inner) => typeof inner.code === "string" && DOWN_CODES.has(inner.code))) return true;
  const message = typeof e?.message === "string" ? e.message : "";
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}
