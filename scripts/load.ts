/**
 * Load and resilience run: `npm run load` (tsx). Loopback only, against the built server
 * (built first when build/ is missing) with a local fake notify service. Three phases:
 *
 * 1. autocannon, LOAD_SECONDS (60) with LOAD_CONNECTIONS (100): page views, searches, cart adds
 *    and leads (some multipart with files), X-Forwarded-For spread so the lead limiter rarely
 *    bites (its 429s are counted apart). Prints req/s, p50/p99, errors, the server's VmRSS
 *    before and after, and leads answered as sent versus leads at the fake or on disk.
 * 2. 20 simultaneous 10 MB uploads; VmRSS sampled every 50 ms, peak growth reported.
 * 3. SIGTERM in the middle of a lead load: every lead answered with success must be at the
 *    fake or on disk.
 * 4. A notify service that drops a third of its answers after taking the lead (LOAD_FLAKY_SECONDS,
 *    15): the background retry (NOTIFY_RETRY_BASE_SECONDS=1) re-sends them; every lead must reach
 *    the fake, and the copies must share their Idempotency-Key.
 *
 * Each phase that sends leads reports the leads received by the fake, the distinct idempotency
 * keys among them, repeats under the same key (which the service drops), and leads received twice
 * under different keys (which it could not tell apart: must be 0). Every lead carries a unique
 * comment, so copies are told by content.
 *
 * The server runs with TRUST_PROXY=loopback, as behind a local nginx: each request's
 * X-Forwarded-For is its own address, so the lead limiter counts per simulated visitor.
 *
 * The server runs with --expose-gc and scripts/load-gc.mjs preloaded, so memory before and after
 * is read after a full GC (VmRSS alone mostly shows where V8 happened to stop collecting).
 *
 * Targets: 0 errors, 0 leads lost, memory growth under 50 MB, upload peak growth under 100 MB.
 * Exits 1 when one is missed.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PARTS_PAGE_SIZE } from "../app/lib/catalogue-search";
import { LEAD_UPLOAD_URL } from "../app/lib/lead-forms";
import { generateParts } from "../server/demo-catalogue.server";
import { startFakeNotify, type FakeNotify, type ReceivedNotify } from "../test/fake-notify";
import { builtServerEnv, freePort, waitForHealthz } from "../test/server-process";

const require = createRequire(import.meta.url);
// No type definitions are published for autocannon.
const autocannon = require("autocannon");

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 10);
const SETTLE_MS = Number(process.env.LOAD_SETTLE_MS ?? 5_000);
const FLAKY_SECONDS = Number(process.env.LOAD_FLAKY_SECONDS ?? 15);
const UPLOADS = 20;
const UPLOAD_BYTES = 10 * 1024 * 1024 - 64 * 1024; // one file just under the 10 485 760-byte cap, with room for the fields
const TARGET = { errors: 0, lost: 0, rssGrowthMb: 50, uploadPeakMb: 100 };
const KEY = "load-notify-key";

const MB = 1024 * 1024;
const failures: string[] = [];
const dataDirs: string[] = [];

function check(ok: boolean, message: string) {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${message}`);
  if (!ok) failures.push(message);
}

function rssBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
    return kb * 1024;
  } catch {
    return 0;
  }
}

interface Server {
  url: string;
  child: ChildProcess;
  dataDir: string;
  gcReport: string;
  logs: () => string;
  exited: Promise<number | null>;
}

async function startServer(notifyUrl: string, extraEnv: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "load-data-"));
  dataDirs.push(dataDir);
  let logs = "";
  const gcReport = path.join(dataDir, "gc-report.jsonl");
  // A full GC on SIGUSR2 (see load-gc.mjs), so memory is compared without garbage in it.
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", path.resolve("scripts/load-gc.mjs"), "build/index.js"],
    {
      env: builtServerEnv(port, dataDir, {
        NOTIFY_API_URL: notifyUrl,
        NOTIFY_API_KEY: KEY,
        NOTIFY_TIMEOUT_MS: "10000",
        TRUST_PROXY: "loopback",
        LOAD_GC_REPORT: gcReport,
        ...extraEnv,
      }),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  // Request lines are many: keep only what is not a plain info line.
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n"))
      if (line && !line.includes('"level":"info"')) logs += line + "\n";
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthz(url, child, () => logs);
  return { url, child, dataDir, gcReport, logs: () => logs, exited };
}

/** VmRSS and V8's heap in use right after a full GC in the server. */
async function afterGc(
  server: Server,
): Promise<{ rss: number; heapUsed: number; heapTotal: number; external: number }> {
  const before = fs.existsSync(server.gcReport) ? fs.readFileSync(server.gcReport, "utf8").length : 0;
  server.child.kill("SIGUSR2");
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const text = fs.existsSync(server.gcReport) ? fs.readFileSync(server.gcReport, "utf8") : "";
    if (text.length > before) {
      const usage = JSON.parse(text.slice(before).trim().split("\n")[0]);
      // Freed pages leave the RSS a moment after the collection.
      await new Promise((r) => setTimeout(r, 500));
      return {
        rss: rssBytes(server.child.pid!),
        heapUsed: usage.heapUsed,
        heapTotal: usage.heapTotal,
        external: usage.external,
      };
    }
  }
  throw new Error("the server sent no GC report");
}

