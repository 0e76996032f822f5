import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { startServer } from "./harness";

/** The built server, or another built entry (`build/leads-resend.js`, `npm run leads:resend`). */
function runServer(env: Record<string, string>, cwd?: string, entry = "build/index.js") {
  return spawnSync(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: "0",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "cfg-")),
      ...env,
    },
    encoding: "utf8",
    timeout: 15_000,
    cwd,
  });
}

/** A folder holding the built app (linked) and the given .env, as ops would lay it out. */
function appDirWithEnvFile(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dotenv-"));
  for (const name of ["build", "public", "node_modules", "package.json"])
    fs.symlinkSync(path.resolve(name), path.join(dir, name));
  fs.writeFileSync(path.join(dir, ".env"), text);
  return dir;
}

describe("start-up checks", () => {
  it.each([
    [{ PORT: "abc" }, /^Invalid environment variable PORT: /],
    [{ SITE_URL: "faw" }, /^Invalid environment variable SITE_URL: /],
    [{ NOTIFY_API_URL: "https://notify.example" }, /^Invalid environment variable NOTIFY_API_KEY: /],
    [{ PARTS_CACHE_TTL_SECONDS: "-5" }, /^Invalid environment variable PARTS_CACHE_TTL_SECONDS: /],
    [{ TRUST_PROXY: "true" }, /^Invalid environment variable TRUST_PROXY: /],
  ])("refuses to start with %j, naming the variable in one line", (env, message) => {
    const result = runServer(env);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  it("reads .env when present, and a variable set in the environment wins over it", () => {
    const dir = appDirWithEnvFile("PARTS_CACHE_TTL_SECONDS=-5\n");
    // From .env alone: the invalid value stops the server and is named.
    expect(runServer({}, dir).stderr.trim()).toMatch(/^Invalid environment variable PARTS_CACHE_TTL_SECONDS: /);
    // The environment's value wins: the configuration passes and start-up goes on to the next check.
    const file = path.join(dir, "a-file");
    fs.writeFileSync(file, "");
    expect(runServer({ PARTS_CACHE_TTL_SECONDS: "60", DATA_DIR: path.join(file, "data") }, dir).stderr).toMatch(
      /^DATA_DIR .* is not writable/,
    );
  });

  it("refuses to start when DATA_DIR is not writable", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cfg-")), "a-file");
    fs.writeFileSync(file, "");
    // A path below a regular file can never be created, whoever runs the test.
    const result = runServer({ DATA_DIR: path.join(file, "data") });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^DATA_DIR .* is not writable/);
  });
});

describe("start-up checks of `npm run leads:resend`", () => {
  it("makes the server's checks, in one line", () => {
    const result = runServer({ PORT: "abc" }, undefined, "build/leads-resend.js");
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^Invalid environment variable PORT: /)]);
  });

  it("has nothing to re-send while leads are kept locally", () => {
    const result = runServer({}, undefined, "build/leads-resend.js");
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("NOTIFY_API_URL is not set: leads are kept locally, nothing to re-send.");
    expect(result.stdout).toBe("");
  });
});

describe("graceful stop", () => {
  it("finishes a request in flight on SIGTERM, then exits", async () => {
    // A slow parts API keeps a page request in flight while the signal arrives.
    const body = JSON.stringify(generateParts(20));
    let requests = 0;
    const upstream = http.createServer((_req, res) => {
      requests++;
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(body), 1200);
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const server = await startServer({ PARTS_API_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
    try {
      const pending = fetch(`${server.url}/catalog/parts`);
      // In flight: the page's request has reached the upstream, which holds it for 1.2 s.
      await expect.poll(() => requests, { timeout: 10_000 }).toBe(1);
      const exited = server.stop("SIGTERM");
      const res = await pending;
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Каталог запчастей");
      expect(await exited).toBe(0);
      expect(server.logs()).toContain('"msg":"stopped"');
    } finally {
      upstream.close();
    }
  });
});
