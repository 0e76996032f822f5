/**
 * The parts catalogue behind every page that shows parts (SPEC §7 call 1). One snapshot
 * is shared by all requests: fetched from the parts API, cached for PARTS_CACHE_TTL_SECONDS,
 * then served stale while one background request refreshes it. The last good copy outlives
 * any upstream failure; without one, callers get PartsUnavailableError.
 */
import { createHash } from "node:crypto";
import { createCatalogueSnapshot, type CatalogueSnapshot } from "~/lib/catalogue-query";
import { parseCatalogue } from "~/lib/part";
import type { Config } from "./config.server";
import { generateParts } from "./demo-catalogue.server";
import { errorMessage, log } from "./log.server";

export type { CatalogueSnapshot } from "~/lib/catalogue-query";

export interface PartsGateway {
  getCatalogue(): Promise<CatalogueSnapshot>;
}

export interface PartsGatewayOptions {
  fetch?: typeof fetch;
  /** Clock for cache ages (ms). */
  now?: () => number;
}

export class PartsUnavailableError extends Error {
  override name = "PartsUnavailableError";
}

/**
 * Bigger is taken for a broken upstream. About 50 000 parts of the demo's shape fit
 * (≈ 420 bytes of JSON each, Cyrillic being 2 bytes a letter).
 */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;
/** After a failure, wait this long before asking again: a down API is not hammered per request. */
export const RETRY_AFTER_FAILURE_MS = 10_000;

class UpstreamError extends Error {}

/**
 * The body, refusing more than `limit` bytes as soon as they arrive. The deadline is
 * enforced here too: not every fetch (msw, some polyfills) aborts a body already streaming.
 */
async function readBody(response: Response, limit: number, signal: AbortSignal): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > limit) {
    void response.body?.cancel().catch(() => {});
    throw new UpstreamError(`body of ${declared} bytes is over the ${limit} byte limit`);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  // Cancelling settles a pending read as done; the check after the loop tells why.
  const onAbort = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        void reader.cancel().catch(() => {});
        throw new UpstreamError(`body is over the ${limit} byte limit`);
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function demoGateway(count: number): PartsGateway {
  let snapshot: CatalogueSnapshot | undefined;
  return {
    async getCatalogue() {
      if (!snapshot) {
        const groups = generateParts(count);
        snapshot = createCatalogueSnapshot({ parts: groups.flatMap((g) => g.parts), groups: groups.map((g) => g.group) }, 1);
      }
      return snapshot;
    },
  };
}

export function createPartsGateway(config: Config, options: PartsGatewayOptions = {}): PartsGateway {
  if (!config.PARTS_API_URL) return demoGateway(config.DEMO_PARTS_COUNT);

  // Looked up per call, so a fetch patched after start-up (msw in tests) is the one used.
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const url = `${config.PARTS_API_URL.replace(/\/+$/, "")}/parts`;
  const path = new URL(url).pathname;
  const ttlMs = config.PARTS_CACHE_TTL_SECONDS * 1000;

  let cached: { snapshot: CatalogueSnapshot; fetchedAt: number; hash: string } | undefined;
  let inflight: Promise<CatalogueSnapshot> | undefined;
  let failedAt = -Infinity;
  let version = 0;

  async function load(): Promise<CatalogueSnapshot> {
    const started = performance.now();
    const since = (from: number) => Math.round((performance.now() - from) * 10) / 10;
    let status: number | undefined;
    let ms: number | undefined;
    try {
      const signal = AbortSignal.timeout(config.PARTS_TIMEOUT_MS);
      const response = await fetchFn(url, { headers: { accept: "application/json" }, signal });
      status = response.status;
      if (!response.ok) {
        void response.body?.cancel().catch(() => {});
        throw new UpstreamError(`status ${response.status}`);
      }
      const body = await readBody(response, MAX_BODY_BYTES, signal);
      ms = since(started);
      const bytes = body.byteLength;
      const hash = createHash("sha256").update(body).digest("hex");
      // Same content: keep the snapshot, so the index is not rebuilt every TTL.
      if (cached?.hash === hash) {
        cached = { ...cached, fetchedAt: now() };
        log.info("parts upstream", { path, status, ms, bytes, version: cached.snapshot.version, unchanged: true });
        return cached.snapshot;
      }
      const building = performance.now();
      const catalogue = parseCatalogue(JSON.parse(new TextDecoder().decode(body)));
      if (catalogue.dropped.length) {
        log.warn("parts dropped", { path, count: catalogue.dropped.length, ids: catalogue.dropped.slice(0, 100) });
      }
      if (catalogue.parts.length === 0 && catalogue.dropped.length > 0) {
        throw new UpstreamError("every part is malformed");
      }
      const snapshot = createCatalogueSnapshot(catalogue, ++version);
      cached = { snapshot, fetchedAt: now(), hash };
      const buildMs = since(building);
      log.info("parts upstream", { path, status, ms, bytes, parts: catalogue.parts.length, version, buildMs });
      return snapshot;
    } catch (error) {
      failedAt = now();
      log.error("parts upstream failed", {
        path,
        status,
        ms: ms ?? since(started),
        error: errorMessage(error),
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
