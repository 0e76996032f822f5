/**
 * 1C's catalogue served from the store: the demo (or the parts API) until 1C delivers one, then
 * 1C's, on this server at once and on another at its next refresh; offers applied in place.
 */
import { createCatalogueSnapshot } from "~/lib/catalogue-snapshot";
import { catalogueWorkerUrl } from "../test/catalogue-worker";
import { freshStore, type TestStore } from "../test/stores";
import { buildCatalogueInWorker } from "./catalogue-builder.server";
import { parseConfig } from "./config.server";
import type { OnecGood } from "./onec/ports.server";
import { createOnecPartsGateway } from "./parts-gateway-onec.server";
import { createPartsGateway, type PartsGateway } from "./parts-gateway.server";
import { openStoreDb } from "./store/db.server";
import { createStoreCatalogue } from "./store/onec-catalogue.server";

const TTL_SECONDS = 60;
let workerUrl: URL;
let t: TestStore;
beforeAll(async () => {
  workerUrl = await catalogueWorkerUrl();
});
beforeEach(async () => {
  t = await freshStore("sqlite");
});
afterEach(async () => {
  await t.drop();
});

const good = (n: number): OnecGood => ({
  id: `g${n}`,
  article: `ART-${n}`,
  name: `Фильтр ${n}`,
  fullName: `Фильтр ${n}`,
  group: n % 2 ? "Фильтры" : "Двигатель",
  description: "",
  pictures: [],
  crossNumbers: [],
  deleted: false,
});

