/**
 * The outbox queries shared by leads and order e-mails: a sender claims due rows, makes one
 * attempt each, and records its outcome under its claim (docs/decisions/017). A claim is a row's
 * owner and expiry, taken in one statement (PostgreSQL: its rows picked with FOR UPDATE SKIP
 * LOCKED; SQLite: one writer at a time), so two senders never hold the same row; a claim not
 * given back (a server killed mid-send) expires and the row is due again.
 */
import crypto from "node:crypto";
import { sql, type ExpressionBuilder, type Selectable, type SqlBool } from "kysely";
import type { StoreDb } from "./db.server";
import type { Database, LeadTable, MailTable, OutboxColumns, OutboxStatus } from "./schema";

export type OutboxTable = "leads" | "mails";
export type OutboxRow<T extends OutboxTable> = Selectable<OutboxColumns> &
  Selectable<T extends "leads" ? LeadTable : MailTable>;

/** One attempt, as kept in a row's `attempts`. */
export interface Attempt {
  at: string;
  ok: boolean;
  error?: string;
  /** The service's HTTP status when it answered a failure. */
  status?: number;
  /** The attempt certainly left nothing with the service (notify-outcome.server.ts). */
  refused?: boolean;
  /** The upstream will never take it (an address the mail server refused): given up at once. */
  final?: boolean;
}

/** Not sent yet, and may still be: by the retry, `leads:resend` or the visitor's post again. */
export const UNSENT: readonly OutboxStatus[] = ["pending", "undelivered", "failed"];

/** This process among the senders: a claim names it. */
export const PROCESS_OWNER = `${process.pid}-${crypto.randomBytes(6).toString("hex")}`;

const iso = (ms: number) => new Date(ms).toISOString();

/** No sender holds the row at `now`: its claim is free or expired. */
export const claimFree = (now: string) => (eb: ExpressionBuilder<Database, "leads">) =>
  eb.or([eb("claim_until", "is", null), eb("claim_until", "<", now)]);

/**
 * Claims at most `limit` rows (or the row `id`) for `owner` until `now + ttlMs`: those due by
 * `now` (or, with `all`, every unsent one: `npm run leads:resend`) whose claim is free or expired.
 * Returns them as claimed, oldest due first.
 */
export async function claimDue<T extends OutboxTable>(
  store: StoreDb,
  table: T,
  options: {
    owner?: string;
    now?: number;
    ttlMs: number;
    limit?: number;
    all?: boolean;
    exclude?: string[];
    id?: string;
  },
): Promise<OutboxRow<T>[]> {
  const nowMs = options.now ?? Date.now();
  const now = iso(nowMs);
  const rows = await store.db
    .updateTable(table as "leads")
    .set({ claim_owner: options.owner ?? PROCESS_OWNER, claim_until: iso(nowMs + options.ttlMs) })
    .where("id", "in", (qb) =>
      qb
        .selectFrom(table as "leads")
        .select("id")
        .where("status", "in", UNSENT)
        .$if(options.id !== undefined, (q) => q.where("id", "=", options.id!))
        .$if(!options.all, (q) => q.where("due_at", "<=", now))
        .$if((options.exclude ?? []).length > 0, (q) => q.where("id", "not in", options.exclude!))
        // An order's confirmation goes once its order has reached the dealer (or is kept, with no
        // notify service); a status e-mail (with its order_id) comes from 1C, which has the order.
        .$if(table === "mails", (q) =>
          q.where(
            sql<SqlBool>`(order_id is not null or exists (select 1 from leads
              where leads.id = mails.id and leads.status in ('delivered', 'kept')))`,
          ),
        )
        .where(claimFree(now))
        .orderBy("due_at")
        .limit(options.limit ?? 20)
        .$if(store.kind === "postgres", (q) => q.forUpdate().skipLocked()),
    )
    .where(claimFree(now))
    .returningAll()
    .execute();
  return rows.sort((a, b) => (a.due_at ?? "").localeCompare(b.due_at ?? "")) as OutboxRow<T>[];
}

/** Claims one unsent row by id (a visitor's post again); undefined when it is sent, gone, held or not yet sendable. */
export async function claimOne<T extends OutboxTable>(
  store: StoreDb,
  table: T,
  id: string,
  options: { owner?: string; now?: number; ttlMs: number },
): Promise<OutboxRow<T> | undefined> {
  const [row] = await claimDue(store, table, { ...options, id, all: true, limit: 1 });
  return row;
}

/** An attempt's outcome: delivered, or undelivered and due again at `dueAt`, or given up (`failed`). */
export type Outcome =
  { status: "delivered" | "failed"; attempt?: Attempt } | { status: "undelivered"; attempt: Attempt; dueAt: number };

/**
 * Records `outcome` of the attempt made under `owner`'s claim and gives the claim back. False when
 * the claim was no longer this owner's (it expired and another sender took the row): nothing is
 * written, the other sender's record stands.
 */
export async function recordOutcome(
  store: StoreDb,
  table: OutboxTable,
  row: Pick<OutboxRow<OutboxTable>, "id" | "attempts">,
  outcome: Outcome,
  options: { owner?: string; now?: number } = {},
): Promise<boolean> {
  const now = iso(options.now ?? Date.now());
  const attempts = JSON.parse(row.attempts) as Attempt[];
  if (outcome.attempt) attempts.push(outcome.attempt);
  const result = await store.db
    .updateTable(table as "leads")
    .set({
      status: outcome.status,
      attempts: JSON.stringify(attempts),
      attempt_count: attempts.length,
      due_at: outcome.status === "undelivered" ? iso(outcome.dueAt) : null,
      delivered_at: outcome.status === "delivered" ? now : null,
      failed_at: outcome.status === "failed" ? now : null,
      claim_owner: null,
      claim_until: null,
    })
    .where("id", "=", row.id)
    .where("claim_owner", "=", options.owner ?? PROCESS_OWNER)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claim back unrecorded (a stop mid-send): the row is due again at once. */
export async function releaseClaim(
  store: StoreDb,
  table: OutboxTable,
  id: string,
  options: { owner?: string; mayHaveReached?: boolean } = {},
): Promise<void> {
  await store.db
    .updateTable(table as "leads")
    .set({
      claim_owner: null,
      claim_until: null,
      ...(options.mayHaveReached && table === "leads" ? { may_have_reached: 1 } : {}),
    })
    .where("id", "=", id)
    .where("claim_owner", "=", options.owner ?? PROCESS_OWNER)
    .execute();
}

/** How many rows are in each status: the /metrics gauges, read from the store when scraped. */
export async function countByStatus(store: StoreDb, table: OutboxTable): Promise<Record<OutboxStatus, number>> {
  const rows = await store.db
    .selectFrom(table as "leads")
    .select(["status", sql<number>`count(*)`.as("count")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, delivered: 0, undelivered: 0, kept: 0, failed: 0, replaced: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
