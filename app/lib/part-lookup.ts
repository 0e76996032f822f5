/**
 * A part by its slug or id without a hash table: the positions of the parts sorted by that key,
 * and a binary search (17 string comparisons at 100 000 parts). A catalogue built in the worker
 * thread (server/catalogue-builder.server.ts) arrives with these positions ready, as a typed
 * array that is transferred, not copied. Filling a Map of 100 000 keys on the server instead
 * stalls it for 15 ms each time the table doubles, 60 ms at 500 000.
 */
import type { Part } from "./part";

export type PartKey = "slug" | "id";

/** What pages need of `bySlug` and `byId`; a Map is one. */
export type PartLookup = Pick<ReadonlyMap<string, Part>, "get" | "has" | "size">;

/** Positions of `parts` in the order of their `key` (UTF-16 code units, as `<` compares). */
export function sortedPositions(parts: readonly Part[], key: PartKey): Uint32Array {
  const keys = parts.map((part) => part[key]);
  return Uint32Array.from(parts, (_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
}

/**
 * The lookup over `order` from sortedPositions(parts, key). Keys are unique in a parsed
 * catalogue; were they not, the part first in `parts` would be found, as with a Map built
 * from the first occurrence.
 */
export function sortedLookup(parts: readonly Part[], key: PartKey, order: Uint32Array): PartLookup {
  if (order.length !== parts.length)
    throw new Error(`lookup by ${key}: ${order.length} positions for ${parts.length} parts`);
  function get(wanted: string): Part | undefined {
    if (typeof wanted !== "string") return undefined;
    let lo = 0;
    let hi = order.length;
    // The first position whose key is not below `wanted`.
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (parts[order[mid]][key] < wanted) lo = mid + 1;
      else hi = mid;
    }
    const part = lo < order.length ? parts[order[lo]] : undefined;
    return part && part[key] === wanted ? part : undefined;
  }
  return { get, has: (wanted: string) => get(wanted) !== undefined, size: parts.length };
}