function gatewayOn(store = t.store) {
  let time = 1_000_000;
  const gateway = createPartsGateway(parseConfig({ PARTS_CACHE_TTL_SECONDS: String(TTL_SECONDS) }), {
    onecStore: store,
    now: () => time,
    workerUrl,
  });
  return { gateway, advance: (ms: number) => (time += ms) };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function importGoods(gateway: Pick<PartsGateway, "onecChanged">, goods: OnecGood[], exchange: string) {
  const sink = createStoreCatalogue(t.store, { onCommit: (change) => gateway.onecChanged?.(change) });
  const batch = await sink.beginCatalogue({ onlyChanges: false, exchange });
  await batch.add(goods);
  await batch.commit();
  return sink;
}

describe("the parts gateway with 1C's catalogue in the store", () => {
  it("serves the demo until 1C delivers, then 1C's parts; a part left out of a full import is gone", async () => {
    const { gateway } = gatewayOn();
    const demo = await gateway.getCatalogue();
    expect(gateway.source?.()).toBe("demo");
    await importGoods(gateway, [good(1), good(2), good(3)], "first");
    const served = await until(gateway.getCatalogue, (s) => s !== demo);
    expect(gateway.source?.()).toBe("1c");
    expect(served.parts.map((p) => p.id).sort()).toEqual(["g1", "g2", "g3"]);
    expect(served.version).toBeGreaterThan(demo.version);
    expect(gateway.onecState?.()?.version).toBe(1);
    await importGoods(gateway, [good(1), good(3)], "second");
    const next = await until(gateway.getCatalogue, (s) => s !== served);
    expect(next.byId.get("g2")).toBeUndefined();
    expect(next.bySlug.get(served.byId.get("g2")!.slug)).toBeUndefined();
    expect(next.byId.get("g1")!.slug).toBe(served.byId.get("g1")!.slug);
  });

  // A real import, two builds and a second server's refresh: seconds on a busy machine. How soon
  // the prices show at 100 000 goods is `npm run bench:1c`'s figure, not this test's.
  it(
    "applies a changes-only offers file of 1 000 goods in place, without a rebuild; another server at its next refresh",
    { timeout: 30_000 },
    async () => {
      const { gateway } = gatewayOn();
      const goods = Array.from({ length: 2_000 }, (_, i) => good(i));
      const sink = await importGoods(gateway, goods, "full");
      const built = await until(gateway.getCatalogue, () => gateway.source?.() === "1c");
      // Another server, started after the import: it serves 1C's catalogue from its first request.
      const otherStore = openStoreDb(t.config);
      try {
        const other = gatewayOn(otherStore);
        expect((await other.gateway.getCatalogue()).byId.get("g7")?.price).toBe(0);
        expect(other.gateway.source?.()).toBe("1c");

        const offers = await sink.beginOffers({ onlyChanges: true, exchange: "offers" });
        await offers.add(goods.slice(0, 1_000).map((g, i) => ({ id: g.id, price: 5_000 - i, balance: 3 })));
        await offers.commit();
        const shown = await until(gateway.getCatalogue, (s) => s.byId.get("g7")?.price === 4_993);
        expect(shown.byId.get("g7")).toMatchObject({ price: 4_993, balance: 3 });
        // In place: the same parts, the name index kept, a new version for the caches.
        expect(shown.index).toBe(built.index);
        expect(shown.version).toBeGreaterThan(built.version);
        expect(shown.parts[shown.orders.price_desc[0]].id).toBe("g0");

        expect((await other.gateway.getCatalogue()).byId.get("g7")?.price).toBe(0);
        other.advance(TTL_SECONDS * 1000);
        const refreshed = await until(other.gateway.getCatalogue, (s) => s.byId.get("g7")?.price === 4_993);
        expect(refreshed.byId.get("g7")?.price).toBe(4_993);
      } finally {
        await otherStore.close();
      }
    },
  );
});

describe("the catalogue's builds", () => {
  /**
   * The gateway with its builds counted: the first one waits for `release()`, as a build of
   * 100 000 parts takes seconds while 1C commits the next file.
   */
  function heldGateway() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const counts = { builds: 0, running: 0, most: 0 };
    const demo = createCatalogueSnapshot({ parts: [], groups: [] }, 1);
    const gateway = createOnecPartsGateway(
      { getCatalogue: async () => demo, current: () => undefined, source: "demo" },
      t.store,
      {
        ttlMs: TTL_SECONDS * 1000,
        workerUrl,
        build: async (...args) => {
          counts.running++;
          counts.most = Math.max(counts.most, counts.running);
          try {
            if (counts.builds++ === 0) await held;
            return await buildCatalogueInWorker(...args);
          } finally {
            counts.running--;
          }
        },
      },
    );
    return { gateway, counts, release, demo };
  }

  it("never builds two at once: commits during a build make one more, of the latest", async () => {
    const { gateway, counts, release, demo } = heldGateway();
    const onecChanged = gateway.changed;
    await importGoods({ onecChanged }, [good(1)], "first");
    await until(
      async () => counts.builds,
      (n) => n === 1,
    );
    await importGoods({ onecChanged }, [good(2)], "second");
    await importGoods({ onecChanged }, [good(3)], "third");
    expect(counts.builds).toBe(1);
    release();
    const served = await until(gateway.getCatalogue, (s) => s !== demo && s.byId.has("g3"));
    expect(served.parts.map((p) => p.id)).toEqual(["g3"]);
    expect(gateway.onecState()?.version).toBe(3);
    expect(counts).toEqual({ builds: 2, running: 0, most: 1 });
  });

  it("applies offers committed during a build to what it built, without building again", async () => {
    const { gateway, counts, release, demo } = heldGateway();
    const onecChanged = gateway.changed;
    const goods = Array.from({ length: 50 }, (_, i) => good(i));
    const sink = await importGoods({ onecChanged }, goods, "full");
    await until(
      async () => counts.builds,
      (n) => n === 1,
    );
    const offers = await sink.beginOffers({ onlyChanges: false, exchange: "full" });
    await offers.add(goods.map((g, i) => ({ id: g.id, price: 100 + i, balance: 1 })));
    await offers.commit();
    const changes = await sink.beginOffers({ onlyChanges: true, exchange: "changes" });
    await changes.add([{ id: "g7", price: 4_993 }]);
    await changes.commit();
    expect(await gateway.getCatalogue()).toBe(demo);
    release();
    const served = await until(gateway.getCatalogue, (s) => s.byId.get("g7")?.price === 4_993);
    expect(served.byId.get("g7")).toMatchObject({ price: 4_993, balance: 1 });
    expect(served.byId.get("g8")).toMatchObject({ price: 108, balance: 1 });
    expect(gateway.onecState()?.version).toBe(3);
    expect(counts.builds).toBe(1);
  });
});
