/**
 * Search benchmark: `npx tsx scripts/bench-search.ts [--sizes 1000,10000,100000] [--runs 30]`.
 * For each catalogue size it times a full runPartsQuery (search, filter, sort, page) over a
 * fixed set of queries, beside a naive linear scan with the same rule over the same data,
 * checks both give the same page and total, and prints the figures.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { parseArgs } from "node:util";
import {
  createCatalogueSnapshot,
  DEFAULT_SORT,
  PARTS_PAGE_SIZE,
  runPartsQuery,
  type CatalogueSnapshot,
  type PartsPage,
  type PartsQuery,
} from "~/lib/catalogue-query";
import type { Part } from "~/lib/part";
import { boundedDistance, buildSearchIndex, MAX_EDIT_DISTANCE, parseSearchWords, partWords, switchLayout } from "~/lib/search-index";
import { generateParts } from "~server/demo-catalogue.server";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const { values: args } = parseArgs({
  options: { sizes: { type: "string", default: "1000,10000,100000" }, runs: { type: "string", default: "30" } },
});
const sizes = args.sizes.split(",").map(Number);
const runs = Math.max(1, Number(args.runs));

interface Case {
  label: string;
  query: Partial<PartsQuery>;
}

/** Articles are random per catalogue, so article queries take real ones from the data. */
function cases(parts: Part[]): Case[] {
  const faw = parts.find((p) => /^\d{7}-[A-Z0-9]+$/.test(p.article))?.article ?? "1012015-81D";
  const sino = parts.find((p) => p.article.startsWith("WG"))?.article ?? "WG9725520274";
  const bare = faw.replace("-", "");
  return [
    { label: "empty query", query: {} },
    { label: "фильтр", query: { search: "фильтр" } },
    { label: "фыльтр (typo)", query: { search: "фыльтр" } },
    { label: "колотка (typo)", query: { search: "колотка" } },
    { label: "филтьр (swap)", query: { search: "филтьр" } },
    { label: "фильтр масляный", query: { search: "фильтр масляный" } },
    { label: "фильтр топливный тонкой очистки", query: { search: "фильтр топливный тонкой очистки" } },
    { label: "насос водяной", query: { search: "насос водяной" } },
    { label: "ремень генератора 8PK1160", query: { search: "ремень генератора 8PK1160" } },
    { label: "датчик давления масла", query: { search: "датчик давления масла" } },
    { label: "J6 (short, half the list)", query: { search: "J6" } },
    { label: "J6P", query: { search: "J6P" } },
    { label: "CA6DM", query: { search: "CA6DM" } },
    { label: "цп (short)", query: { search: "цп" } },
    { label: "ajkmnh (layout)", query: { search: "ajkmnh" } },
    { label: "abkmnh (layout)", query: { search: "abkmnh" } },
    { label: "rjkjlrf nhjvjpyfz (layout)", query: { search: "rjkjlrf nhjvjpyfz" } },
    { label: `${faw} (article)`, query: { search: faw } },
    { label: `${bare} (no hyphen)`, query: { search: bare } },
    { label: `${faw.replace("-", " ")} (space)`, query: { search: faw.replace("-", " ") } },
    { label: `${sino.toLowerCase()} (article)`, query: { search: sino.toLowerCase() } },
    { label: "wg9725 (partial article)", query: { search: "wg9725" } },
    { label: "подшипник ступицы 32219", query: { search: "подшипник ступицы 32219" } },
    { label: "прокладка гбц", query: { search: "прокладка гбц" } },
    { label: "колодка тормозная задняя", query: { search: "колодка тормозная задняя" } },
    { label: "qwertyuiop (nothing)", query: { search: "qwertyuiop" } },
    { label: "сальник + КПП FAST", query: { search: "сальник", groups: ["КПП FAST"] } },
    { label: "groups FAW J7", query: { groups: ["FAW J7"] } },
    { label: "groups J7+J6P, price_desc", query: { groups: ["FAW J7", "FAW J6P"], sortBy: "price_desc" } },
    { label: "датчик + WP10, page 3", query: { search: "датчик", groups: ["Двигатель WP10"], page: 3 } },
    { label: "фильтр, price_asc", query: { search: "фильтр", sortBy: "price_asc" } },
    { label: "фильтр, price_desc", query: { search: "фильтр", sortBy: "price_desc" } },
    { label: "фильтр, name_desc", query: { search: "фильтр", sortBy: "name_desc" } },
    { label: "фильтр, page 5", query: { search: "фильтр", page: 5 } },
    { label: "empty, price_asc, page 5", query: { sortBy: "price_asc", page: 5 } },
    { label: "FAW, name_desc, page 5", query: { search: "FAW", sortBy: "name_desc", page: 5 } },
  ];
}

