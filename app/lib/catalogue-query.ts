/**
 * The parts catalogue as a query over a prepared snapshot: URL ⇄ query, search, group
 * filter, sorting and paging (SPEC §2 Parts list, §4, §5, §9), plus the relevance order
 * and the suggestions of the search box. Everything heavy — the search index and the four
 * sort orders — is built once per catalogue version, so a request is a few bitset
 * operations and a walk over a ready order; relevance adds one pass over the matches.
 */
import type { Part } from "./part";
import type { PartLookup } from "./part-lookup";
import { createRandom, hashSeed } from "./random";
import { pageOf, Scratch } from "./bitset-page";
import { rankMatches, relevancePage } from "./relevance";
import {
  buildSearchIndex,
  countBits,
  createWordMatch,
  intersectInto,
  matchArticle,
  matchGroups,
  matchWord,
  normalizeArticle,
  normalizeText,
  parseSearchWords,
  switchLayout,
  type SearchIndex,
  type SearchWord,
  type WordMatch,
} from "./search-index";

/** The spec's four orders (§3), offered with or without a search. */
export const SORT_BY_VALUES = ["name_asc", "name_desc", "price_desc", "price_asc"] as const;
export type SortBy = (typeof SORT_BY_VALUES)[number];
/** Best match first (see relevance.ts): the order of a search whose URL names none. */
export const RELEVANCE = "relevance";
export type PartsOrder = SortBy | typeof RELEVANCE;
export const DEFAULT_SORT: SortBy = "name_asc";
export const PARTS_PAGE_SIZE = 10;
/** Suggestions under the search box: how many, and from which length (letters and digits). */
export const SUGGESTIONS_LIMIT = 6;
export const MIN_SUGGEST_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_GROUPS = 50;
const MAX_GROUP_LENGTH = 200;
const RELATED_LIMIT = 10;

export interface PartsQuery {
  search: string;
  groups: string[];
  /** The order in effect: `relevance` while there is a search and the URL names no order. */
  sortBy: PartsOrder;
  page: number;
}

export interface PartsPage {
  items: Part[];
  total: number;
  page: number;
  pageCount: number;
  /** The search retyped on the other keyboard layout, when only that found the items. */
  shownQuery?: string;
}

export interface CatalogueSnapshot {
  /** Grows with every new upstream content; caches can key on it. */
  version: number;
  parts: Part[];
  groups: string[];
  bySlug: PartLookup;
  byId: PartLookup;
  index: SearchIndex;
  /** Part positions in each sort order. */
  orders: Record<SortBy, Uint32Array>;
  /** The inverse: a part's place in each order. */
  places: Record<SortBy, Uint32Array>;
  /** Positions of in-stock parts named '…фильтр…', for 'С этим покупают'. */
  relatedPool: Uint32Array;
}

// One collator for the process, made on first use: creating one costs far more than a comparison
// (and the browser, which imports this module for the query helpers, never sorts).
let collator: Intl.Collator | undefined;
const ruCollator = () => (collator ??= new Intl.Collator("ru"));

/** Rank of each value; equal values share a rank. Only distinct values are compared. */
function ranks<T>(values: readonly T[], compare: (a: T, b: T) => number): Uint32Array {
  const distinct = [...new Set(values)].sort(compare);
  const rankOf = new Map<T, number>();
  distinct.forEach((value, rank) => rankOf.set(value, rank));
  return Uint32Array.from(values, (value) => rankOf.get(value)!);
}

/**
 * Positions ordered by `rank`, ties by `tie` (a permutation of 0..n-1). Both are packed
 * into one double so a native numeric sort does the work, with no comparator call per
 * comparison; exact while n² < 2⁵³.
 */
function sortBy(rank: Uint32Array, tie: Uint32Array): Uint32Array {
  const n = rank.length;
  const keys = new Float64Array(n);
  const positionOfTie = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    keys[i] = rank[i] * n + tie[i];
    positionOfTie[tie[i]] = i;
  }
  keys.sort();
  return Uint32Array.from(keys, (key) => positionOfTie[key % n]);
}

function inverse(order: Uint32Array): Uint32Array {
  const out = new Uint32Array(order.length);
  order.forEach((position, k) => (out[position] = k));
  return out;
}

function buildOrders(parts: readonly Part[]): Record<SortBy, Uint32Array> {
  const upstream = Uint32Array.from(parts, (_, i) => i);
  const fullNames = parts.map((p) => p.fullName);
  const names = parts.map((p) => p.name);
  const prices = parts.map((p) => p.price);
  // Same name: the full name decides, then upstream order.
  const { compare } = ruCollator();
  const byFullName = sortBy(ranks(fullNames, compare), upstream);
  const byName = sortBy(ranks(names, compare), inverse(byFullName));
  const nameOrder = inverse(byName);
  const priceRank = ranks(prices, (a, b) => a - b);
  const top = priceRank.reduce((max, rank) => Math.max(max, rank), 0);
  const reversedPriceRank = priceRank.map((rank) => top - rank);
  // Equal prices keep the name order (А→Я) in both directions: easier to scan.
  return {
    name_asc: byName,
    name_desc: byName.slice().reverse(),
    price_asc: sortBy(priceRank, nameOrder),
    price_desc: sortBy(reversedPriceRank, nameOrder),
  };
}

