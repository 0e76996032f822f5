import { createReference, randomCatalogue, randomSearches } from "../../test/search-reference";
import type { PartsOrder, PartsQuery, SortBy } from "./catalogue-query";
import { relatedParts, runPartsQuery, suggestParts } from "./catalogue-search";
import type { Part } from "./part";
import { createRandom, pick, randomInt } from "./random";
import { boundedDistance } from "./edit-distance";
import { parseSearchWords, partWords } from "./search-text";
import { part, partsQuery as query, snapshotOf } from "../../test/catalogue-fixtures";

const names = (items: Part[]) => items.map((p) => p.name);

describe("runPartsQuery", () => {
  const catalogue = [
    part("Фильтр масляный", {
      fullName: "Фильтр масляный для FAW J6P",
      article: "1012015-81D",
      price: 900,
      group: "FAW J6P",
    }),
    part("Фильтр топливный тонкой очистки", { article: "1105050-A01", price: 10000, group: "FAW J7" }),
    part("Колодка тормозная", { article: "3502105-A01", price: 4500, group: "FAW J7" }),
    part("Насос водяной", {
      fullName: "Насос водяной для двигателя CA6DM",
      article: "1307010-M22",
      price: 25000,
      group: "Двигатель CA6DM",
    }),
    part("Ёмкость расширительная", { article: "WG9725530274", price: 3200, group: "FAW J6P" }),
    part("Датчик давления масла", { article: "1012010-81DJ", price: 1800, group: "Двигатель CA6DM" }),
    part("болт крепления", { article: "", price: 150, group: "КПП FAST" }),
    part("Амортизатор кабины", { article: "5001010-D816", price: 9000, group: "FAW J7" }),
  ];
  const snapshot = snapshotOf(catalogue);
  const run = (over: Partial<PartsQuery>, pageSize?: number) => runPartsQuery(snapshot, query(over), pageSize);

  it("lists everything by name without a search", () => {
    const page = run({});
    expect(page.total).toBe(8);
    expect(page.pageCount).toBe(1);
    expect(names(page.items)).toEqual([
      "Амортизатор кабины",
      "болт крепления",
      "Датчик давления масла",
      "Ёмкость расширительная",
      "Колодка тормозная",
      "Насос водяной",
      "Фильтр масляный",
      "Фильтр топливный тонкой очистки",
    ]);
  });

  it("sorts by name backwards and by price numerically both ways", () => {
    expect(names(run({ sortBy: "name_desc" }).items)[0]).toBe("Фильтр топливный тонкой очистки");
    expect(run({ sortBy: "price_asc" }).items.map((p) => p.price)).toEqual([
      150, 900, 1800, 3200, 4500, 9000, 10000, 25000,
    ]);
    expect(run({ sortBy: "price_desc" }).items.map((p) => p.price)).toEqual([
      25000, 10000, 9000, 4500, 3200, 1800, 900, 150,
    ]);
  });

  it("keeps the name order between equal prices, in both price orders", () => {
    const s = snapshotOf([part("Б", { price: 5 }), part("А", { price: 5 }), part("В", { price: 1 })]);
    expect(names(runPartsQuery(s, query({ sortBy: "price_asc" })).items)).toEqual(["В", "А", "Б"]);
    expect(names(runPartsQuery(s, query({ sortBy: "price_desc" })).items)).toEqual(["А", "Б", "В"]);
  });

  it("matches every word with up to two edits, case-insensitively", () => {
    expect(names(run({ search: "фыльтр" }).items)).toEqual(["Фильтр масляный", "Фильтр топливный тонкой очистки"]);
    expect(names(run({ search: "КОЛОТКА" }).items)).toEqual(["Колодка тормозная"]);
    expect(names(run({ search: "фильтр маслянный" }).items)).toEqual(["Фильтр масляный"]);
    expect(run({ search: "фильтр насос" }).total).toBe(0);
  });

  it("searches the full name too", () => {
    expect(names(run({ search: "фильтр j6p" }).items)).toEqual(["Фильтр масляный"]);
  });

  it("does not match three edits away", () => {
    expect(run({ search: "фииильтррр" }).total).toBe(0);
  });

  it("treats ё and е alike, both ways", () => {
    expect(names(run({ search: "емкость" }).items)).toEqual(["Ёмкость расширительная"]);
    expect(names(run({ search: "ёмкость" }).items)).toEqual(["Ёмкость расширительная"]);
  });

  it.each(["1012010-81DJ", "101201081dj", "1012010 81DJ", "1012010—81dj"])("finds an article typed as %s", (search) => {
    expect(names(run({ search }).items)).toContain("Датчик давления масла");
  });

  it("finds an article with one typo", () => {
    expect(names(run({ search: "WG9725530275" }).items)).toEqual(["Ёмкость расширительная"]);
  });

  it("retries a search typed on the wrong keyboard layout and says so", () => {
    const page = run({ search: "yfcjc" });
    expect(page.shownQuery).toBe("насос");
    expect(names(page.items)).toEqual(["Насос водяной"]);
    expect(run({ search: "rjkjlrf" }).shownQuery).toBe("колодка");
  });

  it("retries Cyrillic typed for Latin", () => {
    const page = run({ search: "СФ6ВЬ" });
    expect(page.shownQuery).toBe("CA6DM");
    expect(names(page.items)).toEqual(["Насос водяной"]);
  });

  it("retypes only the words that found nothing", () => {
    const page = run({ search: "фильтр vfckzysq" });
    expect(page.shownQuery).toBe("фильтр масляный");
    expect(names(page.items)).toEqual(["Фильтр масляный"]);
  });

  it("does not retry when the typed search found something", () => {
    const page = run({ search: "насос" });
    expect(page.shownQuery).toBeUndefined();
    expect(page.total).toBe(1);
  });

  it("finds an article by its first five or more characters, not by fewer", () => {
    expect(names(run({ search: "wg97255" }).items)).toEqual(["Ёмкость расширительная"]);
    expect(names(run({ search: "WG972" }).items)).toEqual(["Ёмкость расширительная"]);
    expect(names(run({ search: "1307010-M" }).items)).toEqual(["Насос водяной"]);
    expect(run({ search: "wg97" }).total).toBe(0);
  });

  it("takes Cyrillic look-alike letters for Latin ones, without a retry", () => {
    // С, А and М below are Cyrillic: typed on the Russian layout half-way.
    const page = run({ search: "СА6DМ" });
    expect(page.shownQuery).toBeUndefined();
    expect(names(page.items)).toEqual(["Насос водяной"]);
    expect(names(run({ search: "1307010-М22" }).items)).toEqual(["Насос водяной"]);
  });

  it("reports no match when the retry finds nothing either", () => {
    const page = run({ search: "wg9799" });
    expect(page).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("applies the layout retry within the selected groups", () => {
    expect(run({ search: "yfcjc", groups: ["FAW J7"] }).total).toBe(0);
  });

  it("filters by groups, alone and with a search", () => {
    expect(names(run({ groups: ["FAW J7"] }).items)).toEqual([
      "Амортизатор кабины",
      "Колодка тормозная",
      "Фильтр топливный тонкой очистки",
    ]);
    expect(run({ groups: ["FAW J7", "КПП FAST"] }).total).toBe(4);
    expect(names(run({ search: "фильтр", groups: ["FAW J6P"] }).items)).toEqual(["Фильтр масляный"]);
  });

  it("selects nothing for unknown groups", () => {
    expect(run({ groups: ["FAW J9"] }).total).toBe(0);
  });

  it("applies the spec's rule to short words, so 'J7' also finds J6P", () => {
    expect(names(run({ search: "j7" }).items)).toContain("Фильтр масляный");
  });

  it("pages in tens by default and clamps the page", () => {
    const many = snapshotOf(Array.from({ length: 25 }, (_, i) => part(`Деталь ${String(i).padStart(2, "0")}`)));
    const second = runPartsQuery(many, query({ page: 2 }));
    expect(second).toMatchObject({ total: 25, page: 2, pageCount: 3 });
    expect(names(second.items)[0]).toBe("Деталь 10");
    const last = runPartsQuery(many, query({ page: 999 }));
    expect(last.page).toBe(3);
    expect(last.items).toHaveLength(5);
    expect(runPartsQuery(many, query({ page: 0 })).page).toBe(1);
    expect(runPartsQuery(many, query({ page: Number.NaN })).page).toBe(1);
  });

  it("pages a filtered list over the chosen order", () => {
    const many = snapshotOf(
      Array.from({ length: 30 }, (_, i) => part(i % 2 ? `Фильтр ${i}` : `Насос ${i}`, { price: i })),
    );
    const page = runPartsQuery(many, query({ search: "фильтр", sortBy: "price_desc", page: 2 }), 5);
    expect(page).toMatchObject({ total: 15, page: 2, pageCount: 3 });
    expect(page.items.map((p) => p.price)).toEqual([19, 17, 15, 13, 11]);
  });

  it("answers page 1 of 1 when nothing matches", () => {
    expect(run({ search: "компрессор", page: 4 })).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("handles an empty catalogue", () => {
    expect(runPartsQuery(snapshotOf([]), query({ search: "фильтр" }))).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
    expect(runPartsQuery(snapshotOf([]), query())).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("survives hostile searches", () => {
    for (const search of ["\\", "(((", ".*", "ё".repeat(200), "- - -", "𝔉𝔦𝔩𝔱𝔢𝔯", "a ".repeat(100)]) {
      expect(() => run({ search })).not.toThrow();
    }
  });
});

describe("relevance", () => {
  const catalogue = [
    part("Амортизатор кабины", {
      fullName: "Амортизатор кабины передний для FAW J7",
      article: "5001010-D816",
      group: "FAW J7",
    }),
    part("Амортизатор кабины", {
      fullName: "Амортизатор кабины задний для FAW J6P",
      article: "5001020-A01",
      group: "FAW J6P",
    }),
    part("Колодка тормозная", {
      fullName: "Колодка тормозная передняя для FAW J6P",
      article: "3502105-A01",
      group: "FAW J6P",
    }),
    part("Фильтр масляный", {
      fullName: "Фильтр масляный в сборе для FAW Tiger V",
      article: "1012015-A7Y",
      group: "FAW Tiger V",
    }),
    part("Фильтр масляный", { fullName: "Фильтр масляный для FAW J7", article: "1012016-81D", group: "FAW J7" }),
    part("Фильтр масляный", { fullName: "Фильтр масляный для FAW J6P", article: "1012015-81D", group: "FAW J6P" }),
    part("Кольцо уплотнительное", {
      fullName: "Кольцо уплотнительное медное для FAW J6P",
      article: "1012015-81DJ",
      group: "FAW J6P",
    }),
    part("Фильтр топливный", {
      fullName: "Фильтр топливный тонкой очистки для FAW J6P",
      article: "1105050-A01",
      group: "FAW J6P",
    }),
    part("Насос водяной", {
      fullName: "Насос водяной для двигателя CA6DM2",
      article: "1307010-M22",
      group: "Двигатель CA6DM",
    }),
    part("Ёмкость расширительная", {
      fullName: "Ёмкость расширительная для FAW J6P",
      article: "WG9725520274",
      group: "FAW J6P",
    }),
  ];
  const snapshot = snapshotOf(catalogue);
  const ranked = (search: string, over: Partial<PartsQuery> = {}) =>
    runPartsQuery(snapshot, query({ search, sortBy: "relevance", ...over })).items.map((p) => p.fullName);

  it("puts J6 parts before 'Амортизатор … для FAW J7' for 'J6': a word typed short beats a typo", () => {
    const list = ranked("J6");
    const j7 = list.indexOf("Амортизатор кабины передний для FAW J7");
    expect(j7).toBeGreaterThan(list.lastIndexOf("Фильтр топливный тонкой очистки для FAW J6P"));
    expect(list.slice(0, 6).every((name) => name.endsWith("J6P"))).toBe(true);
    // By name, the J7 shock absorber would come before them.
    const byName = runPartsQuery(snapshot, query({ search: "J6", sortBy: "name_asc" })).items.map((p) => p.fullName);
    expect(byName.indexOf("Амортизатор кабины передний для FAW J7")).toBeLessThan(
      byName.indexOf("Фильтр масляный для FAW J6P"),
    );
  });

  it("puts J6P oil filters before J7 ones (one typo) and Tiger V ones (two) for 'масляный фильтр j6'", () => {
    expect(ranked("масляный фильтр j6")).toEqual([
      "Фильтр масляный для FAW J6P",
      "Фильтр масляный для FAW J7",
      "Фильтр масляный в сборе для FAW Tiger V",
    ]);
  });

  it("puts the exact article first, then articles it begins, then near ones", () => {
    expect(ranked("1012015-81D")).toEqual([
      "Фильтр масляный для FAW J6P", // 1012015-81D
      "Кольцо уплотнительное медное для FAW J6P", // 1012015-81DJ begins with it
      "Фильтр масляный для FAW J7", // 1012016-81D, one edit
    ]);
    // However it is typed: spaces, dots, slashes, case, Cyrillic look-alikes.
    for (const typed of ["1012015 81D", "1012015.81d", "1012015/81-D", "1012015-81Д".replace("Д", "D")]) {
      expect(ranked(typed)[0]).toBe("Фильтр масляный для FAW J6P");
    }
  });

  it("finds the article typed whole even where its pieces find nothing", () => {
    expect(ranked("WG 9725 520274")).toEqual(["Ёмкость расширительная для FAW J6P"]);
  });

  it("puts words met exactly in the name before those met in the full name or article", () => {
    // 'фильтр масляный': all three oil filters have both words in the name; the fuel filter only one.
    const list = ranked("фильтр масляный");
    expect(list.slice(0, 3).every((name) => name.startsWith("Фильтр масляный"))).toBe(true);
    // 'кабины передний': the front shock absorber has 'передний' exactly, in the full name only.
    expect(ranked("кабины передний")[0]).toBe("Амортизатор кабины передний для FAW J7");
  });

  it("prefers fewer edits, then more words found in the name", () => {
    // 'фыльтр' is one edit from 'фильтр' in four names; 'масляный' is exact in three of them.
    expect(ranked("фыльтр масляный").slice(0, 3)).toEqual([
      "Фильтр масляный в сборе для FAW Tiger V",
      "Фильтр масляный для FAW J6P",
      "Фильтр масляный для FAW J7",
    ]);
  });

  it("orders equals by name, so pages are stable, and pages in relevance order", () => {
    const all = ranked("фильтр");
    expect(all).toEqual([
      "Фильтр масляный в сборе для FAW Tiger V",
      "Фильтр масляный для FAW J6P",
      "Фильтр масляный для FAW J7",
      "Фильтр топливный тонкой очистки для FAW J6P",
    ]);
    const pages = [1, 2].flatMap(
      (page) => runPartsQuery(snapshot, query({ search: "фильтр", sortBy: "relevance", page }), 3).items,
    );
    expect(pages.map((p) => p.fullName)).toEqual(all);
  });

  it("keeps the spec orders for a search when asked", () => {
    expect(runPartsQuery(snapshot, query({ search: "фильтр", sortBy: "price_asc" })).items.map((p) => p.price)).toEqual(
      [1000, 1000, 1000, 1000],
    );
    expect(names(runPartsQuery(snapshot, query({ search: "j6", sortBy: "name_desc" })).items)[0]).toBe(
      "Фильтр топливный",
    );
  });

  it("is the name order without search words", () => {
    expect(runPartsQuery(snapshot, query({ search: "- -", sortBy: "relevance" })).items).toEqual(
      runPartsQuery(snapshot, query({ sortBy: "name_asc" })).items,
    );
  });
});

describe("suggestParts", () => {
  const catalogue = [
    part("Фильтр масляный", { fullName: "Фильтр масляный для FAW J6P", article: "1012015-81D" }),
    part("Фильтр масляный", { fullName: "Фильтр масляный для FAW J7", article: "1012015-A01" }),
    part("Фильтр топливный", { fullName: "Фильтр топливный для FAW J6P", article: "1105050-A01" }),
    part("Фара головного света", { fullName: "Фара головного света левая для FAW J6P", article: "3711010-A01" }),
    part("Фиксатор", { fullName: "Фиксатор двери для FAW J6P", article: "6105010-A01" }),
    part("Датчик ABS", { fullName: "Датчик ABS для FAW J6P", article: "WG9725520274" }),
    ...Array.from({ length: 10 }, (_, i) => part(`Насос ${i}`, { fullName: `Насос ${i} для FAW J7` })),
  ];
  const snapshot = snapshotOf(catalogue);
  const suggested = (input: string, limit?: number) =>
    suggestParts(snapshot, input, limit).items.map((p) => p.fullName);

  it("starts at the second character", () => {
    expect(suggested("")).toEqual([]);
    expect(suggested("ф")).toEqual([]);
    expect(suggested(" ф- ")).toEqual([]);
    expect(suggested("фи").length).toBeGreaterThan(0);
  });

  it("completes the word being typed, before typos", () => {
    expect(suggested("фил")).toEqual([
      "Фильтр масляный для FAW J6P",
      "Фильтр масляный для FAW J7",
      "Фильтр топливный для FAW J6P",
    ]);
    expect(suggested("фи").slice(0, 4)).toEqual([
      "Фиксатор двери для FAW J6P",
      "Фильтр масляный для FAW J6P",
      "Фильтр масляный для FAW J7",
      "Фильтр топливный для FAW J6P",
    ]);
  });

  it("ranks like the list and stops at six", () => {
    expect(suggested("масляный фильтр j")).toEqual(["Фильтр масляный для FAW J6P", "Фильтр масляный для FAW J7"]);
    expect(suggested("насос")).toHaveLength(6);
    expect(suggested("насос", 3)).toHaveLength(3);
    expect(suggested("насос", 0)).toEqual([]);
  });

  it("allows typos in the word being typed only once it is long enough", () => {
    // 'j7' finished is two edits from 'j6p'; being typed, it has to be exact or a beginning.
    expect(
      runPartsQuery(snapshot, query({ search: "j7", sortBy: "relevance" }), 20).items.some((p) =>
        p.fullName.endsWith("J6P"),
      ),
    ).toBe(true);
    expect(suggested("j7").every((name) => name.endsWith("J7"))).toBe(true);
    expect(suggested("фылтр")).toEqual([]);
    expect(suggested("фыльтр")).toContain("Фильтр масляный для FAW J6P");
  });

  it("treats a word followed by a space as finished, matched as the list matches it", () => {
    const list = (search: string) => runPartsQuery(snapshot, query({ search, sortBy: "relevance" }), 6);
    expect(suggestParts(snapshot, "фил ").items).toEqual(list("фил").items);
    expect(suggestParts(snapshot, "фил").items).not.toEqual(list("фил").items);
  });

  it("finds codes as they are typed", () => {
    expect(suggested("wg97")).toEqual(["Датчик ABS для FAW J6P"]);
    expect(suggested("1012015-")).toEqual(["Фильтр масляный для FAW J6P", "Фильтр масляный для FAW J7"]);
  });

  it("retries the other keyboard layout", () => {
    expect(suggestParts(snapshot, "yfcjc")).toMatchObject({ shownQuery: "насос" });
  });
});

describe("runPartsQuery against a plain scan", () => {
  const random = createRandom(5);
  const vocabulary = ["Фильтр", "масляный", "Насос", "водяной", "Колодка", "тормозная", "Ремень", "Датчик", "ёмкость"];
  const groups = ["A", "B", "C"];
  const parts = Array.from({ length: 600 }, (_, i) =>
    part(`${pick(random, vocabulary)} ${pick(random, vocabulary)}`, {
      fullName: `${pick(random, vocabulary)} ${i % 7}`,
      article: i % 5 ? `${randomInt(random, 1000, 1020)}-${pick(random, ["A01", "81D"])}` : "",
      price: randomInt(random, 1, 40) * 50,
      group: pick(random, groups),
    }),
  );
  const snapshot = snapshotOf(parts);
  const collator = new Intl.Collator("ru");
  const byName = (a: Part, b: Part) =>
    collator.compare(a.name, b.name) || collator.compare(a.fullName, b.fullName) || parts.indexOf(a) - parts.indexOf(b);
  const compare: Record<SortBy, (a: Part, b: Part) => number> = {
    name_asc: byName,
    name_desc: (a, b) => byName(b, a),
    price_asc: (a, b) => a.price - b.price || byName(a, b),
    price_desc: (a, b) => b.price - a.price || byName(a, b),
  };

  function scan(q: PartsQuery, pageSize: number) {
    const words = parseSearchWords(q.search).map((w) => w.word);
    const found = parts
      .filter((p) => !q.groups.length || q.groups.includes(p.group))
      .filter((p) => words.every((w) => [...partWords(p)].some((pw) => boundedDistance(pw, w) <= 2)))
      .sort(compare[q.sortBy as SortBy]);
    const pageCount = Math.max(1, Math.ceil(found.length / pageSize));
    const page = Math.min(q.page, pageCount);
    return { total: found.length, page, ids: found.slice((page - 1) * pageSize, page * pageSize).map((p) => p.id) };
  }

  it("gives the same page for random searches, groups, sorts and pages", { timeout: 60_000 }, () => {
    const searches = [
      "",
      "фильтр",
      "насас",
      "колодка тормозная",
      "емкость",
      "1010-a01",
      "1010a01",
      "маслный фильтр",
      "4",
    ];
    for (let k = 0; k < 300; k++) {
      const q = query({
        search: pick(random, searches),
        groups: random() < 0.3 ? [pick(random, groups)] : [],
        sortBy: pick(random, ["name_asc", "name_desc", "price_asc", "price_desc"] as const),
        page: randomInt(random, 1, 30),
      });
      const pageSize = pick(random, [1, 10, 25]);
      const got = runPartsQuery(snapshot, q, pageSize);
      const expected = scan(q, pageSize);
      expect({ total: got.total, page: got.page, ids: got.items.map((p) => p.id) }, JSON.stringify(q)).toEqual(
        expected,
      );
    }
  });
});

describe("runPartsQuery and suggestParts against the reference", () => {
  const parts = randomCatalogue(3, 800);
  const snapshot = snapshotOf(parts);
  const reference = createReference(parts);
  const searches = randomSearches(4, parts, 150);
  const orders: PartsOrder[] = ["relevance", "name_asc", "name_desc", "price_asc", "price_desc"];
  const random = createRandom(6);

  it("finds and orders the same parts, in every order, on every page", { timeout: 120_000 }, () => {
    for (const search of searches) {
      for (const sortBy of orders) {
        const q = query({
          search,
          sortBy,
          groups: random() < 0.2 ? [pick(random, ["FAW J6P", "FAW J7", "КПП FAST"])] : [],
          page: random() < 0.7 ? 1 : randomInt(random, 2, 12),
          inStock: random() < 0.3,
        });
        const pageSize = pick(random, [1, 5, 10]);
        const got = runPartsQuery(snapshot, q, pageSize);
        const view = { total: got.total, page: got.page, ids: got.items.map((p) => p.id), shownQuery: got.shownQuery };
        expect(view, JSON.stringify(q) + ` size ${pageSize}`).toEqual({
          shownQuery: undefined,
          ...reference.query(q, pageSize),
        });
      }
    }
  });

  it("ranks every match the same, in relevance order", { timeout: 60_000 }, () => {
    for (const search of searches) {
      const q = query({ search, sortBy: "relevance" });
      const got = runPartsQuery(snapshot, q, parts.length);
      expect(
        got.items.map((p) => p.id),
        search,
      ).toEqual(reference.query(q, parts.length).ids);
    }
  });

  it("finds everything the spec's rule alone finds", { timeout: 60_000 }, () => {
    for (const search of searches) {
      const words = parseSearchWords(search).map((w) => w.word);
      const spec = parts.filter(
        (p) => words.length && words.every((w) => [...partWords(p)].some((pw) => boundedDistance(pw, w) <= 2)),
      );
      const found = new Set(runPartsQuery(snapshot, query({ search }), parts.length).items.map((p) => p.id));
      for (const p of spec) expect(found.has(p.id), `${search}: ${p.fullName} ${p.article}`).toBe(true);
    }
  });

  it("suggests the same parts", { timeout: 60_000 }, () => {
    const typing = searches.flatMap((search) => [
      search.slice(0, 2),
      search.slice(0, 3 + Math.floor(search.length / 3)),
      `${search} `,
    ]);
    for (const input of typing) {
      const limit = randomInt(random, 1, 8);
      const got = suggestParts(snapshot, input, limit);
      expect({ ids: got.items.map((p) => p.id), shownQuery: got.shownQuery }, `${input} (${limit})`).toEqual({
        shownQuery: undefined,
        ...reference.suggest(input, limit),
      });
    }
  });
});

describe("relatedParts", () => {
  const filters = Array.from({ length: 30 }, (_, i) =>
    part(i % 3 ? `Фильтр ${i}` : `Элемент фильтра ${i}`, { balance: i % 5 }),
  );
  const others = [part("Насос водяной"), part("ФИЛЬТР воздушный", { balance: 2 })];
  const snapshot = snapshotOf([...filters, ...others]);

  it("picks up to 10 in-stock parts named with 'фильтр', without the current one", () => {
    const current = filters[1];
    const list = relatedParts(snapshot, current.id, "seed");
    expect(list).toHaveLength(10);
    for (const p of list) {
      expect(p.name.toLowerCase()).toContain("фильтр");
      expect(p.balance).toBeGreaterThan(0);
      expect(p.id).not.toBe(current.id);
    }
    expect(new Set(list.map((p) => p.id)).size).toBe(10);
  });

  it("is the same for the same seed and shuffled by another", () => {
    const a = relatedParts(snapshot, "x", "1-2025-01-01").map((p) => p.id);
    expect(relatedParts(snapshot, "x", "1-2025-01-01").map((p) => p.id)).toEqual(a);
    expect(relatedParts(snapshot, "x", "1-2025-01-02").map((p) => p.id)).not.toEqual(a);
    expect(relatedParts(snapshot, "x", 42).map((p) => p.id)).toEqual(relatedParts(snapshot, "x", 42).map((p) => p.id));
  });

  it("returns all candidates when there are fewer than the limit", () => {
    const small = snapshotOf([part("Фильтр 1"), part("Фильтр 2", { balance: 0 }), part("Фильтр 3"), part("Насос")]);
    expect(
      relatedParts(small, "none", 1)
        .map((p) => p.name)
        .sort(),
    ).toEqual(["Фильтр 1", "Фильтр 3"]);
    expect(relatedParts(small, "none", 1, 1)).toHaveLength(1);
    expect(relatedParts(small, "none", 1, 0)).toEqual([]);
  });
});
