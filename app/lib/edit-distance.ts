/**
 * The spec's typo rule (SPEC §5): a query word matches a word within edit distance 2. The
 * distance is optimal string alignment (Damerau–Levenshtein without repeated edits of one
 * substring): a swapped pair of letters, the most common typo, costs 1.
 */

export const MAX_EDIT_DISTANCE = 2;

/**
 * Optimal string alignment distance, or `max + 1` as soon as it must exceed `max`.
 * Only the band |i - j| <= max is computed.
 */
export function boundedDistance(a: string, b: string, max = MAX_EDIT_DISTANCE): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (a === b) return 0;
  const big = max + 1;
  let up2 = new Int32Array(m + 2).fill(big);
  let up = new Int32Array(m + 2).fill(big);
  let cur = new Int32Array(m + 2).fill(big);
  for (let j = 0; j <= Math.min(m, max); j++) up[j] = j;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(0, i - max);
    const hi = Math.min(m, i + max);
    cur.fill(big);
    if (lo === 0) cur[0] = i;
    let rowMin = lo === 0 ? i : big;
    const c = a.charCodeAt(i - 1);
    const cPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = Math.max(1, lo); j <= hi; j++) {
      const bc = b.charCodeAt(j - 1);
      let v = up[j - 1] + (bc === c ? 0 : 1);
      if (up[j] + 1 < v) v = up[j] + 1;
      if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
      if (j > 1 && i > 1 && c === b.charCodeAt(j - 2) && cPrev === bc && up2[j - 2] + 1 < v) v = up2[j - 2] + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return big;
    [up2, up, cur] = [up, cur, up2];
  }
  return Math.min(up[m], big);
}

/**
 * The edits allowed to a word still being typed (suggestions): a word's beginning is not yet a
 * typo, and two edits would let 'фи' match every short word. None below 4 letters, one below 6.
 */
export function typingDistance(length: number): number {
  return length < 4 ? 0 : length < 6 ? 1 : MAX_EDIT_DISTANCE;
}
