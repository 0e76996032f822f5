/**
 * `npm run bench:1c`: a big 1C exchange against the built server (`npm run build` first).
 * Generates a catalogue of --goods goods (100 000: import.xml ≈ 120 MB, offers.xml ≈ 60 MB),
 * zips it, uploads it in file_limit posts as 1C does, imports both files polling through
 * `progress`, then a changes-only offers.xml of 1 000 goods; prints the times, the server's peak
 * RSS and the slowest /healthz answer meanwhile.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { encodeXml, offersXml, sampleOffer, writeBigCatalogue } from "../test/commerceml";
import { Fake1C, httpTransport, zipFiles } from "../test/fake-1c";
import { builtServerEnv, freePort, waitForHealthz } from "../test/server-process";

const { values } = parseArgs({ options: { goods: { type: "string", default: "100000" } } });
const count = Number(values.goods);

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The process's peak resident set (VmHWM), from Linux's /proc. */
function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmHWM:\s+(\d+) kB/.exec(status);
  return kb ? Number(kb[1]) * 1024 : NaN;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-1c-"));
const importFile = path.join(dir, "import.xml");
const offersFile = path.join(dir, "offers.xml");
const archive = path.join(dir, "goods.zip");
const dataDir = path.join(dir, "data");
fs.mkdirSync(dataDir);

const generated = await timed(`generate ${count} goods`, () => writeBigCatalogue(importFile, offersFile, count));
console.log(`import.xml ${mb(generated.importBytes)}, offers.xml ${mb(generated.offersBytes)}`);
const zipped = await timed("zip", () =>
  zipFiles(
    [
      { name: "import.xml", file: importFile },
      { name: "offers.xml", file: offersFile },
    ],
    archive,
  ),
);
console.log(`archive ${mb(zipped)}`);

const port = await freePort();
const credentials = { user: "bench", password: "bench-password" };
let output = "";
const child = spawn(process.execPath, ["build/index.js"], {
  env: builtServerEnv(port, dataDir, {
    ONEC_EXCHANGE_USER: credentials.user,
    ONEC_EXCHANGE_PASSWORD: credentials.password,
    LOG_SILENT: "1",
  }),
  stdio: ["ignore", "pipe", "pipe"],
});
child.stdout!.on("data", (chunk) => (output += chunk));
child.stderr!.on("data", (chunk) => (output += chunk));
const url = `http://127.0.0.1:${port}`;

try {
  await waitForHealthz(url, child, () => output);
  const startRss = peakRss(child.pid!);
  // /healthz while the exchange works: the slowest answer in each phase.
  const slowest = new Map<string, number>();
  let phase = "upload";
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const start = performance.now();
      await fetch(`${url}/healthz`).catch(() => undefined);
      slowest.set(phase, Math.max(slowest.get(phase) ?? 0, performance.now() - start));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const onec = new Fake1C(httpTransport(url), credentials);
  const total = performance.now();
  await onec.checkauth("catalog");
  await onec.init("catalog");
  const posts = await timed(`upload in ${onec.fileLimit}-byte posts`, () =>
    onec.uploadFile("catalog", "goods.zip", archive),
  );
  if (posts.some((answer) => answer !== "success")) throw new Error(`upload: ${posts.find((a) => a !== "success")}`);
  console.log(`  ${posts.length} posts`);
  phase = "import.xml";
  const imported = await timed("import import.xml (unzip included)", () => onec.import("import.xml", 10_000, 200));
  console.log(`  ${imported.last.replace("\n", " — ")} after ${imported.answers.length} calls`);
  phase = "offers.xml";
  const offers = await timed("import offers.xml", () => onec.import("offers.xml", 10_000, 200));
  console.log(`  ${offers.last.replace("\n", " — ")}`);
  console.log(`whole exchange: ${((performance.now() - total) / 1000).toFixed(1)} s`);

  const changes = encodeXml(
    offersXml({
      priceTypes: [generated.priceType],
      offers: Array.from({ length: 1000 }, (_, n) => ({ ...sampleOffer(n * 7, generated.priceType), quantity: 42 })),
      onlyChanges: true,
    }),
    "utf-8",
  );
  phase = "changes-only offers.xml";
  await timed("changes-only offers.xml of 1 000 goods, upload to success", async () => {
    await onec.checkauth("catalog");
    await onec.init("catalog");
    await onec.upload("catalog", "offers.xml", changes);
    const run = await onec.import("offers.xml", 1000, 50);
    if (!run.last.startsWith("success")) throw new Error(run.last);
  });
  probing = false;
  await probe;
  console.log(`server RSS: ${mb(startRss)} at start, peak ${mb(peakRss(child.pid!))}`);
  for (const [name, ms] of slowest) console.log(`slowest /healthz during ${name}: ${ms.toFixed(0)} ms`);
} finally {
  child.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
