/**
 * One sending pass over an outbox table of the store (leads to the notify service, order
 * e-mails to the SMTP server): claim a due row, make one attempt with its own key and bytes,
 * record the outcome under the claim, and on to the next. Of several passes at once (servers, the
 * re-send command) each row goes to one: the claim is taken in the database (outbox.server.ts). A
 * pass stopped mid-send gives its claim back unrecorded, the row marked as possibly delivered.
 */
import { sql } from "kysely";
import { log } from "../log.server";
import { GIVE_UP_AFTER_MS, retryDelayMs } from "../retry-schedule.server";
import type { StoreDb } from "./db.server";
import {
  claimDue,
  PROCESS_OWNER,
  recordOutcome,
  releaseClaim,
  type Attempt,
  type OutboxRow,
  type OutboxTable,
} from "./outbox.server";

/** An attempt cut short because the process is stopping: nothing of it is recorded. */
export class StoppedError extends Error {}

/** What one attempt ended in: delivered, or not (with `refused` when the upstream will never take it). */
export type AttemptResult =
  { ok: true } | { ok: false; error: string; status?: number; refused?: boolean; final?: boolean };

export interface PassReport {
  delivered: number;
  undelivered: number;
  /** Given up: 7 days unsent, or refused for good. */
  failed: number;
  /** Still unsent after the pass, and when the earliest of them is due (ms since the epoch). */
  waiting: number;
  nextDueAt?: number;
}

export interface PassOptions {
  /** `due`: the background retry; `all`: `npm run leads:resend`, every unsent row now. */
  mode: "due" | "all";
  /** NOTIFY_RETRY_BASE_SECONDS in ms. */
  baseMs: number;
  /** Longer than any attempt can take: a claim older was left by a killed sender. */
  claimTtlMs: number;
  signal?: AbortSignal;
  owner?: string;
  now?: () => number;
}

/**
 * Writes the outcome of an attempt made at `at` under `owner`'s claim: delivered; failed for good
 * (`final`); or undelivered and due again on the retry schedule. The status written.
 */
export async function recordResult(
  store: StoreDb,
  table: OutboxTable,
  row: Pick<OutboxRow<OutboxTable>, "id" | "attempts" | "attempt_count">,
  result: AttemptResult,
  { owner = PROCESS_OWNER, at = Date.now(), baseMs }: { owner?: string; at?: number; baseMs: number },
): Promise<"delivered" | "undelivered" | "failed"> {
  const attempt: Attempt = { at: new Date(at).toISOString(), ...result };
  const outcome = result.ok
    ? ({ status: "delivered", attempt } as const)
    : result.final
      ? ({ status: "failed", attempt } as const)
      : ({ status: "undelivered", attempt, dueAt: at + retryDelayMs(row.attempt_count + 1, baseMs) } as const);
  await recordOutcome(store, table, row, outcome, { owner });
  return outcome.status;
}

/**
 * Claims, attempts and records due rows one at a time, so that no claim waits behind another
 * row's attempt (and outlives its expiry) before its own attempt starts.
 */
export async function sendPass<T extends OutboxTable>(
  store: StoreDb,
  table: T,
  send: (row: OutboxRow<T>, stop?: AbortSignal) => Promise<AttemptResult>,
  options: PassOptions,
): Promise<PassReport> {
  const now = options.now ?? Date.now;
  const owner = options.owner ?? PROCESS_OWNER;
  const report: PassReport = { delivered: 0, undelivered: 0, failed: 0, waiting: 0 };
  // In `all` mode each row once: an attempt that fails makes it due again later, not in this pass.
  const seen: string[] = [];
  while (!options.signal?.aborted) {
    const [row] = await claimDue(store, table, {
      owner,
      ttlMs: options.claimTtlMs,
      all: options.mode === "all",
      now: now(),
      limit: 1,
      exclude: seen,
    });
    if (!row) break;
    seen.push(row.id);
    const at = now();
    if (options.mode === "due" && at - Date.parse(row.created_at) >= GIVE_UP_AFTER_MS) {
      await recordOutcome(store, table, row, { status: "failed" }, { owner, now: at });
      log.error(`${table === "leads" ? "lead" : "mail"} unsent for 7 days, given up and kept in the store`, {
        [table === "leads" ? "lead" : "mail"]: row.id,
        createdAt: row.created_at,
        attempts: row.attempt_count,
      });
      report.failed++;
      continue;
    }
    let result: AttemptResult;
    try {
      result = await send(row, options.signal);
    } catch (error) {
      const stopped = error instanceof StoppedError;
      await releaseClaim(store, table, row.id, { owner, mayHaveReached: stopped });
      if (stopped) break;
      throw error;
    }
    report[await recordResult(store, table, row, result, { owner, at, baseMs: options.baseMs })]++;
  }
  const waiting = await store.db
    .selectFrom(table as "leads")
    .select([sql<number>`count(*)`.as("count"), sql<string | null>`min(due_at)`.as("next")])
    // Waiting for a retry: pending or undelivered; a failed one waits for `leads:resend` only.
    .where("status", "in", ["pending", "undelivered"])
    .executeTakeFirstOrThrow();
  report.waiting = Number(waiting.count);
  if (waiting.next) report.nextDueAt = Date.parse(waiting.next);
  return report;
}
