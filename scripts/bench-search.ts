/**
 * Search benchmark: `npm run bench:search -- [--sizes 1000,10000,100000,500000] [--runs 30] [--naive-max 100000]`.
 *
 * For each catalogue size (the demo catalogue) it times a full runPartsQuery — search, groups,
 * order, page and total — for a fixed set of searches in relevance order and in each of the
 * spec's four orders, and suggestParts for what a customer types key by key; it reports the
 * index's build time and heap. Up to `--naive-max` parts, every answer is checked against the
 * reference written part by part (test/search-reference.ts), which is timed too.
 *
 * Times are per call, CPU time of the process (`process.cpuUsage`) and wall clock. The bench
 * machine is shared: wall-clock tails include waiting for a core, CPU time does not.
 */
import v8 from "node:v8";
import vm from "node:vm";
import os from "node:os";
import { parseArgs } from "node:util";
import type { PartsOrder, PartsQuery } from "~/lib/catalogue-query";
import { runPartsQuery, suggestParts, SUGGESTIONS_LIMIT, PARTS_PAGE_SIZE } from "~/lib/catalogue-search";
import { createCatalogueSnapshot } from "~/lib/catalogue-snapshot";
import type { Part } from "~/lib/part";
import { buildSearchIndex } from "~/lib/search-index";
import { generateParts } from "~server/demo-catalogue.server";
import { createReference } from "../test/search-reference";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000,500000" },
    runs: { type: "string", default: "30" },
    "naive-max": { type: "string", default: "100000" },
  },
});
const sizes = args.sizes.split(",").map(Number);
const runs = Math.max(1, Number(args.runs));
const naiveMax = Number(args["naive-max"]);

const ORDERS: PartsOrder[] = ["relevance", "name_asc", "name_desc", "price_asc", "price_desc"];

interface Case {
  label: string;
  query: Partial<PartsQuery>;
}

/** Articles are random per catalogue, so the code searches take real ones from the data. */
function cases(parts: Part[]): Case[] {
  const faw = parts.find((p) => /^\d{7}-[A-Z0-9]+$/.test(p.article))?.article ?? "1012015-81D";
  const sino = parts.find((p) => p.article.startsWith("WG"))?.article ?? "WG9725520274";
  return [
    { label: "(no search)", query: {} },
    { label: "фильтр", query: { search: "фильтр" } },
    { label: "масляный фильтр j6", query: { search: "масляный фильтр j6" } },
    { label: "фыльтр (typo)", query: { search: "фыльтр" } },
    { label: "колотка (typo)", query: { search: "колотка" } },
    { label: "филтьр (swap)", query: { search: "филтьр" } },
    { label: "фильтр топливный тонкой очистки", query: { search: "фильтр топливный тонкой очистки" } },
    { label: "датчик давления масла", query: { search: "датчик давления масла" } },
    { label: "ремень генератора 8PK1160", query: { search: "ремень генератора 8PK1160" } },
    { label: "J6 (short: half the list)", query: { search: "J6" } },
    { label: "FAW (in most full names)", query: { search: "FAW" } },
    { label: "faw j6", query: { search: "faw j6" } },
    { label: "СА6DМ (Cyrillic С, А, М)", query: { search: "СА6DМ" } },
    { label: `${sino.slice(0, 7).toLowerCase()} (article prefix)`, query: { search: sino.slice(0, 7).toLowerCase() } },
    { label: `${faw.slice(0, 7)} (article prefix)`, query: { search: faw.slice(0, 7) } },
    { label: `${faw} (article)`, query: { search: faw } },
    { label: `${faw.replace("-", " ")} (article, space)`, query: { search: faw.replace("-", " ") } },
    { label: "abkmnh (layout: фильтр)", query: { search: "abkmnh" } },
    { label: "rjkjlrf nhjvjpyfz (layout)", query: { search: "rjkjlrf nhjvjpyfz" } },
    { label: "qwertyuiop (nothing)", query: { search: "qwertyuiop" } },
    { label: "сальник + КПП FAST", query: { search: "сальник", groups: ["КПП FAST"] } },
    { label: "датчик + WP10, page 3", query: { search: "датчик", groups: ["Двигатель WP10"], page: 3 } },
    { label: "фильтр, page 5", query: { search: "фильтр", page: 5 } },
    { label: "(no search) FAW J7 + J6P, page 5", query: { groups: ["FAW J7", "FAW J6P"], page: 5 } },
  ];
}

