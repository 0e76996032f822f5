/**
 * The catalogue 1C delivered, once it has delivered one: read from the store (so a restart or a
 * second server serves it too) and built into a snapshot by the same worker as the parts API's.
 * Until then, and for dealers without 1C, the parts API or the demo serves (`fallback`).
 *
 * This server hears of each commit at once (`changed`): a new catalogue is built in the background
 * while the old one serves; prices and stock from offers.xml are applied in place on the snapshot
 * serving, in milliseconds, not by a build. Other servers see a new version in the store at their
 * next refresh (PARTS_CACHE_TTL_SECONDS) and build it then.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { withOffers, type CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import { buildCatalogueInWorker, CATALOGUE_WORKER_URL } from "./catalogue-builder.server";
import { errorMessage, log } from "./log.server";
import type { StoreDb } from "./store/db.server";
import {
  onecCatalogueState,
  readOnecCatalogueBody,
  type OnecCatalogueChange,
  type OnecCatalogueState,
} from "./store/onec-catalogue.server";

/** Which catalogue the pages show. */
export type CatalogueSource = "demo" | "parts-api" | "1c";

export interface CatalogueFrom {
  getCatalogue(): Promise<CatalogueSnapshot>;
  current(): { parts: number; fetchedAt: number } | undefined;
}

export interface OnecPartsGateway extends CatalogueFrom {
  source(): CatalogueSource;
  /** 1C's last commit, as this server last read it. */
  onecState(): OnecCatalogueState | undefined;
  /** A commit on this server: build the new catalogue, or apply the offers in place. */
  changed(change: OnecCatalogueChange): void;
}

/**
 * The 1C snapshots' versions start here: caches keyed on the version (the sitemap, the feeds'
 * ETags) never take a 1C catalogue for a parts API's one, whose versions count from 1.
 */
const ONEC_VERSIONS_FROM = 1_000_000_000;

export function createOnecPartsGateway(
  fallback: CatalogueFrom & { source: CatalogueSource },
  store: StoreDb,
  options: { ttlMs: number; now?: () => number; workerUrl?: URL },
): OnecPartsGateway {
  const now = options.now ?? Date.now;
  const workerUrl = options.workerUrl ?? CATALOGUE_WORKER_URL;
  let cached: { snapshot: CatalogueSnapshot; state: OnecCatalogueState; fetchedAt: number } | undefined;
  let checkedAt = -Infinity;
  let version = ONEC_VERSIONS_FROM;
  let inflight: Promise<void> | undefined;
  let again = false;

  async function load(): Promise<void> {
    const started = performance.now();
    try {
      const state = await onecCatalogueState(store);
      checkedAt = now();
      if (!state) return;
      if (cached?.state.version === state.version) {
        cached = { ...cached, fetchedAt: now() };
        return;
      }
      if (!fs.existsSync(fileURLToPath(workerUrl))) {
        throw new Error(`the catalogue worker ${fileURLToPath(workerUrl)} is missing: run \`npm run build\``);
      }
      const read = await readOnecCatalogueBody(store);
      if (!read) return;
      const bytes = read.body.byteLength;
      const built = await buildCatalogueInWorker(read.body, ++version, workerUrl);
      if (built.droppedCount) log.warn("1C parts dropped", { count: built.droppedCount, ids: built.dropped });
      cached = { snapshot: built.snapshot, state: read.state, fetchedAt: now() };
      log.info("1C catalogue", {
        parts: built.snapshot.parts.length,
        storeVersion: read.state.version,
        bytes,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      // The store away or a failed build: what serves keeps serving, asked again after the TTL.
      checkedAt = now();
      log.error("1C catalogue failed", { error: errorMessage(error), servedStale: Boolean(cached) });
    }
  }

  function refresh(): Promise<void> {
    if (inflight) {
      again = true;
      return inflight;
    }
    inflight = load().finally(() => {
      inflight = undefined;
      if (again) {
        again = false;
        void refresh();
      }
    });
    return inflight;
  }

  const stale = () => now() - checkedAt >= options.ttlMs;

  return {
    async getCatalogue() {
      if (cached) {
        if (stale() && !inflight) void refresh();
        return cached.snapshot;
      }
      // The first request waits for the store's answer: a restart serves 1C's catalogue, not the demo's.
      if (checkedAt === -Infinity) await refresh();
      else if (stale() && !inflight) void refresh();
      return cached ? (cached as { snapshot: CatalogueSnapshot }).snapshot : fallback.getCatalogue();
    },
    current: () => (cached ? { parts: cached.snapshot.parts.length, fetchedAt: cached.fetchedAt } : fallback.current()),
    source: () => (cached ? "1c" : fallback.source),
    onecState: () => cached?.state,
    changed(change) {
      if (change.kind === "offers" && cached && !inflight && cached.state.version === change.previous) {
        const started = performance.now();
        cached = {
          snapshot: withOffers(cached.snapshot, change.offers, ++version),
          state: change.state,
          fetchedAt: now(),
        };
        log.info("1C offers applied", {
          offers: change.offers.length,
          storeVersion: change.state.version,
          ms: Math.round(performance.now() - started),
        });
        return;
      }
      void refresh();
    },
  };
}
