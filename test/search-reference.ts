/**
 * The parts search written the obvious way, part by part: matching (SPEC §5 with look-alike
 * letters and article prefixes), the keyboard-layout retry, the four spec orders and relevance
 * (app/lib/relevance.ts). The reference the index and the ranking must agree with, in the unit
 * tests and in `npm run bench:search`. Only the tokenising helpers are shared with the app.
 */
import { cleanSearch, MIN_SUGGEST_LENGTH, type PartsOrder, type PartsQuery } from "~/lib/catalogue-query";
import type { Part } from "~/lib/part";
import { boundedDistance, MAX_EDIT_DISTANCE } from "~/lib/edit-distance";
import { switchLayout } from "~/lib/keyboard-layout";
import { MIN_ARTICLE_PREFIX, normalizeArticle, parseSearchWords, partWords } from "~/lib/search-text";

/** Full optimal-string-alignment table: the reference the fast paths must agree with. */
export function osaDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

export interface ReferencePage {
  total: number;
  page: number;
  ids: string[];
  shownQuery?: string;
}

/** How a query word met a part: 0 exact, 1/3 cut short by one/two letters, 2/4 one/two edits. */
interface Hit {
  code: number;
  inName: boolean;
  exactInName: boolean;
}

/**
 * Best code of `query` against `words`; with `complete` (a word being typed), a word it begins
 * counts as cut short by one, and fewer edits are allowed to short words.
 */
function bestCode(words: readonly string[], query: string, complete: boolean): number | null {
  const max = complete ? (query.length < 4 ? 0 : query.length < 6 ? 1 : 2) : MAX_EDIT_DISTANCE;
  let best: number | null = null;
  for (const word of words) {
    const distance = boundedDistance(word, query);
    let code: number | null = null;
    if (distance <= max) {
      const cutShort = distance > 0 && word.length - query.length === distance && word.startsWith(query);
      code = 2 * distance - (cutShort ? 1 : 0);
    }
    if (complete && word.length > query.length && word.startsWith(query)) code = Math.min(code ?? 1, 1);
    if (code !== null && (best === null || code < best)) best = code;
  }
  return best;
}

