/**
 * `npm run bench:1c [-- --goods 100000] [--server .[,../other-copy]] [--start npm[,node]] [--rounds 1] [--again]`:
 * a big 1C exchange against the built server (`npm run build` first).
 * Generates a catalogue of --goods goods (100 000: import.xml ≈ 150 MB, offers.xml ≈ 70 MB),
 * zips it, uploads it in file_limit posts as 1C does, imports both files polling through
 * `progress`, then a changes-only offers.xml of 1 000 goods; prints the times, the peak RSS and
 * the slowest /healthz answer meanwhile.
 *
 * The server as a dealer runs it: `npm start` in the folder of `--server` (each folder its own
 * build), `--start node` a plain `node build/index.js` for comparison. Several folders and ways
 * run one after the other on the same files (`--rounds` repeats them, interleaved): a side-by-side
 * comparison on a noisy machine. Memory is that of the processes below npm (npm's own not
 * counted): their RSS summed every 100 ms, by phase, and the peak as the kernel kept it (the node
 * process's VmHWM plus the others' RSS). The catalogue's builds and offers applied in place are
 * listed with the time they ended, from the server's log. `--again` runs the full exchange once
 * more after that, with 1C's catalogue serving, as the dealer's next one. Target: peak ≤ 450 MB.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { encodeXml, offersXml, sampleOffer, writeBigCatalogue } from "../test/commerceml";
import { Fake1C, httpTransport, zipFiles } from "../test/fake-1c";
import { builtServerEnv, freePort, waitForHealthz } from "../test/server-process";
import { descendantsOf, memoryOf, serverPid } from "./proc-memory";

const { values: args } = parseArgs({
  options: {
    goods: { type: "string", default: "100000" },
    server: { type: "string", default: "." },
    start: { type: "string", default: "npm" },
    rounds: { type: "string", default: "1" },
    again: { type: "boolean", default: false },
  },
});
const count = Number(args.goods);
const SERVERS = args.server.split(",").filter(Boolean);
const STARTS = args.start.split(",").filter(Boolean) as Start[];
const ROUNDS = Number(args.rounds);
const SAMPLE_MS = 100;
const PEAK_TARGET_MB = 450;
const PHASES = [
  "upload",
  "import.xml",
  "offers.xml",
  "changes-only offers.xml",
  "after",
  "again: import.xml",
  "again: offers.xml",
  "again: after",
] as const;

type Start = "npm" | "node";
type Phase = (typeof PHASES)[number];

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

interface Row {
  server: string;
  start: Start;
  uploadMs: number;
  importMs: number;
  offersMs: number;
  wholeMs: number;
  changesMs: number;
  /** From the changes' `success` to the pages showing them. */
  shownMs: number;
  startMb: number;
  /** The node process's VmHWM plus the other processes' RSS. */
  peakMb: number;
  /** The largest sum of sampled RSS in each phase. */
  sampled: Map<Phase, number>;
  slowest: Map<Phase, number>;
  events: string[];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-1c-"));
const importFile = path.join(dir, "import.xml");
const offersFile = path.join(dir, "offers.xml");
const archive = path.join(dir, "goods.zip");

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

