/**
 * Fuzzy part search (SPEC §5): every query word must be within edit distance 2 of some
 * word of the part's name, full name or article. The distance is optimal string alignment
 * (Damerau–Levenshtein without repeated edits of one substring): a swapped pair of letters,
 * the most common typo, costs 1.
 *
 * Two ways customers type codes are accepted on top of that rule, so it only ever finds more:
 * - Cyrillic letters that look like Latin ones (А/A, В/B, Е/E, К/K, М/M, Н/H, О/O, Р/P, С/C,
 *   Т/T, Х/X, У/Y) are one letter: every word is folded to the Latin one, so 'СА6DМ2' typed
 *   half on the Russian layout is 'ca6dm2';
 * - a query word of at least 5 letters or digits that begins a part's article (without
 *   separators) matches that part: 'wg97255' finds WG9725520274.
 *
 * The index is built once per catalogue version. A query word is matched against the
 * vocabulary of distinct words, only those within 2 of its length, each length walked as
 * an implicit trie: one DP row per prefix character, only the diagonal band |i - j| <= 2,
 * and a whole run of words sharing a prefix is skipped as soon as that prefix is out of
 * reach. Matched words map to posting lists, which are merged into a bitset per query
 * word; the bitsets are intersected. For relevance the same walk also records how closely
 * each part matched and whether in the name (`WordMatch`).
 */
import type { Part } from "./part";

export const MAX_EDIT_DISTANCE = 2;

export interface SearchIndex {
  /** Number of parts; bit `i` of a bitset is `parts[i]`. */
  size: number;
  vocabulary: Vocabulary;
  /**
   * Parts of `vocabulary.words[w]` are `postings[postingStarts[w] .. postingStarts[w + 1])`:
   * first those having the word in their name (up to `nameEnds[w]`), then those having it only
   * in the full name or article; each half ascending.
   */
  postingStarts: Uint32Array;
  nameEnds: Uint32Array;
  postings: Uint32Array;
  groupBits: Map<string, Uint32Array>;
  /**
   * Vocabulary indices of the distinct normalised articles, ascending: by length, then text, as
   * the vocabulary is, so the articles of one length that begin alike are a contiguous run.
   */
  articleWords: Uint32Array;
  /** Parts whose article is `articleWords[a]`: `articlePostings[articleStarts[a] .. articleStarts[a + 1])`. */
  articleStarts: Uint32Array;
  articlePostings: Uint32Array;
}

export interface SearchWord {
  /** The word as typed, for the keyboard-layout retry and for display. */
  raw: string;
  /** Normalised (lower case, ё = е, look-alikes folded to Latin) and without punctuation: what is matched. */
  word: string;
}

export const MAX_QUERY_WORDS = 12;
/** A query word this long that begins a part's article matches it (SPEC §5 plus codes typed short). */
export const MIN_ARTICLE_PREFIX = 5;
const SEPARATOR = 0;
const WORD = 1;
const SPACE = 2;
const YO = 0x451;

/** Code units below this (Latin, Cyrillic, punctuation…) are classified by table. */
const TABLE_SIZE = 0x3000;
let table: Uint8Array | undefined;

function classify(c: number): number {
  const ch = String.fromCharCode(c);
  return /[\p{L}\p{N}]/u.test(ch) ? WORD : /\s/.test(ch) ? SPACE : SEPARATOR;
}

/**
 * Class of a UTF-16 code unit: letter or digit (\p{L}\p{N}), whitespace, or other.
 * A table lookup is what keeps tokenising 100 000 parts well under a second.
 */
function charClass(c: number): number {
  if (c >= TABLE_SIZE) return classify(c);
  if (!table) {
    table = new Uint8Array(TABLE_SIZE);
    for (let k = 0; k < TABLE_SIZE; k++) table[k] = classify(k);
  }
  return table[c];
}

