import { part, snapshotOf } from "../../test/catalogue-fixtures";

describe("createCatalogueSnapshot", () => {
  it("looks parts up by slug and id", () => {
    const a = part("Фильтр");
    const snapshot = snapshotOf([a]);
    expect(snapshot.bySlug.get(a.slug)).toBe(a);
    expect(snapshot.byId.get(a.id)).toBe(a);
    expect(snapshot.version).toBe(1);
  });
});
