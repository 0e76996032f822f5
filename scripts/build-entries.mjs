#!/usr/bin/env node
/**
 * Part of `npm run build` (and `npm run dev`): bundles the server's other entries beside the one
 * Remix's compiler makes (build/index.js): the catalogue worker (server/catalogue-worker.server.ts)
 * into build/catalogue-worker.js and the price list's (server/feeds/price-list-worker.server.ts)
 * into build/price-list-worker.js, since a worker thread needs a file of its own, and
 * `npm run leads:resend` (server/leads-resend.ts) into build/leads-resend.js, `npm run data:prune`
 * (server/data-prune.ts) into build/data-prune.js, and `npm run go-live`
 * (scripts/go-live.ts) into build/go-live.js for the image. The workers hold their
 * dependencies' code but exceljs; the re-send tool, like build/index.js, loads its dependencies from
 * node_modules (pdfkit reads its font files from its own folder). All are production dependencies.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Leaves every import of a package (not a relative path, not the app's `~` aliases) to node_modules. */
const dependenciesExternal = {
  name: "dependencies-external",
  setup(build) {
    build.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

async function bundle(entry, outfile, options = {}) {
  await build({
    ...options,
    absWorkingDir: root,
    entryPoints: [entry],
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

/** Bundle the worker to `outfile`; its `file:` URL, for `new Worker`. */
export function buildCatalogueWorker(outfile = path.join(root, "build/catalogue-worker.js")) {
  return bundle("server/catalogue-worker.server.ts", outfile);
}

/** The price list's worker, the same way. */
export function buildPriceListWorker(outfile = path.join(root, "build/price-list-worker.js")) {
  // Loaded from node_modules, where Node keeps quiet about the old Buffer() its dependencies call;
  // bundled, it would warn at every start.
  return bundle("server/feeds/price-list-worker.server.ts", outfile, { external: ["exceljs"] });
}

/** Bundle `npm run leads:resend` to `outfile`. */
export function buildResendTool(outfile = path.join(root, "build/leads-resend.js")) {
  return bundle("server/leads-resend.ts", outfile, { plugins: [dependenciesExternal] });
}

/** Bundle `npm run data:prune` to `outfile`. */
export function buildPruneTool(outfile = path.join(root, "build/data-prune.js")) {
  return bundle("server/data-prune.ts", outfile, { plugins: [dependenciesExternal] });
}

/** Bundle `npm run go-live` to `outfile`, for the image (`node build/go-live.js`). */
export function buildGoLiveTool(outfile = path.join(root, "build/go-live.js")) {
  return bundle("scripts/go-live.ts", outfile, { plugins: [dependenciesExternal] });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const entries = [
    buildCatalogueWorker(),
    buildPriceListWorker(),
    buildResendTool(),
    buildPruneTool(),
    buildGoLiveTool(),
  ];
  for (const url of await Promise.all(entries)) console.log(`built ${path.relative(root, fileURLToPath(url))}`);
}
