/**
 * The parts catalogue behind every page that shows parts (SPEC §7 call 1). One snapshot
 * is shared by all requests: fetched from the parts API, cached for PARTS_CACHE_TTL_SECONDS,
 * then served stale while one background request refreshes it. The last good copy outlives
 * any upstream failure; without one, callers get PartsUnavailableError.
 *
 * A catalogue of any size up to PARTS_MAX_BYTES: the body is read in chunks as they arrive
 * (hashed on the way, so an unchanged catalogue costs nothing more), and everything heavy —
 * JSON.parse, validation, the search index and sort orders — runs in a worker thread
 * (server/catalogue-builder.server.ts), so pages keep being answered during a refresh.
 */
import { createHash, type Hash } from "node:crypto";
import fs from "node:fs";
import nodePath from "node:path";
import { fileURLToPath } from "node:url";
import { createCatalogueSnapshot, type CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import {
  buildCatalogueInWorker,
  CATALOGUE_WORKER_URL,
  isWorkerOutOfMemory,
  workerHeapCapMb,
} from "./catalogue-builder.server";
import type { Config } from "./config.server";
import { generateParts } from "./demo-catalogue.server";
import { errorMessage, log } from "./log.server";
import { createOnecPartsGateway, type CatalogueSource } from "./parts-gateway-onec.server";
import type { StoreDb } from "./store/db.server";
import type { OnecCatalogueChange, OnecCatalogueState } from "./store/onec-catalogue.server";

export type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";

export interface PartsGateway {
  getCatalogue(): Promise<CatalogueSnapshot>;
  /** The catalogue being served, if any, and when it was last confirmed by the parts API (ms), without asking it. */
  current(): { parts: number; fetchedAt: number } | undefined;
  /** Which catalogue serves: the demo, the parts API, or 1C's (once 1C has delivered one). */
  source?(): CatalogueSource;
  /** 1C's last commit as this server serves it; undefined while 1C's catalogue does not serve. */
  onecState?(): OnecCatalogueState | undefined;
  /** 1C's exchange committed a file on this server (see parts-gateway-onec.server.ts). */
  onecChanged?(change: OnecCatalogueChange): void;
}

/** How a request to the parts API ended, for the metrics. */
export type PartsOutcome = "ok" | "http_error" | "timeout" | "network" | "too_big" | "invalid";

export interface PartsGatewayOptions {
  fetch?: typeof fetch;
  /** Clock for cache ages (ms). */
  now?: () => number;
  /** The built catalogue worker (default: build/catalogue-worker.js beside the server bundle). */
  workerUrl?: URL;
  /** Told how each request to the parts API ended and how long it took (s). */
  onUpstream?: (outcome: PartsOutcome, seconds: number) => void;
  /** The cap on the worker's heap, MB, for a body of that many bytes (default: workerHeapCapMb). */
  workerHeapCapMb?: (bytes: number) => number;
  /** The site's public/ (default: public/ of the working folder): paths naming its files are the site's pictures. */
  publicDir?: string;
  /** The store 1C's catalogue is kept in: once 1C has delivered one, it serves (before the parts API or the demo). */
  onecStore?: StoreDb;
}

export class PartsUnavailableError extends Error {
  override name = "PartsUnavailableError";
}

/** After a failure, wait this long before asking again: a down API is not hammered per request. */
export const RETRY_AFTER_FAILURE_MS = 10_000;

class UpstreamError extends Error {}

/** The body is bigger than PARTS_MAX_BYTES. */
class OverCapError extends UpstreamError {}

interface ReadBody {
  bytes: ArrayBuffer;
  hash: string;
}

function overCap(limit: number, bytes: string): OverCapError {
  return new OverCapError(`body ${bytes} is over PARTS_MAX_BYTES (${limit} bytes); raise PARTS_MAX_BYTES to accept it`);
}

/**
 * The body and its SHA-256, refusing more than `limit` bytes as soon as they arrive. The body
 * grows in place in one buffer that reserves `limit` bytes of address space and takes memory
 * only as it fills: no copy while it grows, no second copy to join pieces in the worker, and its
 * memory goes back to the system whole once the worker lets go of it (slabs of a megabyte came
 * from malloc's heap, which kept much of them after they were freed). The deadline is enforced
 * here too: not every fetch (msw, some polyfills) aborts a body already streaming.
 */
export async function readBody(response: Response, limit: number, signal: AbortSignal): Promise<ReadBody> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > limit) {
    void response.body?.cancel().catch(() => {});
    throw overCap(limit, `of ${declared} bytes (Content-Length)`);
  }
  const hash: Hash = createHash("sha256");
  const bytes = new ArrayBuffer(0, { maxByteLength: limit });
  let total = 0;
  if (!response.body) return { bytes, hash: hash.digest("hex") };
  const reader = response.body.getReader();
  // Cancelling settles a pending read as done; the check after the loop tells why.
  const onAbort = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        void reader.cancel().catch(() => {});
        throw overCap(limit, `of more than ${limit} bytes`);
      }
      hash.update(value);
      bytes.resize(total);
      new Uint8Array(bytes, total - value.byteLength).set(value);
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
  return { bytes, hash: hash.digest("hex") };
}

