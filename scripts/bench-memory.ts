/**
 * Memory benchmark: `npm run bench:memory` (`npx tsx scripts/bench-memory.ts [--parts 100000,500000]
 * [--seconds 90] [--server .[,../other-copy]] [--start npm[,node]] [--rounds 1]`; run `npm run build`
 * first).
 *
 * The server as a dealer runs it: `npm start` in the folder of `--server` (a copy of the repo with its
 * build and node_modules; the current folder by default), with PARTS_CACHE_TTL_SECONDS=15 and every
 * other setting default (but PARTS_TIMEOUT_MS of 120 s above 100 000 parts: reading 200 MB can take
 * longer than 10 s on a busy machine), against a parts API on loopback that answers two different
 * generated catalogues in turn, so every refresh builds a new snapshot; a visitor opens a parts
 * page every 200 ms (a unique query, never from a page cache).
 *
 * What is measured is every process below npm, npm's own not counted: `node build/index.js` (its
 * worker threads are threads of that process) and any other child (the shell npm runs the script
 * with, where it stays). `--start node` starts a plain `node build/index.js` instead (no npm, no
 * flags of the start script), for comparison. Their RSS (VmRSS of /proc/PID/status, summed) is read
 * every 250 ms for `--seconds` after the first load has completed:
 * - steady: the median of the last 30 s of samples;
 * - peak: the largest sample; the kernel's high-water mark of the node process (VmHWM, the first
 *   load included) beside it.
 * Several `--server` folders and `--start` ways are measured one after the other in the same run,
 * for a side-by-side comparison (`--rounds` repeats them, interleaved); the last pair is judged.
 * Targets: at 100 000 parts steady ≤ 300 MB and peak ≤ 450 MB; at 500 000 parts peak ≤ 1 200 MB
 * (exit 1 otherwise).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateParts } from "~server/demo-catalogue.server";
import { builtServerEnv, freePort, listenOnLoopback, startVisitor, waitForHealthz } from "../test/server-process";
import { descendantsOf, memoryOf, serverPid } from "./proc-memory";

const { values: args } = parseArgs({
  options: {
    parts: { type: "string", default: "100000,500000" },
    seconds: { type: "string", default: "90" },
    server: { type: "string", default: "." },
    start: { type: "string", default: "npm" },
    rounds: { type: "string", default: "1" },
  },
});
const SIZES = args.parts.split(",").filter(Boolean).map(Number);
const SERVERS = args.server.split(",").filter(Boolean);
const STARTS = args.start.split(",").filter(Boolean) as Start[];
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const TTL_SECONDS = 15;
const SAMPLE_MS = 250;
const STEADY_WINDOW_MS = 30_000;
const TARGETS: Record<number, { steady?: number; peak: number }> = {
  100_000: { steady: 300, peak: 450 },
  500_000: { peak: 1200 },
};

type Start = "npm" | "node";

/** The processes measured: below npm for `npm start`, the node process itself otherwise. */
function measured(child: ChildProcess, start: Start): number[] {
  return start === "npm" ? descendantsOf(child.pid!) : [child.pid!];
}

/** A parts API on loopback answering `bodies` in turn. */
async function startUpstream(bodies: Buffer[]) {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    const body = bodies[hits++ % bodies.length];
    res.on("error", () => {});
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length }).end(body);
  });
  return listenOnLoopback(server);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

interface Row {
  server: string;
  start: Start;
  processes: number;
  parts: number;
  loadS: number;
  refreshes: number;
  failed: number;
  steady: number;
  peak: number;
  hwm: number;
}