export function createReference(parts: readonly Part[]) {
  const all = parts.map((p) => [...partWords(p)]);
  const names = parts.map((p) => [...partWords({ name: p.name, fullName: "", article: "" })]);
  // The article and the other numbers, each as one word.
  const codes = parts.map((p) => [p.article, ...(p.crossNumbers ?? [])].map(normalizeArticle).filter(Boolean));
  const collator = new Intl.Collator("ru");
  const byName = (a: number, b: number) =>
    collator.compare(parts[a].name, parts[b].name) || collator.compare(parts[a].fullName, parts[b].fullName) || a - b;

  function hit(i: number, query: string, complete: boolean): Hit | null {
    let code = bestCode(all[i], query, complete);
    if (query.length >= MIN_ARTICLE_PREFIX && codes[i].some((c) => c.startsWith(query))) code = 0;
    if (code === null) return null;
    const name = bestCode(names[i], query, complete);
    return { code, inName: name !== null, exactInName: name === 0 };
  }

  /** Positions matching `text` within `groups`, with how each word met them. */
  function match(text: string, groups: readonly string[], complete: boolean, inStock = false) {
    const words = parseSearchWords(text).map((w) => w.word);
    const article = normalizeArticle(text);
    const found = new Map<number, { hits: Hit[]; article: boolean }>();
    parts.forEach((part, i) => {
      if (groups.length && !groups.includes(part.group)) return;
      if (inStock && part.balance <= 0) return;
      const hits = words.map((w, k) => hit(i, w, complete && k === words.length - 1));
      const isArticle = words.length > 0 && article !== "" && codes[i].includes(article);
      if (hits.every(Boolean) || isArticle) found.set(i, { hits: hits as Hit[], article: isArticle });
    });
    return { words, found };
  }

  // The last search, so that the same search in another order costs only a sort (the benchmark checks five).
  let last: { key: string; result: ReturnType<typeof findUncached> } | undefined;

  function find(search: string, groups: readonly string[], complete: boolean, inStock: boolean) {
    const key = JSON.stringify([search, groups, complete, inStock]);
    if (last?.key !== key) last = { key, result: findUncached(search, groups, complete, inStock) };
    return { ...last.result, found: new Map(last.result.found) };
  }

  function findUncached(search: string, groups: readonly string[], complete: boolean, inStock: boolean) {
    const typed = match(search, groups, complete, inStock);
    if (typed.words.length === 0 || typed.found.size > 0) return { ...typed, shownQuery: undefined };
    const raw = parseSearchWords(search);
    const empty = raw.map((w, i) => match(w.word, [], complete && i === raw.length - 1).found.size === 0);
    const all = !empty.some(Boolean);
    const text = raw.map((w, i) => (all || empty[i] ? switchLayout(w.raw) : w.raw)).join(" ");
    if (text === raw.map((w) => w.raw).join(" ")) return { ...typed, shownQuery: undefined };
    const retry = match(text, groups, complete, inStock);
    return retry.found.size ? { ...retry, shownQuery: text } : { ...typed, shownQuery: undefined };
  }

  /** Relevance as a tuple, smaller first (app/lib/relevance.ts, criteria 1–4). */
  function relevance(entry: { hits: Hit[]; article: boolean }): number[] {
    if (entry.article) return [0];
    const { hits } = entry;
    const tier = hits.every((h) => h.exactInName) ? 0 : hits.every((h) => h.code === 0) ? 1 : 2;
    const edits = hits.reduce((sum, h) => sum + Math.ceil(h.code / 2), 0);
    const typos = hits.filter((h) => h.code > 0 && h.code % 2 === 0).length;
    const missing = hits.filter((h) => !h.inName).length;
    return [1, tier, edits, typos, missing];
  }

  function compare(a: number[], b: number[]): number {
    for (let k = 0; k < Math.max(a.length, b.length); k++)
      if ((a[k] ?? 0) !== (b[k] ?? 0)) return (a[k] ?? 0) - (b[k] ?? 0);
    return 0;
  }

  function sorted(found: Map<number, { hits: Hit[]; article: boolean }>, sortBy: PartsOrder, words: number): number[] {
    const list = [...found.keys()];
    if (sortBy === "relevance" && words > 0) {
      const keys = new Map(list.map((i) => [i, relevance(found.get(i)!)]));
      return list.sort((a, b) => compare(keys.get(a)!, keys.get(b)!) || byName(a, b));
    }
    if (sortBy === "name_desc") return list.sort((a, b) => byName(b, a));
    if (sortBy === "price_asc") return list.sort((a, b) => parts[a].price - parts[b].price || byName(a, b));
    if (sortBy === "price_desc") return list.sort((a, b) => parts[b].price - parts[a].price || byName(a, b));
    return list.sort(byName);
  }

  function query(q: PartsQuery, pageSize: number, complete = false): ReferencePage {
    const { words, found, shownQuery } = find(q.search, q.groups, complete, q.inStock);
    if (words.length === 0)
      parts.forEach(
        (p, i) =>
          (!q.groups.length || q.groups.includes(p.group)) &&
          (!q.inStock || p.balance > 0) &&
          found.set(i, { hits: [], article: false }),
      );
    const list = sorted(found, q.sortBy, words.length);
    const pageCount = Math.max(1, Math.ceil(list.length / pageSize));
    const page = Math.min(Math.max(1, Math.floor(q.page) || 1), pageCount);
    const ids = list.slice((page - 1) * pageSize, page * pageSize).map((i) => parts[i].id);
    return shownQuery === undefined ? { total: list.length, page, ids } : { total: list.length, page, ids, shownQuery };
  }

  function suggest(input: string, limit: number): { ids: string[]; shownQuery?: string } {
    const search = cleanSearch(input);
    if (normalizeArticle(search).length < MIN_SUGGEST_LENGTH) return { ids: [] };
    const complete = !/[\s\p{Cc}]$/u.test(input);
    const { ids, shownQuery } = query(
      { search, groups: [], sortBy: "relevance", page: 1, inStock: false },
      limit,
      complete,
    );
    return shownQuery === undefined ? { ids } : { ids, shownQuery };
  }

  /** Forget the last search, to time a query from scratch. */
  function forget(): void {
    last = undefined;
  }

  return { query, suggest, forget };
}

