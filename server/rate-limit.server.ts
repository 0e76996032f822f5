/**
 * The per-visitor limits, counted in memory (one container) by express-rate-limit's store. The
 * visitor is the load context's `clientIp` (Express's `req.ip`, so TRUST_PROXY decides whose
 * X-Forwarded-For is believed); an IPv6 visitor is one subscriber's network (a /64), not each of
 * its addresses.
 *
 * The routes count, not a middleware in front of them: a lead is counted where the action takes
 * it, whatever the method and however the path is spelled (`/LEAD/callback` and `/le%61d/callback`
 * reach the same action; an Express path pattern sees neither), and a recalculation, which sends
 * nothing, is never counted because the action answers it before.
 */
import { ipKeyGenerator, MemoryStore, type Options } from "express-rate-limit";

export const LEAD_RATE_WINDOW_MS = 10 * 60 * 1000;
export const COMPANY_SUGGEST_WINDOW_MS = 60 * 1000;
export const ORDER_STATUS_WINDOW_MS = 60 * 1000;
const IPV6_SUBNET = 64;

export interface VisitorLimit {
  /** Counts one request of the visitor at `ip`; true when it is over the limit. */
  over(ip: string): Promise<boolean>;
  /** Gives back one request counted for the visitor at `ip` (one refused for the visitor's own mistakes). */
  refund(ip: string): Promise<void>;
}

/** `limit` requests per visitor per `windowMs`; a limit of 0 counts nothing. */
export function createVisitorLimit({ limit, windowMs }: { limit: number; windowMs: number }): VisitorLimit {
  if (limit <= 0) return { over: async () => false, refund: async () => {} };
  const store = new MemoryStore();
  // The store reads only `windowMs`: it forgets the counts of a window gone by on a timer of that period.
  store.init({ windowMs } as Options);
  const key = (ip: string) => ipKeyGenerator(ip, IPV6_SUBNET);
  return {
    over: async (ip) => (await store.increment(key(ip))).totalHits > limit,
    refund: (ip) => store.decrement(key(ip)),
  };
}
