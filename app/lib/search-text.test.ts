import { foldLookalikes, normalizeArticle, normalizeText, parseSearchWords, partWords } from "./search-text";

describe("normalizeText", () => {
  it("lowercases and treats ё as е", () => {
    expect(normalizeText("ЁЛКА Ёж ёмкость")).toBe("елка еж емкость");
  });
});

describe("foldLookalikes and normalizeArticle", () => {
  it("turns Cyrillic letters drawn like Latin ones into those", () => {
    // The first word is typed on the Russian layout: С, А, М are Cyrillic.
    expect(foldLookalikes("са6dм2")).toBe("ca6dm2");
    expect(foldLookalikes("авекмнорстух")).toBe("abekmhopctyx");
    expect(foldLookalikes("ёж")).toBe("eж");
    expect(foldLookalikes("фильтр")).toBe("фильtp");
  });

  it("reads an article without separators, case or look-alikes", () => {
    expect(normalizeArticle("1012015-81D")).toBe("101201581d");
    expect(normalizeArticle(" 1012015 81d ")).toBe("101201581d");
    expect(normalizeArticle("1012015.81/D")).toBe("101201581d");
    expect(normalizeArticle("WG 9725-520274")).toBe("wg9725520274");
    expect(normalizeArticle("СА6DМ2")).toBe("ca6dm2");
    expect(normalizeArticle("")).toBe("");
  });
});

describe("partWords", () => {
  it("indexes name, full name and article words, compounds and the whole article", () => {
    const words = partWords({
      name: "Фильтр-влагоотделитель",
      fullName: "Фильтр-влагоотделитель PL420 (CA6DM)",
      article: "1012010-81DJ",
    });
    expect([...words].sort()).toEqual(
      ["1012010", "101201081dj", "81dj", "ca6dm", "pl420", "влагоотделитель", "фильтр", "фильтрвлагоотделитель"]
        .map(foldLookalikes)
        .sort(),
    );
  });

  it("joins an article written with spaces", () => {
    expect(partWords({ name: "x", fullName: "x", article: "1012010 81DJ" })).toContain("101201081dj");
  });
});

describe("parseSearchWords", () => {
  it("splits on whitespace, strips punctuation inside words, dedupes", () => {
    expect(parseSearchWords("  Фильтр,  1012010-81DJ фильтр ( ) Ёмкость ")).toEqual([
      { raw: "Фильтр,", word: foldLookalikes("фильтр") },
      { raw: "1012010-81DJ", word: "101201081dj" },
      { raw: "Ёмкость", word: foldLookalikes("емкость") },
    ]);
  });

  it("returns nothing for blank or punctuation-only input", () => {
    expect(parseSearchWords("")).toEqual([]);
    expect(parseSearchWords(" - / , ")).toEqual([]);
  });

  it("caps the number of words", () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");
    expect(parseSearchWords(many)).toHaveLength(12);
  });
});
