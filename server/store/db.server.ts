/**
 * Opens the store: one SQLite file under DATA_DIR by default, PostgreSQL when DATABASE_URL names
 * one (docs/decisions/017). Both are reached through Kysely with the same schema (schema.ts) and
 * the same queries; the migrations (migrations.server.ts) run here, under a lock, so servers
 * starting together migrate once.
 */
import fs from "node:fs";
import path from "node:path";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDatabase,
} from "kysely";
import Libsql from "libsql";
import pg from "pg";
import { errorMessage, log } from "../log.server";
import { migrationProvider } from "./migrations.server";
import type { Database } from "./schema";

export type StoreKind = "sqlite" | "postgres";

export interface StoreDb {
  kind: StoreKind;
  db: Kysely<Database>;
  /** Where it is, for the logs: the SQLite file, or PostgreSQL's host and database (never the password). */
  where: string;
  close(): Promise<void>;
}

/** The SQLite file of a DATA_DIR. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, "store.sqlite");
}

/**
 * Every write transaction starts with BEGIN IMMEDIATE: it takes SQLite's one write lock at once
 * (waiting `busy_timeout` for it), so two processes that both read and then write cannot meet
 * halfway and fail with SQLITE_BUSY.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** What SQLite can bind: the rest is refused here, as libsql's native code would abort the process on a boolean. */
function bindable(parameters: readonly unknown[]): readonly unknown[] {
  for (const value of parameters) {
    const type = typeof value;
    if (
      value !== null &&
      type !== "string" &&
      type !== "number" &&
      type !== "bigint" &&
      !(value instanceof Uint8Array)
    ) {
      throw new TypeError("SQLite3 can only bind numbers, strings, bigints, buffers, and null");
    }
  }
  return parameters;
}

/** A row as the rest of the site reads it: a BLOB as a Buffer, as PostgreSQL's bytea comes (libsql gives an ArrayBuffer). */
function withBuffers(row: unknown): unknown {
  const values = row as Record<string, unknown>;
  for (const key in values) {
    const value = values[key];
    if (value instanceof ArrayBuffer) values[key] = Buffer.from(value);
  }
  return row;
}

/** libsql's database as Kysely's SqliteDialect takes one (better-sqlite3's interface). */
function kyselyDatabase(database: Libsql.Database): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(query) {
      const statement = database.prepare(query);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(bindable(parameters)).map(withBuffers),
        run: (parameters) => statement.run(bindable(parameters)),
        *iterate(parameters) {
          const rows = statement.iterate(bindable(parameters));
          try {
            for (const row of rows) yield withBuffers(row);
          } finally {
            // libsql's iterator cannot be closed: a statement left mid-way keeps its read snapshot
            // (later reads miss other processes' writes, a WAL checkpoint is locked out), so a
            // stream stopped early is read to its end.
            for (let next = rows.next(); !next.done; next = rows.next());
          }
        },
      };
    },
  };
}

function openSqlite(dataDir: string): StoreDb {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = sqliteFile(dataDir);
  // libSQL: SQLite's engine and file format, its binary fetched from the npm registry (decision 017).
  // `timeout` is SQLite's busy timeout in ms: a write waits that long for another process's lock.
  const database = new Libsql(file, { timeout: 5000 });
  // WAL with synchronous=FULL: a commit is on disk before the visitor is answered, also across a
  // power cut (NORMAL can lose the last commits). secure_delete: a deleted lead's bytes are
  // overwritten in the file, not left in free pages (the prune checkpoints the WAL too).
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.pragma("secure_delete = ON");
  database.pragma("foreign_keys = ON");
  const config = { database: kyselyDatabase(database) };
  class Dialect extends SqliteDialect {
    override createDriver() {
      return new ImmediateSqliteDriver(config);
    }
  }
  const db = new Kysely<Database>({ dialect: new Dialect(config) });
  return { kind: "sqlite", db, where: file, close: () => db.destroy() };
}

function openPostgres(url: string): StoreDb {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A store that is away answers a form within seconds (the spec's error), not after the OS's timeout.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client's error (PostgreSQL restarted, the network cut) would crash the process
  // without a listener; the next query gets a fresh connection.
  pool.on("error", (error) => log.warn("store connection lost", { error: errorMessage(error) }));
  // A connection lost while a query holds it errors that query, and its client too: without a
  // listener of its own, that second error would crash the process.
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn("store connection lost mid-query", { error: errorMessage(error) }));
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return { kind: "postgres", db, where: `${parsed.host}${parsed.pathname}`, close: () => db.destroy() };
}

/** Opens the store named by the settings; nothing is created in PostgreSQL until migrate(). */
export function openStoreDb(config: { DATABASE_URL?: string; dataDir: string }): StoreDb {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openSqlite(config.dataDir);
}

/** Any number: the lock of this site's migrations among PostgreSQL's advisory locks. */
const MIGRATION_LOCK = 5_417_054;

/**
 * Brings the schema up to this version. On one connection under a lock held for the whole run
 * (PostgreSQL: a session advisory lock; SQLite: its write lock, BEGIN IMMEDIATE), so of servers
 * starting together one migrates and the others then find nothing to do.
 */
export async function migrate(store: StoreDb): Promise<string[]> {
  return store.db.connection().execute(async (connection) => {
    const lock = store.kind === "postgres" ? sql`select pg_advisory_lock(${MIGRATION_LOCK})` : sql`begin immediate`;
    const unlock = store.kind === "postgres" ? sql`select pg_advisory_unlock(${MIGRATION_LOCK})` : sql`commit`;
    await lock.execute(connection);
    let done = false;
    try {
      const migrator = new Migrator({
        db: connection,
        provider: migrationProvider(store.kind),
        allowUnorderedMigrations: true,
      });
      const { error, results = [] } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      done = true;
      return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    } finally {
      if (done || store.kind === "postgres") await unlock.execute(connection);
      else await sql`rollback`.execute(connection);
    }
  });
}