export function isRelatedCandidate(part: Part): boolean {
  return part.balance > 0 && normalizeText(part.name).includes("фильтр");
}

export function createCatalogueSnapshot(
  catalogue: { parts: Part[]; groups: string[] },
  version: number,
): CatalogueSnapshot {
  const { parts, groups } = catalogue;
  const orders = buildOrders(parts);
  return {
    version,
    parts,
    groups,
    bySlug: new Map(parts.map((p) => [p.slug, p])),
    byId: new Map(parts.map((p) => [p.id, p])),
    index: buildSearchIndex(parts),
    orders,
    places: {
      name_asc: inverse(orders.name_asc),
      name_desc: inverse(orders.name_desc),
      price_asc: inverse(orders.price_asc),
      price_desc: inverse(orders.price_desc),
    },
    relatedPool: Uint32Array.from(parts.flatMap((p, i) => (isRelatedCandidate(p) ? [i] : []))),
  };
}

function firstString(params: URLSearchParams, key: string): string {
  return params.get(key) ?? "";
}

/** A search as the list takes it: control characters blanked, trimmed, at most `MAX_SEARCH_LENGTH`. */
export function cleanSearch(raw: string): string {
  return (
    raw
      // Control characters only come from crafted links; they would end up in the page.
      .replace(/\p{Cc}/gu, " ")
      .trim()
      .slice(0, MAX_SEARCH_LENGTH)
      .trim()
  );
}

/** The order of a query whose URL names none: relevance while searching, else by name. */
export function defaultOrder(search: string): PartsOrder {
  return search.trim() ? RELEVANCE : DEFAULT_SORT;
}

/** The orders to offer in the sort selector, the default first: relevance only with a search. */
export function orderChoices(search: string): PartsOrder[] {
  return search.trim() ? [RELEVANCE, ...SORT_BY_VALUES] : [...SORT_BY_VALUES];
}

/**
 * The order a `sortBy` value asks for. Absent or empty: the default for the search. `relevance`
 * without a search is the name order. Anything else unknown falls back to name_asc.
 */
function readOrder(value: string, search: string): PartsOrder {
  if (value === "" || value === RELEVANCE) return defaultOrder(search);
  return (SORT_BY_VALUES as readonly string[]).includes(value) ? (value as SortBy) : DEFAULT_SORT;
}

/** Read the list URL; anything malformed falls back to the default, never throws. */
export function parsePartsQuery(searchParams: URLSearchParams): PartsQuery {
  const search = cleanSearch(firstString(searchParams, "search"));

  const groups: string[] = [];
  for (const value of searchParams.getAll("groups")) {
    const group = value.trim();
    if (!group || group.length > MAX_GROUP_LENGTH || groups.includes(group)) continue;
    groups.push(group);
    if (groups.length === MAX_GROUPS) break;
  }

  const sortBy = readOrder(firstString(searchParams, "sortBy"), search);

  const pageRaw = firstString(searchParams, "page").trim();
  // A huge page is a real request for "the end": it is clamped to the last page later.
  const pageNumber = /^\d+$/.test(pageRaw) ? Math.min(Number(pageRaw), Number.MAX_SAFE_INTEGER) : 1;
  return { search, groups, sortBy, page: Math.max(1, pageNumber) };
}

/**
 * Query string (without '?') in a stable order, defaults left out: for links and canonical URLs.
 * `relevance` is never written: it is what a search without `sortBy` means; a spec order is
 * written whenever it is not that default (name_asc too, once there is a search).
 */
export function serializePartsQuery(query: Partial<PartsQuery>): string {
  const params = new URLSearchParams();
  const search = query.search?.trim() ?? "";
  if (search) params.set("search", search);
  for (const group of query.groups ?? []) params.append("groups", group);
  if (query.sortBy && query.sortBy !== RELEVANCE && query.sortBy !== defaultOrder(search))
    params.set("sortBy", query.sortBy);
  if (query.page && query.page > 1) params.set("page", String(Math.floor(query.page)));
  return params.toString();
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
  /** Parts whose article is the whole query (see `normalizeArticle`). */
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
  // The whole query is that article however it was split ('WG 9725 530274'), even where its words find nothing.
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

function isOrder(value: string): value is PartsOrder {
  return value === RELEVANCE || (SORT_BY_VALUES as readonly string[]).includes(value);
}

function queryParts(snapshot: CatalogueSnapshot, query: PartsQuery, pageSize: number, complete: boolean): PartsPage {
  const { index, parts } = snapshot;
  const scratch = scratchFor(index);
  const size = Math.max(1, Math.floor(pageSize));
  const sortBy = isOrder(query.sortBy) ? query.sortBy : DEFAULT_SORT;
  const ranked = sortBy === RELEVANCE;
  const groupBits = query.groups.length ? matchGroups(index, query.groups, scratch.bitset()) : null;
  const { match, bits, shownQuery } = findParts(index, scratch, query.search, groupBits, { ranked, complete });

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
    { search, groups: [], sortBy: RELEVANCE, page: 1 },
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