/** What a customer types into the search box, key by key. */
function typing(parts: Part[]): string[] {
  const sino = parts.find((p) => p.article.startsWith("WG"))?.article ?? "WG9725520274";
  const words = ["фильтр масляный j6", "колодка тормозная", sino.toLowerCase(), "СА6DМ", "ремень ген"];
  return words.flatMap((word) => Array.from({ length: word.length - 1 }, (_, i) => word.slice(0, i + 2)));
}

function fullQuery(q: Partial<PartsQuery>, sortBy: PartsOrder): PartsQuery {
  return { search: q.search ?? "", groups: q.groups ?? [], sortBy, page: q.page ?? 1, inStock: q.inStock ?? false };
}

/** Same fields and values, an absent `shownQuery` being undefined. */
function sameAnswer(a: object, b: object): boolean {
  const canonical = (o: object) =>
    JSON.stringify(Object.entries({ shownQuery: undefined, ...o }).sort(([x], [y]) => x.localeCompare(y)));
  return canonical(a) === canonical(b);
}

function memory(): number {
  // Freed array buffers are returned after a collection or two.
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

interface Samples {
  cpu: number[];
  wall: number[];
}

const samples = (): Samples => ({ cpu: [], wall: [] });

function measure(fn: () => void, into: Samples[]): void {
  const cpu = process.cpuUsage();
  const start = performance.now();
  fn();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  for (const s of into) {
    s.cpu.push((used.user + used.system) / 1000);
    s.wall.push(wall);
  }
}

function quantile(values: number[], q: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const ms = (v: number, width = 7) => (Number.isNaN(v) ? "-" : v < 10 ? v.toFixed(3) : v.toFixed(1)).padStart(width);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Summary {
  size: number;
  words: number;
  indexMs: number;
  indexBytes: number;
  snapshotMs: number;
  snapshotBytes: number;
  scratchBytes: number;
  orders: Record<PartsOrder, Samples>;
  suggest: Samples;
  naive: number[];
  naiveBuildMs: number;
  mismatches: number;
}

function bench(size: number): Summary {
  const groups = generateParts(size);
  const parts = groups.flatMap((g) => g.parts);
  const catalogue = { parts, groups: groups.map((g) => g.group) };

  let before = memory();
  let start = performance.now();
  const index = buildSearchIndex(parts);
  const indexMs = performance.now() - start;
  const indexBytes = memory() - before;

  before = memory();
  start = performance.now();
  const snapshot = createCatalogueSnapshot(catalogue, 1);
  const snapshotMs = performance.now() - start;
  const snapshotBytes = memory() - before;

  before = memory();
  const checked = size <= naiveMax;
  start = performance.now();
  const reference = checked ? createReference(parts) : null;
  const naiveBuildMs = performance.now() - start;

  const list = cases(parts);
  const keys = typing(parts);
  const perCase = list.map(() => Object.fromEntries(ORDERS.map((o) => [o, samples()])) as Record<PartsOrder, Samples>);
  const orders = Object.fromEntries(ORDERS.map((o) => [o, samples()])) as Record<PartsOrder, Samples>;
  const suggest = samples();
  const naive: number[] = [];
  const same = list.map(() => true);
  let mismatches = 0;

  const referenceBytes = memory() - before;
  before = memory();
  // First pass: warm up, and check every answer against the reference (timing it once per search).
  list.forEach((c, k) => {
    ORDERS.forEach((order, o) => {
      if (order === "relevance" && !c.query.search) return;
      const q = fullQuery(c.query, order);
      const got = runPartsQuery(snapshot, q);
      if (!reference) return;
      if (o === 0 || (order === "name_asc" && !c.query.search)) reference.forget();
      const t = performance.now();
      const want = reference.query(q, PARTS_PAGE_SIZE);
      if (o === 0 || (order === "name_asc" && !c.query.search)) naive.push(performance.now() - t);
      const view = { total: got.total, page: got.page, ids: got.items.map((p) => p.id), shownQuery: got.shownQuery };
      if (!sameAnswer(view, want)) {
        same[k] = false;
        mismatches++;
        console.log(`MISMATCH ${c.label} ${order}:`, view, want);
      }
    });
  });
  for (const input of keys) {
    const got = suggestParts(snapshot, input);
    if (!reference) continue;
    const want = reference.suggest(input, SUGGESTIONS_LIMIT);
    if (!sameAnswer({ ids: got.items.map((p) => p.id), shownQuery: got.shownQuery }, want)) {
      mismatches++;
      console.log(`MISMATCH suggestion '${input}'`);
    }
  }

  // Timed runs, interleaved so that noise spreads evenly over searches and orders.
  for (let r = 0; r < runs; r++) {
    list.forEach((c, k) => {
      for (const order of ORDERS) {
        if (order === "relevance" && !c.query.search) continue;
        const q = fullQuery(c.query, order);
        measure(() => runPartsQuery(snapshot, q), [perCase[k][order], orders[order]]);
      }
    });
    for (const input of keys) measure(() => suggestParts(snapshot, input), [suggest]);
  }
  // What the queries keep between calls: the bitsets they borrow (and the reference's last search).
  const scratchBytes = memory() - before;

  console.log(
    `\n=== ${size.toLocaleString("ru-RU")} parts, ${index.vocabulary.words.length.toLocaleString("ru-RU")} distinct words ===`,
  );
  console.log(
    `index build ${indexMs.toFixed(0)} ms, ${mb(indexBytes)}; whole snapshot (index, 4 orders, maps) ${snapshotMs.toFixed(0)} ms, ${mb(
      snapshotBytes,
    )}; query working memory ${mb(Math.max(0, scratchBytes))}`,
  );
  console.log(
    checked
      ? `reference (part by part): pre-tokenising ${naiveBuildMs.toFixed(0)} ms, ${mb(referenceBytes)}; every answer checked`
      : `reference skipped above ${naiveMax.toLocaleString("ru-RU")} parts (--naive-max)`,
  );
  console.log(`${runs} runs of each; median CPU ms per query, by order`);
  console.log(`${"search".padEnd(36)} ${"total".padStart(7)} ${ORDERS.map((o) => o.padStart(10)).join(" ")}  same`);
  list.forEach((c, k) => {
    const got = runPartsQuery(snapshot, fullQuery(c.query, "name_asc"));
    const shown = got.shownQuery ? ` → ${got.shownQuery}` : "";
    const cells = ORDERS.map((o) => ms(quantile(perCase[k][o].cpu, 0.5), 10)).join(" ");
    console.log(
      `${(c.label + shown).slice(0, 36).padEnd(36)} ${String(got.total).padStart(7)} ${cells}  ${checked ? (same[k] ? "yes" : "NO") : "-"}`,
    );
  });
  console.log(
    `suggestions (${keys.length} inputs, e.g. ${keys
      .slice(0, 3)
      .map((k) => `'${k}'`)
      .join(
        ", ",
      )}…): median ${ms(quantile(suggest.cpu, 0.5)).trim()} ms, p95 ${ms(quantile(suggest.cpu, 0.95)).trim()} ms CPU`,
  );
  return {
    size,
    words: index.vocabulary.words.length,
    indexMs,
    indexBytes,
    snapshotMs,
    snapshotBytes,
    scratchBytes,
    orders,
    suggest,
    naive,
    naiveBuildMs,
    mismatches,
  };
}

console.log(
  `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const results = sizes.map(bench);

const columns: [string, (r: Summary) => Samples][] = [
  ...ORDERS.map((o): [string, (r: Summary) => Samples] => [o, (r) => r.orders[o]]),
  ["suggest", (r) => r.suggest],
];
for (const kind of ["cpu", "wall"] as const) {
  console.log(`\n=== per call, ${kind === "cpu" ? "CPU time" : "wall clock"}: median / p95 ms ===`);
  console.log(
    `${"parts".padStart(8)} ${columns.map(([name]) => name.padStart(15)).join(" ")} ${"naive med".padStart(10)}`,
  );
  for (const r of results) {
    const cells = columns.map(([, pick]) =>
      `${ms(quantile(pick(r)[kind], 0.5), 6)} /${ms(quantile(pick(r)[kind], 0.95), 6)}`.padStart(15),
    );
    console.log(`${String(r.size).padStart(8)} ${cells.join(" ")} ${ms(quantile(r.naive, 0.5), 10)}`);
  }
}
console.log(`\n=== build ===`);
console.log(
  `${"parts".padStart(8)} ${"words".padStart(8)} ${"index ms".padStart(9)} ${"index".padStart(9)} ${"snapshot ms".padStart(12)} ${"snapshot".padStart(9)} ${"queries".padStart(9)}`,
);
for (const r of results) {
  console.log(
    `${String(r.size).padStart(8)} ${String(r.words).padStart(8)} ${r.indexMs.toFixed(0).padStart(9)} ${mb(r.indexBytes).padStart(9)} ${r.snapshotMs
      .toFixed(0)
      .padStart(12)} ${mb(r.snapshotBytes).padStart(9)} ${mb(Math.max(0, r.scratchBytes)).padStart(9)}`,
  );
}
console.log(
  `\nload average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
if (results.some((r) => r.mismatches > 0)) {
  console.log("differing answers: see MISMATCH above");
  process.exitCode = 1;
}
