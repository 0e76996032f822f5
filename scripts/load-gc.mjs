/**
 * Preloaded into the server by `npm run load` (with --expose-gc): on SIGUSR2 run a full GC and
 * append process.memoryUsage() as one JSON line to LOAD_GC_REPORT, so memory is compared after
 * garbage is gone rather than wherever V8 happened to stop.
 */
import fs from "node:fs";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  const file = process.env.LOAD_GC_REPORT;
  if (file) fs.appendFileSync(file, JSON.stringify(process.memoryUsage()) + "\n");
});
