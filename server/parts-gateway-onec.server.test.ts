/**
 * 1C's catalogue served from the store: the demo (or the parts API) until 1C delivers one, then
 * 1C's, on this server at once and on another at its next refresh; offers applied in place.
 */
import { catalogueWorkerUrl } from "../test/catalogue-worker";
import { freshStore, type TestStore } from "../test/stores";
import { parseConfig } from "./config.server";
import type { OnecGood } from "./onec/ports.server";
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

async function importGoods(gateway: PartsGateway, goods: OnecGood[], exchange: string) {
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

  it("applies a changes-only offers file of 1 000 goods in place within 5 s; another server at its next refresh", async () => {
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
      const started = performance.now();
      await offers.commit();
      const shown = await until(gateway.getCatalogue, (s) => s.byId.get("g7")?.price === 4_993, 5_000);
      const ms = performance.now() - started;
      expect(shown.byId.get("g7")).toMatchObject({ price: 4_993, balance: 3 });
      expect(ms).toBeLessThan(5_000);
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
  });
});
