/** A fixed-window limit per visitor (IP address), kept in memory: one container, small numbers. */
export interface RateLimiter {
  /** Counts one hit; false when the visitor is over the limit. */
  hit(key: string): boolean;
}

/** `limit` hits per `windowMs` per key; a limit of 0 lets everything through. */
export function createRateLimiter({
  limit,
  windowMs,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  if (limit <= 0) return { hit: () => true };
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    hit(key) {
      const t = now();
      if (t - lastSweep > windowMs) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        lastSweep = t;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= t) {
        windows.set(key, { count: 1, resetAt: t + windowMs });
        return true;
      }
      current.count++;
      return current.count <= limit;
    },
  };
}
