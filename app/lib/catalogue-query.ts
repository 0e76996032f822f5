/**
 * The parts list's URL as a query and back (SPEC §2 Parts list, §4, §5): search, groups, order,
 * page and 'only in stock', read leniently (anything malformed falls back to the default, never throws) and
 * written in a stable order with the defaults left out. Used by the browser's filters and
 * sort selector; running a query over the catalogue is catalogue-search.ts.
 */

/** The spec's four orders (§3), offered with or without a search. */
export const SORT_BY_VALUES = ["name_asc", "name_desc", "price_desc", "price_asc"] as const;
export type SortBy = (typeof SORT_BY_VALUES)[number];
/** Best match first (see relevance.ts): the order of a search whose URL names none. */
export const RELEVANCE = "relevance";
export type PartsOrder = SortBy | typeof RELEVANCE;
export const DEFAULT_SORT: SortBy = "name_asc";
/** Suggestions under the search box: from which length (letters and digits). */
export const MIN_SUGGEST_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_GROUPS = 50;
const MAX_GROUP_LENGTH = 200;

export interface PartsQuery {
  search: string;
  groups: string[];
  /** The order in effect: `relevance` while there is a search and the URL names no order. */
  sortBy: PartsOrder;
  page: number;
  /** Only parts in stock (`inStock=1`). */
  inStock: boolean;
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
  const inStock = firstString(searchParams, "inStock") === "1";
  return { search, groups, sortBy, page: Math.max(1, pageNumber), inStock };
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
  if (query.inStock) params.set("inStock", "1");
  if (query.page && query.page > 1) params.set("page", String(Math.floor(query.page)));
  return params.toString();
}

export function isOrder(value: string): value is PartsOrder {
  return value === RELEVANCE || (SORT_BY_VALUES as readonly string[]).includes(value);
}
