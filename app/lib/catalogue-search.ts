/**
 * The parts catalogue queried over a prepared snapshot (catalogue-snapshot.ts): search, group
 * filter, sorting and paging (SPEC §2 Parts list, §4, §5, §9), plus the relevance order, the
 * suggestions of the search box and 'С этим покупают'. Relevance adds one pass over the matches.
 */
import type { Part } from "./part";
import { createRandom, hashSeed } from "./random";
import { pageOf, Scratch } from "./bitset-page";
import { rankMatches, relevancePage } from "./relevance";
import { countBits, createBitset, intersectInto } from "./bitset";
import {
  cleanSearch,
  DEFAULT_SORT,
  isOrder,
  MIN_SUGGEST_LENGTH,
  RELEVANCE,
  type PartsQuery,
  type SortBy,
} from "./catalogue-query";
import type { CatalogueSnapshot } from "./catalogue-snapshot";
import { switchLayout } from "./keyboard-layout";
import type { SearchIndex } from "./search-index";
import { createWordMatch, matchArticle, matchGroups, matchWord, type WordMatch } from "./search-match";
import { normalizeArticle, parseSearchWords, type SearchWord } from "./search-text";

export const PARTS_PAGE_SIZE = 10;
/** Suggestions under the search box: how many. */
export const SUGGESTIONS_LIMIT = 6;
const RELATED_LIMIT = 10;

export interface PartsPage {
  items: Part[];
  total: number;
  page: number;
  pageCount: number;
  /** The search retyped on the other keyboard layout, when only that found the items. */
  shownQuery?: string;
}

const scratches = new WeakMap<SearchIndex, Scratch>();

/** The working memory of the index's queries, emptied for a new one. */
function scratchFor(index: SearchIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) scratches.set(index, (scratch = new Scratch(index.size)));
  scratch.reset();
  return scratch;
}

interface SearchMatch {
  /** Parts matching every word, or whose article is the whole query; `null` for no search words (everything). */
  bits: Uint32Array | null;
  words: SearchWord[];
  /** Whether each word alone found nothing (for the keyboard-layout retry). */
  empty: boolean[];
  /** How each word met the parts; only when ranking. */
  detail: WordMatch[];
  /** Parts whose article or other number is the whole query (see `normalizeArticle`). */
  articleExact: Uint32Array;
}

interface SearchOptions {
  /** Fill `detail`, for the relevance order. */
  ranked: boolean;
  /** The last word is still being typed (suggestions). */
  complete: boolean;
}

const NONE = new Uint32Array(0);

function matchSearch(index: SearchIndex, scratch: Scratch, text: string, options: SearchOptions): SearchMatch {
  const words = parseSearchWords(text);
  if (words.length === 0) return { bits: null, words, empty: [], detail: [], articleExact: NONE };
  const detail = options.ranked ? words.map(() => createWordMatch(index.size, () => scratch.bitset())) : [];
  const perWord = words.map((w, i) =>
    matchWord(index, w.word, {
      detail: detail[i],
      complete: options.complete && i === words.length - 1,
      into: scratch.bitset(),
    }),
  );
  const empty = perWord.map((bits) => countBits(bits) === 0);
  const bits = perWord.reduce((acc, bits) => intersectInto(acc, bits));
  // The whole query is that article or other number however it was split ('WG 9725 530274'),
  // even where its words find nothing.
  const articleExact = matchArticle(index, normalizeArticle(text));
  for (const p of articleExact) bits[p >>> 5] |= 1 << (p & 31);
  return { bits, words, empty, detail, articleExact };
}

function combine(search: Uint32Array | null, groups: Uint32Array | null): Uint32Array | null {
  if (!search) return groups;
  return groups ? intersectInto(search, groups) : search;
}

/**
 * The search within the groups. When it finds nothing as typed, it is retried on the other
 * keyboard layout (only the words that found nothing alone, or all of them when each did
 * find something), and `shownQuery` tells the visitor what was searched instead.
 */
function findParts(
  index: SearchIndex,
  scratch: Scratch,
  search: string,
  groupBits: Uint32Array | null,
  options: SearchOptions,
): { match: SearchMatch; bits: Uint32Array | null; shownQuery?: string } {
  const typed = matchSearch(index, scratch, search, options);
  const bits = combine(typed.bits, groupBits);
  if (!bits || typed.words.length === 0 || countBits(bits) > 0) return { match: typed, bits };

  const retypeAll = !typed.empty.some(Boolean);
  const text = typed.words.map((w, i) => (retypeAll || typed.empty[i] ? switchLayout(w.raw) : w.raw)).join(" ");
  if (text === typed.words.map((w) => w.raw).join(" ")) return { match: typed, bits };
  const retry = matchSearch(index, scratch, text, options);
  const retryBits = combine(retry.bits, groupBits);
  if (!retryBits || countBits(retryBits) === 0) return { match: typed, bits };
  return { match: retry, bits: retryBits, shownQuery: text };
}

