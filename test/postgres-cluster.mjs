/**
 * A throwaway PostgreSQL for a test run: Debian's `postgresql` binaries, a cluster in a temporary
 * folder, on a free port of 127.0.0.1 with its unix socket in that folder, stopped and removed at
 * the end. Plain ESM without dependencies: `npm test` (scripts/test.mjs, plain node) starts one for
 * both of its vitest processes, and test/postgres-global-setup.ts starts one when vitest runs
 * alone. Both hand it to the tests as TEST_DATABASE_URL (test/databases.ts makes a database per
 * test file in it).
 *
 * For tests only: fsync and full-page writes are off (a power cut loses nothing a test keeps), and
 * every connection is trusted (it listens on loopback and a socket only its owner can reach).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The variable the tests read the run's database from. */
export const TEST_DATABASE_URL = "TEST_DATABASE_URL";

const PREFIX = "faw-postgres-";
/** The pid of the process that started a cluster, in its folder. */
const OWNER_FILE = "owner.pid";

/** The run's role and database (the role may create databases: one per test file). */
const ROLE = "faw_test";
const DATABASE = "faw_test";

const INSTALL_HINT =
  "Install it with: sudo apt-get update && sudo apt-get install -y postgresql (or set POSTGRES_BIN to the folder of its initdb, pg_ctl and psql).";

/**
 * The folder of `initdb`, `pg_ctl` and `psql`: POSTGRES_BIN, else Debian's newest
 * /usr/lib/postgresql/<version>/bin, else one on the PATH (another system's packages); or undefined.
 */
export function postgresBin() {
  const candidates = [];
  if (process.env.POSTGRES_BIN) candidates.push(process.env.POSTGRES_BIN);
  const root = "/usr/lib/postgresql";
  if (fs.existsSync(root))
    for (const version of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(root, version, "bin"));
  candidates.push(...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean));
  return candidates.find((dir) => ["initdb", "pg_ctl", "psql"].every((tool) => fs.existsSync(path.join(dir, tool))));
}

/**
 * The binaries' folder; when they are missing and this is root, installs Debian's `postgresql`
 * with apt-get first (as scripts/test.mjs installs Chromium's headless shell). Throws with how to
 * install them otherwise.
 */