export function outcomeOf(error: unknown, status: number | undefined): PartsOutcome {
  if (error instanceof OverCapError) return "too_big";
  if (status !== undefined && (status < 200 || status > 299)) return "http_error";
  if (errorMessage(error) === "timeout") return "timeout";
  // An answer came but could not be used (malformed JSON, wrong shape), or none came at all.
  return status === undefined ? "network" : "invalid";
}

function demoGateway(count: number): PartsGateway {
  let snapshot: CatalogueSnapshot | undefined;
  let builtAt = 0;
  return {
    async getCatalogue() {
      if (!snapshot) {
        const groups = generateParts(count);
        snapshot = createCatalogueSnapshot(
          { parts: groups.flatMap((g) => g.parts), groups: groups.map((g) => g.group) },
          1,
        );
        builtAt = Date.now();
      }
      return snapshot;
    },
    current: () => (snapshot ? { parts: snapshot.parts.length, fetchedAt: builtAt } : undefined),
  };
}

export function createPartsGateway(config: Config, options: PartsGatewayOptions = {}): PartsGateway {
  const fallback = config.PARTS_API_URL
    ? { ...apiGateway(config, config.PARTS_API_URL, options), source: "parts-api" as const }
    : { ...demoGateway(config.DEMO_PARTS_COUNT), source: "demo" as const };
  if (!options.onecStore) return { ...fallback, source: () => fallback.source };
  const onec = createOnecPartsGateway(fallback, options.onecStore, {
    ttlMs: config.PARTS_CACHE_TTL_SECONDS * 1000,
    ...(options.now ? { now: options.now } : {}),
    ...(options.workerUrl ? { workerUrl: options.workerUrl } : {}),
    ...(options.workerHeapCapMb ? { workerHeapCapMb: options.workerHeapCapMb } : {}),
  });
  return {
    getCatalogue: onec.getCatalogue,
    current: onec.current,
    source: onec.source,
    onecState: onec.onecState,
    onecChanged: onec.changed,
  };
}

