/**
 * The worker thread that turns a parts API body into a catalogue snapshot (decode, JSON.parse,
 * validation, search index, sort orders), so none of it runs on the thread that answers
 * requests. Built on its own into build/catalogue-worker.js (scripts/build-entries.mjs): the
 * server bundle cannot hold a second entry. One worker per refresh, gone once it is done, so
 * the parsed JSON and every intermediate object leave with its heap.
 *
 * Protocol (server/catalogue-builder.server.ts is the other side): one BuildRequest in; a
 * header with everything that is typed arrays, the parts as columns included (transferred, not
 * copied); then, one per "next" from the server, batches of the parts' distinct texts and then
 * of vocabulary words, small enough that copying one in takes the server a few milliseconds;
 * then "end".
 *
 * The body is parsed one group at a time where it can be (app/lib/json-list.ts): at 500 000
 * parts its text as one string is 340 MB and its parsed graph 300 MB more, most of the worker's
 * peak. Whatever that way cannot read is parsed whole, as before, so errors read the same.
 */
import fs from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { createCatalogueSnapshot } from "~/lib/catalogue-snapshot";
import { listElements } from "~/lib/json-list";
import { CatalogueReader, parseCatalogue, type ParsedCatalogue, type ReadOptions } from "~/lib/part";
import { packParts } from "~/lib/part-columns";
import { sortedPositions } from "~/lib/part-lookup";
import type { BuildReply, BuildRequest, WorkerMessage } from "./catalogue-builder.server";
import { pictureResolver } from "./part-pictures.server";

/** Texts (part fields, words) per batch: a few milliseconds to copy in at the server. */
const TEXTS_PER_BATCH = 20_000;
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

/**
 * The body's catalogue, group by group where the body allows it, else parsed whole. The body's
 * memory goes back to the system as soon as it is read: the gateway's buffer is resizable
 * (server/parts-gateway.server.ts, readBody), and shrinking it to nothing returns its pages at
 * once, where a garbage collection would free it only when the worker's heap next asks for one.
 * The index and sort orders are then built without it (43 MB at 100 000 parts, 214 MB at 500 000).
 */
function readCatalogue(request: BuildRequest): ParsedCatalogue {
  const body = request.body;
  request.body = new ArrayBuffer(0);
  try {
    return parseBody(new Uint8Array(body), request.pictures ? { picture: pictureResolver(request.pictures) } : {});
  } finally {
    if (body.resizable) body.resize(0);
  }
}

function parseBody(bytes: Uint8Array, options: ReadOptions): ParsedCatalogue {
  const elements = listElements(bytes);
  if (elements) {
    const reader = new CatalogueReader(options);
    const decoder = new TextDecoder();
    let k = 0;
    try {
      for (; k < elements.length; k += 2) {
        if (!reader.add(JSON.parse(decoder.decode(bytes.subarray(elements[k], elements[k + 1]))))) break;
      }
    } catch {
      // An element JSON.parse refuses: the whole body's parse below names the error.
    }
    if (k === elements.length) return reader.result();
  }
  return parseCatalogue(JSON.parse(new TextDecoder().decode(bytes)), options);
}

function build(request: BuildRequest): { header: BuildReply; batches: () => Generator<BuildReply> } {
  const started = performance.now();
  const catalogue = readCatalogue(request);
  const parsedMs = performance.now() - started;
  const snapshot = createCatalogueSnapshot(catalogue, request.version);
  const { parts, bySlug: _bySlug, byId: _byId, index, ...rest } = snapshot;
  const { vocabulary, ...indexRest } = index;
  const { words, ...vocabularyRest } = vocabulary;
  const packed = packParts(parts);
  const header: BuildReply = {
    type: "header",
    rest,
    indexRest,
    vocabularyRest,
    slugOrder: sortedPositions(parts, "slug"),
    idOrder: sortedPositions(parts, "id"),
    parts: packed.columns,
    textCount: packed.texts.length,
    wordCount: words.length,
    dropped: catalogue.dropped.slice(0, DROPPED_IDS_KEPT),
    droppedCount: catalogue.dropped.length,
    parseMs: Math.round(parsedMs),
    indexMs: Math.round(performance.now() - started - parsedMs),
  };
  function* batches(): Generator<BuildReply> {
    for (const texts of [packed.texts, words])
      for (let i = 0; i < texts.length; i += TEXTS_PER_BATCH)
        yield { type: "texts", items: texts.slice(i, i + TEXTS_PER_BATCH) };
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
