/**
 * When an undelivered lead is sent again: after its first failed attempt it waits the base
 * delay (NOTIFY_RETRY_BASE_SECONDS), and each further failure doubles the wait, at most an hour.
 * Seven days after the lead was written the background retry gives up and marks it failed.
 */
import type { LeadSummary } from "./lead-store.server";

export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A lead still `pending` after this long was left by a sender that stopped (the visitor's request
 * never got its answer); younger ones may still be in flight.
 */
export const PENDING_GRACE_MS = 60 * 1000;

export function retryDelayMs(failedAttempts: number, baseMs: number): number {
  if (failedAttempts <= 0) return 0;
  // 2 ** 30 × 1 s is far past the cap already; stop doubling before the number gets silly.
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(failedAttempts - 1, 30));
}

/** The leads the background retry looks at; the others are done or were never meant to be sent. */
export function isWaiting(lead: Pick<LeadSummary, "status">): boolean {
  return lead.status === "undelivered" || lead.status === "pending";
}

/** When `lead` is due for its next attempt (ms since the epoch). */
export function nextAttemptAt(lead: LeadSummary, baseMs: number): number {
  if (lead.attempts === 0 || !lead.lastAttemptAt) return Date.parse(lead.createdAt) + PENDING_GRACE_MS;
  return Date.parse(lead.lastAttemptAt) + retryDelayMs(lead.attempts, baseMs);
}

/** Seven days after it was written, a lead that is still waiting is given up. */
export function isExpired(lead: Pick<LeadSummary, "createdAt">, now: number): boolean {
  return now - Date.parse(lead.createdAt) >= GIVE_UP_AFTER_MS;
}
