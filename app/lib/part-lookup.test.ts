import fc from "fast-check";
import type { Part } from "./part";
import { sortedLookup, sortedPositions } from "./part-lookup";

function part(id: string, slug: string): Part {
  return {
    id,
    slug,
    name: slug,
    fullName: slug,
    article: "",
    group: "A",
    price: 1,
    balance: 1,
    images: [],
    description: "",
  };
}

describe("sortedLookup", () => {
  it("finds every part by slug and by id, the same object, and nothing else", () => {
    const parts = [part("30", "ремень-b"), part("4", "filtr-a"), part("100", "Filtr-A"), part("x_1", "ё-1")];
    const bySlug = sortedLookup(parts, "slug", sortedPositions(parts, "slug"));
    const byId = sortedLookup(parts, "id", sortedPositions(parts, "id"));
    for (const p of parts) {
      expect(bySlug.get(p.slug)).toBe(p);
      expect(byId.get(p.id)).toBe(p);
      expect(byId.has(p.id)).toBe(true);
    }
    expect(bySlug.get("filtr")).toBeUndefined();
    expect(bySlug.get("zzz")).toBeUndefined();
    expect(bySlug.get("")).toBeUndefined();
    expect(byId.has("5")).toBe(false);
    expect(byId.size).toBe(4);
    expect(sortedLookup([], "id", new Uint32Array(0)).get("1")).toBeUndefined();
  });

  it("agrees with a Map for any set of keys", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { maxLength: 60 }),
        fc.array(fc.string(), { maxLength: 20 }),
        (keys, probes) => {
          const parts = keys.map((k, i) => part(String(i), k));
          const lookup = sortedLookup(parts, "slug", sortedPositions(parts, "slug"));
          const map = new Map(parts.map((p) => [p.slug, p]));
          for (const k of [...keys, ...probes]) expect(lookup.get(k)).toBe(map.get(k));
        },
      ),
    );
  });

  it("refuses positions that do not belong to the parts", () => {
    expect(() => sortedLookup([part("1", "a")], "id", new Uint32Array(2))).toThrow(/2 positions for 1 parts/);
  });
});
