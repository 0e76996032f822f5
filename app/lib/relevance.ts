/**
 * Relevance: the order of a search unless the visitor picks another. Best first:
 *   1. the part whose article, or one of whose other numbers, is the query (compared without
 *      spaces, hyphens, dots, slashes and case, look-alike letters folded): '1012015-81D' puts
 *      1012015-81D first, 'jx 0818' the part that lists JX0818 among its other numbers;
 *   2. every query word exactly (0 edits) a word of the name; then every query word exactly
 *      a word of the name, full name, article or other numbers (a code prefix counts as exact);
 *   3. fewer edits over all query words; at equal edits, fewer typos, that is more words typed
 *      as the beginning of a longer one ('j6' → 'J6P' before 'j6' → 'J7', one edit each);
 *   4. more query words found (within the distance) in the name itself;
 *   5. the name order (Russian collation, then full name, then upstream), so pages are stable.
 * Criteria 1–4 make one small integer key per part; a page takes the smallest keys, each key's
 * parts in the name order.
 *
 * A part's key depends only on how it met each query word: the level (see `matchCode`) and
 * whether in the name, exactly or not. Each word's match comes as bitsets of those (see
 * `WordMatch`), so the matches are split word by word into groups whose keys add up alike,
 * with bitset operations: the thousands of matches of a common word cost a few passes over
 * the bitsets, not a look at each part. When the matches are few, or the groups many, each
 * part is looked at instead.
 */
import { pageOfSet, forEachBit, type Scratch } from "./bitset-page";
import { countBits, hasBit } from "./bitset";
import { MAX_EDIT_DISTANCE } from "./edit-distance";
import { MAX_SCORE, type WordMatch } from "./search-match";
import { MAX_QUERY_WORDS } from "./search-text";

/** How a word met a part's name: not at all, with edits, exactly. */
const NOT_IN_NAME = 0;
const IN_NAME = 1;
const EXACT_IN_NAME = 2;

/**
 * What one query word adds to a part's key, by its level and name category, in five-bit
 * fields so that the words' shares add up in one integer: edits, typos, 'not in the name',
 * 'not exact anywhere', 'not exact in the name'.
 */
function share(level: number, name: number): number {
  const code = MAX_SCORE - level; // twice the edits, less one for a word cut short
  const edits = (code + 1) >> 1;
  const typo = code > 0 && code % 2 === 0 ? 1 : 0;
  const notInName = name === NOT_IN_NAME ? 1 : 0;
  const notExact = level === MAX_SCORE ? 0 : 1;
  const notExactInName = name === EXACT_IN_NAME ? 0 : 1;
  return edits | (typo << 5) | (notInName << 10) | (notExact << 15) | (notExactInName << 20);
}

const SHARES = Array.from({ length: (MAX_SCORE + 1) * 3 }, (_, i) => share(Math.floor(i / 3), i % 3));

/** Number of distinct keys for `words` query words. */
function keyCount(words: number): number {
  return 1 + 3 * (MAX_EDIT_DISTANCE * words + 1) * (words + 1) * (words + 1);
}
if (keyCount(MAX_QUERY_WORDS) > 0xffff) throw new Error("relevance keys must fit a Uint16Array");

/** The key of a part whose words' shares add up to `sum`; 0 is the article's. */
function keyOf(words: number, sum: number): number {
  const tier = (sum >> 15) & 31 ? 2 : sum >> 20 ? 1 : 0;
  const edits = sum & 31;
  const typos = (sum >> 5) & 31;
  const missing = (sum >> 10) & 31;
  return 1 + ((tier * (MAX_EDIT_DISTANCE * words + 1) + edits) * (words + 1) + typos) * (words + 1) + missing;
}

export interface Ranking {
  /** How many matches have each key. */
  counts: number[];
  /** Parts by key, as bitsets, where the split found them. */
  groups: Map<number, Uint32Array>;
  /** The other matches, each with its key. */
  positions: Uint32Array;
  keys: Uint16Array;
  listed: number;
}

/**
 * Split groups (running sum → parts) by how their parts met `word`, adding each share to the
 * sum. The groups' bitsets are used up. `null`, with every bitset given back, past `limit` groups.
 */
function splitByWord(
  groups: Map<number, Uint32Array>,
  word: WordMatch,
  scratch: Scratch,
  limit: number,
): Map<number, Uint32Array> | null {
  const next = new Map<number, Uint32Array>();
  const add = (sum: number, bits: Uint32Array | null) => {
    if (!bits) return;
    const have = next.get(sum);
    if (!have) return void next.set(sum, bits);
    for (let k = 0; k < have.length; k++) have[k] |= bits[k];
    scratch.release(bits);
  };
  const { inName, exactInName } = word;
  for (const [sum, rest] of groups) {
    // Best level first: a part takes the first level it is at, and leaves `rest`.
    for (let level = MAX_SCORE, left = true; level >= 1 && left; level--) {
      if (!(word.present & (1 << level))) continue;
      const at = word.levels[level];
      let exact: Uint32Array | null = null;
      let some: Uint32Array | null = null;
      let none: Uint32Array | null = null;
      left = false;
      for (let k = 0; k < rest.length; k++) {
        const r = rest[k];
        if (r === 0) continue;
        const c = r & at[k];
        if (c !== 0) {
          rest[k] = r & ~c;
          const e = c & exactInName[k];
          const n = c & ~inName[k];
          const s = c & ~e & ~n;
          if (e) (exact ??= scratch.bitset())[k] = e;
          if (s) (some ??= scratch.bitset())[k] = s;
          if (n) (none ??= scratch.bitset())[k] = n;
        }
        if (rest[k] !== 0) left = true;
      }
      add(sum + SHARES[level * 3 + EXACT_IN_NAME], exact);
      add(sum + SHARES[level * 3 + IN_NAME], some);
      add(sum + SHARES[level * 3 + NOT_IN_NAME], none);
    }
    scratch.release(rest);
    if (next.size > limit) {
      for (const bits of [...groups.values(), ...next.values()]) scratch.release(bits);
      return null;
    }
  }
  return next;
}

