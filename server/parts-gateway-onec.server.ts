/**
 * The catalogue 1C delivered, once it has delivered one: read from the store (so a restart or a
 * second server serves it too) and built into a snapshot by the same worker as the parts API's.
 * Until then, and for dealers without 1C, the parts API or the demo serves (`fallback`).
 *
 * This server hears of each commit at once (`changed`): a new catalogue is built in the background
 * while the old one serves; prices and stock from offers.xml are applied in place on the snapshot
 * serving, in milliseconds, not by a build. Other servers see a new version in the store at their
 * next refresh (PARTS_CACHE_TTL_SECONDS) and build it then.
 *
 * Memory: one build at a time, in a worker with a capped heap, beside the snapshot serving. 1C
 * sends offers.xml right after import.xml, so its commit lands while import.xml's catalogue is
 * being built: its prices wait for that build and are applied to what it built, not built again
 * (at 100 000 goods a second build beside the first snapshot took the process to 600 MB).
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { withOffers, type CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import {
  buildCatalogueInWorker,
  CATALOGUE_WORKER_URL,
  isWorkerOutOfMemory,
  workerHeapCapMb,
} from "./catalogue-builder.server";
import { errorMessage, log } from "./log.server";
import type { StoreDb } from "./store/db.server";
import {
  onecCatalogueState,
  readOnecCatalogueBody,
  type OnecCatalogueChange,
  type OnecCatalogueState,
} from "./store/onec-catalogue.server";

type OffersChange = Extract<OnecCatalogueChange, { kind: "offers" }>;

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
  options: {
    ttlMs: number;
    now?: () => number;
    workerUrl?: URL;
    /** The cap on the worker's heap, MB, for a body of that many bytes (default: workerHeapCapMb). */
    workerHeapCapMb?: (bytes: number) => number;
    /** Builds a snapshot from the catalogue's body (default: buildCatalogueInWorker). */
    build?: typeof buildCatalogueInWorker;
  },
): OnecPartsGateway {
  const now = options.now ?? Date.now;
  const workerUrl = options.workerUrl ?? CATALOGUE_WORKER_URL;
  const heapCapFor = options.workerHeapCapMb ?? workerHeapCapMb;
  const build = options.build ?? buildCatalogueInWorker;
  let cached: { snapshot: CatalogueSnapshot; state: OnecCatalogueState; fetchedAt: number } | undefined;
  let checkedAt = -Infinity;
  let version = ONEC_VERSIONS_FROM;
  // One build at a time: a commit while one runs asks for one more after it (`again`, however
  // many commits came), and offers committed meanwhile wait to be applied to what it builds
  // (`waiting`). Two builds at once would hold two catalogues besides the one serving.
  let inflight: Promise<void> | undefined;
  let again = false;
  let waiting: OffersChange[] = [];
  // Until a catalogue does not fit under the cap: from then on its builds go without it.
  let heapCapped = true;

  async function load(): Promise<boolean> {
    const started = performance.now();
    try {
      const state = await onecCatalogueState(store);
      checkedAt = now();
      if (!state) return true;
      if (cached?.state.version === state.version) {
        cached = { ...cached, fetchedAt: now() };
        return true;
      }
      if (!fs.existsSync(fileURLToPath(workerUrl))) {
        throw new Error(`the catalogue worker ${fileURLToPath(workerUrl)} is missing: run \`npm run build\``);
      }
      const read = await readOnecCatalogueBody(store);
      if (!read) return true;
      const bytes = read.body.byteLength;
      const cap = heapCapped ? heapCapFor(bytes) : undefined;
      const built = await build(read.body, ++version, workerUrl, cap).catch((error: unknown) => {
        if (cap !== undefined && isWorkerOutOfMemory(error)) {
          heapCapped = false;
          again = true;
          log.warn("1C catalogue worker out of memory", { bytes, heapCapMb: cap, next: "without the cap" });
        }
        throw error;
      });
      if (built.droppedCount) log.warn("1C parts dropped", { count: built.droppedCount, ids: built.dropped });
      cached = { snapshot: built.snapshot, state: read.state, fetchedAt: now() };
      log.info("1C catalogue", {
        parts: built.snapshot.parts.length,
        storeVersion: read.state.version,
        bytes,
        ms: Math.round(performance.now() - started),
      });
      return true;
    } catch (error) {
      // The store away or a failed build: what serves keeps serving, asked again after the TTL.
      checkedAt = now();
      log.error("1C catalogue failed", { error: errorMessage(error), servedStale: Boolean(cached) });
      return false;
    }
  }

  /**
   * Offers committed on this server, on the catalogue serving: applied in place when it is the
   * one they were committed on; skipped when it already holds them (built from the store after
   * their commit). Answers false when one is neither (a commit came between, or 1C's catalogue
   * is not serving yet): only a build from the store shows them.
   */
  function applyOffers(changes: readonly OffersChange[]): boolean {
    let applied = true;
    for (const change of changes) {
      if (cached && change.state.version <= cached.state.version) continue;
      if (!cached || cached.state.version !== change.previous) {
        applied = false;
        continue;
      }
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
    }
    return applied;
  }

  function refresh(): Promise<void> {
    if (inflight) {
      again = true;
      return inflight;
    }
    again = false;
    inflight = load().then((loaded) => {
      const changes = waiting;
      waiting = [];
      // After a failed build the offers wait with the rest for the next refresh.
      if (!applyOffers(changes) && loaded) again = true;
      inflight = undefined;
      if (again) void refresh();
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
      if (change.kind === "offers") {
        // While a build runs, on what it builds (or on what serves, should the build fail).
        if (inflight) waiting.push(change);
        else if (!applyOffers([change])) void refresh();
        return;
      }
      void refresh();
    },
  };
}
