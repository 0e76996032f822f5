/**
 * The 1C catalogue's contract in the store, the same against SQLite and PostgreSQL, and the same
 * as the in-memory reference (server/onec/memory.server.ts): a full file replaces, a changes-only
 * file changes the parts it lists, offers change prices and stock in place, a part keeps its slug
 * for its `Ид`, nothing shows before the commit and nothing after an abort.
 */
import { good, load } from "../../test/onec-goods";
import { freshStore, STORE_KINDS, type TestStore } from "../../test/stores";
import type { StoreDb } from "./db.server";
import {
  createStoreCatalogue,
  onecCatalogueState,
  readOnecCatalogue,
  type OnecCatalogueChange,
} from "./onec-catalogue.server";

async function parts(store: StoreDb) {
  const read = await readOnecCatalogue(store);
  return (read?.groups ?? []).flatMap((g) => g.parts);
}

// Small commits change the serving table in one transaction; big ones write the other table and
// name it (here every commit, with `inPlaceUpTo` 0): the same catalogue either way.
const CASES = STORE_KINDS.flatMap((kind) => [
  { kind, commits: "in place", inPlaceUpTo: undefined },
  { kind, commits: "into the other table", inPlaceUpTo: 0 },
]);

describe.each(CASES)("the 1C catalogue in the store on $kind, commits $commits", ({ kind, inPlaceUpTo }) => {
  let t: TestStore;
  let changes: OnecCatalogueChange[];
  let sink: ReturnType<typeof createStoreCatalogue>;
  beforeEach(async () => {
    t = await freshStore(kind);
    changes = [];
    sink = createStoreCatalogue(t.store, { onCommit: (change) => changes.push(change), inPlaceUpTo });
  });
  afterEach(async () => {
    await t.drop();
  });

  it("has no catalogue until 1C delivers one", async () => {
    expect(await onecCatalogueState(t.store)).toBeUndefined();
    expect(await readOnecCatalogue(t.store)).toBeUndefined();
  });

  it("replaces with a full file, changes only the parts listed otherwise, offers in place", async () => {
    await load(sink, false, [
      good("a1", "Фильтр", { pictures: ["import_files/a1.jpg"], crossNumbers: ["X-1"], brand: "FAW" }),
      good("b2", "Ремень", { group: "" }),
    ]);
    const first = await readOnecCatalogue(t.store);
    expect(first!.groups.map((g) => g.group)).toEqual(["Прочее", "Фильтры"]);
    const a1 = (await parts(t.store)).find((p) => p.id === "a1")!;
    expect(a1).toMatchObject({ images: ["/1c-files/import_files/a1.jpg"], crossNumbers: ["X-1"], brand: "FAW" });
    const offers = await sink.beginOffers({ onlyChanges: true, exchange: "x" });
    await offers.add([
      { id: "a1", price: 100.5, balance: 2.7 },
      { id: "b2", balance: 4 },
      { id: "zz", price: 1 },
    ]);
    await offers.commit();
    await load(sink, true, [good("a1", "Фильтр новый"), good("b2", "Ремень", { deleted: true })]);
    expect((await parts(t.store)).map((p) => [p.id, p.name, p.slug, p.price, p.balance])).toEqual([
      ["a1", "Фильтр новый", a1.slug, 100.5, 2],
    ]);
    await load(sink, false, [good("c3", "Датчик")]);
    expect((await parts(t.store)).map((p) => p.id)).toEqual(["c3"]);
    // Back in a later full file: the old address, the last price.
    await load(sink, false, [good("a1", "Фильтр переименован")]);
    expect((await parts(t.store)).map((p) => [p.id, p.slug, p.price])).toEqual([["a1", a1.slug, 100.5]]);
    expect(changes.map((c) => [c.kind, c.state.version])).toEqual([
      ["catalogue", 1],
      ["offers", 2],
      ["catalogue", 3],
      ["catalogue", 4],
      ["catalogue", 5],
    ]);
    expect(changes[1]).toMatchObject({
      previous: 1,
      offers: [{ id: "a1", price: 100.5, balance: 2 }, { id: "b2" }, { id: "zz" }],
    });
    expect((await onecCatalogueState(t.store))!.version).toBe(5);
  });

  it("makes the catalogue of all the full files of one exchange", async () => {
    await load(sink, false, [good("old", "Старое")]);
    await load(sink, false, [good("a1", "Фильтр")], "split");
    await load(sink, false, [good("b2", "Ремень")], "split");
    expect((await parts(t.store)).map((p) => p.id)).toEqual(["a1", "b2"]);
    await load(sink, false, [good("c3", "Датчик")], "next");
    expect((await parts(t.store)).map((p) => p.id)).toEqual(["c3"]);
  });

  it("keeps serving the old catalogue until a commit, and after an abort", async () => {
    await load(sink, false, [good("a1", "Фильтр")]);
    const batch = await sink.beginCatalogue({ onlyChanges: false, exchange: "x" });
    await batch.add([good("b2", "Ремень"), good("bad id!", "Плохой")]);
    expect((await parts(t.store)).map((p) => p.id)).toEqual(["a1"]);
    await batch.abort();
    expect((await parts(t.store)).map((p) => p.id)).toEqual(["a1"]);
    expect(await t.store.db.selectFrom("onec_staged").select("id").execute()).toEqual([]);
    const offers = await sink.beginOffers({ onlyChanges: true, exchange: "x" });
    await offers.add([{ id: "a1", price: 5 }]);
    await offers.abort();
    expect((await parts(t.store)).map((p) => p.price)).toEqual([0]);
    expect(changes).toHaveLength(1);
  });

  // Only commits into the other table empty the one a reader was in.
  if (inPlaceUpTo === 0)
    it("reads a whole catalogue while commits empty the table it was in", async () => {
      const lists = [["a1", "a2", "a3"], ["b1"]];
      await load(
        sink,
        false,
        lists[0].map((id) => good(id, id)),
      );
      let loading = true;
      const seen = new Set<string>();
      const reading = (async () => {
        while (loading) {
          seen.add((await parts(t.store)).map((p) => p.id).join());
          // As requests do: a turn of the event loop between reads, where the commits go on.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      for (let n = 1; n <= 10; n++)
        await load(
          sink,
          false,
          lists[n % 2].map((id) => good(id, id)),
        );
      loading = false;
      await reading;
      expect([...seen].sort()).toEqual(["a1,a2,a3", "b1"]);
    });

  it("serves a second server the same catalogue, slugs unique however names repeat", async () => {
    await load(sink, false, [good("a1", "Фильтр"), good("a1b", "Фильтр"), good("a1c", "Фильтр")]);
    const other = await import("./db.server").then((m) => m.openStoreDb(t.config));
    try {
      const seen = await parts(other);
      expect(seen.map((p) => p.id)).toEqual(["a1", "a1b", "a1c"]);
      expect(new Set(seen.map((p) => p.slug)).size).toBe(3);
    } finally {
      await other.close();
    }
  });
});
