import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { catalogueWorkerUrl } from "../test/catalogue-worker";
import { parseConfig } from "./config.server";
import { generateParts } from "./demo-catalogue.server";
import { log } from "./log.server";
import { createPartsGateway, PartsUnavailableError, RETRY_AFTER_FAILURE_MS } from "./parts-gateway.server";

const API = "http://parts.test/api";
const PARTS_URL = `${API}/parts`;
const TTL_SECONDS = 60;
const MAX_BYTES = 20 * 1024 * 1024;

const server = setupServer();
let workerUrl: URL;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  workerUrl = await catalogueWorkerUrl();
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function config(env: Record<string, string> = {}) {
  return parseConfig({
    PARTS_API_URL: `${API}/`,
    PARTS_CACHE_TTL_SECONDS: String(TTL_SECONDS),
    PARTS_TIMEOUT_MS: "200",
    PARTS_MAX_BYTES: String(MAX_BYTES),
    ...env,
  });
}

/** A controllable clock and an upstream that counts its hits. */
function setup(
  respond: () => Response | Promise<Response> = () => HttpResponse.json(generateParts(12)),
  env: Record<string, string> = {},
) {
  let time = 1_000_000;
  const hits = { count: 0 };
  let handler = respond;
  server.use(
    http.get(PARTS_URL, () => {
      hits.count++;
      return handler();
    }),
  );
  const gateway = createPartsGateway(config(env), { now: () => time, workerUrl });
  return {
    gateway,
    hits,
    advance: (ms: number) => (time += ms),
    respondWith: (next: () => Response | Promise<Response>) => (handler = next),
  };
}

