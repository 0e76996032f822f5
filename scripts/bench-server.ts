/**
 * Server benchmark: `npm run bench:server` (`npx tsx scripts/bench-server.ts [--parts 100000]
 * [--duration 10] [--connections 50] [--profile]`). Starts the built server (build/index.js; run
 * `npm run build` first) on 127.0.0.1 with the demo catalogue at 100 000 parts, warms it, then
 * with autocannon measures req/s and p99 latency for a first visitor (no cookie) on a parts search
 * page, a part page and /delivery, and for /healthz of the same server in the same run (and one
 * script chunk, for the asset path), and prints the ratios to /healthz. A second table does the
 * same for a returning visitor (the cookie banner accepted, `Cookie: cookie_consent=1`) on the
 * parts list, a search, a part page and /delivery: pages private to the visitor. Every page is
 * rendered on every request (a shared cache in front would keep a first visitor's pages).
 * Target: the returning visitor's parts list keeps at least 4 % of /healthz throughput (exit 1
 * otherwise).
 * It also prints the bytes sent for the first parts page (gzip) beside the whole catalogue
 * JSON at 10 000 parts that a browser-side catalogue would have to download.
 *
 * No If-None-Match is sent, so every answer is a full 200, not a 304.
 *
 * Catalogue refreshes (`--section refresh` runs only these; `--refresh-parts 100000`): the parts
 * API is a local HTTP fake answering two different catalogues in turn, so every refresh builds a
 * new snapshot. /healthz p99 and the parts list's req/s are measured on a server
 * that never refreshes (PARTS_CACHE_TTL_SECONDS=86400), then on one that refreshes every second
 * (PARTS_CACHE_TTL_SECONDS=1: refreshes back to back; `--refresh-duration 30` s a run, to span
 * several; the table counts those started and those completed, from the server's log). A visitor
 * on a parts page every 200 ms keeps them coming. Target: /healthz p99 at most 50 ms during
 * refreshes (exit 1 otherwise). Then the server's memory (RSS after the load, and its peak) with
 * the catalogue loaded from the fake at 100 000 and 500 000 parts (`--rss-parts`).
 *
 * `--profile` runs only the returning visitor's /catalog/parts under load, with the server under
 * `node --cpu-prof`, and prints where its CPU time went: the top functions by self time and the
 * share of gzip, React rendering, Remix, streams and so on, counted over the load alone.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { generateParts } from "~server/demo-catalogue.server";
import {
  builtServerEnv,
  firstLink,
  freePort,
  listenOnLoopback,
  rawGet,
  startVisitor,
  waitForHealthz,
} from "../test/server-process";

const { values: args } = parseArgs({
  options: {
    parts: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    profile: { type: "boolean", default: false },
    section: { type: "string", default: "all" },
    "refresh-parts": { type: "string", default: "100000" },
    "rss-parts": { type: "string", default: "100000,500000" },
    "refresh-duration": { type: "string", default: "30" },
  },
});
const SECTION = args.section as "all" | "pages" | "refresh";
if (!["all", "pages", "refresh"].includes(SECTION)) throw new Error(`--section: all, pages or refresh, not ${SECTION}`);
const REFRESH_PARTS = Number(args["refresh-parts"]);
const RSS_PARTS = args["rss-parts"].split(",").filter(Boolean).map(Number);
/** Long enough for several refreshes of 100 000 parts (each takes seconds) within one run. */
const REFRESH_DURATION = Number(args["refresh-duration"]);
const REFRESH_TARGET_P99_MS = 50;
const PARTS = Number(args.parts);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const TARGET_RATIO = 0.04;
/**
 * A visitor who accepted the cookie banner: the page then depends on the visitor, so no shared
 * cache may keep it (isAnonymousPageRequest).
 */
const RETURNING = { Cookie: "cookie_consent=1" };

