/**
 * Server benchmark: `npm run bench:server` (`npx tsx scripts/bench-server.ts [--parts 100000]
 * [--duration 10] [--connections 50]`). Starts the built server (build/index.js; run
 * `npm run build` first) on 127.0.0.1 with the demo catalogue at 100 000 parts, warms it, then
 * with autocannon measures req/s and p99 latency for a parts search page, a part page and
 * /healthz of the same server in the same run (and one script chunk, for the asset path), and
 * prints the ratios to /healthz.
 * Target: the parts list keeps at least 25 % of /healthz throughput (exit 1 otherwise).
 * It also prints the bytes sent for the first parts page (gzip) beside the whole catalogue
 * JSON at 10 000 parts that a browser-side catalogue would have to download.
 *
 * No If-None-Match is sent, so every answer is a full 200, not a 304.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { generateParts } from "~server/demo-catalogue.server";
import { builtServerEnv, freePort, rawGet, waitForHealthz } from "../test/server-process";

const { values: args } = parseArgs({
  options: {
    parts: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
  },
});
const PARTS = Number(args.parts);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const TARGET_RATIO = 0.25;


/**
 * `unique` adds a counter to every request's query, so none is answered by the page micro-cache:
 * it measures the full path (loaders, catalogue query, React render) on every request.
 */
function bench(url: string, duration = DURATION, unique = false): Promise<autocannon.Result> {
  let n = 0;
  const target = new URL(url);
  const requests = unique
    ? [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: `${target.pathname}${target.search}${target.search ? "&" : "?"}n=${n++}` }) }]
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, headers: { "accept-encoding": "gzip" }, ...(requests ? { requests } : {}) },
      (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  if (!fs.existsSync("build/index.js")) {
    console.error("build/index.js is missing: run `npm run build` first.");
    process.exit(1);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  let output = "";
  const child = spawn(process.execPath, ["build/index.js"], {
    env: builtServerEnv(port, dataDir, { DEMO_PARTS_COUNT: String(PARTS) }),
    // The request log (stdout) is discarded: it would measure the terminal, not the server.
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr!.on("data", (c) => (output += c));
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", stop);

  try {
    await waitForHealthz(base, child, () => output, 60_000);

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

    const targets = [
      { name: "/healthz", path: "/healthz", unique: false },
      { name: "parts list (search, page 2)", path: listPath, unique: false },
      { name: `part page ${partPath}`, path: partPath, unique: false },
      { name: `script ${chunkPath} (the build's gzip copy)`, path: chunkPath, unique: false },
      // Every request a page-cache miss: loaders, the 100 000-part query and the render each time.
      { name: "parts list, no page cache (unique query)", path: listPath, unique: true },
      { name: "part page, no page cache (unique query)", path: partPath, unique: true },
      // Reference: a page without parts, to tell the query's cost from the page render's.
      { name: "reference: /delivery, no page cache", path: "/delivery", unique: true },
    ];

    // Warm: a short run on each target.
    for (const t of targets) await bench(base + t.path, 2, t.unique);

    const results: { name: string; path: string; rps: number; p99: number; p50: number; errors: number; non2xx: number }[] = [];
    for (const t of targets) {
      process.stdout.write(`autocannon ${t.name} (${DURATION} s, ${CONNECTIONS} connections) … `);
      const r = await bench(base + t.path, DURATION, t.unique);
      results.push({ name: t.name, path: t.path, rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: r.errors + r.timeouts, non2xx: r.non2xx });
      console.log(`${Math.round(r.requests.average)} req/s`);
    }

    const health = results[0];
    console.log(`\nServer at ${PARTS.toLocaleString("en")} demo parts (first parts-list load, snapshot + index: ${firstMs.toFixed(0)} ms)\n`);
    console.log(["target".padEnd(56), "req/s".padStart(8), "p50 ms".padStart(7), "p99 ms".padStart(7), "vs /healthz".padStart(11), "errors".padStart(7)].join(" | "));
    for (const r of results) {
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

    // Bytes: the first parts page as sent (gzip), beside a browser-side catalogue at 10 000 parts.
    const firstPage = await rawGet(`${base}/catalog/parts`, { "accept-encoding": "gzip" });
    const sent = firstPage.body.length;
    const encoding = firstPage.headers["content-encoding"] ?? "identity";
    const catalogueJson = Buffer.from(JSON.stringify(generateParts(10_000)));
    const catalogueGzip = zlib.gzipSync(catalogueJson).length;
    console.log(`\nFirst parts page (/catalog/parts HTML, ${encoding}): ${kb(sent)}`);
    console.log(`Whole catalogue JSON at 10 000 parts: ${kb(catalogueJson.length)} raw, ${kb(catalogueGzip)} gzip (${(catalogueGzip / sent).toFixed(0)}× the first page)`);

    const list = results[1];
    const ratio = list.rps / health.rps;
    const failed = results.some((r) => r.errors + r.non2xx > 0);
    if (failed) console.log("\nSome requests failed (errors, timeouts or non-2xx answers).");
    if (ratio < TARGET_RATIO) {
      console.log(`\nTarget missed: the parts list keeps ${(ratio * 100).toFixed(1)} % of /healthz throughput (< ${TARGET_RATIO * 100} %).`);
      process.exitCode = 1;
    } else {
      console.log(`\nTarget met: the parts list keeps ${(ratio * 100).toFixed(1)} % of /healthz throughput (>= ${TARGET_RATIO * 100} %).`);
    }
    if (failed) process.exitCode = 1;
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
