/**
 * The server's side of server/catalogue-worker.server.ts: hands a parts API body to a fresh
 * worker thread and assembles the snapshot it builds, without holding the event loop. JSON.parse
 * of a 100 000-part body alone takes half a second; validation, the search index and the sort
 * orders take seconds more. The worker does all of it; what comes back is compact and copied in
 * small steps: typed arrays (index, orders, the parts' columns) are transferred whole at no cost,
 * the distinct texts and the vocabulary's words arrive in batches the server asks for one at a
 * time, each a few milliseconds of structured clone, with the event loop free in between. The
 * worker is gone before the parts are unpacked from their columns, a few thousand per turn.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import type { Part } from "~/lib/part";
import { unpackParts, type PartColumns } from "~/lib/part-columns";
import { sortedLookup } from "~/lib/part-lookup";
import type { SearchIndex } from "~/lib/search-index";
import type { PictureBase } from "./part-pictures.server";
import type { Vocabulary } from "~/lib/vocabulary";

/**
 * Where `npm run build` puts the worker: beside build/index.js, which this module is bundled
 * into. (From the sources — tests — there is no such file; they build one and pass its URL.)
 */
export const CATALOGUE_WORKER_URL = new URL("./catalogue-worker.js", import.meta.url);

export interface BuildRequest {
  type: "build";
  /** The body as read, whole. */
  body: ArrayBuffer;
  version: number;
  /** Where relative pictures are resolved; as given without it. */
  pictures?: PictureBase;
}

export type WorkerMessage = BuildRequest | { type: "next" };

/**
 * Everything of a snapshot but its parts, the maps over them and the vocabulary's words.
 * Whatever is added to CatalogueSnapshot travels here: keep it to typed arrays and small values
 * (a copy of a part would no longer be the `parts` entry that maps and pages hand out).
 * Parts come as columns, their texts and then the words in batches of `texts`.
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
      parts: PartColumns;
      textCount: number;
      wordCount: number;
      /** The first ids of the parts left out, and how many there were. */
      dropped: string[];
      droppedCount: number;
      parseMs: number;
      indexMs: number;
    }
  | { type: "texts"; items: string[] }
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
 * The cap on the worker's old generation, MB, for a body of `bytes`. Without one V8 lets the
 * worker's heap grow to several times what it holds before collecting, as the process has memory
 * to spare: at 100 000 parts the worker took 170 MB more than it needed, at 500 000 parts 350 MB.
 * Near a cap it collects as it goes. The demo's bodies need about twice their size (43 MB at
 * 100 000 parts: under 96 MB; 204 MB at 500 000: under 400 MB); a body of tiny parts needs more
 * (400 000 parts in 53 MB: up to 300 MB) and may not fit: the build then fails with
 * ERR_WORKER_OUT_OF_MEMORY like any other refresh, and the gateway builds without the cap.
 */
export function workerHeapCapMb(bytes: number): number {
  return 128 + Math.ceil((2.5 * bytes) / 2 ** 20);
}

/**
 * The worker's young generation, MB. V8's default (16 MB semi-spaces, about 48 MB in all) suits a
 * program of many short-lived objects; the worker's are mostly the catalogue it keeps until it
 * ends, promoted anyway. 8 MB took 40–50 MB off the process's peak during a 100 000-part build.
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

/** Whether a build failed because the worker reached its heap cap. */
export function isWorkerOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === "ERR_WORKER_OUT_OF_MEMORY";
}

/** Parts unpacked per turn of the event loop: about 2 ms at 5 000. */
const PARTS_PER_TURN = 5_000;

/**
 * Build the snapshot of `body` in a worker thread. The body is transferred: it is unusable here
 * afterwards. Rejects with the worker's error (malformed JSON, wrong shape, out of memory); the
 * worker is gone either way when this settles. `heapCapMb` caps the worker's old generation
 * (see workerHeapCapMb); without it the worker has V8's default.
 */
export async function buildCatalogueInWorker(
  body: ArrayBuffer,
  version: number,
  workerUrl: URL = CATALOGUE_WORKER_URL,
  heapCapMb?: number,
  pictures?: PictureBase,
): Promise<BuiltCatalogue> {
  const worker = new Worker(workerUrl, {
    resourceLimits: {
      maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      ...(heapCapMb ? { maxOldGenerationSizeMb: heapCapMb } : {}),
    },
  });
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

  let header: Extract<BuildReply, { type: "header" }>;
  const texts: string[] = [];
  try {
    const reply = await ask({ type: "build", version, body, pictures }, [body]);
    if (reply.type === "error") throw new CatalogueBuildError(reply.name, reply.message);
    if (reply.type !== "header") throw new Error(`catalogue worker: unexpected ${reply.type}`);
    header = reply;
    for (;;) {
      await nextTurn();
      const next = await ask({ type: "next" });
      if (next.type === "end") break;
      if (next.type !== "texts") throw new Error(`catalogue worker: unexpected ${next.type}`);
      for (const text of next.items) texts.push(text);
    }
  } finally {
    failure ??= new Error("catalogue worker stopped");
    worker.removeAllListeners("exit");
    // Before the parts are made here: the worker's heap (the parsed body and all) goes first.
    await worker.terminate();
  }
  if (texts.length !== header.textCount + header.wordCount) {
    throw new Error(`catalogue worker: got ${texts.length} of ${header.textCount} texts and ${header.wordCount} words`);
  }
  const parts: Part[] = [];
  const lists: string[][] = [];
  for (let from = 0; from < header.parts.count; from += PARTS_PER_TURN) {
    if (from > 0) await nextTurn();
    unpackParts(header.parts, texts, from, Math.min(from + PARTS_PER_TURN, header.parts.count), parts, lists);
  }
  const words = texts.slice(header.textCount);
  texts.length = 0;
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
}
