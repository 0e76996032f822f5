/**
 * The catalogue worker for unit tests: bundled from the sources as `npm run build` does
 * (scripts/build-entries.mjs), into a temporary directory, once per test file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildCatalogueWorker } from "../scripts/build-entries.mjs";

let built: Promise<URL> | undefined;

export function catalogueWorkerUrl(): Promise<URL> {
  if (!built) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-worker-"));
    process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    built = buildCatalogueWorker(path.join(dir, "catalogue-worker.js"));
  }
  return built;
}
