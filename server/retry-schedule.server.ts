/**
 * When an undelivered lead is sent again: after its first failed attempt it waits the base
 * delay (NOTIFY_RETRY_BASE_SECONDS), and each further failure doubles the wait, at most an hour.
 * Seven days after the lead was written the background retry gives up and marks it failed.
 */

export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export function retryDelayMs(failedAttempts: number, baseMs: number): number {
  if (failedAttempts <= 0) return 0;
  // 2 ** 30 × 1 s is far past the cap already; stop doubling before the number gets silly.
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(failedAttempts - 1, 30));
}
