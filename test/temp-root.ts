import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One folder for everything a test run writes to the system's temporary directory (the servers'
 * data, uploads, the browsers' profiles, built copies of the site), removed when the run ends:
 * every `os.tmpdir()` in the tests' processes and in the browsers they start points into it. The
 * servers they start write only under their DATA_DIR, which the tests make there.
 */
export default function setup() {
  const previous = process.env.TMPDIR;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "faw-tests-"));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(root, { recursive: true, force: true });
  };
}