export function ensurePostgres({ install = false } = {}) {
  const found = postgresBin();
  if (found) return found;
  if (install && process.getuid?.() === 0) {
    console.log("PostgreSQL is missing: installing Debian's postgresql (apt-get)…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const apt = (args) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
    if (apt(["update", "-qq"]) && apt(["install", "-y", "-qq", "--no-install-recommends", "postgresql"])) {
      const installed = postgresBin();
      if (installed) return installed;
    }
  }
  throw new Error(
    `PostgreSQL's initdb, pg_ctl and psql not found (the tests start a throwaway cluster). ${INSTALL_HINT}`,
  );
}

/** A TCP port free on 127.0.0.1 right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster of its own: `{ url, dir, port, startedInMs, stop }`. `url` is the run's
 * database (postgres://faw_test@127.0.0.1:<port>/faw_test). `stop()` is synchronous, stops the
 * server at once (`-m immediate`: nothing of it is kept) and removes the folder; calling it again
 * does nothing.
 *
 * From the moment it begins, this process's end stops it too: its exit, or SIGINT, SIGTERM or
 * SIGHUP (vitest skips its teardowns when interrupted). On a signal, with `exitOnSignal` the
 * process then ends as the signal would have, after `onSignal` (e.g. passing it on to child
 * processes); without, whoever else listens ends it (vitest does). SIGKILL leaves the folder
 * behind: the next start removes it (sweepLeftovers).
 */
export async function startPostgres({ bin = ensurePostgres(), exitOnSignal = false, onSignal = () => {} } = {}) {
  const started = Date.now();
  sweepLeftovers(bin);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  // initdb and postgres refuse to run as root: as root, the cluster is the postgres user's.
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    fs.chownSync(dir, uid, gid);
  }

  let stopped = false;
  /** The tool running now, stopped with the cluster when a signal comes while it starts. */
  let current;
  const signals = [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ].map(([signal, code]) => {
    const listener = () => {
      onSignal(signal);
      stop();
      if (exitOnSignal) process.exit(code);
    };
    process.on(signal, listener);
    return [signal, listener];
  });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", stop);
    for (const [signal, listener] of signals) process.off(signal, listener);
    if (current) {
      try {
        process.kill(-current.pid, "SIGKILL");
      } catch {
        // ended meanwhile
      }
    }
    if (fs.existsSync(path.join(data, "postmaster.pid"))) {
      const [cmd, argv] = command(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      spawnSync(cmd, argv, { stdio: "ignore", cwd: dir });
    }
    // Retried: a tool killed just now may still be writing into it.
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  };
  process.on("exit", stop);

  // Started asynchronously, so that what the caller runs meanwhile (npm test's build) goes on;
  // stopped synchronously, from signal handlers and `exit` too.
  const run = (tool, args) =>
    new Promise((resolve, reject) => {
      if (stopped) return reject(new Error("PostgreSQL for the tests: stopped while it started"));
      const [cmd, argv] = command(bin, tool, args);
      // A group of its own, so that a stop mid-way ends runuser and the tool under it together.
      const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "pipe"], cwd: dir, detached: true });
      current = child;
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("error", (error) => (output += String(error)));
      child.on("close", (status) => {
        current = undefined;
        if (stopped) reject(new Error("PostgreSQL for the tests: stopped while it started"));
        else resolve({ ok: status === 0, output });
      });
    });
  const fail = (what, output) => {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
    stop();
    throw new Error(`PostgreSQL for the tests: ${what} failed:\n${output}\n${log}`.trim());
  };

  const init = await run("initdb", [
    ...["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"],
    ...["--no-sync", "--no-instructions"],
  ]);
  if (!init.ok) fail("initdb", init.output);

  // A port another process takes between its choice and the server's start: another one.
  let port;
  for (let tries = 1; ; tries++) {
    port = await freePort();
    const options = [
      ...["-p", port, "-k", dir, "-c", "listen_addresses=127.0.0.1"],
      ...["-c", "fsync=off", "-c", "full_page_writes=off", "-c", "synchronous_commit=off"],
      // Each test file's servers keep a pool or two: room for both vitest processes' workers.
      ...["-c", "max_connections=200", "-c", "shared_buffers=32MB"],
    ].join(" ");
    const start = await run("pg_ctl", ["-D", data, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
    if (start.ok) break;
    if (tries === 3) fail("pg_ctl start", start.output);
  }

  const psql = await run("psql", [
    ...["-h", dir, "-p", String(port), "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-q"],
    ...["-c", `CREATE ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${ROLE}'`],
    ...["-c", `CREATE DATABASE ${DATABASE} OWNER ${ROLE}`],
  ]);
  if (!psql.ok) fail("creating the run's role and database", psql.output);

  return {
    url: `postgres://${ROLE}:${ROLE}@127.0.0.1:${port}/${DATABASE}`,
    dir,
    port,
    startedInMs: Date.now() - started,
    stop,
  };
}

/** How `tool` of `bin` runs: as the postgres user when this is root (initdb and postgres refuse root). */
function command(bin, tool, args) {
  return process.getuid?.() === 0
    ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]]
    : [path.join(bin, tool), args];
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * Clusters left by runs that were killed (SIGKILL, a machine's reboot has no leftovers: the
 * temporary directory is emptied): stopped and removed once the process that started them is gone.
 */
function sweepLeftovers(bin) {
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmp, name);
    let owner;
    try {
      owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), "utf8"));
    } catch {
      continue; // another user's, or being made right now
    }
    if (!owner || isAlive(owner)) continue;
    const data = path.join(dir, "data");
    if (fs.existsSync(path.join(data, "postmaster.pid"))) {
      const [cmd, argv] = command(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      spawnSync(cmd, argv, { stdio: "ignore" });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function postgresUser() {
  const res = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (res.status !== 0 || gid.status !== 0)
    throw new Error(`No postgres user to run the tests' PostgreSQL as (initdb refuses root). ${INSTALL_HINT}`);
  return { uid: Number(res.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
