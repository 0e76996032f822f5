/**
 * Write the demo catalogue as the parts API would return it (a list of groups):
 * `npx tsx scripts/generate-parts.ts --count 100000 --seed 1 --out /tmp/parts.json`.
 * Without --out the JSON goes to stdout, so it can be piped into a mock server.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { generateParts } from "~server/demo-catalogue.server";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "360" },
    seed: { type: "string", default: "1" },
    out: { type: "string" },
    pretty: { type: "boolean", default: false },
  },
});

const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isSafeInteger(count) || count < 0 || !Number.isSafeInteger(seed)) {
  process.stderr.write("usage: generate-parts.ts [--count N] [--seed S] [--out file.json] [--pretty]\n");
  process.exit(2);
}

const started = performance.now();
const json = JSON.stringify(generateParts(count, seed), null, values.pretty ? 2 : undefined) + "\n";
if (values.out) {
  writeFileSync(values.out, json);
  const ms = Math.round(performance.now() - started);
  process.stderr.write(
    `${count} parts, ${(Buffer.byteLength(json) / 1024 / 1024).toFixed(1)} MB → ${values.out} in ${ms} ms\n`,
  );
} else {
  process.stdout.write(json);
}
