/**
 * Sending again what an upstream has not accepted yet, the same way for the leads (the notify
 * service) and for the orders' confirmation e-mails (the SMTP server): every attempt is claimed
 * first (two senders never make the same attempt), the record is read again under the claim, and
 * the outcome is saved before the claim goes. Each sender brings only its own attempt.
 */
import type { LeadStatus, LeadStore, LeadSummary, StoredRecord } from "./lead-store.server";
import { isExpired, isWaiting, nextAttemptAt, PENDING_GRACE_MS, retryDelayMs } from "./retry-schedule.server";

/**
 * `due`: the background retry, what is due; `all`: `npm run leads:resend`, every unsent one now;
 * `kept`: `npm run leads:resend -- --kept`, those too that were kept while no notify service was set.
 */
export type RetryMode = "due" | "all" | "kept";

export interface RetryReport {
  delivered: number;
  /** Attempts that failed again. */
  undelivered: number;
  /** Given up after 7 days. */
  failed: number;
  /** Held by another sender, or sent by it meanwhile. */
  skipped: number;
  /** Records still waiting for a retry after the pass (the retry queue). */
  waiting: number;
  /** When the earliest of them is due (ms since the epoch), if any. */
  nextDueAt?: number;
}

/** An attempt cut short because the process is stopping: nothing of it is recorded. */
export class StoppedError extends Error {}

/** The statuses each mode sends: only a resend tries again what was given up, and only on request what was kept. */
export const SENDABLE: Record<RetryMode, ReadonlySet<LeadStatus>> = {
  due: new Set(["undelivered", "pending"]),
  all: new Set(["undelivered", "pending", "failed"]),
  kept: new Set(["undelivered", "pending", "failed", "kept"]),
};

export interface Sender<R extends StoredRecord & { failedAt?: string }> {
  store: Pick<LeadStore<R>, "summaries" | "claim" | "load" | "save">;
  /** A claim outlives any real attempt; one older was left by a crash. */
  claimTtlMs: number;
  /** NOTIFY_RETRY_BASE_SECONDS in ms: the wait after a first failure, doubled after each next. */
  baseMs: number;
  /** One attempt: the record with its outcome. Throws StoppedError when `stop` fired first. */
  attempt(record: R, stop?: AbortSignal): Promise<R>;
  /** Tells (logs) that `record`, saved as failed, waited 7 days and is given up. */
  givenUp(record: R): void;
  /** Told that an attempt delivered `record`, once it is saved so. */
  delivered?(record: R): void;
}

/**
 * Claims attempt number `seen.attempts` of a record and makes it, unless another sender holds it
 * or has made it meanwhile ("skipped"). With `expire`, a record 7 days old is given up instead.
 */
export async function sendClaimed<R extends StoredRecord & { failedAt?: string }>(
  sender: Sender<R>,
  seen: Pick<LeadSummary, "id" | "attempts">,
  {
    sendable,
    now,
    expire,
    stop,
  }: { sendable: ReadonlySet<LeadStatus>; now: number; expire: boolean; stop?: AbortSignal },
): Promise<LeadStatus | "skipped"> {
  const { store } = sender;
  const claim = await store.claim(seen.id, seen.attempts, sender.claimTtlMs);
  if (!claim) return "skipped";
  try {
    // Read again under the claim: a sender that finished this attempt meanwhile has saved it.
    const record = await store.load(seen.id);
    if (!record || record.attempts.length !== seen.attempts || !sendable.has(record.status)) return "skipped";
    if (expire && isExpired(record, now)) {
      const failed: R = { ...record, status: "failed", failedAt: new Date(now).toISOString() };
      await store.save(failed);
      sender.givenUp(failed);
      return "failed";
    }
    const done = await sender.attempt(record, stop);
    await store.save(done);
    if (done.status === "delivered") sender.delivered?.(done);
    return done.status;
  } finally {
    await claim.release();
  }
}

/**
 * One pass over the store: in `due` mode the records whose next attempt is due (or that are 7 days
 * old), in `all` mode every unsent one. A `signal` stops the pass: an attempt in flight is
 * abandoned unrecorded, and what was not tried is counted as waiting.
 */
export async function retryPass<R extends StoredRecord & { failedAt?: string }>(
  sender: Sender<R>,
  { mode, signal, now = Date.now() }: { mode: RetryMode; signal?: AbortSignal; now?: number },
): Promise<RetryReport> {
  const report: RetryReport = { delivered: 0, undelivered: 0, failed: 0, skipped: 0, waiting: 0 };
  const waitsUntil = (at: number) => {
    report.waiting++;
    report.nextDueAt = Math.min(report.nextDueAt ?? at, at);
  };
  const records = (await sender.store.summaries()).filter((record) => SENDABLE[mode].has(record.status));
  for (const record of records) {
    // Pending records are those a stopped sender never finished; younger ones may be in flight.
    if (record.status === "pending" && Date.parse(record.createdAt) > now - PENDING_GRACE_MS) continue;
    const due = mode !== "due" || nextAttemptAt(record, sender.baseMs) <= now || isExpired(record, now);
    if (!due || signal?.aborted) {
      if (isWaiting(record)) waitsUntil(nextAttemptAt(record, sender.baseMs));
      continue;
    }
    let outcome: LeadStatus | "skipped";
    try {
      outcome = await sendClaimed(sender, record, {
        sendable: SENDABLE[mode],
        now,
        expire: mode === "due",
        stop: signal,
      });
    } catch (error) {
      if (!(error instanceof StoppedError)) throw error;
      report.waiting++;
      continue;
    }
    if (outcome === "delivered") report.delivered++;
    else if (outcome === "failed") report.failed++;
    else if (outcome === "skipped") report.skipped++;
    else {
      report.undelivered++;
      waitsUntil(Date.now() + retryDelayMs(record.attempts + 1, sender.baseMs));
    }
  }
  return report;
}
