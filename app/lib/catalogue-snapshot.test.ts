import { part, snapshotOf } from "../../test/catalogue-fixtures";
import { createCatalogueSnapshot, withOffers } from "./catalogue-snapshot";

describe("createCatalogueSnapshot", () => {
  it("looks parts up by slug and id", () => {
    const a = part("Фильтр");
    const snapshot = snapshotOf([a]);
    expect(snapshot.bySlug.get(a.slug)).toBe(a);
    expect(snapshot.byId.get(a.id)).toBe(a);
    expect(snapshot.version).toBe(1);
  });
});

describe("withOffers", () => {
  it("gives the orders and the related pool a build with those prices and stock would give", () => {
    const names = ["Фильтр масляный", "Ремень", "Фильтр топливный", "Датчик", "Фильтр воздушный"];
    const parts = names.map((name, i) => part(name, { price: 100 * (i + 1), balance: i === 2 ? 4 : 0 }));
    const snapshot = snapshotOf(parts);
    const offers = [
      { id: parts[0].id, price: 900, balance: 3 },
      { id: parts[2].id, balance: 0 },
      { id: parts[3].id, price: 50 },
      { id: "unknown", price: 1 },
    ];
    const changed = withOffers(snapshot, offers, 7);
    const expected = createCatalogueSnapshot({ parts: parts.map((p) => ({ ...p })), groups: snapshot.groups }, 7);
    expect(changed.version).toBe(7);
    expect(changed.byId.get(parts[0].id)).toMatchObject({ price: 900, balance: 3 });
    expect(changed.byId.get(parts[2].id)).toMatchObject({ price: 300, balance: 0 });
    expect(changed.orders).toEqual(expected.orders);
    expect(changed.places).toEqual(expected.places);
    expect(changed.relatedPool).toEqual(expected.relatedPool);
    expect([...snapshot.relatedPool, "→", ...changed.relatedPool]).toEqual([2, "→", 0]);
  });
});