function leadsOnDisk(dataDir: string): { id: string; status: string; text: string }[] {
  const dir = path.join(dataDir, "leads");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((id) => {
    const file = path.join(dir, id, "lead.json");
    if (!fs.existsSync(file)) return [];
    const text = fs.readFileSync(file, "utf8");
    return [{ id, status: JSON.parse(text).status as string, text }];
  });
}

function receivedText(r: ReceivedNotify): string {
  return JSON.stringify(r.json ?? r.multipart?.fields ?? []);
}

/** The lead's unique comment: what tells two copies of one lead from two leads. */
function leadToken(r: ReceivedNotify): string {
  return (r.json?.fields ?? r.multipart?.fields ?? []).find((f) => f.key === "comment")?.value ?? "";
}

interface KeyFigures {
  received: number;
  leads: number;
  distinctKeys: number;
  sameKeyRepeats: number;
  differentKeys: number;
  withoutKey: number;
}

/** How the leads at the fake carry their Idempotency-Key (see the header comment). */
function keyFigures(received: ReceivedNotify[]): KeyFigures {
  const keys = new Set<string>();
  const keysByLead = new Map<string, Set<string>>();
  let withoutKey = 0;
  for (const r of received) {
    const key = r.headers["idempotency-key"];
    if (typeof key !== "string" || key === "") {
      withoutKey++;
      continue;
    }
    keys.add(key);
    const token = leadToken(r);
    if (!keysByLead.has(token)) keysByLead.set(token, new Set());
    keysByLead.get(token)!.add(key);
  }
  const differentKeys = [...keysByLead.values()].filter((set) => set.size > 1).length;
  return {
    received: received.length,
    leads: keysByLead.size,
    distinctKeys: keys.size,
    sameKeyRepeats: received.length - withoutKey - keys.size,
    differentKeys,
    withoutKey,
  };
}

function reportKeys(figures: KeyFigures) {
  console.log(
    `  idempotency: ${figures.received} leads received by the fake (${figures.leads} different leads), ${figures.distinctKeys} distinct idempotency keys, ` +
      `${figures.sameKeyRepeats} repeats under the same key, ${figures.differentKeys} leads sent twice with different keys, ${figures.withoutKey} without a key`,
  );
  check(
    figures.differentKeys === 0 && figures.withoutKey === 0,
    `leads sent twice with different keys ${figures.differentKeys}, without a key ${figures.withoutKey} (target 0)`,
  );
}

