/**
 * The stores a contract test runs against: SQLite in a temporary DATA_DIR, and PostgreSQL in a
 * database of its own on the cluster TEST_DATABASE_URL names (npm test starts one). Without
 * TEST_DATABASE_URL the PostgreSQL half fails, never passes unseen.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import { migrate, openStoreDb, type StoreDb } from "~server/store/db.server";

export interface TestStore {
  store: StoreDb;
  /** The settings that open the same store again (a second server, the re-send command). */
  config: { DATABASE_URL?: string; dataDir: string };
  drop(): Promise<void>;
}

export const STORE_KINDS = ["sqlite", "postgres"] as const;

/** A fresh, migrated store of `kind`. */
export async function freshStore(kind: (typeof STORE_KINDS)[number], { migrated = true } = {}): Promise<TestStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-"));
  if (kind === "sqlite") {
    const config = { dataDir };
    const store = openStoreDb(config);
    if (migrated) await migrate(store);
    return {
      store,
      config,
      async drop() {
        await store.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DATABASE_URL is unset: the PostgreSQL half of the store's tests cannot run");
  const name = `faw_${crypto.randomBytes(6).toString("hex")}`;
  await withClient(admin, (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const config = { DATABASE_URL: url.toString(), dataDir };
  const store = openStoreDb(config);
  if (migrated) await migrate(store);
  return {
    store,
    config,
    async drop() {
      await store.close();
      await withClient(admin, (client) => client.query(`drop database if exists ${name} with (force)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A SQLite store in `config.dataDir` for services whose test needs no rows (opened, not migrated). */
export function storeFor(config: { dataDir: string }): { store: StoreDb; cookieSecret: string } {
  return { store: openStoreDb({ dataDir: config.dataDir }), cookieSecret: "0123456789abcdef".repeat(4) };
}