async function measure(server: string, start: Start, parts: number, bodies: Buffer[]): Promise<Row> {
  const upstream = await startUpstream(bodies);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
  let output = "";
  const env = builtServerEnv(port, dataDir, {
    // npm keeps its cache and settings in the home folder.
    ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    PARTS_API_URL: upstream.url,
    PARTS_CACHE_TTL_SECONDS: String(TTL_SECONDS),
    ...(parts > 100_000 ? { PARTS_TIMEOUT_MS: "120000" } : {}),
  });
  // npm as the dealer has it on the PATH; node as the Dockerfile starts it. Either in the server's folder.
  const child =
    start === "npm"
      ? spawn("npm", ["start", "--silent"], { cwd: server, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
      : spawn(process.execPath, ["build/index.js"], { cwd: server, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stderr!.on("data", (c) => (output = (output + c).slice(-20_000)));
  // Loads and refreshes completed and failed, from the server's log; the request log is dropped.
  let loaded = 0;
  let failed = 0;
  let partial = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (line.includes('"msg":"parts upstream"') && line.includes('"parts":')) loaded++;
      if (line.includes('"msg":"parts upstream failed"')) {
        failed++;
        output += `${line}\n`;
      }
    }
  });
  const stopVisitor = startVisitor(base);
  try {
    await waitForHealthz(base, child, () => output, 60_000);
    const started = Date.now();
    const deadline = started + 60_000 + parts * 2;
    while (loaded === 0) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`the first load took too long:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const loadS = (Date.now() - started) / 1000;
    const samples: { at: number; rss: number }[] = [];
    const end = Date.now() + SECONDS * 1000;
    let processes = 0;
    while (Date.now() < end) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      const pids = measured(child, start);
      processes = Math.max(processes, pids.length);
      samples.push({ at: Date.now(), rss: pids.reduce((sum, pid) => sum + memoryOf(pid).rss, 0) });
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
    const node = serverPid(measured(child, start));
    const hwm = node === undefined ? NaN : memoryOf(node).hwm;
    const steady = median(samples.filter((s) => s.at >= end - STEADY_WINDOW_MS).map((s) => s.rss));
    const peak = Math.max(...samples.map((s) => s.rss));
    return { server, start, processes, parts, loadS, refreshes: loaded - 1, failed, steady, peak, hwm };
  } finally {
    await stopVisitor();
    if (child.exitCode === null) {
      // npm runs in a process group of its own: the signal reaches the server below it too.
      if (start === "npm") process.kill(-child.pid!, "SIGTERM");
      else child.kill("SIGTERM");
      await once(child, "exit");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await upstream.close();
  }
}

async function main() {
  for (const server of SERVERS)
    if (!fs.existsSync(path.join(server, "build/index.js"))) {
      console.error(`${path.join(server, "build/index.js")} is missing: run \`npm run build\` first.`);
      process.exit(1);
    }
  const rows: Row[] = [];
  for (const parts of SIZES) {
    process.stdout.write(`\n${parts.toLocaleString("en")} parts: generating two catalogues … `);
    const bodies = [1, 2].map((seed) => Buffer.from(JSON.stringify(generateParts(parts, seed))));
    console.log(`${(bodies[0].length / 1e6).toFixed(1)} MB of JSON each`);
    for (let round = 0; round < ROUNDS; round++)
      for (const server of SERVERS)
        for (const start of STARTS) {
          const row = await measure(server, start, parts, bodies);
          console.log(
            `  ${server} (${start === "npm" ? "npm start" : "node build/index.js"}, ${row.processes} processes): loaded in ${row.loadS.toFixed(1)} s, ${row.refreshes} refreshes in ${SECONDS} s, steady ${row.steady.toFixed(0)} MB, peak ${row.peak.toFixed(0)} MB`,
          );
          rows.push(row);
        }
  }

  console.log(
    `\nRSS of the processes below npm (or of node), MB: sampled every ${SAMPLE_MS} ms for ${SECONDS} s after the first load; steady = median of the last 30 s, peak = largest sample (VmHWM includes the first load). PARTS_CACHE_TTL_SECONDS ${TTL_SECONDS}, otherwise default settings; load average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(" ")}\n`,
  );
  console.log(
    [
      "server",
      "start",
      "processes",
      "parts",
      "load s",
      "refreshes",
      "failed",
      "steady MB",
      "peak MB",
      "VmHWM MB",
      "target",
    ].join(" | "),
  );
  let missed = false;
  for (const r of rows) {
    const target = TARGETS[r.parts];
    const ok = !target || ((target.steady === undefined || r.steady <= target.steady) && r.peak <= target.peak);
    if (!ok && r.server === SERVERS.at(-1) && r.start === STARTS.at(-1)) missed = true;
    const targetText = target
      ? `${target.steady === undefined ? "" : `steady ≤ ${target.steady}, `}peak ≤ ${target.peak}: ${ok ? "met" : "MISSED"}`
      : "—";
    console.log(
      [
        r.server,
        r.start === "npm" ? "npm start" : "node",
        String(r.processes),
        r.parts.toLocaleString("en"),
        r.loadS.toFixed(1),
        String(r.refreshes),
        String(r.failed),
        r.steady.toFixed(0),
        r.peak.toFixed(0),
        r.hwm.toFixed(0),
        targetText,
      ].join(" | "),
    );
  }
  if (missed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