let leadSeq = 0;
const nextToken = (prefix: string) => `${prefix} ${++leadSeq}-${Math.random().toString(36).slice(2, 8)}`;

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const CRLF = "\r\n";
function multipartBody(
  boundary: string,
  fields: Record<string, string>,
  files: { name: string; bytes: number }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${k}"${CRLF}${CRLF}${v}${CRLF}`),
    );
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: form-data; name="files"; filename="${f.name}"${CRLF}Content-Type: application/octet-stream${CRLF}${CRLF}`,
      ),
    );
    chunks.push(Buffer.alloc(f.bytes, 0x41));
    chunks.push(Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

const LEAD_FIELDS = { name: "Нагрузка Тест", phone: "+7 (912) 345-67-89", consent: "on", page: "/catalog/parts" };

async function main() {
  if (!fs.existsSync("build/index.js")) {
    console.log("build/ is missing: building…");
    const built = spawnSync("npm", ["run", "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (built.status !== 0) process.exit(1);
  }

  const notify: FakeNotify = await startFakeNotify();
  let server = await startServer(notify.url);
  const pid = server.child.pid!;

  // Ids and slugs of real parts, for part pages and cart adds: a page's worth of the demo
  // catalogue the server runs on (DEMO_PARTS_COUNT's default).
  const items = generateParts(360)
    .flatMap((g) => g.parts)
    .slice(0, PARTS_PAGE_SIZE);
  const inStock = items.filter((p) => p.balance > 0);
  const pages = [
    "/",
    "/catalog",
    "/catalog/parts",
    "/catalog/trucks",
    "/contacts",
    "/delivery",
    "/leasing",
    "/service",
    ...items.map((p) => `/catalog/parts/${p.slug}`),
  ];
  const searches = ["фильтр", "фыльтр масляный", "колодки", "насос", "abkmnh", "1012015", "ремень", "датчик", "zzzz"];

  // Counted over the warm-up and the run alike (errors and leads); byKind is the run's only.
  const byKind: Record<string, Record<string, number>> = {};
  let errors = 0;
  let limited = 0;
  let leadsAnswered = 0;
  const errorSamples: string[] = [];
  // The files part is made once; each upload gets its own fields (a unique comment) in front of it.
  const uploadFiles = multipartBody("loadB0und", {}, [
    { name: "список.csv", bytes: 2_000 },
    { name: "фото.jpg", bytes: 150_000 },
  ]);
  const closing = Buffer.byteLength(`--loadB0und--${CRLF}`);
  const upload = () => {
    const fields = multipartBody("loadB0und", { ...LEAD_FIELDS, comment: nextToken("с файлами") }, []);
    return Buffer.concat([fields.subarray(0, fields.length - closing), uploadFiles]);
  };
  const pick = <T>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)];
  const mixedRequests = () => [
    {
      setupRequest(req: Record<string, unknown>, context: Record<string, unknown>) {
        const r = Math.random();
        const headers: Record<string, string> = { "x-forwarded-for": nextIp(), "accept-encoding": "gzip" };
        if (r < 0.5) {
          context.kind = "page";
          return { ...req, method: "GET", path: pick(pages), headers, body: undefined };
        }
        if (r < 0.7) {
          context.kind = "search";
          const q = new URLSearchParams({ search: pick(searches) });
          if (Math.random() < 0.3) q.set("page", String(1 + Math.floor(Math.random() * 3)));
          return { ...req, method: "GET", path: `/catalog/parts?${q}`, headers, body: undefined };
        }
        if (r < 0.85) {
          context.kind = "cart";
          const part = pick(inStock);
          return {
            ...req,
            method: "POST",
            path: "/cart",
            headers: {
              ...headers,
              "content-type": "application/x-www-form-urlencoded",
              cookie: `cart=${pick(inStock).id}.1`,
            },
            body: new URLSearchParams({
              intent: "add",
              id: part.id,
              returnTo: `/catalog/parts/${part.slug}`,
            }).toString(),
          };
        }
        if (r < 0.95) {
          context.kind = "lead";
          return {
            ...req,
            method: "POST",
            path: "/lead/callback",
            headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ ...LEAD_FIELDS, comment: nextToken("нагрузка") }).toString(),
          };
        }
        context.kind = "lead-upload";
        return {
          ...req,
          method: "POST",
          path: LEAD_UPLOAD_URL,
          headers: {
            ...headers,
            "content-type": "multipart/form-data; boundary=loadB0und",
            accept: "application/json",
          },
          body: upload(),
        };
      },
      onResponse(status: number, body: string, context: Record<string, unknown>) {
        const kind = String(context.kind);
        byKind[kind] ??= {};
        byKind[kind][status] = (byKind[kind][status] ?? 0) + 1;
        if (status === 429) limited++;
        else if (status >= 400) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(`${kind} ${status} ${String(body).slice(0, 200)}`);
        }
        if ((kind === "lead" && status === 303) || (kind === "lead-upload" && status === 200)) leadsAnswered++;
      },
    },
  ];

  // Warm up (catalogue, search index, JIT, a heap sized for the concurrency), then the baseline:
  // growth from here on is what the run itself leaves behind.
  const rssIdle = rssBytes(pid);
  for (const p of pages.slice(0, 8)) await (await fetch(server.url + p)).arrayBuffer();
  await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: WARMUP_SECONDS,
    timeout: 30,
    requests: mixedRequests(),
  });
  for (const kind of Object.keys(byKind)) delete byKind[kind];
  // Both figures are read after in-flight work has ended and a full GC: growth is what stays.
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const base = await afterGc(server);
  const rssBefore = base.rss;
  const during: number[] = [];
  const trend = setInterval(() => during.push(rssBytes(pid)), 10_000);

  // ---- Phase 1: mixed load -------------------------------------------------------------------
  console.log(`\nPhase 1: ${SECONDS} s, ${CONNECTIONS} connections, mixed traffic against ${server.url}`);
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 30,
    requests: mixedRequests(),
  });
  clearInterval(trend);
  const rssEnd = rssBytes(pid);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const rssSettled = rssBytes(pid);
  const end = await afterGc(server);
  const rssAfter = end.rss;
  const socketErrors = result.errors + result.timeouts;
  const onDisk = leadsOnDisk(server.dataDir);
  const delivered = onDisk.filter((l) => l.status === "delivered").length;
  const kept = onDisk.filter((l) => l.status !== "delivered").length;
  const atFake = notify.received.length;
  const lost = Math.max(0, leadsAnswered - Math.max(atFake, delivered) - kept);

  console.log(
    `  requests: ${result.requests.total} in ${result.duration} s, ${result.requests.average.toFixed(0)} req/s`,
  );
  console.log(`  latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  by kind and status: ${JSON.stringify(byKind)}`);
  console.log(
    `  errors (4xx/5xx except 429): ${errors}; socket errors/timeouts: ${socketErrors}; rate-limited 429s: ${limited}`,
  );
  for (const s of errorSamples) console.log(`    e.g. ${s}`);
  console.log(
    `  VmRSS: ${(rssIdle / MB).toFixed(1)} MB idle; ${(rssBefore / MB).toFixed(1)} MB after a ${WARMUP_SECONDS} s warm-up and ${SETTLE_MS / 1000} s settling (the baseline, after a full GC); ` +
      `every 10 s of the run ${during.map((b) => (b / MB).toFixed(0)).join(" → ")} MB; ${(rssEnd / MB).toFixed(1)} MB at its end; ${(rssSettled / MB).toFixed(1)} MB after settling; ` +
      `${(rssAfter / MB).toFixed(1)} MB after a full GC (${((rssAfter - rssBefore) / MB).toFixed(1)} MB growth)`,
  );
  const mb = (n: number) => (n / MB).toFixed(1);
  console.log(
    `  after a full GC, baseline → after the run: V8 heap in use ${mb(base.heapUsed)} → ${mb(end.heapUsed)} MB, V8 heap reserved ${mb(base.heapTotal)} → ${mb(end.heapTotal)} MB, ` +
      `external (buffers, zlib) ${mb(base.external)} → ${mb(end.external)} MB`,
  );
  console.log(
    `  leads: ${leadsAnswered} answered as sent, ${atFake} received by the fake, ${delivered} marked delivered and ${kept} kept undelivered on disk, ${lost} lost`,
  );
  reportKeys(keyFigures(notify.received));
  check(errors + socketErrors <= TARGET.errors, `errors ${errors + socketErrors} (target ${TARGET.errors})`);
  check(lost <= TARGET.lost, `leads lost ${lost} (target ${TARGET.lost})`);
  check(
    (rssAfter - rssBefore) / MB < TARGET.rssGrowthMb,
    `memory growth ${((rssAfter - rssBefore) / MB).toFixed(1)} MB (target < ${TARGET.rssGrowthMb} MB)`,
  );

  // ---- Phase 2: 20 simultaneous 10 MB uploads ---------------------------------------------------
  console.log(`\nPhase 2: ${UPLOADS} simultaneous uploads of ${(UPLOAD_BYTES / MB).toFixed(2)} MB`);
  notify.received = [];
  await new Promise((r) => setTimeout(r, 500));
  const uploadBase = (await afterGc(server)).rss;
  let peak = uploadBase;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 50);
  const bigBody = multipartBody("bigB0und", { ...LEAD_FIELDS, comment: "большой файл" }, [
    { name: "scan.pdf", bytes: UPLOAD_BYTES },
  ]);
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: UPLOADS }, async () => {
      try {
        const res = await fetch(`${server.url}${LEAD_UPLOAD_URL}`, {
          method: "POST",
          headers: {
            "content-type": "multipart/form-data; boundary=bigB0und",
            accept: "application/json",
            "x-forwarded-for": nextIp(),
          },
          body: new Uint8Array(bigBody),
        });
        await res.arrayBuffer();
        return res.status;
      } catch (error) {
        return `error ${(error as Error).message}`;
      }
    }),
  );
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(pid));
  const okUploads = statuses.filter((s) => s === 200).length;
  const fullFiles = notify.received.filter((r) => r.multipart?.files.some((f) => f.size === UPLOAD_BYTES)).length;
  console.log(
    `  ${okUploads}/${UPLOADS} answered 200 in ${Date.now() - started} ms (${JSON.stringify(statuses.filter((s) => s !== 200))}), ${fullFiles} complete files at the fake`,
  );
  console.log(
    `  VmRSS: ${(uploadBase / MB).toFixed(1)} MB before, peak ${(peak / MB).toFixed(1)} MB (${((peak - uploadBase) / MB).toFixed(1)} MB peak growth)`,
  );
  check(okUploads === UPLOADS && fullFiles === UPLOADS, `uploads delivered ${fullFiles}/${UPLOADS}`);
  check(
    (peak - uploadBase) / MB < TARGET.uploadPeakMb,
    `upload peak growth ${((peak - uploadBase) / MB).toFixed(1)} MB (target < ${TARGET.uploadPeakMb} MB)`,
  );

  const logsPhase12 = server.logs();
  await stop(server);

  // ---- Phase 3: SIGTERM in the middle of a lead load -------------------------------------------
  console.log("\nPhase 3: SIGTERM during a lead load");
  notify.received = [];
  // Slow answers keep leads in flight when the signal arrives.
  notify.mode = "slow";
  notify.slowMs = 300;
  server = await startServer(notify.url);
  const answered: string[] = [];
  let refused = 0;
  let otherStatus = 0;
  let n = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const token = `lead-${++n}-${Math.random().toString(36).slice(2, 8)}`;
      const multipart = n % 4 === 0;
      try {
        const res = multipart
          ? await fetch(`${server.url}${LEAD_UPLOAD_URL}`, {
              method: "POST",
              headers: {
                "content-type": "multipart/form-data; boundary=sigB0und",
                accept: "application/json",
                "x-forwarded-for": nextIp(),
              },
              body: new Uint8Array(
                multipartBody("sigB0und", { ...LEAD_FIELDS, comment: token }, [{ name: "a.txt", bytes: 20_000 }]),
              ),
              redirect: "manual",
            })
          : await fetch(`${server.url}/lead/callback`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextIp() },
              body: new URLSearchParams({ ...LEAD_FIELDS, comment: token }),
              redirect: "manual",
            });
        const body = await res.text();
        if (res.status === 303 || (res.status === 200 && body.includes('"ok":true'))) answered.push(token);
        else otherStatus++;
      } catch {
        // Refused or closed once the server stops.
        refused++;
        if (server.child.exitCode !== null) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const workers = Array.from({ length: 30 }, worker);
  await new Promise((r) => setTimeout(r, 2000));
  const sentAtSignal = answered.length;
  server.child.kill("SIGTERM");
  const exitCode = await server.exited;
  running = false;
  await Promise.all(workers);
  // The fake may still be finishing a slow answer.
  await new Promise((r) => setTimeout(r, 500));
  const disk = leadsOnDisk(server.dataDir);
  const fakeText = notify.received.map(receivedText).join("\n");
  const diskText = disk.map((l) => l.text).join("\n");
  const missing = answered.filter((t) => !fakeText.includes(t) && !diskText.includes(t));
  console.log(
    `  server exited with ${exitCode}; ${answered.length} leads answered with success (${sentAtSignal} before the signal), ${otherStatus} other answers, ${refused} refused after the stop`,
  );
  console.log(
    `  ${notify.received.length} at the fake, ${disk.length} on disk (${disk.filter((l) => l.status !== "delivered").length} not delivered), ${missing.length} lost`,
  );
  reportKeys(keyFigures(notify.received));
  check(exitCode === 0, `graceful exit code ${exitCode}`);
  check(
    missing.length === 0,
    `leads lost on SIGTERM ${missing.length}${missing.length ? `: ${missing.slice(0, 5).join(", ")}` : ""}`,
  );
  check(otherStatus === 0, `unexpected answers during the stop ${otherStatus}`);

  const logsPhase3 = server.logs();

  // ---- Phase 4: the notify service drops answers; the background retry re-sends ---------------
  console.log(
    `\nPhase 4: ${FLAKY_SECONDS} s of leads while the notify service drops a third of its answers after taking the lead`,
  );
  notify.received = [];
  notify.mode = "flaky";
  server = await startServer(notify.url, { NOTIFY_RETRY_BASE_SECONDS: "1", NOTIFY_TIMEOUT_MS: "2000" });
  const flakyAnswers: Record<string, number> = {};
  const flakyTokens: string[] = [];
  let flaky = true;
  const flakyWorker = async () => {
    while (flaky) {
      const token = nextToken("сбой");
      const res = await fetch(`${server.url}/lead/callback`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextIp() },
        body: new URLSearchParams({ ...LEAD_FIELDS, comment: token }),
        redirect: "manual",
      });
      await res.arrayBuffer();
      flakyAnswers[res.status] = (flakyAnswers[res.status] ?? 0) + 1;
      // 303: delivered; 502: the visitor saw the error, and the lead is on disk for the retry.
      if (res.status === 303 || res.status === 502) flakyTokens.push(token);
    }
  };
  const flakyWorkers = Array.from({ length: 10 }, flakyWorker);
  await new Promise((r) => setTimeout(r, FLAKY_SECONDS * 1000));
  flaky = false;
  await Promise.all(flakyWorkers);
  // The service recovers; the retry sends what is left on its schedule.
  notify.mode = "ok";
  const retryStarted = Date.now();
  const waitingOnDisk = () => leadsOnDisk(server.dataDir).filter((l) => l.status !== "delivered").length;
  while (waitingOnDisk() > 0 && Date.now() - retryStarted < 60_000) await new Promise((r) => setTimeout(r, 500));
  const left = waitingOnDisk();
  const flakyFigures = keyFigures(notify.received);
  const atFakeTokens = new Set(notify.received.map(leadToken));
  const flakyLost = flakyTokens.filter((t) => !atFakeTokens.has(t)).length;
  console.log(
    `  ${flakyTokens.length} leads posted (answers ${JSON.stringify(flakyAnswers)}); the retry caught up ${((Date.now() - retryStarted) / 1000).toFixed(1)} s after the service recovered; ` +
      `${left} still undelivered on disk, ${flakyLost} never reached the fake`,
  );
  reportKeys(flakyFigures);
  check(
    left === 0 && flakyLost === 0,
    `leads left undelivered after the retry ${left}, never delivered ${flakyLost} (target 0)`,
  );
  await stop(server);

  const badLogs = (logsPhase12 + logsPhase3 + server.logs())
    .split("\n")
    .filter((l) => /"level":"error"|unhandled|TypeError| {4}at /.test(l));
  check(
    badLogs.length === 0,
    `server error log lines ${badLogs.length}${badLogs.length ? `: ${badLogs.slice(0, 3).join(" | ")}` : ""}`,
  );

  await notify.close();
  // The runs' data (leads, 200 MB of uploads) is dropped unless asked to keep it.
  if (process.env.LOAD_KEEP_DATA !== "1") for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  console.log(failures.length ? `\nload: ${failures.length} target(s) missed` : "\nload: every target met");
  process.exit(failures.length ? 1 : 0);
}

async function stop(server: Server) {
  server.child.kill("SIGTERM");
  await server.exited;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