function fullQuery(q: Partial<PartsQuery>): PartsQuery {
  return { search: q.search ?? "", groups: q.groups ?? [], sortBy: q.sortBy ?? DEFAULT_SORT, page: q.page ?? 1 };
}

/** The obvious implementation: words pre-tokenised per part, everything else per request. */
function createNaive(parts: Part[]) {
  const words = parts.map((p) => [...partWords(p)]);
  const collator = new Intl.Collator("ru");
  const byName = (a: number, b: number) => collator.compare(parts[a].name, parts[b].name) || collator.compare(parts[a].fullName, parts[b].fullName) || a - b;

  function scan(search: string, groups: string[]): number[] {
    const query = parseSearchWords(search).map((w) => w.word);
    const out: number[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (groups.length && !groups.includes(parts[i].group)) continue;
      if (query.every((q) => words[i].some((w) => boundedDistance(w, q) <= MAX_EDIT_DISTANCE))) out.push(i);
    }
    return out;
  }

  return (q: PartsQuery): PartsPage => {
    let found = scan(q.search, q.groups);
    let shownQuery: string | undefined;
    if (found.length === 0 && q.search) {
      // Same retry rule as runPartsQuery, per word.
      const typed = parseSearchWords(q.search);
      const empty = typed.map((w) => scan(w.word, []).length === 0);
      const all = !empty.some(Boolean);
      const text = typed.map((w, i) => (all || empty[i] ? switchLayout(w.raw) : w.raw)).join(" ");
      const retry = text !== typed.map((w) => w.raw).join(" ") ? scan(text, q.groups) : [];
      if (retry.length) [found, shownQuery] = [retry, text];
    }
    if (q.sortBy === "name_asc") found.sort(byName);
    if (q.sortBy === "name_desc") found.sort((a, b) => byName(b, a));
    if (q.sortBy === "price_asc") found.sort((a, b) => parts[a].price - parts[b].price || byName(a, b));
    if (q.sortBy === "price_desc") found.sort((a, b) => parts[b].price - parts[a].price || byName(a, b));
    const pageCount = Math.max(1, Math.ceil(found.length / PARTS_PAGE_SIZE));
    const page = Math.min(q.page, pageCount);
    const items = found.slice((page - 1) * PARTS_PAGE_SIZE, page * PARTS_PAGE_SIZE).map((i) => parts[i]);
    return { items, total: found.length, page, pageCount, ...(shownQuery ? { shownQuery } : {}) };
  };
}

