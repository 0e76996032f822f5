/**
 * Fuzzy part search (SPEC §5): every query word must be within edit distance 2 of some
 * word of the part's name, full name or article. The distance is optimal string alignment
 * (Damerau–Levenshtein without repeated edits of one substring): a swapped pair of letters,
 * the most common typo, costs 1.
 *
 * The index is built once per catalogue version. A query word is matched against the
 * vocabulary of distinct words, only those within 2 of its length, each length walked as
 * an implicit trie: one DP row per prefix character, only the diagonal band |i - j| <= 2,
 * and a whole run of words sharing a prefix is skipped as soon as that prefix is out of
 * reach. Matched words map to posting lists, which are merged into a bitset per query
 * word; the bitsets are intersected.
 */
import type { Part } from "./part";

export const MAX_EDIT_DISTANCE = 2;

export interface SearchIndex {
  /** Number of parts; bit `i` of a bitset is `parts[i]`. */
  size: number;
  vocabulary: Vocabulary;
  /** Parts of `vocabulary.words[w]` are `postings[postingStarts[w] .. postingStarts[w + 1])`, ascending. */
  postingStarts: Uint32Array;
  postings: Uint32Array;
  groupBits: Map<string, Uint32Array>;
}

export interface SearchWord {
  /** The word as typed, for the keyboard-layout retry and for display. */
  raw: string;
  /** Normalised and without punctuation: what is matched. */
  word: string;
}

const MAX_QUERY_WORDS = 12;
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
 */
function addFieldWords(text: string, out: Set<string>): void {
  for (const pieces of chunks(text)) {
    for (const piece of pieces) out.add(piece);
    if (pieces.length > 1) out.add(pieces.join(""));
  }
}

export function partWords(part: Pick<Part, "name" | "fullName" | "article">): Set<string> {
  const words = new Set<string>();
  addFieldWords(part.name, words);
  addFieldWords(part.fullName, words);
  addFieldWords(part.article, words);
  // An article typed with spaces instead of hyphens ('1012010 81DJ') meets it whole.
  const article = chunks(part.article).flat().join("");
  if (article) words.add(article);
  return words;
}

/** Split a search on whitespace; each word loses its punctuation ('1012010-81DJ' → '101201081dj'). */
export function parseSearchWords(search: string): SearchWord[] {
  const seen = new Set<string>();
  const out: SearchWord[] = [];
  for (const raw of search.split(/\s+/)) {
    const word = chunks(raw).flat().join("");
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
    if (bucket) words.push(...bucket.sort());
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
 * Call `onMatch(i)` for every `vocabulary.words[i]` within `max` of `query`. Only lengths
 * within `max` of the query's are visited. Each length bucket is walked as a trie:
 * `rows[d]` is the DP row of the current word's prefix of length d and stays valid for the
 * next word as far as the two share a prefix. Knowing the final length L, a prefix is
 * dead once every cell plus the length still to cover, |(L - d) - (m - j)|, exceeds `max`;
 * the words sharing it are then skipped together.
 */
export function forEachVocabularyMatch(vocabulary: Vocabulary, query: string, onMatch: (index: number) => void, max = MAX_EDIT_DISTANCE): void {
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
      if (rows[length][m] <= max) onMatch(i);
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
  const wordIds = new Map<string, number>();
  const firstSeen: string[] = [];
  const partStarts = new Uint32Array(size + 1);
  const flat: number[] = [];
  const groupBits = new Map<string, Uint32Array>();

  parts.forEach((part, position) => {
    partStarts[position] = flat.length;
    for (const word of partWords(part)) {
      let id = wordIds.get(word);
      if (id === undefined) {
        id = firstSeen.length;
        firstSeen.push(word);
        wordIds.set(word, id);
      }
      flat.push(id);
    }
    let bits = groupBits.get(part.group);
    if (!bits) groupBits.set(part.group, (bits = createBitset(size)));
    bits[position >>> 5] |= 1 << (position & 31);
  });
  partStarts[size] = flat.length;

  const vocabulary = createVocabulary(firstSeen);
  const { words } = vocabulary;
  const rank = new Uint32Array(words.length);
  words.forEach((word, r) => (rank[wordIds.get(word)!] = r));

  const postingStarts = new Uint32Array(words.length + 1);
  for (const id of flat) postingStarts[rank[id] + 1]++;
  for (let w = 0; w < words.length; w++) postingStarts[w + 1] += postingStarts[w];
  const fill = postingStarts.slice(0, words.length);
  const postings = new Uint32Array(flat.length);
  // Parts are visited in order, so every posting list comes out ascending.
  for (let position = 0; position < size; position++) {
    for (let k = partStarts[position]; k < partStarts[position + 1]; k++) postings[fill[rank[flat[k]]]++] = position;
  }
  return { size, vocabulary, postingStarts, postings, groupBits };
}

/** Parts having some word within the edit distance of `word`. */
export function matchWord(index: SearchIndex, word: string): Uint32Array {
  const bits = createBitset(index.size);
  const { postingStarts, postings } = index;
  forEachVocabularyMatch(index.vocabulary, word, (w) => {
    for (let k = postingStarts[w]; k < postingStarts[w + 1]; k++) {
      const p = postings[k];
      bits[p >>> 5] |= 1 << (p & 31);
    }
  });
  return bits;
}

/** Parts in any of `groups`; unknown names select nothing. */
export function matchGroups(index: SearchIndex, groups: readonly string[]): Uint32Array {
  const bits = createBitset(index.size);
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

/**
 * Split `text` into segments, marking the words that satisfy the search rule for `query`,
 * so the highlight agrees with the results (typos included, which fuzzysort cannot do).
 */
export function highlightMatches(text: string, query: string): HighlightSegment[] {
  const words = parseSearchWords(query).map((w) => w.word);
  const segments: HighlightSegment[] = [];
  const push = (part: string, match: boolean) => {
    if (!part) return;
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += part;
    else segments.push({ text: part, match });
  };
  const near = (word: string) => words.some((w) => boundedDistance(word, w) <= MAX_EDIT_DISTANCE);

  let cursor = 0;
  for (const chunk of text.matchAll(/\S+/g)) {
    const start = chunk.index ?? 0;
    push(text.slice(cursor, start), false);
    // Letter/digit runs of the chunk as [from, to) offsets; `chunks` normalises the same runs.
    const runs: [number, number][] = [];
    for (let i = 0; i < chunk[0].length; i++) {
      if (charClass(chunk[0].charCodeAt(i)) !== WORD) continue;
      const from = i;
      while (i < chunk[0].length && charClass(chunk[0].charCodeAt(i)) === WORD) i++;
      runs.push([from, i]);
    }
    const normalised = chunks(chunk[0])[0] ?? [];
    let inner = 0;
    if (runs.length > 1 && near(normalised.join(""))) {
      // A compound matched whole ('1012010-81DJ'): one mark, hyphens included.
      push(chunk[0].slice(0, runs[0][0]), false);
      push(chunk[0].slice(runs[0][0], runs[runs.length - 1][1]), true);
      inner = runs[runs.length - 1][1];
    } else {
      runs.forEach(([from, to], k) => {
        push(chunk[0].slice(inner, from), false);
        push(chunk[0].slice(from, to), near(normalised[k] ?? ""));
        inner = to;
      });
    }
    push(chunk[0].slice(inner), false);
    cursor = start + chunk[0].length;
  }
  push(text.slice(cursor), false);
  return segments;
}
