import type { ChildProcess } from "node:child_process";
import http from "node:http";
import net, { type AddressInfo } from "node:net";

/** A TCP port free on loopback right now, for a server started by a test or a benchmark. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The environment of the built server (build/index.js) listening on `port` on loopback: the
 * embedded defaults (demo catalogue, leads kept in `dataDir`) plus `extra`, which wins.
 */
export function builtServerEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...extra,
  };
}

/**
 * Polls `{url}/healthz` until the server answers, failing with its output if the process exits
 * first or nothing answers in time.
 */
export async function waitForHealthz(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The path of the first same-origin link on the page at `base + pagePath` whose path matches `re`. */
export async function firstLink(base: string, pagePath: string, re: RegExp): Promise<string> {
  const html = await (await fetch(base + pagePath)).text();
  for (const m of html.matchAll(/href="([^"]+)"/g)) {
    const u = new URL(m[1].replace(/&amp;/g, "&"), base + pagePath);
    if (u.origin === base && re.test(u.pathname)) return u.pathname;
  }
  throw new Error(`no link matching ${re} on ${pagePath}`);
}

/**
 * One request with node:http, the body as sent: fetch would decode it and hide what
 * Content-Encoding the server chose.
 */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A visitor on a parts page every 200 ms, each time a query the server has not seen. A catalogue
 * refresh starts only when a page asks for a stale catalogue (/healthz never reads it), so the
 * benchmarks keep one coming this way. Returns the function that stops it.
 */
export function startVisitor(base: string): () => Promise<void> {
  let running = true;
  let n = 0;
  const loop = (async () => {
    while (running) {
      await rawGet(`${base}/catalog/parts?page=${(n % 50) + 1}&visitor=${n}`).catch(() => undefined);
      n++;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/**
 * Starts `server` (a fake upstream of a test or a benchmark) on a free loopback port: its URL, and
 * a close that ends the connections still open too.
 */
export async function listenOnLoopback(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