/** Lowercase, and 'ё' = 'е' as Russian typists use them interchangeably. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/ё/g, "е");
}

// Lower-case Cyrillic letters drawn like Latin ones (in capitals at least: Н/H, Т/T, В/B).
const LOOKALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
};
const LOOKALIKE = /[авеёкмнорстух]/g;

/**
 * A lower-case word with its Cyrillic look-alikes turned into Latin letters: 'са6dм2' and
 * 'ca6dm2' become one word. Words are matched and indexed in this form only; Russian words
 * come out mixed ('фильtp'), which is never shown.
 */
export function foldLookalikes(word: string): string {
  return word.replace(LOOKALIKE, (ch) => LOOKALIKES[ch]);
}

/**
 * Whitespace-separated chunks of `text`, each as its letter/digit runs, normalised:
 * 'Фильтр-влагоотделитель PL420' → [['фильтр', 'влагоотделитель'], ['pl420']].
 */
function chunks(text: string): string[][] {
  const lower = text.toLowerCase();
  const out: string[][] = [];
  let current: string[] = [];
  let start = -1;
  let yo = false;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0x20;
    const kind = charClass(c);
    if (kind === WORD) {
      if (start < 0) start = i;
      if (c === YO) yo = true;
      continue;
    }
    if (start >= 0) {
      const piece = lower.slice(start, i);
      current.push(yo ? piece.replace(/ё/g, "е") : piece);
      start = -1;
      yo = false;
    }
    if (kind === SPACE && current.length) {
      out.push(current);
      current = [];
    }
  }
  return out;
}

/**
 * Words of one field: every letter/digit run, plus each hyphenated or dotted compound
 * glued together, so '1012010-81DJ' is found by '1012010', '81dj' and '101201081dj'.
 * Not yet folded (see `foldLookalikes`): the index folds each distinct word once.
 */
function addFieldWords(pieces: string[][], out: Set<string>): void {
  for (const chunk of pieces) {
    for (const piece of chunk) out.add(piece);
    if (chunk.length > 1) out.add(chunk.join(""));
  }
}

/** The article as one word, separators dropped: '1012010-81DJ' and '1012010 81DJ' → '101201081dj' (not folded). */
function articleWord(article: string): string {
  return chunks(article).flat().join("");
}

/**
 * A part's words (not folded yet), the name's first (`nameCount` of them), then those of the
 * full name and article that the name lacks, and the article as one word: an article typed
 * with spaces instead of hyphens ('1012010 81DJ') meets it whole.
 */
function fieldWords(part: Pick<Part, "name" | "fullName" | "article">): {
  words: Set<string>;
  nameCount: number;
  article: string;
} {
  const words = new Set<string>();
  addFieldWords(chunks(part.name), words);
  const nameCount = words.size;
  addFieldWords(chunks(part.fullName), words);
  const pieces = chunks(part.article);
  addFieldWords(pieces, words);
  const article = pieces.flat().join("");
  if (article) words.add(article);
  return { words, nameCount, article };
}

/** Every normalised word of a part, as matched (folded). */
export function partWords(part: Pick<Part, "name" | "fullName" | "article">): Set<string> {
  const words = new Set<string>();
  for (const word of fieldWords(part).words) words.add(foldLookalikes(word));
  return words;
}

/** The article as matched by prefix and compared whole: no separators, folded ('СА-6DM' → 'ca6dm'). */
export function normalizeArticle(article: string): string {
  return foldLookalikes(articleWord(article));
}

/** Split a search on whitespace; each word loses its punctuation ('1012010-81DJ' → '101201081dj') and is folded. */
export function parseSearchWords(search: string): SearchWord[] {
  const seen = new Set<string>();
  const out: SearchWord[] = [];
  for (const raw of search.split(/\s+/)) {
    const word = foldLookalikes(chunks(raw).flat().join(""));
    if (!word || seen.has(word)) continue;
    seen.add(word);
    out.push({ raw, word });
    if (out.length === MAX_QUERY_WORDS) break;
  }
  return out;
}

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

