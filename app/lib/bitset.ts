/** Sets of catalogue positions as bitsets: bit `i` is `parts[i]`. */

export function createBitset(size: number): Uint32Array {
  return new Uint32Array((size + 31) >>> 5);
}

export function hasBit(bits: Uint32Array, i: number): boolean {
  return (bits[i >>> 5] & (1 << (i & 31))) !== 0;
}

export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function countBits(bits: Uint32Array): number {
  let total = 0;
  for (let k = 0; k < bits.length; k++) total += popcount(bits[k]);
  return total;
}

/** `target &= other`, in place. */
export function intersectInto(target: Uint32Array, other: Uint32Array): Uint32Array {
  for (let k = 0; k < target.length; k++) target[k] &= other[k];
  return target;
}