async function measure(
  server: string,
  start: Start,
  generated: Awaited<ReturnType<typeof writeBigCatalogue>>,
): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
  const port = await freePort();
  const credentials = { user: "bench", password: "bench-password" };
  const env = builtServerEnv(port, dataDir, {
    // npm keeps its cache and settings in the home folder.
    ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    ONEC_EXCHANGE_USER: credentials.user,
    ONEC_EXCHANGE_PASSWORD: credentials.password,
  });
  const child: ChildProcess =
    start === "npm"
      ? spawn("npm", ["start", "--silent"], { cwd: server, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
      : spawn(process.execPath, ["build/index.js"], { cwd: server, env, stdio: ["ignore", "pipe", "pipe"] });
  const pids = () => (start === "npm" ? descendantsOf(child.pid!) : [child.pid!]);
  let output = "";
  let phase: Phase = "upload";
  let began = performance.now();
  const events: string[] = [];
  let partial = "";
  /** The store's version the pages show, from the server's log, and when it began to show. */
  let serving = { version: 0, at: 0 };
  child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.includes('"msg":"1C ')) continue;
      const { time: _time, level: _level, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
      const at = performance.now() - began;
      if (typeof fields.storeVersion === "number") serving = { version: fields.storeVersion, at };
      events.push(`${String(msg)} ${JSON.stringify(fields)} at ${seconds(at)} s, ${phase}`);
    }
  });
  child.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;

  try {
    await waitForHealthz(url, child, () => output, 60_000);
    const startMb = pids().reduce((sum, pid) => sum + memoryOf(pid).rss, 0);
    const sampled = new Map<Phase, number>();
    const slowest = new Map<Phase, number>();
    let running = true;
    const sampler = (async () => {
      while (running) {
        const rss = pids().reduce((sum, pid) => sum + memoryOf(pid).rss, 0);
        sampled.set(phase, Math.max(sampled.get(phase) ?? 0, rss));
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      }
    })();
    // /healthz while the exchange works: the slowest answer in each phase.
    const probe = (async () => {
      while (running) {
        const at = performance.now();
        await fetch(`${url}/healthz`).catch(() => undefined);
        slowest.set(phase, Math.max(slowest.get(phase) ?? 0, performance.now() - at));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();

    const onec = new Fake1C(httpTransport(url), credentials);
    began = performance.now();
    await onec.checkauth("catalog");
    await onec.init("catalog");
    const upload = await timed(() => onec.uploadFile("catalog", "goods.zip", archive));
    const refused = upload.result.find((answer) => answer !== "success");
    if (refused) throw new Error(`upload: ${refused}`);
    phase = "import.xml";
    const imported = await timed(() => onec.import("import.xml", 10_000, 200));
    if (!imported.result.last.startsWith("success")) throw new Error(`import.xml: ${imported.result.last}`);
    phase = "offers.xml";
    const offers = await timed(() => onec.import("offers.xml", 10_000, 200));
    if (!offers.result.last.startsWith("success")) throw new Error(`offers.xml: ${offers.result.last}`);
    const wholeMs = performance.now() - began;

    const changes = encodeXml(
      offersXml({
        priceTypes: [generated.priceType],
        offers: Array.from({ length: 1000 }, (_, n) => ({ ...sampleOffer(n * 7, generated.priceType), quantity: 42 })),
        onlyChanges: true,
      }),
      "utf-8",
    );
    phase = "changes-only offers.xml";
    const changed = await timed(async () => {
      await onec.checkauth("catalog");
      await onec.init("catalog");
      await onec.upload("catalog", "offers.xml", changes);
      const run = await onec.import("offers.xml", 1000, 50);
      if (!run.last.startsWith("success")) throw new Error(run.last);
    });
    // Three commits (import.xml, offers.xml, the changes): the pages show the last one once the
    // server serves the store's version 3. A build still under way counts too.
    const succeeded = performance.now() - began;
    phase = "after";
    for (const deadline = Date.now() + 60_000; serving.version < 3;) {
      if (Date.now() > deadline) throw new Error(`the catalogue serving is the store's version ${serving.version}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const shownMs = Math.max(0, serving.at - succeeded);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (args.again) {
      // The dealer's next full exchange, with 1C's catalogue serving: commits 4 and 5.
      await onec.checkauth("catalog");
      await onec.init("catalog");
      await onec.uploadFile("catalog", "goods.zip", archive);
      for (const name of ["import.xml", "offers.xml"] as const) {
        phase = `again: ${name}`;
        const run = await onec.import(name, 10_000, 200);
        if (!run.last.startsWith("success")) throw new Error(`${name} again: ${run.last}`);
      }
      phase = "again: after";
      for (const deadline = Date.now() + 60_000; serving.version < 5;) {
        if (Date.now() > deadline) throw new Error(`the catalogue serving is the store's version ${serving.version}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    running = false;
    await Promise.all([sampler, probe]);
    const all = pids();
    const node = serverPid(all) ?? child.pid!;
    const peakMb =
      memoryOf(node).hwm + all.filter((pid) => pid !== node).reduce((sum, pid) => sum + memoryOf(pid).rss, 0);
    return {
      server,
      start,
      uploadMs: upload.ms,
      importMs: imported.ms,
      offersMs: offers.ms,
      wholeMs,
      changesMs: changed.ms,
      shownMs,
      startMb,
      peakMb,
      sampled,
      slowest,
      events,
    };
  } finally {
    if (child.exitCode === null) {
      // npm runs in a process group of its own: the signal reaches the server below it too.
      if (start === "npm") process.kill(-child.pid!, "SIGTERM");
      else child.kill("SIGTERM");
      await once(child, "exit");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  for (const server of SERVERS)
    if (!fs.existsSync(path.join(server, "build/index.js")))
      throw new Error(`${path.join(server, "build/index.js")} is missing: run \`npm run build\` first.`);
  const generating = await timed(() => writeBigCatalogue(importFile, offersFile, count));
  const generated = generating.result;
  console.log(
    `generated ${count} goods in ${seconds(generating.ms)} s: import.xml ${mb(generated.importBytes)}, offers.xml ${mb(generated.offersBytes)}`,
  );
  const zipped = await zipFiles(
    [
      { name: "import.xml", file: importFile },
      { name: "offers.xml", file: offersFile },
    ],
    archive,
  );
  console.log(`archive ${mb(zipped)}`);
  fs.rmSync(importFile);
  fs.rmSync(offersFile);

  const rows: Row[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const server of SERVERS)
      for (const start of STARTS) {
        const row = await measure(server, start, generated);
        rows.push(row);
        console.log(
          `\n${server} (${start === "npm" ? "npm start" : "node build/index.js"}), load average ${os
            .loadavg()
            .map((v) => v.toFixed(1))
            .join(" ")}`,
        );
        console.log(
          `  upload ${seconds(row.uploadMs)} s, import.xml ${seconds(row.importMs)} s, offers.xml ${seconds(row.offersMs)} s, whole exchange ${seconds(row.wholeMs)} s; 1 000 changed offers ${seconds(row.changesMs)} s, shown ${seconds(row.shownMs)} s after success`,
        );
        console.log(`  RSS ${row.startMb.toFixed(1)} MB at start, peak ${row.peakMb.toFixed(1)} MB`);
        for (const phase of PHASES.filter((name) => args.again || !name.startsWith("again")))
          console.log(
            `  ${phase}: RSS up to ${(row.sampled.get(phase) ?? NaN).toFixed(1)} MB, slowest /healthz ${(row.slowest.get(phase) ?? NaN).toFixed(0)} ms`,
          );
        for (const event of row.events) console.log(`  ${event}`);
      }

  console.log(
    `\n${["server", "start", "upload s", "import.xml s", "offers.xml s", "whole s", "1 000 offers s", "shown after s", "peak MB", "slowest /healthz ms (import.xml / offers.xml / 1 000 offers)", "target"].join(" | ")}`,
  );
  let missed = false;
  for (const r of rows) {
    const ok = r.peakMb <= PEAK_TARGET_MB;
    if (!ok && r.server === SERVERS.at(-1)) missed = true;
    const healthz = (["import.xml", "offers.xml", "changes-only offers.xml"] as const)
      .map((phase) => (r.slowest.get(phase) ?? NaN).toFixed(0))
      .join(" / ");
    console.log(
      [
        r.server,
        r.start === "npm" ? "npm start" : "node",
        seconds(r.uploadMs),
        seconds(r.importMs),
        seconds(r.offersMs),
        seconds(r.wholeMs),
        seconds(r.changesMs),
        seconds(r.shownMs),
        r.peakMb.toFixed(1),
        healthz,
        `peak ≤ ${PEAK_TARGET_MB}: ${ok ? "met" : "MISSED"}`,
      ].join(" | "),
    );
  }
  if (missed) process.exitCode = 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