function bench(url: string, duration = DURATION, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        headers: { "accept-encoding": "gzip", ...headers },
      },
      (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self-time categories of --profile, by script URL; the first match wins. */
const PROFILE_CATEGORIES: [RegExp, string][] = [
  [/node:zlib|\/(compression|on-headers)\//, "gzip (zlib, compression middleware)"],
  [
    /\/(react-dom|react|react-router|react-router-dom|@remix-run\/react)\//,
    "React render (react-dom/server, Remix components)",
  ],
  [/\/@remix-run\//, "Remix request handling (router, loaders, adapter)"],
  [/\/build\/index\.js$/, "app and server code (build/index.js)"],
  [/node:internal\/stream_base_commons|node:net/, "socket writes"],
  [/node:fs|node:internal\/fs|\/(send|serve-static)\//, "express.static file lookups (fs.stat)"],
  [
    /node:internal\/(streams|webstreams|errors)|node:_http|node:internal\/http|node:stream|\/(express|negotiator|vary|accepts|qs|parseurl|forwarded|proxy-addr)\//,
    "streams, HTTP, Express",
  ],
  [
    /undici|node:internal\/(encoding|buffer|url|worker\/js_transferable|crypto)|node:buffer|node:url/,
    "Web APIs (Request, Headers, TextEncoder, Buffer, crypto)",
  ],
  [
    /node:events|node:internal\/(events|event_target|abort_controller|timers|process\/task_queues|fixed_queue|async_hooks)|node:async_hooks/,
    "events, timers, microtasks",
  ],
];

/** Where a function's self time is counted; `undefined` for a native one without a script. */
function profileCategory(url: string, functionName: string): string | undefined {
  if (functionName === "(garbage collector)") return "garbage collector";
  if (functionName === "(idle)") return "idle";
  if (functionName === "(program)") return "V8 and native, unattributed";
  if (!url) return undefined;
  return PROFILE_CATEGORIES.find(([re]) => re.test(url))?.[1] ?? "other";
}

/**
 * The self time of the samples taken between `fromUs` and `toUs` (the same monotonic clock as
 * process.hrtime), by function and by category. A native function (writev, encodeInto, …) counts
 * in the category of the script that called it.
 */
function summariseProfile(profile: CpuProfile, fromUs: number, toUs: number) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  let total = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = i + 1 < profile.samples.length ? t + profile.timeDeltas[i + 1] : profile.endTime;
    if (t < fromUs || t > toUs) continue;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (next - t));
    total += next - t;
  }
  const byFunction = new Map<string, number>();
  const byCategory = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const where = url
      ? ` ${url
          .replace(/^file:\/\//, "")
          .replace(/.*node_modules\//, "")
          .replace(process.cwd() + "/", "")}:${lineNumber + 1}`
      : "";
    const fn = `${functionName || "(anonymous)"}${where}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    let category = profileCategory(url, functionName);
    for (let up = parent.get(id); category === undefined && up !== undefined; up = parent.get(up)) {
      const frame = nodes.get(up)!.callFrame;
      category = profileCategory(frame.url, frame.functionName);
    }
    byCategory.set(category ?? "other", (byCategory.get(category ?? "other") ?? 0) + us);
  }
  const print = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .forEach(([k, us]) => console.log(`${((us / total) * 100).toFixed(1).padStart(6)} %  ${k}`));
  console.log(`\nCPU self time over the load: ${(total / 1e6).toFixed(1)} s of samples\n\nTop functions:`);
  print(byFunction, 15);
  console.log("\nBy category:");
  print(byCategory, 20);
}

/** `--profile`: the returning visitor's /catalog/parts under load, then the server's CPU profile. */
async function profileReturning(base: string, child: ChildProcess, profileDir: string) {
  const url = `${base}/catalog/parts`;
  await rawGet(url, RETURNING);
  await bench(url, 2, RETURNING);
  process.stdout.write(
    `autocannon returning: /catalog/parts (${DURATION} s, ${CONNECTIONS} connections) under --cpu-prof … `,
  );
  const from = process.hrtime.bigint();
  const r = await bench(url, DURATION, RETURNING);
  const to = process.hrtime.bigint();
  console.log(`${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
  // The profile is written when the server exits.
  child.kill("SIGTERM");
  await once(child, "exit");
  const file = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no .cpuprofile written in ${profileDir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile;
  summariseProfile(profile, Number(from / 1000n), Number(to / 1000n));
}

async function pagesSection() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  const profileDir = args.profile ? fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-profile-")) : undefined;
  let output = "";
  const child = spawn(
    process.execPath,
    [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "build/index.js"],
    {
      env: builtServerEnv(port, dataDir, { DEMO_PARTS_COUNT: String(PARTS) }),
      // The request log (stdout) is discarded: it would measure the terminal, not the server.
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  child.stderr!.on("data", (c) => (output += c));
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
  };
  process.on("exit", stop);

  try {
    await waitForHealthz(base, child, () => output, 60_000);
    if (profileDir) {
      await profileReturning(base, child, profileDir);
      return;
    }

    const listPath = `/catalog/parts?search=${encodeURIComponent("фильтр масляный")}&page=2`;
    // The first load builds the catalogue snapshot and its search index.
    const t0 = performance.now();
    const firstList = await rawGet(base + listPath);
    const firstMs = performance.now() - t0;
    if (firstList.status !== 200) throw new Error(`${listPath} answered ${firstList.status}`);
    const partHref = /href="(\/catalog\/parts\/[^"/?#]+)"/.exec(firstList.body.toString("utf8"))?.[1];
    if (!partHref) throw new Error("no part link on the parts page");
    const partPath = partHref;
    // The root route's chunk, one of the ~25 scripts every page loads after its first paint.
    const chunkPath = /\/build\/root-[A-Z0-9]+\.js/.exec(firstList.body.toString("utf8"))?.[0];
    if (!chunkPath) throw new Error("no root chunk linked from the parts page");

    const returningPartPath = await firstLink(base, "/catalog/parts", /^\/catalog\/parts\/[^/]+$/);
    const returningPaths = [
      "/catalog/parts",
      `/catalog/parts?search=${encodeURIComponent("фильтр")}`,
      returningPartPath,
      "/delivery",
    ];
    for (const p of returningPaths) {
      const r = await rawGet(base + p, { ...RETURNING, "accept-encoding": "gzip" });
      if (r.status !== 200 || !String(r.headers["cache-control"]).includes("private")) {
        throw new Error(
          `${p} with the consent cookie answered ${r.status}, Cache-Control ${r.headers["cache-control"]}: expected a private 200`,
        );
      }
    }

    type Target = { name: string; path: string; headers?: Record<string, string> };
    const targets: Target[] = [
      { name: "/healthz", path: "/healthz" },
      { name: "parts list (search, page 2)", path: listPath },
      { name: `part page ${partPath}`, path: partPath },
      { name: `script ${chunkPath} (the build's gzip copy)`, path: chunkPath },
      // Reference: a page without parts, to tell the query's cost from the page render's.
      { name: "reference: /delivery", path: "/delivery" },
    ];
    const returning: Target[] = returningPaths.map((p) => ({
      name: `returning: ${decodeURIComponent(p)}`,
      path: p,
      headers: RETURNING,
    }));
    targets.push(...returning);

    // Warm: a short run on each target.
    for (const t of targets) await bench(base + t.path, 2, t.headers);

    const results: {
      name: string;
      path: string;
      rps: number;
      p99: number;
      p50: number;
      errors: number;
      non2xx: number;
    }[] = [];
    for (const t of targets) {
      process.stdout.write(`autocannon ${t.name} (${DURATION} s, ${CONNECTIONS} connections) … `);
      const r = await bench(base + t.path, DURATION, t.headers);
      results.push({
        name: t.name,
        path: t.path,
        rps: r.requests.average,
        p99: r.latency.p99,
        p50: r.latency.p50,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
      console.log(`${Math.round(r.requests.average)} req/s`);
    }

    const health = results[0];
    console.log(
      `\nServer at ${PARTS.toLocaleString("en")} demo parts (first parts-list load, snapshot + index: ${firstMs.toFixed(0)} ms)\n`,
    );
    const printTable = (rows: typeof results) => {
      console.log(
        [
          "target".padEnd(56),
          "req/s".padStart(8),
          "p50 ms".padStart(7),
          "p99 ms".padStart(7),
          "vs /healthz".padStart(11),
          "errors".padStart(7),
        ].join(" | "),
      );
      for (const r of rows) {
        console.log(
          [
            r.name.slice(0, 56).padEnd(56),
            r.rps.toFixed(0).padStart(8),
            String(r.p50).padStart(7),
            String(r.p99).padStart(7),
            `${((r.rps / health.rps) * 100).toFixed(1)} %`.padStart(11),
            String(r.errors + r.non2xx).padStart(7),
          ].join(" | "),
        );
      }
    };
    printTable(results.slice(0, targets.length - returning.length));
    console.log(`\nReturning visitor (Cookie: cookie_consent=1, accept-encoding: gzip): private pages\n`);
    printTable([health, ...results.slice(targets.length - returning.length)]);

    // Bytes: the first parts page as sent (gzip), beside a browser-side catalogue at 10 000 parts.
    const firstPage = await rawGet(`${base}/catalog/parts`, { "accept-encoding": "gzip" });
    const sent = firstPage.body.length;
    const encoding = firstPage.headers["content-encoding"] ?? "identity";
    const catalogueJson = Buffer.from(JSON.stringify(generateParts(10_000)));
    const catalogueGzip = zlib.gzipSync(catalogueJson).length;
    console.log(`\nFirst parts page (/catalog/parts HTML, ${encoding}): ${kb(sent)}`);
    console.log(
      `Whole catalogue JSON at 10 000 parts: ${kb(catalogueJson.length)} raw, ${kb(catalogueGzip)} gzip (${(catalogueGzip / sent).toFixed(0)}× the first page)`,
    );

    const list = results.find((r) => r.path === "/catalog/parts" && r.name.startsWith("returning"))!;
    const ratio = list.rps / health.rps;
    const failed = results.some((r) => r.errors + r.non2xx > 0);
    if (failed) console.log("\nSome requests failed (errors, timeouts or non-2xx answers).");
    if (ratio < TARGET_RATIO) {
      console.log(
        `\nTarget missed: the returning visitor's parts list keeps ${(ratio * 100).toFixed(1)} % of /healthz throughput (< ${TARGET_RATIO * 100} %).`,
      );
      process.exitCode = 1;
    } else {
      console.log(
        `\nTarget met: the returning visitor's parts list keeps ${(ratio * 100).toFixed(1)} % of /healthz throughput (>= ${TARGET_RATIO * 100} %).`,
      );
    }
    if (failed) process.exitCode = 1;
  } finally {
    stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Catalogue refreshes

interface FakeParts {
  url: string;
  /** Requests answered so far; each one starts a refresh. */
  hits: number;
  close(): Promise<void>;
}

/** A parts API on loopback answering `bodies` in turn. */
async function startFakeParts(bodies: Buffer[]): Promise<FakeParts> {
  const state = { url: "", hits: 0, close: async () => {} };
  const server = http.createServer((_req, res) => {
    const body = bodies[state.hits++ % bodies.length];
    res.on("error", () => {});
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length }).end(body);
  });
  return Object.assign(state, await listenOnLoopback(server));
}

function catalogueBody(parts: number, seed: number): Buffer {
  return Buffer.from(JSON.stringify(generateParts(parts, seed)));
}

interface Memory {
  rssMb: number;
  peakMb: number;
}

/** The process's resident memory now and at its peak (Linux /proc; elsewhere ps, without the peak). */
function memoryOf(pid: number): Memory {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return { rssMb: NaN, peakMb: NaN };
  }
}

interface Started {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  /** When each catalogue load or refresh completed (Date.now()), from the server's log. */
  loaded: number[];
}

/** The built server on the fake parts API; resolves once a parts page lists parts. */
async function startOnParts(
  partsUrl: string,
  ttlSeconds: number,
  timeoutMs: number,
): Promise<Started & { loadMs: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  let output = "";
  const child = spawn(process.execPath, ["build/index.js"], {
    env: builtServerEnv(port, dataDir, {
      PARTS_API_URL: partsUrl,
      PARTS_CACHE_TTL_SECONDS: String(ttlSeconds),
      PARTS_TIMEOUT_MS: "120000",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr!.on("data", (c) => (output = (output + c).slice(-20_000)));
  // Only the catalogue's log lines are kept; the request log is read and dropped.
  const loaded: number[] = [];
  let partial = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines)
      if (line.includes('"msg":"parts upstream"') && line.includes('"parts":')) loaded.push(Date.now());
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealthz(base, child, () => output, 60_000);
    const started = performance.now();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = await rawGet(`${base}/catalog/parts?page=2`).catch(() => undefined);
      if (page?.status === 200 && /href="\/catalog\/parts\/[^"/?#]+"/.test(page.body.toString("utf8"))) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the catalogue did not load:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    return { base, child, stop, loaded, loadMs: performance.now() - started };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface RefreshRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  refreshes: number;
  completed: number;
}

async function refreshSection(): Promise<void> {
  const listPath = `/catalog/parts?search=${encodeURIComponent("фильтр масляный")}&page=2`;
  process.stdout.write(
    `\nCatalogue refreshes: generating two catalogues of ${REFRESH_PARTS.toLocaleString("en")} parts … `,
  );
  const bodies = [catalogueBody(REFRESH_PARTS, 1), catalogueBody(REFRESH_PARTS, 2)];
  console.log(`${(bodies[0].length / 1e6).toFixed(1)} MB of JSON each`);
  const fake = await startFakeParts(bodies);
  const rows: RefreshRow[] = [];
  try {
    for (const [label, ttl] of [
      ["no refreshes (TTL 86400 s)", 86400],
      ["refreshing (TTL 1 s)", 1],
    ] as const) {
      const server = await startOnParts(fake.url, ttl, 600_000);
      try {
        console.log(`${label}: catalogue loaded in ${(server.loadMs / 1000).toFixed(1)} s`);
        for (const t of [
          { name: "/healthz", path: "/healthz" },
          { name: "parts list", path: listPath },
        ]) {
          await bench(server.base + t.path, 2);
          const stopVisitor = startVisitor(server.base);
          const hitsBefore = fake.hits;
          const from = Date.now();
          process.stdout.write(`autocannon ${label}: ${t.name} (${REFRESH_DURATION} s, ${CONNECTIONS} connections) … `);
          const r = await bench(server.base + t.path, REFRESH_DURATION);
          const refreshes = fake.hits - hitsBefore;
          const completed = server.loaded.filter((at) => at >= from).length;
          await stopVisitor();
          console.log(
            `${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, refreshes: ${refreshes} started, ${completed} completed`,
          );
          rows.push({
            name: `${label}: ${t.name}`,
            rps: r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            max: (r.latency as { max?: number }).max ?? NaN,
            errors: r.errors + r.timeouts + r.non2xx,
            refreshes,
            completed,
          });
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await fake.close();
  }

  console.log(
    `\nRefreshes at ${REFRESH_PARTS.toLocaleString("en")} parts (${(bodies[0].length / 1e6).toFixed(1)} MB of JSON, a new catalogue each time)\n`,
  );
  console.log(
    [
      "target".padEnd(68),
      "req/s".padStart(8),
      "p50 ms".padStart(7),
      "p99 ms".padStart(7),
      "max ms".padStart(7),
      "errors".padStart(7),
      "refreshes started/done".padStart(22),
    ].join(" | "),
  );
  for (const r of rows) {
    console.log(
      [
        r.name.padEnd(68),
        r.rps.toFixed(0).padStart(8),
        String(r.p50).padStart(7),
        String(r.p99).padStart(7),
        String(r.max).padStart(7),
        String(r.errors).padStart(7),
        `${r.refreshes}/${r.completed}`.padStart(22),
      ].join(" | "),
    );
  }
  const during = rows.find((r) => r.name.startsWith("refreshing") && r.name.endsWith("/healthz"))!;
  if (during.refreshes === 0) console.log("\nNo refresh started during the /healthz run: lengthen --duration.");
  if (during.p99 > REFRESH_TARGET_P99_MS) {
    console.log(`\nTarget missed: /healthz p99 ${during.p99} ms during refreshes (> ${REFRESH_TARGET_P99_MS} ms).`);
    process.exitCode = 1;
  } else {
    console.log(`\nTarget met: /healthz p99 ${during.p99} ms during refreshes (<= ${REFRESH_TARGET_P99_MS} ms).`);
  }
  if (rows.some((r) => r.errors > 0)) {
    console.log("Some requests failed (errors, timeouts or non-2xx answers).");
    process.exitCode = 1;
  }

  // Memory: the server with the catalogue loaded from the fake, at each size.
  const memory: { parts: number; mb: number; loadS: number; mem: Memory }[] = [];
  for (const parts of RSS_PARTS) {
    process.stdout.write(`\nMemory at ${parts.toLocaleString("en")} parts: generating … `);
    const body = catalogueBody(parts, 1);
    const single = await startFakeParts([body]);
    try {
      process.stdout.write(`${(body.length / 1e6).toFixed(0)} MB of JSON, loading … `);
      const server = await startOnParts(single.url, 86400, 1_200_000);
      try {
        // Settled: a few pages, then a moment for the worker's memory to be returned.
        for (let i = 0; i < 5; i++) await rawGet(`${server.base}/catalog/parts?page=${i + 1}`);
        await new Promise((r) => setTimeout(r, 2000));
        const mem = memoryOf(server.child.pid!);
        memory.push({ parts, mb: body.length / 1e6, loadS: server.loadMs / 1000, mem });
        console.log(`RSS ${mem.rssMb.toFixed(0)} MB`);
      } finally {
        await server.stop();
      }
    } finally {
      await single.close();
    }
  }
  if (memory.length) {
    console.log(
      `\n${"parts".padStart(9)} | ${"JSON MB".padStart(8)} | ${"load s".padStart(7)} | ${"RSS MB".padStart(7)} | ${"peak RSS MB".padStart(11)}`,
    );
    for (const m of memory) {
      console.log(
        `${m.parts.toLocaleString("en").padStart(9)} | ${m.mb.toFixed(0).padStart(8)} | ${m.loadS.toFixed(1).padStart(7)} | ${m.mem.rssMb.toFixed(0).padStart(7)} | ${m.mem.peakMb.toFixed(0).padStart(11)}`,
      );
    }
  }
}

async function main() {
  if (!fs.existsSync("build/index.js")) {
    console.error("build/index.js is missing: run `npm run build` first.");
    process.exit(1);
  }
  if (SECTION !== "refresh" || args.profile) await pagesSection();
  if (SECTION !== "pages" && !args.profile) await refreshSection();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