describe("createPartsGateway", () => {
  it("serves the embedded demo catalogue when PARTS_API_URL is unset, built once", async () => {
    const fetch = vi.fn();
    const gateway = createPartsGateway(parseConfig({ DEMO_PARTS_COUNT: "50" }), { fetch });
    const snapshot = await gateway.getCatalogue();
    expect(snapshot.parts).toHaveLength(50);
    expect(snapshot.groups.length).toBeGreaterThanOrEqual(6);
    expect(snapshot.bySlug.get(snapshot.parts[0].slug)).toBe(snapshot.parts[0]);
    expect(await gateway.getCatalogue()).toBe(snapshot);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a picture path that names no file of the site from the parts API's host, and keeps the site's own and the maker", async () => {
    const [first, ...rest] = generateParts(12);
    const images = [
      ["/img/123.jpg", "/images/parts/filter.webp"],
      ["img/124.jpg", "https://cdn.example/1.jpg"],
    ];
    const parts = first.parts.map((part, i) =>
      i < images.length ? { ...part, images: images[i], brand: "SACHS" } : part,
    );
    const { gateway } = setup(() => HttpResponse.json([{ ...first, parts }, ...rest]));
    const snapshot = await gateway.getCatalogue();
    expect(snapshot.parts.slice(0, 2).map((part) => [part.images, part.brand])).toEqual([
      [["http://parts.test/img/123.jpg", "/images/parts/filter.webp"], "SACHS"],
      [["http://parts.test/api/img/124.jpg", "https://cdn.example/1.jpg"], "SACHS"],
    ]);
    expect(snapshot.parts[2].brand).toBeUndefined();
  });

  it("loads GET {PARTS_API_URL}/parts into a ready snapshot and logs the call", async () => {
    const lines: string[] = [];
    const info = vi
      .spyOn(log, "info")
      .mockImplementation((msg, fields) => void lines.push(JSON.stringify({ msg, ...fields })));
    const { gateway, hits } = setup();
    const snapshot = await gateway.getCatalogue();
    expect(hits.count).toBe(1);
    expect(snapshot.version).toBe(1);
    expect(snapshot.parts).toHaveLength(12);
    expect(snapshot.byId.get(snapshot.parts[3].id)).toBe(snapshot.parts[3]);
    expect(snapshot.orders.price_asc).toHaveLength(12);
    expect(info).toHaveBeenCalledTimes(1);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: "parts upstream", path: "/api/parts", status: 200, parts: 12 });
    expect(typeof JSON.parse(lines[0]).ms).toBe("number");
  });

  it("uses an injected fetch", async () => {
    const fetch = vi.fn(async () => Response.json(generateParts(3)));
    const gateway = createPartsGateway(config(), { fetch: fetch as unknown as typeof globalThis.fetch, workerUrl });
    expect((await gateway.getCatalogue()).parts).toHaveLength(3);
    expect(fetch).toHaveBeenCalledWith(PARTS_URL, expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it("throws PartsUnavailableError on an upstream 500 with nothing cached", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    const { gateway } = setup(() => new HttpResponse("boom", { status: 500 }));
    await expect(gateway.getCatalogue()).rejects.toBeInstanceOf(PartsUnavailableError);
    expect(error).toHaveBeenCalledWith(
      "parts upstream failed",
      expect.objectContaining({ path: "/api/parts", status: 500 }),
    );
  });

  it("does not hammer a failing upstream, and tries again after a pause", async () => {
    const { gateway, hits, advance, respondWith } = setup(() => new HttpResponse(null, { status: 503 }));
    await expect(gateway.getCatalogue()).rejects.toBeInstanceOf(PartsUnavailableError);
    await expect(gateway.getCatalogue()).rejects.toBeInstanceOf(PartsUnavailableError);
    expect(hits.count).toBe(1);
    advance(RETRY_AFTER_FAILURE_MS);
    respondWith(() => HttpResponse.json(generateParts(5)));
    expect((await gateway.getCatalogue()).parts).toHaveLength(5);
    expect(hits.count).toBe(2);
  });

  it("gives up after PARTS_TIMEOUT_MS", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    const { gateway } = setup(async () => {
      await delay(5_000);
      return HttpResponse.json([]);
    });
    const started = Date.now();
    await expect(gateway.getCatalogue()).rejects.toThrow(/timeout/);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error).toHaveBeenCalledWith("parts upstream failed", expect.objectContaining({ error: "timeout" }));
  });

  it("times out a body that trickles too slowly", async () => {
    const { gateway } = setup(() => {
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await delay(100);
          controller.enqueue(new TextEncoder().encode(" "));
        },
      });
      return new HttpResponse(stream, { headers: { "content-type": "application/json" } });
    });
    await expect(gateway.getCatalogue()).rejects.toThrow(/timeout/);
  });

  it("rejects malformed JSON", async () => {
    const { gateway } = setup(
      () => new HttpResponse('[{"group": "A", "parts": [', { headers: { "content-type": "application/json" } }),
    );
    await expect(gateway.getCatalogue()).rejects.toBeInstanceOf(PartsUnavailableError);
  });

  it("rejects a body that is not a list of groups", async () => {
    const { gateway } = setup(() => HttpResponse.json({ parts: [] }));
    await expect(gateway.getCatalogue()).rejects.toThrow(/expected a list of groups/);
  });

  it("drops malformed parts, logs their ids and serves the rest", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const [group] = generateParts(3);
    const body = [
      { group: group.group, parts: [...group.parts, { id: 999, name: "без цены" }, { id: "x1", slug: "x" }] },
    ];
    const { gateway } = setup(() => HttpResponse.json(body));
    const snapshot = await gateway.getCatalogue();
    expect(snapshot.parts).toHaveLength(group.parts.length);
    expect(warn).toHaveBeenCalledWith("parts dropped", expect.objectContaining({ count: 2, ids: ["999", "x1"] }));
  });

  it("refuses a catalogue where every part is malformed", async () => {
    const { gateway } = setup(() => HttpResponse.json([{ group: "A", parts: [{ id: 1 }, { id: 2 }] }]));
    await expect(gateway.getCatalogue()).rejects.toThrow(/every part is malformed/);
  });

  it("refuses a body declared over PARTS_MAX_BYTES without reading it", async () => {
    const { gateway } = setup(
      () =>
        new HttpResponse("[]", {
          headers: { "content-type": "application/json", "content-length": String(MAX_BYTES + 1) },
        }),
    );
    await expect(gateway.getCatalogue()).rejects.toThrow(/over PARTS_MAX_BYTES/);
  });

  it("stops reading an endless body at PARTS_MAX_BYTES", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const { gateway } = setup(
      () => {
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled++;
            controller.enqueue(chunk);
          },
        });
        return new HttpResponse(stream, { headers: { "content-type": "application/json" } });
      },
      { PARTS_TIMEOUT_MS: "20000" },
    );
    await expect(gateway.getCatalogue()).rejects.toThrow(/over PARTS_MAX_BYTES/);
    expect(pulled).toBeGreaterThan(20);
    expect(pulled).toBeLessThan(40);
  });

  it("serves from memory while fresh", async () => {
    const { gateway, hits, advance } = setup();
    const first = await gateway.getCatalogue();
    advance(TTL_SECONDS * 1000 - 1);
    expect(await gateway.getCatalogue()).toBe(first);
    expect(hits.count).toBe(1);
  });

  it("after the TTL serves the stale copy at once and refreshes in the background", async () => {
    const { gateway, hits, advance, respondWith } = setup();
    const first = await gateway.getCatalogue();
    respondWith(() => HttpResponse.json(generateParts(20)));
    advance(TTL_SECONDS * 1000);
    expect(await gateway.getCatalogue()).toBe(first);
    await vi.waitFor(async () => expect((await gateway.getCatalogue()).version).toBe(2), { timeout: 15_000 });
    const second = await gateway.getCatalogue();
    expect(second.parts).toHaveLength(20);
    expect(hits.count).toBe(2);
  });

  it("keeps the snapshot, index included, when the content did not change", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const { gateway, hits, advance } = setup();
    const first = await gateway.getCatalogue();
    advance(TTL_SECONDS * 1000);
    await gateway.getCatalogue();
    await vi.waitFor(
      () => expect(info).toHaveBeenCalledWith("parts upstream", expect.objectContaining({ unchanged: true })),
      { timeout: 15_000 },
    );
    expect(hits.count).toBe(2);
    expect(await gateway.getCatalogue()).toBe(first);
    expect(first.version).toBe(1);
    // The copy counts as fresh again: no third request.
    advance(TTL_SECONDS * 1000 - 1);
    await gateway.getCatalogue();
    expect(hits.count).toBe(2);
  });

  it("shares one upstream request between concurrent callers", async () => {
    const { gateway, hits } = setup(async () => {
      await delay(50);
      return HttpResponse.json(generateParts(12));
    });
    const all = await Promise.all(Array.from({ length: 10 }, () => gateway.getCatalogue()));
    expect(hits.count).toBe(1);
    expect(new Set(all).size).toBe(1);
  });

  it("shares one background refresh between concurrent stale callers", async () => {
    const { gateway, hits, advance, respondWith } = setup();
    const first = await gateway.getCatalogue();
    respondWith(async () => {
      await delay(50);
      return HttpResponse.json(generateParts(13));
    });
    advance(TTL_SECONDS * 1000);
    const all = await Promise.all(Array.from({ length: 10 }, () => gateway.getCatalogue()));
    expect(all.every((s) => s === first)).toBe(true);
    await vi.waitFor(async () => expect((await gateway.getCatalogue()).parts).toHaveLength(13), { timeout: 15_000 });
    expect(hits.count).toBe(2);
  });

  it("shares one failing request between concurrent callers with nothing cached", async () => {
    const { gateway, hits } = setup(async () => {
      await delay(30);
      return new HttpResponse(null, { status: 502 });
    });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => gateway.getCatalogue()));
    expect(results.every((r) => r.status === "rejected" && r.reason instanceof PartsUnavailableError)).toBe(true);
    expect(hits.count).toBe(1);
  });

  it("keeps serving the last good copy while the upstream fails", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    const { gateway, hits, advance, respondWith } = setup();
    const good = await gateway.getCatalogue();
    respondWith(() => new HttpResponse("down", { status: 500 }));
    advance(TTL_SECONDS * 1000);
    expect(await gateway.getCatalogue()).toBe(good);
    await vi.waitFor(
      () => expect(error).toHaveBeenCalledWith("parts upstream failed", expect.objectContaining({ servedStale: true })),
      { timeout: 15_000 },
    );
    expect(await gateway.getCatalogue()).toBe(good);
    expect(hits.count).toBe(2);

    advance(RETRY_AFTER_FAILURE_MS);
    respondWith(() => HttpResponse.json("not a catalogue"));
    expect(await gateway.getCatalogue()).toBe(good);
    await vi.waitFor(() => expect(hits.count).toBe(3), { timeout: 15_000 });
    expect(await gateway.getCatalogue()).toBe(good);
  });

  it("builds without the worker's heap cap once a body did not fit under it", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    vi.spyOn(log, "error").mockImplementation(() => {});
    server.use(http.get(PARTS_URL, () => HttpResponse.json(generateParts(20_000))));
    let time = 1_000_000;
    const caps: number[] = [];
    const gateway = createPartsGateway(config({ PARTS_TIMEOUT_MS: "10000" }), {
      now: () => time,
      workerUrl,
      // Far too small for 20 000 parts.
      workerHeapCapMb: (bytes) => (caps.push(bytes), 4),
    });
    await expect(gateway.getCatalogue()).rejects.toBeInstanceOf(PartsUnavailableError);
    expect(caps).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      "parts worker out of memory",
      expect.objectContaining({ heapCapMb: 4, next: "without the cap" }),
    );
    time += RETRY_AFTER_FAILURE_MS;
    expect((await gateway.getCatalogue()).parts).toHaveLength(20_000);
    expect(caps).toHaveLength(1);
  }, 30_000);
});
