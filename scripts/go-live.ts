/**
 * `npm run go-live`: is the site ready to be the dealer's own? Lists every demo value still in
 * app/content/dealer.ts, every figure claimed in two places that disagree, and the launch
 * settings (the environment, with .env filling in what it leaves unset, as `npm start` reads it),
 * the parts catalogue among them: the embedded demo fails, a parts API set is asked once.
 * Exit 0 when nothing is open, 1 otherwise. Bundled into build/go-live.js as well
 * (scripts/build-entries.mjs), so the image, which holds neither the sources nor tsx, runs it as
 * `node build/go-live.js` against the content it was built with and its own settings.
 */
import fs from "node:fs";
import path from "node:path";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

let report;
try {
  // Loading the checked content fails, naming the key, when the content is invalid.
  await import("../app/content/valid");
  const { CONTENT_FILE, checkGoLive } = await import("../server/go-live.server");
  // In the image (build/go-live.js) the content is the one built in, without its source: no line numbers.
  const file = path.resolve(CONTENT_FILE);
  const source = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
  report = { ...(await checkGoLive(process.env, source)), file: CONTENT_FILE };
} catch (error) {
  process.stdout.write(`FAIL ${(error as Error).message}\n`);
  process.exit(1);
}

const out: string[] = [];
if (report.demo.length > 0) {
  out.push(`Demo values still in ${report.file} (${report.demo.length}): replace each and remove its demo( )`);
  const width = Math.max(...report.demo.map((item) => item.key.length));
  for (const item of report.demo) {
    out.push(
      `  ${item.key.padEnd(width)}  ${item.line ? `line ${String(item.line).padEnd(4)}` : "         "}  ${item.shows}`,
    );
  }
} else out.push(`Demo values: none left in ${report.file}`);

out.push("");
if (report.disagreements.length > 0) {
  out.push(`Figures that disagree (${report.disagreements.length}):`);
  for (const text of report.disagreements) out.push(`  FAIL ${text}`);
} else out.push("Figures: the hero's savings, the models statistic and the leasing term agree");

out.push("", "Launch settings:");
for (const text of report.failures) out.push(`  FAIL ${text}`);
for (const text of report.notes) out.push(`  note ${text}`);
if (report.checks.length > 0) {
  out.push("", "To check before launch (the site cannot tell these):");
  for (const text of report.checks) out.push(`  check ${text}`);
}

const open = report.demo.length + report.disagreements.length + report.failures.length;
out.push(
  "",
  open === 0
    ? "Ready to go live."
    : `Not ready: ${report.demo.length} demo values, ${report.disagreements.length} disagreements, ${report.failures.length} failed settings.`,
);
process.stdout.write(out.join("\n") + "\n");
process.exit(open === 0 ? 0 : 1);
