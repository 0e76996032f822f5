/**
 * Visit benchmark: `npm run bench:visit` (`npx tsx scripts/bench-visit.ts [--runs 5]`). Starts the
 * built server (build/index.js; run `npm run build` first) on the embedded defaults on a free
 * loopback port, then walks a visitor's five pages in Debian's Chromium — home, the parts list,
 * a parts search, the first part on the list, the cart — once with JavaScript and once without.
 *
 * Each walk is one browser context (one HTTP cache, as in one visit) with every page opened by a
 * full navigation, under Lighthouse's mobile emulation: a 412×823 screen at 1.75×, touch, 150 ms
 * latency, 1.6 Mbit/s down and 750 kbit/s up (both ×0.9) and the CPU slowed 4×. Per page it
 * records the bytes that came over the network (CDP encodedDataLength; cache hits count 0), the
 * requests that went to the network and the Largest Contentful Paint. Each walk runs --runs times
 * in a fresh context; the tables show medians (the walk total's LCP is the sum of the five pages').
 *
 * It prints figures only (no targets) and exits non-zero only when the server or browser fails.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";
import { builtServerEnv, firstLink, freePort, waitForHealthz } from "../test/server-process";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const RUNS = Math.max(1, Number(args.runs) || 5);

// Lighthouse's mobile profile (constants.js, mobileSlow4G): kbit/s are 1024 bit/s there.
const LATENCY_MS = 150;
const DOWNLOAD_BYTES_PER_S = (1.6 * 1024 * 0.9 * 1024) / 8;
const UPLOAD_BYTES_PER_S = (750 * 0.9 * 1024) / 8;
const CPU_SLOWDOWN = 4;
/** After network idle: time for a last paint to be reported as an LCP candidate. */
const SETTLE_MS = 500;

const TYPES = ["document", "stylesheet", "script", "image", "media", "other"] as const;
type Kind = (typeof TYPES)[number];

interface PageFigures {
  bytes: number;
  requests: number;
  cached: number;
  lcp: number | null;
  byType: Record<Kind, number>;
}

function kindOf(cdpType: string | undefined): Kind {
  switch (cdpType) {
    case "Document":
      return "document";
    case "Stylesheet":
      return "stylesheet";
    case "Script":
      return "script";
    case "Image":
      return "image";
    case "Media":
      return "media";
    default:
      return "other";
  }
}

/**
 * Counts what the page's network stack fetched between `reset()` calls. Bytes are taken from
 * Network.loadingFinished; a response from the memory or disk cache counts 0 bytes and is
 * reported as a cache hit rather than a request.
 */
function watchNetwork(cdp: CDPSession) {
  const types = new Map<string, string | undefined>();
  const fromCache = new Set<string>();
  let current: PageFigures;
  const reset = () => {
    current = {
      bytes: 0,
      requests: 0,
      cached: 0,
      lcp: null,
      byType: { document: 0, stylesheet: 0, script: 0, image: 0, media: 0, other: 0 },
    };
    return current;
  };
  reset();
  cdp.on("Network.requestWillBeSent", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.requestServedFromCache", (e) => fromCache.add(e.requestId));
  cdp.on("Network.responseReceived", (e) => {
    types.set(e.requestId, e.type);
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker)
      fromCache.add(e.requestId);
  });
  cdp.on("Network.loadingFinished", (e) => {
    if (fromCache.has(e.requestId)) {
      current.cached++;
    } else {
      current.requests++;
      current.bytes += e.encodedDataLength;
      current.byType[kindOf(types.get(e.requestId))] += e.encodedDataLength;
    }
    types.delete(e.requestId);
    fromCache.delete(e.requestId);
  });
  cdp.on("Network.loadingFailed", (e) => {
    types.delete(e.requestId);
    fromCache.delete(e.requestId);
  });
  return { reset };
}

/**
 * The page's LCP in ms from navigation start, read from the buffered entries. takeRecords()
 * returns them without waiting for the observer's callback, which never runs in a context with
 * JavaScript disabled; the evaluate itself runs through the debugger and works either way.
 */
function readLcp(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    const entries = observer.takeRecords();
    observer.disconnect();
    return entries.length ? entries[entries.length - 1].startTime : null;
  });
}

