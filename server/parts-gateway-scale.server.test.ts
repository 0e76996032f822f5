/**
 * The parts gateway against a real HTTP server (no msw: real sockets, chunks and dropped
 * connections): a 100 000-part catalogue, a body over PARTS_MAX_BYTES, a connection lost
 * halfway through the body.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { catalogueWorkerUrl } from "../test/catalogue-worker";
import { parsePartsQuery } from "~/lib/catalogue-query";
import { runPartsQuery } from "~/lib/catalogue-search";
import { parseConfig } from "./config.server";
import { generateParts } from "./demo-catalogue.server";
import { log } from "./log.server";
import { createPartsGateway, RETRY_AFTER_FAILURE_MS } from "./parts-gateway.server";

const TTL_SECONDS = 60;

type Respond = (req: http.IncomingMessage, res: http.ServerResponse) => void;

let respond: Respond;
let hits = 0;
let upstream: http.Server;
let baseUrl: string;
let workerUrl: URL;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    hits++;
    res.on("error", () => {});
    respond(req, res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  workerUrl = await catalogueWorkerUrl();
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

afterEach(() => {
  vi.restoreAllMocks();
  hits = 0;
});

const json =
  (body: string): Respond =>
  (_req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(body);

function setup(env: Record<string, string> = {}) {
  let time = 1_000_000;
  const config = parseConfig({
    PARTS_API_URL: baseUrl,
    PARTS_CACHE_TTL_SECONDS: String(TTL_SECONDS),
    PARTS_TIMEOUT_MS: "30000",
    ...env,
  });
  const gateway = createPartsGateway(config, { now: () => time, workerUrl });
  return { gateway, advance: (ms: number) => (time += ms) };
}

/** Log lines of `level` as objects, `msg` included. */
function captureLog(level: "info" | "warn" | "error") {
  const lines: Record<string, unknown>[] = [];
  vi.spyOn(log, level).mockImplementation((msg, fields) => void lines.push({ msg, ...fields }));
  return lines;
}

// Each test downloads and indexes thousands of parts in a worker thread: seconds on a busy machine.
describe("the parts gateway at scale", { timeout: 60_000 }, () => {
  it("loads 100 000 parts (about 43 MB) while the event loop keeps turning, serving the old copy meanwhile", async () => {
    const info = captureLog("info");
    const small = JSON.stringify(generateParts(50));
    const large = JSON.stringify(generateParts(100_000));
    expect(Buffer.byteLength(large)).toBeGreaterThan(40_000_000);
    respond = json(small);
    const { gateway, advance } = setup();
    const first = await gateway.getCatalogue();
    expect(first.parts).toHaveLength(50);

    respond = json(large);
    advance(TTL_SECONDS * 1000);
    const parse = vi.spyOn(JSON, "parse");
    expect(await gateway.getCatalogue()).toBe(first);
    let served = 0;
    while ((await gateway.getCatalogue()) === first) {
      served++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const snapshot = await gateway.getCatalogue();
    expect(snapshot.version).toBe(2);
    expect(snapshot.parts).toHaveLength(100_000);
    const sample = snapshot.parts[77_777];
    expect(snapshot.bySlug.get(sample.slug)).toBe(sample);
    expect(snapshot.byId.get(sample.id)).toBe(sample);
    const page = runPartsQuery(
      snapshot,
      parsePartsQuery(new URLSearchParams("search=фильтр масляный&sortBy=price_asc")),
    );
    expect(page.total).toBeGreaterThan(1_000);
    expect(page.items.every((p) => p.name === "Фильтр масляный")).toBe(true);

    const loaded = info.at(-1)!;
    expect(loaded).toMatchObject({
      msg: "parts upstream",
      parts: 100_000,
      bytes: Buffer.byteLength(large),
      version: 2,
    });
    // The old copy answered all along and the body was never parsed on this thread. (How long the
    // thread is held is a figure, not a test: `npm run bench:server -- --section refresh`.)
    expect(served).toBeGreaterThan(5);
    expect(parse.mock.calls.every(([text]) => text.length < 1_000_000)).toBe(true);
  }, 120_000);

  it("refuses a body over PARTS_MAX_BYTES with a clear log line and keeps the last good copy", async () => {
    const error = captureLog("error");
    respond = json(JSON.stringify(generateParts(20)));
    const { gateway, advance } = setup({ PARTS_MAX_BYTES: String(1024 * 1024) });
    const good = await gateway.getCatalogue();

    // 3 MB without Content-Length: only counting the bytes can stop it.
    respond = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const filler = Buffer.alloc(64 * 1024, 0x20);
      let left = 48;
      const pump = () => {
        while (left > 0 && !res.destroyed) {
          left--;
          if (!res.write(filler)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end("[]");
      };
      pump();
    };
    advance(TTL_SECONDS * 1000);
    expect(await gateway.getCatalogue()).toBe(good);
    await vi.waitFor(() => expect(error).toHaveLength(1), { timeout: 15_000 });
    expect(error[0]).toMatchObject({
      msg: "parts upstream failed",
      error:
        "body of more than 1048576 bytes is over PARTS_MAX_BYTES (1048576 bytes); raise PARTS_MAX_BYTES to accept it",
      maxBytes: 1048576,
      servedStale: true,
    });
    expect(await gateway.getCatalogue()).toBe(good);

    // Declared too big: refused before reading.
    respond = (_req, res) =>
      res.writeHead(200, { "content-type": "application/json", "content-length": String(5 * 1024 * 1024) }).end();
    advance(RETRY_AFTER_FAILURE_MS);
    expect(await gateway.getCatalogue()).toBe(good);
    await vi.waitFor(() => expect(error).toHaveLength(2), { timeout: 15_000 });
    expect(error[1].error).toMatch(
      /^body of 5242880 bytes \(Content-Length\) is over PARTS_MAX_BYTES \(1048576 bytes\)/,
    );
    expect(await gateway.getCatalogue()).toBe(good);
  });

  it("keeps the last good copy when the connection drops halfway through the body, and takes the next good one", async () => {
    const error = captureLog("error");
    const body = JSON.stringify(generateParts(3_000));
    respond = json(JSON.stringify(generateParts(10)));
    const { gateway, advance } = setup();
    const good = await gateway.getCatalogue();

    respond = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
      res.write(body.slice(0, body.length / 2), () => setTimeout(() => res.socket?.destroy(), 20));
    };
    advance(TTL_SECONDS * 1000);
    expect(await gateway.getCatalogue()).toBe(good);
    await vi.waitFor(() => expect(error).toHaveLength(1), { timeout: 15_000 });
    expect(error[0]).toMatchObject({ msg: "parts upstream failed", status: 200, servedStale: true });
    expect(await gateway.getCatalogue()).toBe(good);
    expect(hits).toBe(2);

    respond = json(body);
    advance(RETRY_AFTER_FAILURE_MS);
    await gateway.getCatalogue();
    await vi.waitFor(async () => expect((await gateway.getCatalogue()).parts).toHaveLength(3_000), { timeout: 30_000 });
    expect((await gateway.getCatalogue()).version).toBe(2);
  });
});