function queryParts(snapshot: CatalogueSnapshot, query: PartsQuery, pageSize: number, complete: boolean): PartsPage {
  const { index, parts } = snapshot;
  const scratch = scratchFor(index);
  const size = Math.max(1, Math.floor(pageSize));
  const sortBy = isOrder(query.sortBy) ? query.sortBy : DEFAULT_SORT;
  const ranked = sortBy === RELEVANCE;
  let filterBits = query.groups.length ? matchGroups(index, query.groups, scratch.bitset()) : null;
  if (query.inStock) {
    const stock = inStockBits(snapshot);
    filterBits = filterBits ? intersectInto(filterBits, stock) : scratch.copy(stock);
  }
  const { match, bits, shownQuery } = findParts(index, scratch, query.search, filterBits, { ranked, complete });

  const total = bits ? countBits(bits) : parts.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(query.page) || 1), pageCount);
  const start = (page - 1) * size;

  let positions: ArrayLike<number>;
  if (bits && ranked && match.words.length) {
    const ranking = rankMatches(scratch, bits, total, match.detail, match.articleExact);
    positions = relevancePage(snapshot.orders.name_asc, snapshot.places.name_asc, scratch, ranking, start, size);
  } else {
    // Relevance without search words (only punctuation typed) is the name order.
    const order = ranked ? DEFAULT_SORT : (sortBy as SortBy);
    positions = bits
      ? pageOf(snapshot.orders[order], snapshot.places[order], bits, total, start, size, scratch)
      : snapshot.orders[order].subarray(start, start + size);
  }
  const items = Array.from(positions, (position) => parts[position]);
  return shownQuery === undefined ? { items, total, page, pageCount } : { items, total, page, pageCount, shownQuery };
}

const inStock = new WeakMap<CatalogueSnapshot, Uint32Array>();

/** The parts with a balance, worked out once per catalogue. */
function inStockBits(snapshot: CatalogueSnapshot): Uint32Array {
  let bits = inStock.get(snapshot);
  if (!bits) {
    bits = createBitset(snapshot.parts.length);
    snapshot.parts.forEach((part, i) => {
      if (part.balance > 0) bits![i >>> 5] |= 1 << (i & 31);
    });
    inStock.set(snapshot, bits);
  }
  return bits;
}

/** One page of the list: the search (with the keyboard-layout retry, see `findParts`), groups, order, page. */
export function runPartsQuery(snapshot: CatalogueSnapshot, query: PartsQuery, pageSize = PARTS_PAGE_SIZE): PartsPage {
  return queryParts(snapshot, query, pageSize, false);
}

export interface PartSuggestions {
  items: Part[];
  /** The input retyped on the other keyboard layout, when only that found the items. */
  shownQuery?: string;
}

/**
 * Up to `limit` parts for what is being typed in the search box, best first (relevance), from
 * `MIN_SUGGEST_LENGTH` letters or digits on; the same index, rule and ranking as the list but
 * for the last word until a space follows it: it may be unfinished, so every word it begins
 * matches too ('фил' → 'Фильтр…'), ranked after exact matches and before typos, and its typos
 * count only from 4 letters (one edit) and 6 (two), see `typingDistance`.
 */
export function suggestParts(snapshot: CatalogueSnapshot, input: string, limit = SUGGESTIONS_LIMIT): PartSuggestions {
  const search = cleanSearch(input);
  const size = Math.floor(limit);
  if (size < 1 || normalizeArticle(search).length < MIN_SUGGEST_LENGTH) return { items: [] };
  const complete = !/[\s\p{Cc}]$/u.test(input);
  const { items, shownQuery } = queryParts(
    snapshot,
    { search, groups: [], sortBy: RELEVANCE, page: 1, inStock: false },
    size,
    complete,
  );
  return shownQuery === undefined ? { items } : { items, shownQuery };
}

/**
 * 'С этим покупают' (SPEC §9): up to `limit` in-stock parts named '…фильтр…', without the
 * current one, shuffled by `seed` so the server render and hydration agree.
 */
export function relatedParts(
  snapshot: CatalogueSnapshot,
  currentId: string,
  seed: number | string,
  limit = RELATED_LIMIT,
): Part[] {
  const { parts, relatedPool: pool } = snapshot;
  const random = createRandom(hashSeed(seed));
  const wanted = Math.max(0, Math.floor(limit));
  // Partial Fisher–Yates over the pool without copying it: only the places drawn so far are
  // remembered, so a part page costs O(limit), not O(pool) (the pool is ~20 000 at 100 000 parts).
  const moved = new Map<number, number>();
  const at = (i: number) => moved.get(i) ?? pool[i];
  const out: Part[] = [];
  for (let i = 0; i < pool.length && out.length < wanted; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    const drawn = at(j);
    moved.set(j, at(i));
    moved.set(i, drawn);
    if (parts[drawn].id !== currentId) out.push(parts[drawn]);
  }
  return out;
}