async function walk(
  browser: Browser,
  base: string,
  paths: string[],
  javaScriptEnabled: boolean,
): Promise<PageFigures[]> {
  const context = await browser.newContext({
    javaScriptEnabled,
    locale: "ru-RU",
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: DOWNLOAD_BYTES_PER_S,
      uploadThroughput: UPLOAD_BYTES_PER_S,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const network = watchNetwork(cdp);

    const figures: PageFigures[] = [];
    for (const p of paths) {
      const current = network.reset();
      const response = await page.goto(base + p, { waitUntil: "load", timeout: 120_000 });
      if (!response || response.status() !== 200) throw new Error(`${p} answered ${response?.status()}`);
      // Late requests (lazy chunks, images below the fold) belong to this page.
      await page.waitForLoadState("networkidle", { timeout: 120_000 });
      await page.waitForTimeout(SETTLE_MS);
      current.lcp = await readLcp(page);
      figures.push(current);
    }
    return figures;
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const kb = (n: number) => (n / 1024).toFixed(1);
const ms = (n: number | null) => (n === null ? "—" : n.toFixed(0));
const medianOrNull = (values: (number | null)[]) => {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? median(present) : null;
};

function printWalk(title: string, names: string[], runs: PageFigures[][]) {
  console.log(`\n${title} (median of ${runs.length} runs)`);
  const row = (cells: string[]) =>
    console.log([cells[0].padEnd(44), ...cells.slice(1).map((c) => c.padStart(9))].join(" | "));
  row(["page", "KB", "requests", "cached", "LCP ms"]);
  names.forEach((name, i) => {
    const pages = runs.map((r) => r[i]);
    row([
      name.slice(0, 44),
      kb(median(pages.map((f) => f.bytes))),
      String(median(pages.map((f) => f.requests))),
      String(median(pages.map((f) => f.cached))),
      ms(medianOrNull(pages.map((f) => f.lcp))),
    ]);
  });
  const sum = (r: PageFigures[], pick: (f: PageFigures) => number) => r.reduce((a, f) => a + pick(f), 0);
  row([
    "walk total",
    kb(median(runs.map((r) => sum(r, (f) => f.bytes)))),
    String(median(runs.map((r) => sum(r, (f) => f.requests)))),
    String(median(runs.map((r) => sum(r, (f) => f.cached)))),
    ms(medianOrNull(runs.map((r) => (r.some((f) => f.lcp === null) ? null : sum(r, (f) => f.lcp!))))),
  ]);
  console.log(
    "walk KB by type: " +
      TYPES.map((t) => `${t} ${kb(median(runs.map((r) => sum(r, (f) => f.byType[t]))))}`).join(", "),
  );
}

async function main() {
  if (!fs.existsSync("build/index.js")) {
    console.error("build/index.js is missing: run `npm run build` first.");
    process.exit(1);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-visit-"));
  let output = "";
  const child = spawn(process.execPath, ["build/index.js"], {
    env: builtServerEnv(port, dataDir),
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr!.on("data", (c) => (output += c));
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", stop);

  let browser: Browser | undefined;
  try {
    await waitForHealthz(base, child, () => output, 60_000);
    const partPath = await firstLink(base, "/catalog/parts", /^\/catalog\/parts\/[^/]+$/);
    const paths = ["/", "/catalog/parts", `/catalog/parts?search=${encodeURIComponent("фильтр")}`, partPath, "/cart"];
    const names = ["/", "/catalog/parts", "/catalog/parts?search=фильтр", partPath, "/cart"];
    // The first request builds the catalogue snapshot; one of each page warms the server.
    for (const p of paths) await fetch(base + p);

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    for (const javaScriptEnabled of [true, false]) {
      const runs: PageFigures[][] = [];
      for (let i = 0; i < RUNS; i++) {
        process.stdout.write(`walk with JavaScript ${javaScriptEnabled ? "on" : "off"}, run ${i + 1}/${RUNS} … `);
        const figures = await walk(browser, base, paths, javaScriptEnabled);
        runs.push(figures);
        console.log(`${kb(figures.reduce((a, f) => a + f.bytes, 0))} KB`);
      }
      printWalk(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, names, runs);
    }
    console.log(
      `\nMobile emulation: 412×823 @1.75, ${LATENCY_MS} ms latency, ${((DOWNLOAD_BYTES_PER_S * 8) / 1024).toFixed(2)} kbit/s down, ` +
        `${((UPLOAD_BYTES_PER_S * 8) / 1024).toFixed(0)} kbit/s up, CPU ×${CPU_SLOWDOWN}. KB = bytes over the network (cache hits 0); ` +
        `requests = those that went to the network; cached = answered from the browser cache.`,
    );
  } finally {
    await browser?.close();
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
