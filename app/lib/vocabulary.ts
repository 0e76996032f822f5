/**
 * The search index's distinct words and the walk that finds those within the edit distance of a
 * query word: only lengths within the distance of the query's, each length walked as an implicit
 * trie (one DP row per prefix character, only the diagonal band), a whole run of words sharing a
 * prefix skipped as soon as that prefix is out of reach.
 */
import { MAX_EDIT_DISTANCE } from "./edit-distance";

/** Distinct words sorted by length, then by UTF-16 code units. */
export interface Vocabulary {
  words: string[];
  /** Words of length L are `words[lengthStarts[L] .. lengthStarts[L + 1])`. */
  lengthStarts: Uint32Array;
}

export function createVocabulary(distinct: Iterable<string>): Vocabulary {
  const byLength: string[][] = [];
  for (const word of distinct) (byLength[word.length] ??= []).push(word);
  const lengthStarts = new Uint32Array(byLength.length + 1);
  const words: string[] = [];
  for (let length = 0; length < byLength.length; length++) {
    lengthStarts[length] = words.length;
    const bucket = byLength[length];
    // Pushed one by one: a bucket can hold hundreds of thousands of article codes, too many for spread arguments.
    if (bucket) for (const word of bucket.sort()) words.push(word);
  }
  lengthStarts[byLength.length] = words.length;
  return { words, lengthStarts };
}

/** Whether `a` and `b` share their first `d` code units; the last one differs most often. */
function sharePrefix(a: string, b: string, d: number): boolean {
  for (let k = d - 1; k >= 0; k--) if (a.charCodeAt(k) !== b.charCodeAt(k)) return false;
  return true;
}

/**
 * First index after `i`, below `to`, whose word does not share `word`'s first `d` units.
 * Galloping, since most dead runs are short: a binary search over the bucket would cost
 * more than the few words it skips.
 */
function skipPrefix(words: readonly string[], i: number, to: number, word: string, d: number): number {
  let lo = i;
  let hi = i + 1;
  let step = 1;
  while (hi < to && sharePrefix(words[hi], word, d)) {
    lo = hi;
    step *= 2;
    hi = Math.min(to, lo + step);
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (sharePrefix(words[mid], word, d)) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * Call `onMatch(i, distance)` for every `vocabulary.words[i]` within `max` of `query`. Only lengths
 * within `max` of the query's are visited. Each length bucket is walked as a trie:
 * `rows[d]` is the DP row of the current word's prefix of length d and stays valid for the
 * next word as far as the two share a prefix. Knowing the final length L, a prefix is
 * dead once every cell plus the length still to cover, |(L - d) - (m - j)|, exceeds `max`;
 * the words sharing it are then skipped together.
 */
export function forEachVocabularyMatch(
  vocabulary: Vocabulary,
  query: string,
  onMatch: (index: number, distance: number) => void,
  max = MAX_EDIT_DISTANCE,
): void {
  const { words, lengthStarts } = vocabulary;
  const m = query.length;
  const big = max + 1;
  const longest = lengthStarts.length - 2;
  const maxDepth = Math.min(m + max, longest);
  if (maxDepth < 0) return;
  const rows: Int32Array[] = [];
  for (let d = 0; d <= maxDepth; d++) rows.push(new Int32Array(m + 2).fill(big));
  for (let j = 0; j <= Math.min(m, max); j++) rows[0][j] = j;

  for (let length = Math.max(1, m - max); length <= maxDepth; length++) {
    const from = lengthStarts[length];
    const to = lengthStarts[length + 1];
    let previous = "";
    let computed = 0;
    let i = from;
    while (i < to) {
      const word = words[i];
      let d = 0;
      const shared = Math.min(computed, previous.length);
      while (d < shared && word.charCodeAt(d) === previous.charCodeAt(d)) d++;
      let dead = false;
      while (d < length) {
        d++;
        // Outside its band a row cell is never written, so it keeps `big` for every word.
        const cur = rows[d];
        const up = rows[d - 1];
        const up2 = d > 1 ? rows[d - 2] : up;
        const c = word.charCodeAt(d - 1);
        const cPrev = d > 1 ? word.charCodeAt(d - 2) : -1;
        const lo = Math.max(0, d - max);
        const hi = Math.min(m, d + max);
        const left = length - d - m;
        // Lower bound of the final distance over the paths through row d, and over those
        // stepping over it by a transposition from row d - 1 (possible where c = q[j]).
        let bound = big;
        if (lo === 0) {
          cur[0] = d;
          bound = d + Math.abs(left);
        }
        for (let j = Math.max(1, lo); j <= hi; j++) {
          const qc = query.charCodeAt(j - 1);
          let v = up[j - 1] + (qc === c ? 0 : 1);
          if (up[j] + 1 < v) v = up[j] + 1;
          if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
          if (j > 1 && d > 1 && c === query.charCodeAt(j - 2) && cPrev === qc && up2[j - 2] + 1 < v) v = up2[j - 2] + 1;
          cur[j] = v;
          const reach = v + Math.abs(left + j);
          if (reach < bound) bound = reach;
          if (j < m && c === query.charCodeAt(j)) {
            const over = up[j - 1] + 1 + Math.abs(left + j);
            if (over < bound) bound = over;
          }
        }
        if (bound > max) {
          dead = true;
          break;
        }
      }
      computed = d;
      previous = word;
      if (dead) {
        i = skipPrefix(words, i, to, word, d);
        continue;
      }
      if (rows[length][m] <= max) onMatch(i, rows[length][m]);
      i++;
    }
  }
}

/** First index in `from .. to` whose text is not below `text`; `textAt` must be sorted by code units there. */
export function lowerBound(from: number, to: number, textAt: (i: number) => string, text: string): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (textAt(mid) < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Call `onMatch(i)` for every vocabulary word longer than `prefix` that begins with it. */
export function forEachCompletion(vocabulary: Vocabulary, prefix: string, onMatch: (index: number) => void): void {
  const { words, lengthStarts } = vocabulary;
  const textAt = (i: number) => words[i];
  for (let length = prefix.length + 1; length < lengthStarts.length - 1; length++) {
    const to = lengthStarts[length + 1];
    for (let i = lowerBound(lengthStarts[length], to, textAt, prefix); i < to && words[i].startsWith(prefix); i++)
      onMatch(i);
  }
}
