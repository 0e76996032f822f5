/**
 * The server's side of server/catalogue-worker.server.ts: hands a parts API body to a fresh
 * worker thread and assembles the snapshot it builds, without holding the event loop. JSON.parse
 * of a 100 000-part body alone takes half a second; validation, the search index and the sort
 * orders take seconds more. The worker does all of it; what comes back is copied in small
 * steps: typed arrays (index, orders) are transferred whole at no cost, parts and words arrive
 * in batches the server asks for one at a time, each a few milliseconds of structured clone,
 * with the event loop free in between.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import type { Part } from "~/lib/part";
import { sortedLookup } from "~/lib/part-lookup";
import type { SearchIndex } from "~/lib/search-index";
import type { Vocabulary } from "~/lib/vocabulary";

/**
 * Where `npm run build` puts the worker: beside build/index.js, which this module is bundled
 * into. (From the sources — tests — there is no such file; they build one and pass its URL.)
 */
export const CATALOGUE_WORKER_URL = new URL("./catalogue-worker.js", import.meta.url);

/** The body as read: `byteLength` bytes over `slabs` (all full but the last). */
export interface BodySlabs {
  slabs: ArrayBuffer[];
  byteLength: number;
}

export interface BuildRequest extends BodySlabs {
  type: "build";
  version: number;
}

export type WorkerMessage = BuildRequest | { type: "next" };

/**
 * Everything of a snapshot but its parts, the maps over them and the vocabulary's words.
 * Whatever is added to CatalogueSnapshot travels here: keep it to typed arrays and small values
 * (a copy of a part would no longer be the `parts` entry that maps and pages hand out).
 */
type SnapshotRest = Omit<CatalogueSnapshot, "parts" | "bySlug" | "byId" | "index">;

export type BuildReply =
  | {
      type: "header";
      rest: SnapshotRest;
      indexRest: Omit<SearchIndex, "vocabulary">;
      vocabularyRest: Omit<Vocabulary, "words">;
      /** Part positions sorted by slug and by id, for the lookups (no Map to grow here). */
      slugOrder: Uint32Array;
      idOrder: Uint32Array;
      partCount: number;
      wordCount: number;
      /** The first ids of the parts left out, and how many there were. */
      dropped: string[];
      droppedCount: number;
      parseMs: number;
      indexMs: number;
    }
  | { type: "parts"; items: Part[] }
  | { type: "words"; items: string[] }
  | { type: "end" }
  | { type: "error"; name: string; message: string };

export interface BuiltCatalogue {
  snapshot: CatalogueSnapshot;
  dropped: string[];
  droppedCount: number;
  /** Milliseconds in the worker: decode, JSON.parse and validation; then index and orders. */
  parseMs: number;
  indexMs: number;
}

/** An error the worker caught (bad JSON, a body that is not a list of groups), under its own name. */
export class CatalogueBuildError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/**
 * Build the snapshot of `body` in a worker thread. The body's slabs are transferred: they are
 * unusable here afterwards. Rejects with the worker's error (malformed JSON, wrong shape, out of
 * memory); the worker is gone either way when this settles.
 */
export async function buildCatalogueInWorker(
  body: BodySlabs,
  version: number,
  workerUrl: URL = CATALOGUE_WORKER_URL,
): Promise<BuiltCatalogue> {
  const worker = new Worker(workerUrl);
  let waiting: { resolve: (reply: BuildReply) => void; reject: (error: Error) => void } | undefined;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = undefined;
  };
  worker.on("message", (reply: BuildReply) => {
    const w = waiting;
    waiting = undefined;
    w?.resolve(reply);
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`catalogue worker exited with code ${code}`)));
  // One message in flight at a time: the replies never pile up in the port, where Node would
  // deliver them all in one turn of the event loop.
  const ask = (message: WorkerMessage, transfer: ArrayBuffer[] = []) =>
    new Promise<BuildReply>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting = { resolve, reject };
      worker.postMessage(message, transfer);
    });

  try {
    const header = await ask({ type: "build", version, ...body }, body.slabs);
    if (header.type === "error") throw new CatalogueBuildError(header.name, header.message);
    if (header.type !== "header") throw new Error(`catalogue worker: unexpected ${header.type}`);

    const parts: Part[] = [];
    const words: string[] = [];
    for (;;) {
      await nextTurn();
      const reply = await ask({ type: "next" });
      if (reply.type === "end") break;
      if (reply.type === "parts") {
        for (const part of reply.items) parts.push(part);
      } else if (reply.type === "words") {
        for (const word of reply.items) words.push(word);
      } else {
        throw new Error(`catalogue worker: unexpected ${reply.type}`);
      }
    }
    if (parts.length !== header.partCount || words.length !== header.wordCount) {
      throw new Error(
        `catalogue worker: got ${parts.length}/${header.partCount} parts, ${words.length}/${header.wordCount} words`,
      );
    }
    const snapshot: CatalogueSnapshot = {
      ...header.rest,
      parts,
      bySlug: sortedLookup(parts, "slug", header.slugOrder),
      byId: sortedLookup(parts, "id", header.idOrder),
      index: { ...header.indexRest, vocabulary: { ...header.vocabularyRest, words } },
    };
    return {
      snapshot,
      dropped: header.dropped,
      droppedCount: header.droppedCount,
      parseMs: header.parseMs,
      indexMs: header.indexMs,
    };
  } finally {
    failure ??= new Error("catalogue worker stopped");
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
}
