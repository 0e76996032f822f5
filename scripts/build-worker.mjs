#!/usr/bin/env node
/**
 * Part of `npm run build` (and `npm run dev`): bundles the catalogue worker
 * (server/catalogue-worker.server.ts) into build/catalogue-worker.js, and the price list's
 * (server/feeds/price-list-worker.server.ts) into build/price-list-worker.js, beside the server
 * bundle that starts them. Remix's compiler makes one server file; a worker thread needs a file of its own.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Bundle the worker to `outfile`; its `file:` URL, for `new Worker`. */
export async function buildCatalogueWorker(outfile = path.join(root, "build/catalogue-worker.js")) {
  await build({
    absWorkingDir: root,
    entryPoints: ["server/catalogue-worker.server.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
  });
  return pathToFileURL(outfile);
}

/** The price list's worker (server/feeds/price-list-worker.server.ts), the same way. */
export async function buildPriceListWorker(outfile = path.join(root, "build/price-list-worker.js")) {
  await build({
    absWorkingDir: root,
    entryPoints: ["server/feeds/price-list-worker.server.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
    // Loaded from node_modules (a production dependency), where Node keeps quiet about the old
    // Buffer() its dependencies call; bundled, it would warn at every start.
    external: ["exceljs"],
  });
  return pathToFileURL(outfile);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const url of [await buildCatalogueWorker(), await buildPriceListWorker()]) {
    console.log(`built ${path.relative(root, fileURLToPath(url))}`);
  }
}
