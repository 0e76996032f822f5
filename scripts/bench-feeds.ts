/**
 * Feeds benchmark: `npm run bench:feeds` (`npx tsx scripts/bench-feeds.ts [--parts 100000]`; run
 * `npm run build` first). Starts the built server against a parts API on loopback serving a
 * generated catalogue of `--parts` parts, waits for it to load, then downloads each catalogue file
 * in turn and prints, per download: time to the first and the last byte, the bytes on the wire
 * (and, compressed, the bytes after decoding), the server's resident memory before and at its
 * peak during the download (VmRSS; the peak is the kernel's VmHWM, reset before each download
 * through /proc/PID/clear_refs, else the highest of samples every 20 ms), and /healthz latency
 * (median and worst) asked every 50 ms meanwhile.
 *
 * Downloads: the Yandex feed with gzip, with brotli and uncompressed; the feed read by a client
 * that stops reading for 3 s (what the server holds for a slow client); the price list first
 * (written then) and again (sent from the file).
 * Target (the feed at 100 000 parts): RSS grows by at most 50 MB while it is sent (exit 1 otherwise).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { generateParts } from "~server/demo-catalogue.server";
import { builtServerEnv, freePort, waitForHealthz } from "../test/server-process";

const { values: args } = parseArgs({ options: { parts: { type: "string", default: "100000" } } });
const PARTS = Number(args.parts);
const TARGET_GROWTH_MB = 50;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

/** Resets the kernel's peak RSS of `pid` to its RSS now; false where that is not allowed. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

async function startUpstream(body: Buffer) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** /healthz every 50 ms on its own connection until stopped; its latencies in ms. */
function pingHealthz(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      await new Promise<void>((resolve) => {
        http
          .get(`${base}/healthz`, { agent }, (res) => {
            res.resume();
            res.on("end", () => resolve());
          })
          .on("error", () => resolve());
      });
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
    agent.destroy();
    return latencies.sort((a, b) => a - b);
  };
}

interface Download {
  status: number;
  firstByteMs: number;
  lastByteMs: number;
  wireBytes: number;
  decodedBytes: number;
  encoding: string;
}

