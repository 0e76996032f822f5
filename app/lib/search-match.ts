/**
 * A query word against the search index (SPEC §5): every part having a word within edit
 * distance 2 of it, and, on top of the spec's rule, every part whose article (without
 * separators), or one of its other numbers, begins with a query word of at least 5 letters or
 * digits: 'wg97255' finds WG9725520274. Matched words map to posting lists, merged into a bitset per query word; the
 * bitsets are intersected by the caller. For relevance the same walk records how closely each
 * part matched and whether in the name (`WordMatch`).
 */
import { createBitset } from "./bitset";
import { MAX_EDIT_DISTANCE, typingDistance } from "./edit-distance";
import type { SearchIndex } from "./search-index";
import { foldLookalikes, MIN_ARTICLE_PREFIX } from "./search-text";
import { forEachCompletion, forEachVocabularyMatch, lowerBound } from "./vocabulary";

/**
 * Call `onRange(from, to)` for each run `articleWords[from .. to)` of the articles that begin
 * with `prefix` (normalised): one run per article length.
 */
function forEachArticleRange(index: SearchIndex, prefix: string, onRange: (from: number, to: number) => void): void {
  const { articleWords } = index;
  const { words, lengthStarts } = index.vocabulary;
  const firstAtLeast = (w: number) => {
    let lo = 0;
    let hi = articleWords.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (articleWords[mid] < w) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const textAt = (a: number) => words[articleWords[a]];
  for (let length = prefix.length; length < lengthStarts.length - 1; length++) {
    const end = firstAtLeast(lengthStarts[length + 1]);
    const from = lowerBound(firstAtLeast(lengthStarts[length]), end, textAt, prefix);
    let to = from;
    while (to < end && textAt(to).startsWith(prefix)) to++;
    if (to > from) onRange(from, to);
  }
}

/** Parts whose normalised article (see `normalizeArticle`) or one of whose other numbers is exactly `article`, ascending. */
export function matchArticle(index: SearchIndex, article: string): Uint32Array {
  const { articleWords, articleStarts, articlePostings } = index;
  const { words } = index.vocabulary;
  let found = articlePostings.subarray(0, 0);
  if (!article) return found;
  forEachArticleRange(index, article, (from) => {
    if (words[articleWords[from]] === article)
      found = articlePostings.subarray(articleStarts[from], articleStarts[from + 1]);
  });
  return found;
}

/**
 * How closely a query word met a part's word, 0 best (see relevance.ts). It is twice
 * the edits, less one when the query word is the beginning of the word ('j6' → 'j6p'): at equal
 * edits a word cut short beats a typo ('j6' → 'j7'). A code prefix of the article counts as exact.
 */
export function matchCode(distance: number, completion: boolean): number {
  return 2 * distance - (completion ? 1 : 0);
}

/** Levels are `MAX_SCORE - code`: MAX_SCORE exact, down to 1 for two edits. */
export const MAX_SCORE = matchCode(MAX_EDIT_DISTANCE, false) + 1;
/** A word still being typed (suggestions) that begins a longer word, however much longer. */
const COMPLETION_SCORE = MAX_SCORE - matchCode(1, true);

/**
 * How one query word met the parts, for relevance, as bitsets: `levels[s]` has the parts with
 * some word at level s (1 … MAX_SCORE; a part may be at several, its best counts), `inName`
 * those with a matching word in the name, `exactInName` with an exactly matching one.
 */
export interface WordMatch {
  levels: Uint32Array[];
  /** Bit s is set when `levels[s]` has any part. */
  present: number;
  inName: Uint32Array;
  exactInName: Uint32Array;
}

/** A `WordMatch` over `size` parts, from `bitset` (zeroed bitsets of that size; `levels[0]` is unused). */
export function createWordMatch(size: number, bitset: () => Uint32Array = () => createBitset(size)): WordMatch {
  return { levels: Array.from({ length: MAX_SCORE + 1 }, bitset), present: 0, inName: bitset(), exactInName: bitset() };
}

export interface MatchOptions {
  /** Filled with how each part matched (zeroed bitsets). */
  detail?: WordMatch;
  /**
   * The word is still being typed (suggestions): every word it begins matches it too, and
   * typos only as far as `typingDistance` allows.
   */
  complete?: boolean;
  /** A zeroed bitset to fill and return instead of a new one. */
  into?: Uint32Array;
}

/**
 * Parts having some word within the edit distance of `word` (look-alikes folded), or, for a
 * word of `MIN_ARTICLE_PREFIX` or more, an article or other number that begins with it.
 */
export function matchWord(index: SearchIndex, typed: string, options: MatchOptions = {}): Uint32Array {
  // Words from parseSearchWords are folded already; folding again changes nothing.
  const word = foldLookalikes(typed);
  const { postingStarts, nameEnds, postings, vocabulary } = index;
  const { detail, complete = false, into } = options;
  const bits = into ?? createBitset(index.size);

  const addWord = (w: number, level: number) => {
    const end = postingStarts[w + 1];
    if (!detail) {
      for (let k = postingStarts[w]; k < end; k++) bits[postings[k] >>> 5] |= 1 << (postings[k] & 31);
      return;
    }
    const at = detail.levels[level];
    const { inName, exactInName } = detail;
    const split = nameEnds[w];
    if (end > postingStarts[w]) detail.present |= 1 << level;
    for (let k = postingStarts[w]; k < split; k++) {
      const p = postings[k];
      const bit = 1 << (p & 31);
      bits[p >>> 5] |= bit;
      at[p >>> 5] |= bit;
      inName[p >>> 5] |= bit;
      if (level === MAX_SCORE) exactInName[p >>> 5] |= bit;
    }
    for (let k = split; k < end; k++) {
      const p = postings[k];
      bits[p >>> 5] |= 1 << (p & 31);
      at[p >>> 5] |= 1 << (p & 31);
    }
  };

  const max = complete ? typingDistance(word.length) : MAX_EDIT_DISTANCE;
  forEachVocabularyMatch(
    vocabulary,
    word,
    (w, distance) => {
      const found = vocabulary.words[w];
      const completion =
        detail !== undefined && distance > 0 && distance === found.length - word.length && found.startsWith(word);
      addWord(w, MAX_SCORE - matchCode(distance, completion));
    },
    max,
  );
  if (complete) forEachCompletion(vocabulary, word, (w) => addWord(w, COMPLETION_SCORE));

  if (word.length >= MIN_ARTICLE_PREFIX) {
    const { articleStarts, articlePostings } = index;
    const exact = detail?.levels[MAX_SCORE];
    forEachArticleRange(index, word, (from, to) => {
      if (detail) detail.present |= 1 << MAX_SCORE;
      for (let k = articleStarts[from]; k < articleStarts[to]; k++) {
        const p = articlePostings[k];
        bits[p >>> 5] |= 1 << (p & 31);
        if (exact) exact[p >>> 5] |= 1 << (p & 31);
      }
    });
  }
  return bits;
}

/** Parts in any of `groups`; unknown names select nothing. Fills `into` (zeroed) when given. */
export function matchGroups(index: SearchIndex, groups: readonly string[], into?: Uint32Array): Uint32Array {
  const bits = into ?? createBitset(index.size);
  for (const group of groups) {
    const own = index.groupBits.get(group);
    if (!own) continue;
    for (let k = 0; k < bits.length; k++) bits[k] |= own[k];
  }
  return bits;
}
