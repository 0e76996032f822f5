import fs from "node:fs";
import path from "node:path";

/**
 * Leads are kept under DATA_DIR when they cannot be delivered; a server that cannot
 * write there must not start, or it would accept leads it cannot keep.
 */
export function ensureWritableDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const probe = path.join(dir, `.write-test-${process.pid}`);
  fs.writeFileSync(probe, "ok");
  fs.rmSync(probe);
}
