/**
 * Whether the store can be used now: /healthz asks, and a form's action tells a store that is
 * away (PostgreSQL unreachable or failing, SQLite's disk full or read-only) from its own bugs, to
 * answer the spec's error with 503. Nothing here holds state: the next query after the database
 * is back simply works (pg's pool opens a fresh connection), no restart.
 */
import { sql } from "kysely";
import type { StoreDb } from "./db.server";

/** Answers `select 1` within `timeoutMs`. */
export async function storeHealthy(store: StoreDb, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(store.db).then(() => true), late]);
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
