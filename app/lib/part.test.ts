import { CatalogueFormatError, parseCatalogue } from "./part";

const good = (over: Record<string, unknown> = {}) => ({
  id: "101",
  slug: "filtr-maslyanyy-101",
  name: "Фильтр масляный",
  fullName: "Фильтр масляный для FAW J6P",
  article: "1012015-81D",
  price: 1250,
  balance: 4,
  images: ["/images/parts/filter.svg"],
  description: "Меняется при каждой замене масла.",
  ...over,
});

describe("parseCatalogue", () => {
  it("reads groups into parts carrying their group name", () => {
    const result = parseCatalogue([
      { group: "FAW J6P", parts: [good()] },
      { group: "КПП FAST", parts: [good({ id: "102", slug: "b-102" })] },
    ]);
    expect(result.dropped).toEqual([]);
    expect(result.groups).toEqual(["FAW J6P", "КПП FAST"]);
    expect(result.parts).toEqual([
      { ...good(), group: "FAW J6P" },
      { ...good({ id: "102", slug: "b-102" }), group: "КПП FAST" },
    ]);
  });

  it("normalises numeric ids and articles to strings", () => {
    const [part] = parseCatalogue([{ group: "G", parts: [good({ id: 42, article: 612600081335 })] }]).parts;
    expect(part.id).toBe("42");
    expect(part.article).toBe("612600081335");
  });

  it("fills missing optional fields", () => {
    const { id, slug, name, price, balance } = good();
    const [part] = parseCatalogue([{ group: "G", parts: [{ id, slug, name, price, balance }] }]).parts;
    expect(part).toMatchObject({ fullName: name, article: "", description: "", images: [] });
  });

  it("treats null and empty fullName like a missing one", () => {
    const parts = parseCatalogue([
      { group: "G", parts: [good({ fullName: null }), good({ id: "2", slug: "s2", fullName: "  " })] },
    ]).parts;
    expect(parts.map((p) => p.fullName)).toEqual(["Фильтр масляный", "Фильтр масляный"]);
  });

  it("accepts hand-edited numbers and keeps only usable image paths", () => {
    const [part] = parseCatalogue([
      { group: "G", parts: [good({ price: "1 250,50", balance: "-3", images: ["/a.svg", 7, "", null, " /b.svg "] })] },
    ]).parts;
    expect(part.price).toBe(1250.5);
    expect(part.balance).toBe(0);
    expect(part.images).toEqual(["/a.svg", "/b.svg"]);
  });

  it("accepts a single image path given as a string", () => {
    const [part] = parseCatalogue([{ group: "G", parts: [good({ images: "/a.svg" })] }]).parts;
    expect(part.images).toEqual(["/a.svg"]);
  });

  it("floors fractional balances", () => {
    const [part] = parseCatalogue([{ group: "G", parts: [good({ balance: 2.7 })] }]).parts;
    expect(part.balance).toBe(2);
  });

  it("drops malformed parts by id, or by group and index, and keeps the rest", () => {
    const result = parseCatalogue([
      {
        group: "FAW J7",
        parts: [
          good({ id: "1", slug: "a-1" }),
          good({ id: "2", slug: "a-2", price: "дорого" }),
          good({ id: "3", slug: "" }),
          { name: "без id" },
          null,
          "строка",
          good({ id: "4", slug: "a-4", name: 5 }),
          good({ id: "5", slug: "a-5", price: -1 }),
          good({ id: "6", slug: "a-6", price: Number.NaN }),
          good({ id: "7 7", slug: "a-7" }),
          good({ id: "8", slug: "a-8" }),
        ],
      },
    ]);
    expect(result.parts.map((p) => p.id)).toEqual(["1", "8"]);
    expect(result.dropped).toEqual(["2", "3", "FAW J7#3", "FAW J7#4", "FAW J7#5", "4", "5", "6", "7 7"]);
  });

  it("keeps the first of parts sharing a slug or an id", () => {
    const result = parseCatalogue([
      {
        group: "G",
        parts: [good({ id: "1", slug: "same" }), good({ id: "2", slug: "same" }), good({ id: "1", slug: "other" })],
      },
    ]);
    expect(result.parts.map((p) => p.id)).toEqual(["1"]);
    expect(result.dropped).toEqual(["2", "1"]);
  });

  it("lists a group only when it has a valid part, once", () => {
    const result = parseCatalogue([
      { group: "Пустая", parts: [] },
      { group: "A", parts: [good({ id: "1", slug: "s1" })] },
      { group: "Плохая", parts: [{}] },
      { group: "A", parts: [good({ id: "2", slug: "s2" })] },
    ]);
    expect(result.groups).toEqual(["A"]);
    expect(result.parts).toHaveLength(2);
  });

  it("accepts an empty list", () => {
    expect(parseCatalogue([])).toEqual({ parts: [], groups: [], dropped: [] });
  });

  it.each([
    ["an object", { parts: [] }],
    ["null", null],
    ["a string", "[]"],
    ["a list of parts", [good()]],
    ["a group without parts", [{ group: "G" }]],
    ["a group with an empty name", [{ group: " ", parts: [] }]],
  ])("throws a clear error for %s", (_label, body) => {
    expect(() => parseCatalogue(body)).toThrow(CatalogueFormatError);
    expect(() => parseCatalogue(body)).toThrow(/expected a list of groups/);
  });
});

describe("parseCatalogue: the maker and the pictures", () => {
  it("reads the maker from an optional `brand`, and none when it is missing or blank", () => {
    const parts = parseCatalogue([
      {
        group: "G",
        parts: [
          good({ brand: " Monroe " }),
          good({ id: "2", slug: "s2" }),
          good({ id: "3", slug: "s3", brand: "" }),
          good({ id: "4", slug: "s4", brand: null }),
        ],
      },
    ]).parts;
    expect(parts.map((p) => p.brand)).toEqual(["Monroe", undefined, undefined, undefined]);
  });

  it("gives every picture to the resolver it is given, each part's in order", () => {
    const parts = parseCatalogue(
      [{ group: "G", parts: [good({ images: ["/img/1.jpg", "/images/parts/filter.svg"] })] }],
      {
        picture: (image) => (image.startsWith("/img/") ? `https://api.example${image}` : image),
      },
    ).parts;
    expect(parts[0].images).toEqual(["https://api.example/img/1.jpg", "/images/parts/filter.svg"]);
  });
});