export function buildSearchIndex(parts: readonly Part[]): SearchIndex {
  const size = parts.length;
  // Distinct words as typed in the data get ids first; each is folded once afterwards, which
  // is far cheaper than folding every occurrence.
  const wordIds = new Map<string, number>();
  const firstSeen: string[] = [];
  const idOf = (word: string) => {
    let id = wordIds.get(word);
    if (id === undefined) {
      id = firstSeen.length;
      firstSeen.push(word);
      wordIds.set(word, id);
    }
    return id;
  };
  // Word ids of part p: flat[partStarts[p] .. partStarts[p + 1]), its name's before nameSplit[p].
  const partStarts = new Uint32Array(size + 1);
  const nameSplit = new Uint32Array(size);
  const articleIds = new Int32Array(size).fill(-1);
  const flat: number[] = [];
  const groupBits = new Map<string, Uint32Array>();

  parts.forEach((part, position) => {
    const field = fieldWords(part);
    partStarts[position] = flat.length;
    nameSplit[position] = flat.length + field.nameCount;
    for (const word of field.words) flat.push(idOf(word));
    if (field.article) articleIds[position] = idOf(field.article);
    let bits = groupBits.get(part.group);
    if (!bits) groupBits.set(part.group, (bits = createBitset(size)));
    bits[position >>> 5] |= 1 << (position & 31);
  });
  partStarts[size] = flat.length;

  const folded = firstSeen.map(foldLookalikes);
  const vocabulary = createVocabulary(new Set(folded));
  const { words } = vocabulary;
  const indexOf = new Map<string, number>();
  words.forEach((word, w) => indexOf.set(word, w));
  const rank = Uint32Array.from(folded, (word) => indexOf.get(word)!);

  const postingStarts = new Uint32Array(words.length + 1);
  const nameCounts = new Uint32Array(words.length);
  for (let position = 0; position < size; position++) {
    for (let k = partStarts[position]; k < partStarts[position + 1]; k++) {
      const w = rank[flat[k]];
      postingStarts[w + 1]++;
      if (k < nameSplit[position]) nameCounts[w]++;
    }
  }
  for (let w = 0; w < words.length; w++) postingStarts[w + 1] += postingStarts[w];
  const nameFill = postingStarts.slice(0, words.length);
  const nameEnds = nameFill.map((start, w) => start + nameCounts[w]);
  const otherFill = nameEnds.slice();
  const postings = new Uint32Array(flat.length);
  // Parts are visited in order, so both halves of every posting list come out ascending.
  // (Two spellings folding to one word may list a part twice: harmless for bitsets.)
  for (let position = 0; position < size; position++) {
    for (let k = partStarts[position]; k < partStarts[position + 1]; k++) {
      const w = rank[flat[k]];
      postings[k < nameSplit[position] ? nameFill[w]++ : otherFill[w]++] = position;
    }
  }

  // Parts by normalised article, the articles in vocabulary order: a counting sort.
  const perWord = new Uint32Array(words.length);
  for (const id of articleIds) if (id >= 0) perWord[rank[id]]++;
  const articleWords = Uint32Array.from(perWord.keys()).filter((w) => perWord[w] > 0);
  const articleStarts = new Uint32Array(articleWords.length + 1);
  articleWords.forEach((w, a) => (articleStarts[a + 1] = articleStarts[a] + perWord[w]));
  const articleFill = new Uint32Array(words.length);
  articleWords.forEach((w, a) => (articleFill[w] = articleStarts[a]));
  const articlePostings = new Uint32Array(articleStarts[articleWords.length]);
  articleIds.forEach((id, position) => {
    if (id >= 0) articlePostings[articleFill[rank[id]]++] = position;
  });

  return {
    size,
    vocabulary,
    postingStarts,
    nameEnds,
    postings,
    groupBits,
    articleWords,
    articleStarts,
    articlePostings,
  };
}