function memory(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function time(fn: () => void, times: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    fn();
    out.push(performance.now() - start);
  }
  return out;
}

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const ms = (v: number) => (v < 10 ? v.toFixed(3) : v.toFixed(1)).padStart(8);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function bench(size: number) {
  const groups = generateParts(size);
  const parts = groups.flatMap((g) => g.parts);
  const catalogue = { parts, groups: groups.map((g) => g.group) };

  let before = memory();
  let start = performance.now();
  const index = buildSearchIndex(parts);
  const indexMs = performance.now() - start;
  const indexBytes = memory() - before;
  void index.size;

  before = memory();
  start = performance.now();
  const snapshot: CatalogueSnapshot = createCatalogueSnapshot(catalogue, 1);
  const snapshotMs = performance.now() - start;
  const snapshotBytes = memory() - before;

  before = memory();
  start = performance.now();
  const naive = createNaive(parts);
  const naiveMs = performance.now() - start;
  const naiveBytes = memory() - before;

  const naiveRuns = Math.max(2, Math.round(runs / Math.max(1, size / 10_000)));
  console.log(`\n=== ${size.toLocaleString("ru-RU")} parts, ${index.vocabulary.words.length.toLocaleString("ru-RU")} distinct words ===`);
  console.log(
    `index build ${indexMs.toFixed(0)} ms, ${mb(indexBytes)}; whole snapshot (index, 4 orders, maps) ${snapshotMs.toFixed(0)} ms, ${mb(snapshotBytes)}`,
  );
  console.log(`naive pre-tokenising ${naiveMs.toFixed(0)} ms, ${mb(naiveBytes)}; runs per query: index ${runs}, naive ${naiveRuns}`);
  console.log(
    `${"query".padEnd(40)} ${"total".padStart(7)} ${"med ms".padStart(8)} ${"p95 ms".padStart(8)} ${"naive med".padStart(9)} ${"speed-up".padStart(8)}  same`,
  );

  const ours: number[] = [];
  const theirs: number[] = [];
  let mismatches = 0;
  for (const c of cases(parts)) {
    const q = fullQuery(c.query);
    const a = runPartsQuery(snapshot, q);
    const b = naive(q);
    const same =
      a.total === b.total && a.page === b.page && a.shownQuery === b.shownQuery && a.items.map((p) => p.id).join() === b.items.map((p) => p.id).join();
    if (!same) mismatches++;
    const t1 = time(() => runPartsQuery(snapshot, q), runs);
    const t2 = time(() => naive(q), naiveRuns);
    ours.push(...t1);
    theirs.push(...t2);
    const shown = a.shownQuery ? ` → ${a.shownQuery}` : "";
    console.log(
      `${(c.label + shown).slice(0, 40).padEnd(40)} ${String(a.total).padStart(7)} ${ms(quantile(t1, 0.5))} ${ms(
        quantile(t1, 0.95),
      )} ${ms(quantile(t2, 0.5)).padStart(9)} ${(quantile(t2, 0.5) / quantile(t1, 0.5)).toFixed(0).padStart(7)}×  ${same ? "yes" : "NO"}`,
    );
  }
  const summary = {
    size,
    median: quantile(ours, 0.5),
    p95: quantile(ours, 0.95),
    naiveMedian: quantile(theirs, 0.5),
    naiveP95: quantile(theirs, 0.95),
    indexMs,
    indexBytes,
    snapshotMs,
    mismatches,
  };
  console.log(
    `all queries: median ${summary.median.toFixed(3)} ms, p95 ${summary.p95.toFixed(
      3,
    )} ms; naive median ${summary.naiveMedian.toFixed(1)} ms, p95 ${summary.naiveP95.toFixed(1)} ms; speed-up ${(summary.naiveMedian / summary.median).toFixed(
      0,
    )}× (median), ${(summary.naiveP95 / summary.p95).toFixed(0)}× (p95); differing results: ${mismatches}`,
  );
  return summary;
}

const results = sizes.map(bench);
console.log("\n=== summary ===");
console.log(
  `${"parts".padStart(8)} ${"med ms".padStart(8)} ${"p95 ms".padStart(8)} ${"naive med".padStart(
    9,
  )} ${"naive p95".padStart(9)} ${"speed-up".padStart(8)} ${"index ms".padStart(8)} ${"index".padStart(9)} ${"snapshot ms".padStart(11)}`,
);
for (const r of results) {
  console.log(
    `${String(r.size).padStart(8)} ${ms(r.median)} ${ms(r.p95)} ${ms(r.naiveMedian).padStart(9)} ${ms(r.naiveP95).padStart(
      9,
    )} ${(r.naiveMedian / r.median).toFixed(0).padStart(7)}× ${r.indexMs.toFixed(0).padStart(8)} ${mb(r.indexBytes).padStart(
      9,
    )} ${r.snapshotMs.toFixed(0).padStart(11)}`,
  );
}
if (results.some((r) => r.mismatches > 0)) process.exitCode = 1;
