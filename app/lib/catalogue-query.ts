/**
 * The parts catalogue as a query over a prepared snapshot: URL ⇄ query, search, group
 * filter, sorting and paging (SPEC §2 Parts list, §4, §5, §9). Everything heavy — the
 * search index and the four sort orders — is built once per catalogue version, so a
 * request is a few bitset operations and a walk over a ready order.
 */
import type { Part } from "./part";
import type { PartLookup } from "./part-lookup";
import { createRandom, hashSeed } from "./random";
import {
  buildSearchIndex,
  countBits,
  createBitset,
  hasBit,
  intersectInto,
  matchGroups,
  matchWord,
  normalizeText,
  parseSearchWords,
  popcount,
  switchLayout,
  type SearchIndex,
  type SearchWord,
} from "./search-index";

export const SORT_BY_VALUES = ["name_asc", "name_desc", "price_desc", "price_asc"] as const;
export type SortBy = (typeof SORT_BY_VALUES)[number];
export const DEFAULT_SORT: SortBy = "name_asc";
export const PARTS_PAGE_SIZE = 10;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_GROUPS = 50;
const MAX_GROUP_LENGTH = 200;
const RELATED_LIMIT = 10;

export interface PartsQuery {
  search: string;
  groups: string[];
  sortBy: SortBy;
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

export function createCatalogueSnapshot(catalogue: { parts: Part[]; groups: string[] }, version: number): CatalogueSnapshot {
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

/** Read the list URL; anything malformed falls back to the default, never throws. */
export function parsePartsQuery(searchParams: URLSearchParams): PartsQuery {
  const search = firstString(searchParams, "search")
    // Control characters only come from crafted links; they would end up in the page.
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH)
    .trim();

  const groups: string[] = [];
  for (const value of searchParams.getAll("groups")) {
    const group = value.trim();
    if (!group || group.length > MAX_GROUP_LENGTH || groups.includes(group)) continue;
    groups.push(group);
    if (groups.length === MAX_GROUPS) break;
  }

  const sortRaw = firstString(searchParams, "sortBy");
  const sortBy = (SORT_BY_VALUES as readonly string[]).includes(sortRaw) ? (sortRaw as SortBy) : DEFAULT_SORT;

  const pageRaw = firstString(searchParams, "page").trim();
  // A huge page is a real request for "the end": it is clamped to the last page later.
  const pageNumber = /^\d+$/.test(pageRaw) ? Math.min(Number(pageRaw), Number.MAX_SAFE_INTEGER) : 1;
  return { search, groups, sortBy, page: Math.max(1, pageNumber) };
}

/** Query string (without '?') in a stable order, defaults left out: for links and canonical URLs. */
export function serializePartsQuery(query: Partial<PartsQuery>): string {
  const params = new URLSearchParams();
  const search = query.search?.trim();
  if (search) params.set("search", search);
  for (const group of query.groups ?? []) params.append("groups", group);
  if (query.sortBy && query.sortBy !== DEFAULT_SORT) params.set("sortBy", query.sortBy);
  if (query.page && query.page > 1) params.set("page", String(Math.floor(query.page)));
  return params.toString();
}

/** Parts matching every word; `null` for no search words (everything). */
function matchSearch(index: SearchIndex, words: readonly SearchWord[]): { bits: Uint32Array | null; empty: boolean[] } {
  if (words.length === 0) return { bits: null, empty: [] };
  const perWord = words.map((w) => matchWord(index, w.word));
  const empty = perWord.map((bits) => countBits(bits) === 0);
  const bits = perWord.reduce((acc, bits) => intersectInto(acc, bits));
  return { bits, empty };
}

function combine(search: Uint32Array | null, groups: Uint32Array | null): Uint32Array | null {
  if (!search) return groups;
  return groups ? intersectInto(search, groups) : search;
}

/**
 * Positions of the matches ranked `start .. start + size` in `order`. Walking the order is
 * cheapest when matches come early in it, but a name search clusters them (all 'Фильтр…'
 * sort late), so the walk gets only as many steps as the fallback costs: marking every
 * match's place in a bitset over the order, then counting bits up to the page.
 */
function pageOf(order: Uint32Array, places: Uint32Array, bits: Uint32Array, total: number, start: number, size: number): number[] {
  const out: number[] = [];
  const budget = Math.min(order.length, total + bits.length * 2);
  let seen = 0;
  let k = 0;
  for (; k < budget && out.length < size && seen < total; k++) {
    if (hasBit(bits, order[k]) && seen++ >= start) out.push(order[k]);
  }
  if (out.length === size || seen === total) return out;

  const marks = createBitset(order.length);
  for (let w = 0; w < bits.length; w++) {
    for (let v = bits[w]; v !== 0; v &= v - 1) {
      const place = places[(w << 5) + 31 - Math.clz32(v & -v)];
      marks[place >>> 5] |= 1 << (place & 31);
    }
  }
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
  return out;
}

/**
 * One page of the list. When the search as typed finds nothing, it is retried on the other
 * keyboard layout (only the words that found nothing alone, or all of them when each did
 * find something), and `shownQuery` tells the visitor what was searched instead.
 */
export function runPartsQuery(snapshot: CatalogueSnapshot, query: PartsQuery, pageSize = PARTS_PAGE_SIZE): PartsPage {
  const { index, parts } = snapshot;
  const size = Math.max(1, Math.floor(pageSize));
  const words = parseSearchWords(query.search);
  const groupBits = query.groups.length ? matchGroups(index, query.groups) : null;

  const typed = matchSearch(index, words);
  let bits = combine(typed.bits, groupBits);
  let shownQuery: string | undefined;

  if (bits && words.length && countBits(bits) === 0) {
    const retypeAll = !typed.empty.some(Boolean);
    const retyped = words.map((w, i) => (retypeAll || typed.empty[i] ? switchLayout(w.raw) : w.raw));
    const text = retyped.join(" ");
    const retry = combine(matchSearch(index, parseSearchWords(text)).bits, groupBits);
    if (retry && countBits(retry) > 0 && text !== words.map((w) => w.raw).join(" ")) {
      bits = retry;
      shownQuery = text;
    }
  }

  const sortBy = SORT_BY_VALUES.includes(query.sortBy) ? query.sortBy : DEFAULT_SORT;
  const order = snapshot.orders[sortBy];
  const total = bits ? countBits(bits) : parts.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(query.page) || 1), pageCount);
  const start = (page - 1) * size;

  const positions = bits ? pageOf(order, snapshot.places[sortBy], bits, total, start, size) : order.subarray(start, start + size);
  const items = Array.from(positions, (position) => parts[position]);
  return shownQuery === undefined ? { items, total, page, pageCount } : { items, total, page, pageCount, shownQuery };
}

/**
 * 'С этим покупают' (SPEC §9): up to `limit` in-stock parts named '…фильтр…', without the
 * current one, shuffled by `seed` so the server render and hydration agree.
 */
export function relatedParts(snapshot: CatalogueSnapshot, currentId: string, seed: number | string, limit = RELATED_LIMIT): Part[] {
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
