/**
 * The price list to download (/feeds/price-list.xlsx), kept as a file under DATA_DIR and written
 * once per catalogue version: the first request after a new catalogue waits for it, the others
 * are sent the file. At 100 000 parts it is about 8 MB and takes seconds to write, so it is
 * neither kept in memory nor written again per request. The writing is done by a worker thread
 * (price-list-worker.server.ts), fed the rows a batch at a time, with the event loop free between
 * batches.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import type { CatalogueStamp } from "./catalogue-stamp.server";
import type { PriceListRow, PriceListTitle } from "./price-list-sheet.server";
import type { PriceListWorkerMessage, PriceListWorkerReply } from "./price-list-worker.server";

export { PRICE_LIST_HEADER, PRICE_LIST_TITLE_ROWS, RUBLE_FORMAT } from "./price-list-sheet.server";

/** Where `npm run build` puts the worker: beside build/index.js, which this module is bundled into. */
export const PRICE_LIST_WORKER_URL = new URL("./price-list-worker.js", import.meta.url);

const ROWS_PER_BATCH = 2_000;
const WORKER_OLD_MB = 64;
const WORKER_YOUNG_MB = 8;

export interface PriceListSheet {
  /** 'FAW Солонцы'. */
  shop: string;
  siteUrl: string;
  desk: { name: string; phones: string[]; email: string };
}

/** 'dd.mm.yyyy' in Krasnoyarsk (UTC+7 all year). */
export function priceListDate(date: Date): string {
  const local = new Date(date.getTime() + 7 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`;
}

/** Writes the price list of `snapshot` to `file` in a worker started from `workerUrl`. */
export async function writePriceList(
  snapshot: CatalogueSnapshot,
  date: Date,
  sheet: PriceListSheet,
  file: string,
  workerUrl: URL,
): Promise<void> {
  const { parts } = snapshot;
  const title: PriceListTitle = { ...sheet, date: priceListDate(date), count: parts.length };
  // exceljs holds little (a row until it is written), but makes garbage fast: a small heap has it
  // collected often rather than grown to hundreds of megabytes.
  const worker = new Worker(workerUrl, {
    workerData: { file, title },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
  });
  let pending: { resolve: (reply: PriceListWorkerReply) => void; reject: (error: Error) => void } | undefined;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    pending?.reject(failure);
  };
  worker.on("message", (reply: PriceListWorkerReply) => pending?.resolve(reply));
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the price list worker stopped (exit ${code})`)));
  const send = (message: PriceListWorkerMessage) =>
    new Promise<PriceListWorkerReply>((resolve, reject) => {
      if (failure) return reject(failure);
      pending = { resolve, reject };
      worker.postMessage(message);
    }).then((reply) => {
      if (reply.type === "error") throw new Error(`price list: ${reply.message}`);
      return reply;
    });
  try {
    for (let from = 0; from < parts.length; from += ROWS_PER_BATCH) {
      const rows: PriceListRow[] = [];
      for (const part of parts.slice(from, from + ROWS_PER_BATCH)) {
        const url = `${sheet.siteUrl}/catalog/parts/${encodeURIComponent(part.slug)}`;
        rows.push([part.article, part.fullName || part.name, part.group, part.price, part.balance, url]);
      }
      await send({ type: "rows", rows });
      await nextTurn();
    }
    await send({ type: "end" });
  } finally {
    await worker.terminate();
  }
}

export interface PriceListCache {
  /** The path of the price list of `snapshot`, whose stamp is `stamp`. */
  file(snapshot: CatalogueSnapshot, stamp: CatalogueStamp, sheet: PriceListSheet): Promise<string>;
}

/**
 * The file of the current catalogue version under `dir`, written on first demand; a newer version
 * replaces it (older files are removed once the newer one is ready). A failed write is tried
 * again by the next request.
 */
export function createPriceListCache(dir: string, workerUrl = PRICE_LIST_WORKER_URL): PriceListCache {
  let current: { etag: string; file: Promise<string> } | undefined;

  async function build(snapshot: CatalogueSnapshot, stamp: CatalogueStamp, sheet: PriceListSheet) {
    await fs.promises.mkdir(dir, { recursive: true });
    const name = `price-list-${stamp.etag.replace(/\W+/g, "-").replace(/^-|-$/g, "")}.xlsx`;
    const file = path.join(dir, name);
    const partial = path.join(dir, `.${randomUUID()}.partial`);
    try {
      await writePriceList(snapshot, stamp.lastModified, sheet, partial, workerUrl);
      await fs.promises.rename(partial, file);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    // A file being sent stays readable after it is removed: it is open.
    for (const other of await fs.promises.readdir(dir)) {
      if (other !== name && other.endsWith(".xlsx")) await fs.promises.rm(path.join(dir, other), { force: true });
    }
    return file;
  }

  return {
    file(snapshot, stamp, sheet) {
      if (current?.etag !== stamp.etag) {
        const entry = { etag: stamp.etag, file: build(snapshot, stamp, sheet) };
        entry.file.catch(() => {
          if (current === entry) current = undefined;
        });
        current = entry;
      }
      return current.file;
    },
  };
}