/** The share of `word` in the key of part `p` (which it matched), looked up part by part. */
function shareAt(word: WordMatch, p: number): number {
  let level = MAX_SCORE;
  while (level > 1 && !((word.present >> level) & 1 && hasBit(word.levels[level], p))) level--;
  const name = hasBit(word.exactInName, p) ? EXACT_IN_NAME : hasBit(word.inName, p) ? IN_NAME : NOT_IN_NAME;
  return SHARES[level * 3 + name];
}

/** When to split with bitsets rather than look at each part; both give the same ranking. */
export interface RankingLimits {
  /** Split only above this many matches: a split costs a few passes over whole bitsets per group and word. */
  splitAbove: number;
  /** Give up splitting past this many groups. */
  maxGroups: number;
}

/**
 * Rank `matches` (`total` parts, every one matching each of `words`, or in `articleExact`,
 * the parts whose article or other number is the query).
 */
export function rankMatches(
  scratch: Scratch,
  matches: Uint32Array,
  total: number,
  words: WordMatch[],
  articleExact: ArrayLike<number>,
  limits: RankingLimits = { splitAbove: scratch.size / 16, maxGroups: 48 },
): Ranking {
  const q = words.length;
  const counts: number[] = new Array(keyCount(q)).fill(0);
  const groups = new Map<number, Uint32Array>();
  const rest = scratch.copy(matches);

  const article = scratch.bitset();
  for (let i = 0; i < articleExact.length; i++) {
    const p = articleExact[i];
    if (!hasBit(rest, p)) continue;
    article[p >>> 5] |= 1 << (p & 31);
    rest[p >>> 5] &= ~(1 << (p & 31));
    counts[0]++;
  }
  if (counts[0]) groups.set(0, article);
  const remaining = total - counts[0];

  let split: Map<number, Uint32Array> | null = remaining > limits.splitAbove ? new Map([[0, rest]]) : null;
  for (let i = 0; split && i < q; i++) split = splitByWord(split, words[i], scratch, limits.maxGroups);
  if (split) {
    for (const [sum, bits] of split) {
      const key = keyOf(q, sum);
      const have = groups.get(key);
      if (have) for (let k = 0; k < have.length; k++) have[k] |= bits[k];
      else groups.set(key, bits);
      counts[key] = countBits(groups.get(key)!);
    }
    return { counts, groups, positions: new Uint32Array(0), keys: new Uint16Array(0), listed: 0 };
  }

  // `rest` may have been split up (and its bits consumed): the matches less the article again.
  const { positions, keys } = scratch.listing();
  let listed = 0;
  forEachBit(matches, (p) => {
    if (hasBit(article, p)) return;
    let sum = 0;
    for (let i = 0; i < q; i++) sum += shareAt(words[i], p);
    const key = keyOf(q, sum);
    positions[listed] = p;
    keys[listed++] = key;
    counts[key]++;
  });
  return { counts, groups, positions, keys, listed };
}

/**
 * Positions of the matches ranked `start .. start + size` by relevance: by key, each key's
 * parts in `order` (the name order; `places` is its inverse).
 */
export function relevancePage(
  order: Uint32Array,
  places: Uint32Array,
  scratch: Scratch,
  ranking: Ranking,
  start: number,
  size: number,
): number[] {
  const { counts, groups, positions, keys, listed } = ranking;
  // The keys the page spans: a tail of the first, whole ones, a head of the last.
  const spans: { key: number; skip: number; take: number }[] = [];
  let seen = 0;
  let taken = 0;
  for (let key = 0; key < counts.length && taken < size; key++) {
    const count = counts[key];
    if (count > 0 && seen + count > start) {
      const skip = Math.max(0, start - seen);
      const take = Math.min(count - skip, size - taken);
      spans.push({ key, skip, take });
      taken += take;
    }
    seen += count;
  }

  // Listed keys on the page get their bitsets from the list.
  const missing = spans.filter((span) => !groups.has(span.key));
  if (missing.length) {
    const wanted = new Map(missing.map((span) => [span.key, scratch.bitset()]));
    for (let j = 0; j < listed; j++) {
      const bits = wanted.get(keys[j]);
      if (bits) bits[positions[j] >>> 5] |= 1 << (positions[j] & 31);
    }
    for (const [key, bits] of wanted) groups.set(key, bits);
  }

  const out: number[] = [];
  for (const { key, skip, take } of spans) {
    out.push(...pageOfSet(order, places, groups.get(key)!, counts[key], skip, take, scratch));
  }
  return out;
}
