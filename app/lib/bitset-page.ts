/**
 * Pages of a set of parts (a bitset over catalogue positions) in a precomputed order, and the
 * working memory the catalogue's queries borrow their bitsets from.
 */
import { createBitset, hasBit, popcount } from "./bitset";

/**
 * Bitsets as long as the catalogue, lent to a query and taken back by the next one. Allocating
 * a typed array costs more than most of what a query does with it (the memory comes zeroed
 * from the system and the garbage collector tracks it: 20–50 µs for a 100 000-part bitset on
 * the benchmark machine), and a query needs a dozen or more. Queries run synchronously, so
 * nothing lent to one is still in use when the next calls `reset()`.
 */
export class Scratch {
  private free: Uint32Array[] = [];
  private lent: Uint32Array[] = [];
  private list?: { positions: Uint32Array; keys: Uint16Array };

  constructor(readonly size: number) {}

  /** Start a query: everything lent before is free again. */
  reset(): void {
    for (const bits of this.lent) this.free.push(bits);
    this.lent.length = 0;
  }

  /** A zeroed bitset over the catalogue. */
  bitset(): Uint32Array {
    const bits = this.free.pop() ?? createBitset(this.size);
    this.lent.push(bits);
    return bits.fill(0);
  }

  copy(source: Uint32Array): Uint32Array {
    const bits = this.bitset();
    bits.set(source);
    return bits;
  }

  /** Give a bitset back before the query ends, when a query may need many in turn. */
  release(bits: Uint32Array): void {
    const i = this.lent.lastIndexOf(bits);
    if (i < 0) return;
    this.lent.splice(i, 1);
    this.free.push(bits);
  }

  /** Room to list every part with a number (a relevance key). */
  listing(): { positions: Uint32Array; keys: Uint16Array } {
    return (this.list ??= { positions: new Uint32Array(this.size), keys: new Uint16Array(this.size) });
  }
}

/** Positions of the set bits of `bits`, ascending. */
export function forEachBit(bits: Uint32Array, fn: (position: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    for (let v = bits[w]; v !== 0; v &= v - 1) fn((w << 5) + 31 - Math.clz32(v & -v));
  }
}

/**
 * Positions of the parts ranked `start .. start + size` in `order` among `bits` (`total` of
 * them; `places` is the inverse of `order`). Walking the order is cheapest when the parts come
 * early in it, but a name search clusters them (all 'Фильтр…' sort late), so the walk gets
 * only as many steps as the fallback costs: marking every part's place in a bitset over the
 * order, then counting bits up to the page.
 */
export function pageOf(
  order: Uint32Array,
  places: Uint32Array,
  bits: Uint32Array,
  total: number,
  start: number,
  size: number,
  scratch: Scratch,
): number[] {
  const out: number[] = [];
  const budget = Math.min(order.length, total + bits.length * 2);
  let seen = 0;
  for (let k = 0; k < budget && out.length < size && seen < total; k++) {
    if (hasBit(bits, order[k]) && seen++ >= start) out.push(order[k]);
  }
  if (out.length === size || seen === total) return out;

  const marks = scratch.bitset();
  forEachBit(bits, (position) => {
    const place = places[position];
    marks[place >>> 5] |= 1 << (place & 31);
  });
  out.length = 0;
  let skip = start;
  for (let w = 0; w < marks.length && out.length < size; w++) {
    const count = popcount(marks[w]);
    if (skip >= count) {
      skip -= count;
      continue;
    }
    for (let v = marks[w]; v !== 0 && out.length < size; v &= v - 1) {
      if (skip > 0) skip--;
      else out.push(order[(w << 5) + 31 - Math.clz32(v & -v)]);
    }
  }
  scratch.release(marks);
  return out;
}

/** Below this many parts, a set is paged by sorting its places, cheaper than `pageOf`'s walk. */
const SORTED_SET = 256;

/** `pageOf` for sets of any size: a small one is read out of its bitset and sorted by place. */
export function pageOfSet(
  order: Uint32Array,
  places: Uint32Array,
  bits: Uint32Array,
  total: number,
  start: number,
  size: number,
  scratch: Scratch,
): number[] {
  if (total > SORTED_SET) return pageOf(order, places, bits, total, start, size, scratch);
  const found: number[] = [];
  forEachBit(bits, (position) => found.push(places[position]));
  return found
    .sort((a, b) => a - b)
    .slice(start, start + size)
    .map((place) => order[place]);
}