function apiGateway(config: Config, partsApiUrl: string, options: PartsGatewayOptions): PartsGateway {
  const workerUrl = options.workerUrl ?? CATALOGUE_WORKER_URL;
  // Fail at start, not at the first refresh: a deploy without the worker would never get a catalogue.
  if (!fs.existsSync(fileURLToPath(workerUrl))) {
    throw new Error(`The catalogue worker ${fileURLToPath(workerUrl)} is missing: run \`npm run build\`.`);
  }
  // Looked up per call, so a fetch patched after start-up (msw in tests) is the one used.
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const url = `${partsApiUrl.replace(/\/+$/, "")}/parts`;
  const path = new URL(url).pathname;
  // Pictures given as paths of the parts API's host are shown from there (app/lib/part-picture.ts).
  const pictures = { partsUrl: url, publicDir: options.publicDir ?? nodePath.resolve("public") };
  const ttlMs = config.PARTS_CACHE_TTL_SECONDS * 1000;
  const maxBytes = config.PARTS_MAX_BYTES;

  let cached: { snapshot: CatalogueSnapshot; fetchedAt: number; hash: string } | undefined;
  let inflight: Promise<CatalogueSnapshot> | undefined;
  let failedAt = -Infinity;
  let version = 0;
  const heapCapFor = options.workerHeapCapMb ?? workerHeapCapMb;
  // Until a body does not fit under the cap: from then on, this catalogue's builds go without it.
  let heapCapped = true;

  async function load(): Promise<CatalogueSnapshot> {
    const started = performance.now();
    const since = (from: number) => Math.round((performance.now() - from) * 10) / 10;
    let status: number | undefined;
    let ms: number | undefined;
    let bytes: number | undefined;
    try {
      const signal = AbortSignal.timeout(config.PARTS_TIMEOUT_MS);
      const response = await fetchFn(url, { headers: { accept: "application/json" }, signal });
      status = response.status;
      if (!response.ok) {
        void response.body?.cancel().catch(() => {});
        throw new UpstreamError(`status ${response.status}`);
      }
      const body = await readBody(response, maxBytes, signal);
      ms = since(started);
      bytes = body.bytes.byteLength;
      // Same content: keep the snapshot, so the index is not rebuilt every TTL.
      if (cached?.hash === body.hash) {
        cached = { ...cached, fetchedAt: now() };
        options.onUpstream?.("ok", since(started) / 1000);
        log.info("parts upstream", { path, status, ms, bytes, version: cached.snapshot.version, unchanged: true });
        return cached.snapshot;
      }
      const building = performance.now();
      const cap = heapCapped ? heapCapFor(body.bytes.byteLength) : undefined;
      const built = await buildCatalogueInWorker(body.bytes, version + 1, workerUrl, cap, pictures).catch(
        (error: unknown) => {
          if (cap !== undefined && isWorkerOutOfMemory(error)) {
            heapCapped = false;
            log.warn("parts worker out of memory", { path, bytes, heapCapMb: cap, next: "without the cap" });
          }
          throw error;
        },
      );
      const { snapshot } = built;
      if (built.droppedCount) {
        log.warn("parts dropped", { path, count: built.droppedCount, ids: built.dropped });
      }
      if (snapshot.parts.length === 0 && built.droppedCount > 0) {
        throw new UpstreamError("every part is malformed");
      }
      version = snapshot.version;
      cached = { snapshot, fetchedAt: now(), hash: body.hash };
      options.onUpstream?.("ok", since(started) / 1000);
      log.info("parts upstream", {
        path,
        status,
        ms,
        bytes,
        parts: snapshot.parts.length,
        version,
        // In the worker: decode + parse + validate, then index + orders; buildMs is the whole, copy-in included.
        parseMs: built.parseMs,
        indexMs: built.indexMs,
        buildMs: since(building),
      });
      return snapshot;
    } catch (error) {
      failedAt = now();
      options.onUpstream?.(outcomeOf(error, status), since(started) / 1000);
      log.error("parts upstream failed", {
        path,
        status,
        ms: ms ?? since(started),
        ...(bytes === undefined ? {} : { bytes }),
        error: errorMessage(error),
        ...(error instanceof OverCapError ? { maxBytes } : {}),
        servedStale: Boolean(cached),
      });
      if (cached) return cached.snapshot;
      throw new PartsUnavailableError(`parts API unavailable: ${errorMessage(error)}`, { cause: error });
    }
  }

  function refresh(): Promise<CatalogueSnapshot> {
    inflight ??= load().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  return {
    current: () => (cached ? { parts: cached.snapshot.parts.length, fetchedAt: cached.fetchedAt } : undefined),
    async getCatalogue() {
      const t = now();
      if (cached) {
        const stale = t - cached.fetchedAt >= ttlMs;
        if (stale && !inflight && t - failedAt >= RETRY_AFTER_FAILURE_MS) void refresh().catch(() => {});
        return cached.snapshot;
      }
      if (inflight) return inflight;
      if (t - failedAt < RETRY_AFTER_FAILURE_MS) {
        throw new PartsUnavailableError("parts API unavailable: failed moments ago");
      }
      return refresh();
    },
  };
}