/** First index in `from .. to` whose text is not below `text`; `textAt` must be sorted by code units there. */
function lowerBound(from: number, to: number, textAt: (i: number) => string, text: string): number {
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

/** Parts whose normalised article (see `normalizeArticle`) is exactly `article`, ascending. */
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

/**
 * The edits allowed to a word still being typed (suggestions): a word's beginning is not yet a
 * typo, and two edits would let 'фи' match every short word. None below 4 letters, one below 6.
 */
export function typingDistance(length: number): number {
  return length < 4 ? 0 : length < 6 ? 1 : MAX_EDIT_DISTANCE;
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
 * word of `MIN_ARTICLE_PREFIX` or more, an article that begins with it.
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

const EN_TO_RU: Record<string, string> = {};
const RU_TO_EN: Record<string, string> = {};
{
  const en = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>~";
  const ru = "йцукенгшщзхъфывапролджэячсмитьбюёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ";
  for (let i = 0; i < en.length; i++) {
    EN_TO_RU[en[i]] = ru[i];
    RU_TO_EN[ru[i]] = en[i];
  }
}

/**
 * Retype a word on the other keyboard layout (QWERTY ↔ ЙЦУКЕН): 'abkmnh' → 'фильтр',
 * 'цп' → 'wg'. The direction follows the word's majority script; digits stay.
 */
export function switchLayout(word: string): string {
  let latin = 0;
  let cyrillic = 0;
  for (const ch of word) {
    if (/[a-z]/i.test(ch)) latin++;
    else if (/[а-яё]/i.test(ch)) cyrillic++;
  }
  if (latin === 0 && cyrillic === 0) return word;
  const map = latin > cyrillic ? EN_TO_RU : RU_TO_EN;
  let out = "";
  for (const ch of word) out += map[ch] ?? ch;
  return out;
}

export interface HighlightSegment {
  text: string;
  match: boolean;
}

export interface HighlightOptions {
  /** The query's last word is still being typed (suggestions): mark what it begins, as the search does. */
  complete?: boolean;
  /** `text` is an article: matched as one code across its hyphens and spaces, like the index does. */
  article?: boolean;
}

interface Run {
  from: number;
  to: number;
  /** Normalised and folded, as indexed. */
  word: string;
}

/** Letter/digit runs grouped into compounds: the whitespace-separated chunks, or the whole article. */
function compounds(text: string, article: boolean): Run[][] {
  const groups: Run[][] = [];
  for (const chunk of text.matchAll(/\S+/g)) {
    const runs: Run[] = [];
    const start = chunk.index ?? 0;
    for (const run of chunk[0].matchAll(/[\p{L}\p{N}]+/gu)) {
      const from = start + (run.index ?? 0);
      runs.push({ from, to: from + run[0].length, word: foldLookalikes(normalizeText(run[0])) });
    }
    if (!runs.length) continue;
    if (article && groups.length) groups[0].push(...runs);
    else groups.push(runs);
  }
  return groups;
}

/** A query parsed for marking: its words, the one still being typed, and each word's edit limit. */
interface MarkQuery {
  words: string[];
  last: string | undefined;
  prefixes: string[];
  limits: number[];
}

function markQuery(query: string, complete: boolean | undefined): MarkQuery {
  const parsed = parseSearchWords(query);
  const words = parsed.map((w) => w.word);
  const last = complete && parsed.length && !/\s$/.test(query) ? words[words.length - 1] : undefined;
  return {
    words,
    last,
    prefixes: words.filter((w) => w.length >= MIN_ARTICLE_PREFIX || w === last),
    limits: words.map((w) => (w === last ? typingDistance(w.length) : MAX_EDIT_DISTANCE)),
  };
}

/** The words a run or compound of the text could be for: every candidate word of `text`. */
function candidateWords(groups: Run[][]): string[] {
  const out: string[] = [];
  for (const runs of groups) {
    for (const run of runs) out.push(run.word);
    if (runs.length > 1) out.push(runs.map((r) => r.word).join(""));
  }
  return out;
}

/**
 * Each query word's closest distance to any word of `texts` (Infinity where none is within its
 * limit). Only the closest are marked: 'j6' is within two edits of '0' and '25' too, but the word
 * that made the part a match is 'J6P'.
 */
function closestDistances(q: MarkQuery, texts: { text: string; article?: boolean }[]): number[] {
  const best = q.words.map(() => Infinity);
  for (const { text, article } of texts) {
    for (const word of candidateWords(compounds(text, article ?? false))) {
      q.words.forEach((w, k) => {
        const d = boundedDistance(word, w, q.limits[k]);
        if (d <= q.limits[k] && d < best[k]) best[k] = d;
      });
    }
  }
  return best;
}

function markText(text: string, q: MarkQuery, best: number[], article: boolean, whole: string): HighlightSegment[] {
  const marked = new Uint8Array(text.length);
  const near = (word: string) => q.words.some((w, k) => boundedDistance(word, w, q.limits[k]) === best[k]);

  /** Mark the first `length` normalised characters of `runs`, and the separators between them. */
  const markPrefix = (runs: Run[], length: number) => {
    for (let k = 0; k < runs.length && length > 0; k++) {
      const { from, to, word } = runs[k];
      const take = Math.min(length, word.length);
      // Lower-casing rarely changes a run's length ('İ'); then the whole run is marked.
      marked.fill(1, from, word.length === to - from ? from + take : to);
      length -= take;
      if (length > 0 && k + 1 < runs.length) marked.fill(1, to, runs[k + 1].from);
    }
  };

  for (const runs of compounds(text, article)) {
    for (const run of runs) {
      if (near(run.word)) marked.fill(1, run.from, run.to);
      else if (q.last && run.word.startsWith(q.last)) markPrefix([run], q.last.length);
    }
    const compound = runs.map((r) => r.word).join("");
    if (runs.length > 1 && near(compound)) marked.fill(1, runs[0].from, runs[runs.length - 1].to);
    else if (article && compound === whole) marked.fill(1, runs[0].from, runs[runs.length - 1].to);
    for (const prefix of q.prefixes) if (compound.startsWith(prefix)) markPrefix(runs, prefix.length);
  }

  const segments: HighlightSegment[] = [];
  for (let i = 0; i < text.length;) {
    let j = i + 1;
    while (j < text.length && marked[j] === marked[i]) j++;
    segments.push({ text: text.slice(i, j), match: marked[i] === 1 });
    i = j;
  }
  return segments;
}

/**
 * Split `text` into segments, marking what the search matched for `query`, so the highlight
 * agrees with the results:
 * - a word, or a hyphenated compound, within the edit distance of a query word (typos and
 *   look-alike letters included), of those the closest to it: the whole word ('Фильтр' for
 *   'фыльтр');
 * - a query word of `MIN_ARTICLE_PREFIX` or more that begins a compound ('wg97255' in
 *   'WG9725520274'): just the part typed;
 * - with `complete`, the last query word where it begins a word ('фи' in 'Фильтр'), and its
 *   typos only within `typingDistance`.
 */
export function highlightMatches(text: string, query: string, options: HighlightOptions = {}): HighlightSegment[] {
  const q = markQuery(query, options.complete);
  const best = closestDistances(q, [{ text, article: options.article }]);
  return markText(text, q, best, options.article ?? false, normalizeArticle(query));
}

/**
 * The three fields a list row or a suggestion shows, highlighted for `query` (see
 * `highlightMatches`); a query word's closest words are found across all three.
 */
export function highlightPart(
  part: Pick<Part, "name" | "fullName" | "article">,
  query: string,
  options: Pick<HighlightOptions, "complete"> = {},
): { name: HighlightSegment[]; fullName: HighlightSegment[]; article: HighlightSegment[] } {
  const q = markQuery(query, options.complete);
  const best = closestDistances(q, [
    { text: part.name },
    { text: part.fullName },
    { text: part.article, article: true },
  ]);
  const whole = normalizeArticle(query);
  return {
    name: markText(part.name, q, best, false, whole),
    fullName: markText(part.fullName, q, best, false, whole),
    article: markText(part.article, q, best, true, whole),
  };
}
