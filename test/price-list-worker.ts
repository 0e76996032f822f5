/**
 * The price list's worker for unit tests: bundled from the sources as `npm run build` does
 * (scripts/build-worker.mjs), once per test file, into node_modules/.cache, where the bundle
 * finds exceljs in node_modules as build/ does.
 */
import path from "node:path";
import { buildPriceListWorker } from "../scripts/build-entries.mjs";

let built: Promise<URL> | undefined;

export function priceListWorkerUrl(): Promise<URL> {
  built ??= buildPriceListWorker(path.resolve("node_modules/.cache/price-list-worker/price-list-worker.js"));
  return built;
}
