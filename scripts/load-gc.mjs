/**
 * Preloaded into the server by `npm run load` (with --expose-gc): on SIGUSR2 run full GCs until
 * V8's reserved heap stops shrinking (at most five, 300 ms apart — V8 hands freed old-space pages
 * back over the following collections, so one GC can leave ~100 MB of empty pages reserved), then
 * append process.memoryUsage() as one JSON line to LOAD_GC_REPORT. Memory is compared with the
 * garbage gone rather than wherever V8 happened to stop.
 */
import fs from "node:fs";

function collect(round, lastTotal) {
  globalThis.gc?.();
  const usage = process.memoryUsage();
  if (round < 5 && lastTotal - usage.heapTotal > 1024 * 1024) {
    setTimeout(() => collect(round + 1, usage.heapTotal), 300);
    return;
  }
  const file = process.env.LOAD_GC_REPORT;
  if (file) fs.appendFileSync(file, JSON.stringify(usage) + "\n");
}

process.on("SIGUSR2", () => collect(1, Number.POSITIVE_INFINITY));
