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
import { freshDatabase, testDatabaseUrl } from "./databases";
import { htmlSafeFields } from "~/lib/notify-text";
import { migrate, openStoreDb, type StoreDb } from "~server/store/db.server";
import { acceptLead } from "~server/store/leads.server";

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
  let config: TestStore["config"] = { dataDir };
  let dropDatabase = async () => {};
  if (kind === "postgres") {
    const url = await freshDatabase("store");
    const name = new URL(url).pathname.slice(1);
    config = { DATABASE_URL: url, dataDir };
    dropDatabase = () =>
      withClient(testDatabaseUrl(), (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => {},
      );
  }
  const store = openStoreDb(config);
  if (migrated) await migrate(store);
  return {
    store,
    config,
    async drop() {
      await store.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type OrderData = NonNullable<Parameters<typeof acceptLead>[1]["order"]>["data"];

/**
 * An order placed through the order form as the store keeps it (a local one, no notify service):
 * a filter ordered twice, its customer's phone and e-mail; `data` replaces what the order holds.
 * Returns its id.
 */
export async function placeOrder(
  store: StoreDb,
  number: string,
  {
    phone = "+7 (913) 000-11-22",
    email = "buyer@example.ru",
    at = Date.now(),
    data,
  }: { phone?: string; email?: string; at?: number; data?: Omit<OrderData, "number"> } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const fields = { name: "Иван", phone, email };
  await acceptLead(store, {
    lead: {
      id,
      form: "order",
      request: {
        kind: "json",
        body: { name: "order", fields: htmlSafeFields(Object.entries(fields).map(([key, value]) => ({ key, value }))) },
      },
    },
    order: {
      number,
      data: {
        number,
        ...(data ?? {
          lines: [{ id: "p-1", slug: "filtr", name: "Фильтр", article: "A-1", price: 100, amount: 2 }],
          total: 700,
          delivery: { label: "Курьер по городу", cost: 500, address: "ул. Ленина, 1" },
          customer: { name: "Иван", inn: "", email, invoice: false },
        }),
      },
    },
    kept: true,
    claimTtlMs: 30_000,
    now: at,
  });
  return id;
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
