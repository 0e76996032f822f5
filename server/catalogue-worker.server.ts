/**
 * The worker thread that turns a parts API body into a catalogue snapshot (decode, JSON.parse,
 * validation, search index, sort orders), so none of it runs on the thread that answers
 * requests. Built on its own into build/catalogue-worker.js (scripts/build-worker.mjs): the
 * server bundle cannot hold a second entry. One worker per refresh, gone once it is done, so
 * the parsed JSON and every intermediate object leave with its heap.
 *
 * Protocol (server/catalogue-builder.server.ts is the other side): one BuildRequest in; a
 * header with everything that is typed arrays (transferred, not copied); then, one per "next"
 * from the server, batches of parts and of vocabulary words, small enough that copying one in
 * takes the server a few milliseconds; then "end".
 */
import fs from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { createCatalogueSnapshot } from "~/lib/catalogue-snapshot";
import { parseCatalogue } from "~/lib/part";
import { sortedPositions } from "~/lib/part-lookup";
import type { BuildReply, BuildRequest, WorkerMessage } from "./catalogue-builder.server";

/** About 1.5 ms to copy in at the server for 1 000 demo parts; 2 000 keeps a batch under 5 ms. */
const PARTS_PER_BATCH = 2_000;
const WORDS_PER_BATCH = 20_000;
const DROPPED_IDS_KEPT = 100;

/** Every ArrayBuffer under `value` (typed arrays in objects, arrays and maps), for the transfer list. */
function buffers(value: unknown, out = new Set<ArrayBuffer>()): Set<ArrayBuffer> {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) out.add(value.buffer);
  } else if (value instanceof Map) {
    for (const item of value.values()) buffers(item, out);
  } else if (Array.isArray(value)) {
    // Lists of strings (group names) hold no buffers; only look into lists of objects.
    if (value.length && typeof value[0] === "object") for (const item of value) buffers(item, out);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) buffers(item, out);
  }
  return out;
}

function concat(slabs: ArrayBuffer[], byteLength: number): Uint8Array {
  if (slabs.length === 1) return new Uint8Array(slabs[0], 0, byteLength);
  const bytes = new Uint8Array(byteLength);
  let offset = 0;
  for (const slab of slabs) {
    const take = Math.min(slab.byteLength, byteLength - offset);
    bytes.set(new Uint8Array(slab, 0, take), offset);
    offset += take;
  }
  return bytes;
}

function build(request: BuildRequest): { header: BuildReply; batches: () => Generator<BuildReply> } {
  const started = performance.now();
  const text = new TextDecoder().decode(concat(request.slabs, request.byteLength));
  const catalogue = parseCatalogue(JSON.parse(text));
  const parsedMs = performance.now() - started;
  const snapshot = createCatalogueSnapshot(catalogue, request.version);
  const { parts, bySlug: _bySlug, byId: _byId, index, ...rest } = snapshot;
  const { vocabulary, ...indexRest } = index;
  const { words, ...vocabularyRest } = vocabulary;
  const header: BuildReply = {
    type: "header",
    rest,
    indexRest,
    vocabularyRest,
    slugOrder: sortedPositions(parts, "slug"),
    idOrder: sortedPositions(parts, "id"),
    partCount: parts.length,
    wordCount: words.length,
    dropped: catalogue.dropped.slice(0, DROPPED_IDS_KEPT),
    droppedCount: catalogue.dropped.length,
    parseMs: Math.round(parsedMs),
    indexMs: Math.round(performance.now() - started - parsedMs),
  };
  function* batches(): Generator<BuildReply> {
    for (let i = 0; i < parts.length; i += PARTS_PER_BATCH)
      yield { type: "parts", items: parts.slice(i, i + PARTS_PER_BATCH) };
    for (let i = 0; i < words.length; i += WORDS_PER_BATCH)
      yield { type: "words", items: words.slice(i, i + WORDS_PER_BATCH) };
    yield { type: "end" };
  }
  return { header, batches };
}

/**
 * A refresh may take seconds; a page may not. On Linux a thread has its own nice value, so this
 * thread steps back (nice 10) and, on a busy machine, the server's own thread keeps the CPU it
 * needs to answer requests. Elsewhere, or if refused, it simply runs at normal priority.
 */
function lowerOwnPriority(): void {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // No /proc (not Linux) or not allowed: normal priority.
  }
}

lowerOwnPriority();

const port = parentPort;
if (!port) throw new Error("catalogue-worker runs as a worker thread (server/catalogue-builder.server.ts starts it)");

let pending: Generator<BuildReply> | undefined;
port.on("message", (message: WorkerMessage) => {
  if (message.type === "build") {
    try {
      const { header, batches } = build(message);
      pending = batches();
      port.postMessage(header, [...buffers(header)]);
    } catch (error) {
      const reply: BuildReply = {
        type: "error",
        name: error instanceof Error ? error.name : "Error",
        message: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(reply);
    }
    return;
  }
  const next = pending?.next();
  port.postMessage(next && !next.done ? next.value : ({ type: "end" } satisfies BuildReply));
});
