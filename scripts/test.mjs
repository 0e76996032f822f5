#!/usr/bin/env node
/**
 * The whole suite, as README's `npm test`: browser check, typecheck, ESLint, Prettier's check and build side by
 * side (and the tests' PostgreSQL started meanwhile), then the unit and component tests beside the end-to-end
 * tests. Ends with one summary line: "N passed, N failed".
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensurePostgres, startPostgres, TEST_DATABASE_URL } from "../test/postgres-cluster.mjs";

// The e2e tests' browser (test/chromium.ts): Debian's Chromium headless shell.
const SHELL = process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", ...opts });
  return res.status ?? 1;
}

/** The child processes running now: a signal that ends this process is passed on to them. */
const children = new Set();

/** The exit status of `child` once it has ended and its output has been read (1 if it could not start). */
function exited(child) {
  children.add(child);
  child.on("close", () => children.delete(child));
  return new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("close", (status) => resolve(status ?? 1));
  });
}

/** Runs a command with its output shown as it comes; resolves to its exit status. */
function runShown(cmd, args) {
  return exited(spawn(cmd, args, { stdio: "inherit" }));
}

/** Runs a command with its stdout and stderr kept together, for printing once it has ended. */
async function runBuffered(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], ...opts });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  child.on("error", (error) => (output += `${error}\n`));
  return { status: await exited(child), output };
}

function ensureHeadlessShell() {
  if (fs.existsSync(SHELL)) return;
  if (process.getuid?.() === 0) {
    console.log("Chromium's headless shell is missing: installing Debian's chromium-headless-shell (apt-get)…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    if (
      run("apt-get", ["update", "-qq"], { env }) === 0 &&
      run("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], { env }) === 0 &&
      fs.existsSync(SHELL)
    )
      return;
  }
  console.error(
    `Chromium's headless shell not found at ${SHELL}. Install it with: sudo apt-get update && sudo apt-get install -y chromium-headless-shell (or set HEADLESS_SHELL_PATH).`,
  );
  process.exit(1);
}

ensureHeadlessShell();

// The store's tests run against a throwaway PostgreSQL (test/postgres-cluster.mjs), one for both
// vitest processes: Debian's postgresql, installed here as Chromium is. Started beside the checks,
// whose build takes longer; stopped and removed when this process ends, however it ends. A
// TEST_DATABASE_URL given to `npm test` is used instead.
let postgresBin;
if (!process.env[TEST_DATABASE_URL]) {
  try {
    postgresBin = ensurePostgres({ install: true });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
const postgres = postgresBin
  ? startPostgres({
      bin: postgresBin,
      exitOnSignal: true,
      onSignal: (signal) => {
        for (const child of children) child.kill(signal);
      },
    }).catch((error) => error)
  : undefined;

// Typecheck, ESLint, Prettier's check and the build read the sources independently: run side by
// side, each one's output shown whole when it ends, in this order.
// Built with a throwaway notify key: the secrets test proves it reaches no built file.
const sentinel = `build-sentinel-${process.pid}-${Date.now()}`;
process.env.BUILD_NOTIFY_KEY_SENTINEL = sentinel;
const checks = [
  ["typecheck", "npm", ["run", "typecheck"], {}],
  ["lint", "npm", ["run", "lint:code"], {}],
  ["format", "npm", ["run", "lint:format"], {}],
  ["build", "npm", ["run", "build"], { env: { ...process.env, NODE_ENV: "production", NOTIFY_API_KEY: sentinel } }],
].map(([name, cmd, args, opts]) => ({ name, result: runBuffered(cmd, args, opts) }));
let checksFailed = false;
for (const { name, result } of checks) {
  const { status, output } = await result;
  console.log(`\n> ${name}`);
  process.stdout.write(output);
  if (status !== 0) checksFailed = true;
}
if (checksFailed) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const cluster = await postgres;
if (cluster instanceof Error) {
  console.log(`\n> PostgreSQL for the tests\n${cluster.message}`);
  console.log("0 passed, 1 failed");
  process.exit(1);
}
if (cluster) {
  process.env[TEST_DATABASE_URL] = cluster.url;
  console.log(
    `\n> PostgreSQL for the tests: 127.0.0.1:${cluster.port}, started in ${(cluster.startedInMs / 1000).toFixed(1)} s`,
  );
}

// The unit and component tests run beside the end-to-end tests, in a vitest of their own: both
// spend part of their time waiting on real time (a fake service's timeout, a retry's delay, a
// page), which the other fills (the tests 282 → 262 s and 295 → 277 s, docs/performance.md). The
// e2e output is shown as it comes; the unit and component tests' whole when they end.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "vitest-"));
const extra = process.argv.slice(2);
const vitestArgs = (name) => [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  // A file or name filter given to `npm test` may match only one of the two halves.
  ...(extra.length ? ["--passWithNoTests"] : []),
  ...extra,
];
const e2e = runShown("npx", [...vitestArgs("e2e"), "--project", "e2e"]);
const unit = runBuffered("npx", [...vitestArgs("unit"), "--project", "unit", "--project", "dom"]).then(
  ({ status, output }) => {
    console.log("\n> unit and component tests");
    process.stdout.write(output);
    return status;
  },
);
const [unitStatus, e2eStatus] = await Promise.all([unit, e2e]);
if (cluster) {
  const stopping = Date.now();
  cluster.stop();
  console.log(`\n> PostgreSQL for the tests: stopped and removed in ${((Date.now() - stopping) / 1000).toFixed(1)} s`);
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ["unit", "e2e"]) {
  try {
    const json = JSON.parse(fs.readFileSync(path.join(reports, `${name}.json`), "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
  } catch {
    failed = Math.max(failed, 1);
  }
}
fs.rmSync(reports, { recursive: true, force: true });
if ((unitStatus !== 0 || e2eStatus !== 0) && failed === 0) failed = 1;
if (passed + failed + skipped === 0) {
  console.error("No test matched.");
  failed = 1;
}
if (unitStatus !== 0)
  console.log("\nThe unit and component tests failed: see their output above, under '> unit and component tests'.");
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