/** One download read as fast as it comes, or with a pause of `pauseMs` after the first chunk. */
function download(url: string, encoding: string, pauseMs = 0): Promise<Download> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let firstByteMs = 0;
    let wireBytes = 0;
    let decodedBytes = 0;
    const headers = encoding === "identity" ? {} : { "Accept-Encoding": encoding };
    http
      .get(url, { headers }, (res) => {
        const got = res.headers["content-encoding"] ?? "identity";
        const decoder = got === "gzip" ? zlib.createGunzip() : got === "br" ? zlib.createBrotliDecompress() : undefined;
        decoder?.on("data", (c: Buffer) => (decodedBytes += c.length));
        let paused = false;
        res.on("data", (chunk: Buffer) => {
          if (!firstByteMs) firstByteMs = performance.now() - start;
          wireBytes += chunk.length;
          decoder?.write(chunk);
          if (pauseMs && !paused) {
            paused = true;
            res.pause();
            setTimeout(() => res.resume(), pauseMs);
          }
        });
        res.on("end", async () => {
          const lastByteMs = performance.now() - start;
          if (decoder) {
            decoder.end();
            await once(decoder, "end");
          } else decodedBytes = wireBytes;
          resolve({ status: res.statusCode ?? 0, firstByteMs, lastByteMs, wireBytes, decodedBytes, encoding: got });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

interface Row extends Download {
  what: string;
  rssBefore: number;
  rssPeak: number;
  healthzP50: number;
  healthzMax: number;
  healthzCount: number;
}

async function main() {
  if (!fs.existsSync("build/index.js")) throw new Error("build/index.js is missing: run `npm run build` first");
  process.stdout.write(`${PARTS.toLocaleString("en")} parts: generating … `);
  const body = Buffer.from(JSON.stringify(generateParts(PARTS)));
  console.log(`${mb(body.length)} of JSON`);
  const upstream = await startUpstream(body);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-feeds-"));
  let output = "";
  const child = spawn(process.execPath, ["build/index.js"], {
    env: builtServerEnv(port, dataDir, {
      PARTS_API_URL: upstream.url,
      PARTS_CACHE_TTL_SECONDS: "86400",
      PARTS_TIMEOUT_MS: "120000",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c) => (output = (output + c).slice(-20_000)));
  child.stderr!.on("data", (c) => (output = (output + c).slice(-20_000)));
  const rows: Row[] = [];
  let exact = false;
  try {
    await waitForHealthz(base, child, () => output, 60_000);
    const loadStart = performance.now();
    for (;;) {
      const status = await new Promise<number>((resolve) =>
        http
          .get(`${base}/catalog/parts`, (res) => (res.resume(), resolve(res.statusCode ?? 0)))
          .on("error", () => resolve(0)),
      );
      if (status === 200) break;
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`catalogue loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s; settling 3 s`);
    await new Promise((r) => setTimeout(r, 3000));

    const runs: [string, string, string, number?][] = [
      ["feed, gzip", "/feeds/yandex-market.yml", "gzip"],
      ["feed, brotli", "/feeds/yandex-market.yml", "br"],
      ["feed, uncompressed", "/feeds/yandex-market.yml", "identity"],
      ["feed, gzip, client pauses 3 s", "/feeds/yandex-market.yml", "gzip", 3000],
      ["feed, uncompressed, client pauses 3 s", "/feeds/yandex-market.yml", "identity", 3000],
      ["price list, first (written)", "/feeds/price-list.xlsx", "gzip"],
      ["price list, again (from the file)", "/feeds/price-list.xlsx", "gzip"],
    ];
    for (const [what, pathname, encoding, pauseMs] of runs) {
      const pid = child.pid!;
      const rssBefore = memoryOf(pid).rss;
      exact = resetPeak(pid);
      let sampled = rssBefore;
      const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 20);
      const stopPing = pingHealthz(base);
      const result = await download(base + pathname, encoding, pauseMs);
      const latencies = await stopPing();
      clearInterval(sampler);
      const rssPeak = exact ? memoryOf(pid).hwm : sampled;
      if (result.status !== 200) throw new Error(`${pathname}: status ${result.status}`);
      rows.push({
        what,
        ...result,
        rssBefore,
        rssPeak,
        healthzP50: latencies[Math.floor(latencies.length / 2)] ?? NaN,
        healthzMax: latencies.at(-1) ?? NaN,
        healthzCount: latencies.length,
      });
      const r = rows.at(-1)!;
      console.log(
        `${what}: first byte ${r.firstByteMs.toFixed(0)} ms, last ${r.lastByteMs.toFixed(0)} ms, ` +
          `${mb(r.wireBytes)} (${r.encoding}; ${mb(r.decodedBytes)} decoded), RSS ${r.rssBefore.toFixed(0)} → ` +
          `peak ${r.rssPeak.toFixed(0)} MB (+${(r.rssPeak - r.rssBefore).toFixed(0)}), /healthz median ` +
          `${r.healthzP50.toFixed(1)} ms, worst ${r.healthzMax.toFixed(1)} ms of ${r.healthzCount}`,
      );
      // Let the garbage of one download go before the next is measured.
      await new Promise((r) => setTimeout(r, 2000));
    }
  } finally {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    upstream.server.close();
  }

  console.log(
    `\n| ${PARTS.toLocaleString("en")} parts | first byte | last byte | on the wire | decoded | RSS before → peak | /healthz median / worst |`,
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.what} | ${r.firstByteMs.toFixed(0)} ms | ${r.lastByteMs.toFixed(0)} ms | ${mb(r.wireBytes)} (${r.encoding}) | ` +
        `${mb(r.decodedBytes)} | ${r.rssBefore.toFixed(0)} → ${r.rssPeak.toFixed(0)} MB (+${(r.rssPeak - r.rssBefore).toFixed(0)}) | ` +
        `${r.healthzP50.toFixed(1)} / ${r.healthzMax.toFixed(1)} ms |`,
    );
  }
  console.log(exact ? "(peak: the kernel's VmHWM)" : "(peak: highest sample every 20 ms; clear_refs not allowed)");
  const worst = Math.max(...rows.filter((r) => r.what.startsWith("feed")).map((r) => r.rssPeak - r.rssBefore));
  if (PARTS >= 100_000 && worst > TARGET_GROWTH_MB) {
    console.error(`the feed grew the server's RSS by ${worst.toFixed(0)} MB (target ≤ ${TARGET_GROWTH_MB} MB)`);
    process.exit(1);
  }
}

await main();
