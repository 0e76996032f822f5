/**
 * What a server under test keeps in its store, read the way a person would look into it: the
 * SQLite file under its DATA_DIR, opened beside the running server and only read, or (`leadsAt`)
 * the PostgreSQL database its DATABASE_URL names.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Libsql from "libsql";
import pg from "pg";
import { sqliteFile, type StoreKind } from "~server/store/db.server";
import { freshDatabase } from "./databases";

export interface StoredLead {
  id: string;
  form: string;
  createdAt: string;
  status: string;
  request: { kind: string; body?: { name: string; fields: { key: string; value: string }[] }; fields?: unknown[] };
  attempts: { at: string; ok: boolean; error?: string; status?: number }[];
  order?: Record<string, unknown> & { number?: string; customer?: Record<string, unknown> };
  replacedBy?: string;
  /** The sender holding its attempt now, if any, and until when. */
  claimOwner?: string;
  claimUntil?: string;
}

export interface StoredMail {
  id: string;
  status: string;
  attempts: { at: string; ok: boolean; error?: string }[];
  message: { to: string; subject: string; text: string; messageId: string; invoice: boolean };
}

function read<T>(dataDir: string, query: (db: Libsql.Database) => T, empty: T): T {
  if (!fs.existsSync(sqliteFile(dataDir))) return empty;
  const db = new Libsql(sqliteFile(dataDir), { timeout: 5000 });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

const LEADS =
  "select leads.*, orders.data as order_data from leads left join orders on orders.id = leads.id order by leads.created_at, leads.id";

function leadOf(row: Record<string, string | null>): StoredLead {
  return {
    id: row.id!,
    form: row.form!,
    createdAt: row.created_at!,
    status: row.status!,
    request: JSON.parse(row.request!) as StoredLead["request"],
    attempts: JSON.parse(row.attempts!) as StoredLead["attempts"],
    ...(row.order_data ? { order: JSON.parse(row.order_data) as StoredLead["order"] } : {}),
    ...(row.replaced_by ? { replacedBy: row.replaced_by } : {}),
    ...(row.claim_owner ? { claimOwner: row.claim_owner, claimUntil: row.claim_until ?? undefined } : {}),
  };
}

/** Every lead and order in the store, oldest first. */
export function leadsIn(dataDir: string): StoredLead[] {
  return read(dataDir, (db) => (db.prepare(LEADS).all() as Record<string, string | null>[]).map(leadOf), []);
}

/**
 * Where a server under test keeps its store: the SQLite file under `dataDir`, or, with
 * `databaseUrl`, a PostgreSQL database (its `dataDir` then holds only uploads in progress).
 */
export interface StoreAt {
  dataDir: string;
  databaseUrl?: string;
}

/** A fresh place for a server's store of `kind`: a new DATA_DIR, and a new database for PostgreSQL. */
export async function freshStoreAt(kind: StoreKind, name: string): Promise<StoreAt> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  return kind === "sqlite" ? { dataDir } : { dataDir, databaseUrl: await freshDatabase(name) };
}

/** The settings that put a server, or `npm run leads:resend`, on the store at `at`. */
export function storeEnv(at: StoreAt): Record<string, string> {
  return { DATA_DIR: at.dataDir, ...(at.databaseUrl ? { DATABASE_URL: at.databaseUrl } : {}) };
}

/** Every lead and order in the store at `at`, oldest first. */
export async function leadsAt(at: StoreAt): Promise<StoredLead[]> {
  if (!at.databaseUrl) return leadsIn(at.dataDir);
  const client = new pg.Client({ connectionString: at.databaseUrl });
  await client.connect();
  try {
    // Before the server's first start, no table yet: no lead.
    const exists = await client.query("select to_regclass('leads') as leads");
    if (!exists.rows[0].leads) return [];
    return (await client.query<Record<string, string | null>>(LEADS)).rows.map(leadOf);
  } finally {
    await client.end();
  }
}

/** The lead or order `id`. */
export function leadIn(dataDir: string, id: string): StoredLead | undefined {
  return leadsIn(dataDir).find((lead) => lead.id === id);
}

/** The confirmation e-mail of order `id`, when one was written. */
export function mailIn(dataDir: string, id: string): StoredMail | undefined {
  return read(
    dataDir,
    (db) => {
      const row = db.prepare("select * from mails where id = ?").get(id) as Record<string, string> | undefined;
      return row
        ? {
            id: row.id,
            status: row.status,
            attempts: JSON.parse(row.attempts) as StoredMail["attempts"],
            message: JSON.parse(row.message) as StoredMail["message"],
          }
        : undefined;
    },
    undefined,
  );
}

/** The status e-mails written for order `orderId` (one per status it changed to), oldest first. */
export function statusMailsIn(dataDir: string, orderId: string): StoredMail[] {
  return read(
    dataDir,
    (db) =>
      (
        db.prepare("select * from mails where order_id = ? order by created_at").all(orderId) as Record<
          string,
          string
        >[]
      ).map((row) => ({
        id: row.id,
        status: row.status,
        attempts: JSON.parse(row.attempts) as StoredMail["attempts"],
        message: JSON.parse(row.message) as StoredMail["message"],
      })),
    [],
  );
}

/** The consent records, oldest first. */
export function consentsIn(
  dataDir: string,
): { at: string; ip: string; form: string; version: string; lead_id: string | null }[] {
  return read(dataDir, (db) => db.prepare("select * from consents order by at").all() as never, []);
}