// prettier-ignore
const NAMES = ["Фильтр масляный", "Фильтр топливный", "Фильтр-влагоотделитель", "Насос водяной", "Колодка тормозная", "Амортизатор кабины", "Датчик ABS", "Ремень генератора", "Кольцо уплотнительное", "Ёмкость расширительная", "Фара", "Фиксатор"];
const MODELS = ["FAW J6P", "FAW J7", "FAW J6", "FAW Tiger V", "двигателя CA6DM2", "КПП FAST"];
const SPECS = ["", "в сборе", "передний", "задний", "8PK1160", "PL420", "медное"];

/**
 * A catalogue of `size` parts in the shop's shapes, some typed carelessly: articles with spaces
 * or Cyrillic look-alikes, names in upper case or with 'ё'; one part in twelve has other numbers,
 * one of them shaped like the FAW articles others have. Seeded, so failures repeat.
 */
export function randomCatalogue(seed: number, size: number): Part[] {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join("");
  return Array.from({ length: size }, (_, i) => {
    const name = random() < 0.05 ? pick(NAMES).toUpperCase() : pick(NAMES);
    const model = pick(MODELS);
    const roll = random();
    const article =
      roll < 0.1
        ? ""
        : roll < 0.3
          ? `WG97${digits(random() < 0.5 ? 2 : 8)}`
          : roll < 0.4
            ? `10120${digits(2)} 81D`
            : roll < 0.45
              ? `СА6-${digits(3)}` // Cyrillic С and А
              : `${pick(["1012", "1105", "3502", "5001"])}${digits(3)}-${pick(["81D", "81DJ", "A01", "А01", "D816"])}`;
    const part: Part = {
      id: String(i + 1),
      slug: `part-${i + 1}`,
      name,
      fullName: [name, pick(SPECS), `для ${model}`].filter(Boolean).join(" "),
      article,
      group: model,
      price: (1 + Math.floor(random() * 40)) * 50,
      balance: Math.floor(random() * 5),
      images: [],
      description: "",
    };
    // Made from the position, not drawn: the rest of the catalogue stays what the seed made it.
    if (i % 12 === 5)
      part.crossNumbers = [
        `JX${1000 + ((i * 7919) % 9000)}`,
        `W ${100 + ((i * 31) % 900)}/${10 + (i % 90)}`,
        `1012${String((i * 13) % 1000).padStart(3, "0")}-81D`,
      ];
    return part;
  });
}

/** Searches as customers type them, drawn from `parts`: words with typos, code prefixes, look-alikes, the wrong layout. */
export function randomSearches(seed: number, parts: readonly Part[], count: number): string[] {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 22695477) + 1) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const typo = (word: string) => {
    if (word.length < 2) return word;
    const at = Math.floor(random() * (word.length - 1));
    const kind = random();
    if (kind < 0.3) return word.slice(0, at) + word.slice(at + 1);
    if (kind < 0.6) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    if (kind < 0.8) return word.slice(0, at) + "о" + word.slice(at + 1);
    return word.slice(0, at + 1);
  };
  /** A code as people type it: as printed, in lower case, without separators, or with a space for a hyphen. */
  const retype = (code: string) =>
    pick([code, code.toLowerCase(), code.replace(/[\s/-]/g, ""), code.replace("-", " ")]);
  // prettier-ignore
  const fixed = ["J6", "j7", "фильтр", "масляный фильтр j6", "СА6DМ2", "ca6dm", "abkmnh", "yfcjc", "фильтр vfckzysq", "wg97", "1012015-81D", "qwertyuiop", "в", "- -", "ФИЛЬТР", "ёмкость", "8pk"];
  const out: string[] = [...fixed];
  while (out.length < count) {
    const part = pick(parts);
    const words = part.fullName.split(" ");
    const roll = random();
    if (roll < 0.25 && part.article)
      out.push(part.article.replace(/[\s-]/g, "").slice(0, 5 + Math.floor(random() * 6)));
    else if (roll < 0.35 && part.crossNumbers) out.push(retype(pick(part.crossNumbers)));
    else if (roll < 0.35 && part.article) out.push(part.article);
    else if (roll < 0.6) out.push(typo(pick(words)));
    else if (roll < 0.85) out.push(`${pick(words)} ${typo(pick(words))}`);
    else out.push(words.slice(0, 1 + Math.floor(random() * 3)).join(" "));
  }
  return out;
}
