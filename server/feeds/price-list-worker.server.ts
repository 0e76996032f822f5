/**
 * The price list's worker thread (bundled into build/price-list-worker.js): writes one file, its
 * rows sent in batches by server/feeds/price-list.server.ts, each batch acknowledged so that
 * no more than one waits here at a time.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openPriceListSheet, type PriceListRow, type PriceListTitle } from "./price-list-sheet.server";

export type PriceListWorkerMessage = { type: "rows"; rows: PriceListRow[] } | { type: "end" };
export type PriceListWorkerReply = { type: "ack" } | { type: "done" } | { type: "error"; message: string };

const { file, title } = workerData as { file: string; title: PriceListTitle };
const port = parentPort!;
const sheet = openPriceListSheet(file, title);
const reply = (message: PriceListWorkerReply) => port.postMessage(message);

port.on("message", (message: PriceListWorkerMessage) => {
  try {
    if (message.type === "rows") {
      sheet.add(message.rows);
      reply({ type: "ack" });
      return;
    }
    sheet.finish().then(
      () => reply({ type: "done" }),
      (error: Error) => reply({ type: "error", message: error.message }),
    );
  } catch (error) {
    reply({ type: "error", message: (error as Error).message });
  }
});
