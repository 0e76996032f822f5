import { createCatalogueSnapshot } from "./catalogue-snapshot";
import type { Part } from "./part";

let nextId = 1;
function part(name: string, extra: Partial<Part> = {}): Part {
  const id = String(nextId++);
  return {
    id,
    slug: `part-${id}`,
    name,
    fullName: name,
    article: "",
    group: "FAW J6P",
    price: 1000,
    balance: 5,
    images: [],
    description: "",
    ...extra,
  };
}

function snapshotOf(parts: Part[]) {
  return createCatalogueSnapshot({ parts, groups: [...new Set(parts.map((p) => p.group))] }, 1);
}

describe("createCatalogueSnapshot", () => {
  it("looks parts up by slug and id", () => {
    const a = part("Фильтр");
    const snapshot = snapshotOf([a]);
    expect(snapshot.bySlug.get(a.slug)).toBe(a);
    expect(snapshot.byId.get(a.id)).toBe(a);
    expect(snapshot.version).toBe(1);
  });
});
