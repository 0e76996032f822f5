import type { Part } from "./part";
import { createRandom, randomInt } from "./random";
import {
  boundedDistance,
  buildSearchIndex,
  countBits,
  createVocabulary,
  createWordMatch,
  foldLookalikes,
  forEachCompletion,
  forEachVocabularyMatch,
  hasBit,
  highlightMatches,
  highlightPart,
  matchArticle,
  matchGroups,
  matchWord,
  MAX_SCORE,
  normalizeArticle,
  normalizeText,
  parseSearchWords,
  partWords,
  switchLayout,
  typingDistance,
} from "./search-index";

/** Full optimal-string-alignment table: the reference the fast paths must agree with. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function part(id: number, name: string, extra: Partial<Part> = {}): Part {
  return {
    id: String(id),
    slug: `p-${id}`,
    name,
    fullName: name,
    article: "",
    group: "G",
    price: 100,
    balance: 1,
    images: [],
    description: "",
    ...extra,
  };
}

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

describe("boundedDistance", () => {
  it.each([
    ["фильтр", "фильтр", 0],
    ["фыльтр", "фильтр", 1],
    ["колотка", "колодка", 1],
    ["филтьр", "фильтр", 1], // a swapped pair is one edit
    ["фильт", "фильтр", 1],
    ["j7", "j6", 1],
    ["", "ab", 2],
    ["масляный", "маслянный", 1],
  ])("%s ↔ %s = %i", (a, b, expected) => {
    expect(boundedDistance(a, b)).toBe(expected);
    expect(boundedDistance(b, a)).toBe(expected);
  });

  it("answers max + 1 for anything further", () => {
    expect(boundedDistance("фильтр", "насос")).toBe(3);
    expect(boundedDistance("abc", "abcdef")).toBe(3);
    // Optimal string alignment never edits a swapped pair again: 'ca' → 'abc' costs 3.
    expect(boundedDistance("ca", "abc")).toBe(3);
  });

  it("agrees with the full table on random words", () => {
    const random = createRandom(7);
    const word = () => Array.from({ length: randomInt(random, 0, 7) }, () => "abcд"[randomInt(random, 0, 3)]).join("");
    for (let k = 0; k < 3000; k++) {
      const [a, b] = [word(), word()];
      expect(boundedDistance(a, b), `${a} ↔ ${b}`).toBe(Math.min(osa(a, b), 3));
      expect(boundedDistance(a, b, 1), `${a} ↔ ${b}`).toBe(Math.min(osa(a, b), 2));
    }
  });
});

describe("forEachVocabularyMatch", () => {
  it("finds exactly the words within the distance, on random vocabularies", () => {
    const random = createRandom(11);
    const word = (min: number, max: number) =>
      Array.from({ length: randomInt(random, min, max) }, () => "abcdж"[randomInt(random, 0, 4)]).join("");
    for (let round = 0; round < 20; round++) {
      const vocabulary = createVocabulary(new Set(Array.from({ length: 200 }, () => word(1, 9))));
      for (let k = 0; k < 20; k++) {
        const query = word(1, 8);
        const distances = new Map(vocabulary.words.map((w) => [w, osa(w, query)]));
        for (const max of [0, 1, 2]) {
          const found: string[] = [];
          forEachVocabularyMatch(vocabulary, query, (i) => found.push(vocabulary.words[i]), max);
          const expected = vocabulary.words.filter((w) => distances.get(w)! <= max);
          expect(found.sort(), `${query} (max ${max})`).toEqual(expected.sort());
        }
      }
    }
  });

  it("handles an empty vocabulary and long queries", () => {
    forEachVocabularyMatch(createVocabulary([]), "фильтр", () => expect.unreachable());
    const vocabulary = createVocabulary(["фильтр"]);
    const found: number[] = [];
    forEachVocabularyMatch(vocabulary, "ф".repeat(150), (i) => found.push(i));
    expect(found).toEqual([]);
  });

  it("sorts the vocabulary by length, then by code units", () => {
    const vocabulary = createVocabulary(["bb", "a", "ab", "c", "abc"]);
    expect(vocabulary.words).toEqual(["a", "c", "ab", "bb", "abc"]);
    expect(Array.from(vocabulary.lengthStarts)).toEqual([0, 0, 2, 4, 5]);
  });
});

describe("buildSearchIndex", () => {
  const parts = [
    part(1, "Фильтр масляный", { group: "A" }),
    part(2, "Фильтр топливный", { group: "B" }),
    part(3, "Насос водяной", { group: "A", article: "1307010-A01" }),
    part(4, "Ёмкость расширительная", { group: "C" }),
  ];
  const index = buildSearchIndex(parts);
  const positions = (bits: Uint32Array) => parts.map((_, i) => i).filter((i) => hasBit(bits, i));

  it("matches words within edit distance 2 through posting lists", () => {
    expect(positions(matchWord(index, "фыльтр"))).toEqual([0, 1]);
    expect(positions(matchWord(index, "насас"))).toEqual([2]);
    expect(positions(matchWord(index, "емкость"))).toEqual([3]);
    expect(positions(matchWord(index, "1307010a01"))).toEqual([2]);
    expect(countBits(matchWord(index, "компрессор"))).toBe(0);
  });

  it("selects groups, unknown ones selecting nothing", () => {
    expect(positions(matchGroups(index, ["A"]))).toEqual([0, 2]);
    expect(positions(matchGroups(index, ["A", "C", "нет такой"]))).toEqual([0, 2, 3]);
    expect(countBits(matchGroups(index, ["нет такой"]))).toBe(0);
  });

  it("keeps posting lists ascending", () => {
    for (let w = 0; w < index.vocabulary.words.length; w++) {
      const list = Array.from(index.postings.subarray(index.postingStarts[w], index.postingStarts[w + 1]));
      expect(list).toEqual([...list].sort((a, b) => a - b));
    }
  });

  it("counts bits across words", () => {
    const bits = new Uint32Array([0xffffffff, 0b1011, 0]);
    expect(countBits(bits)).toBe(35);
  });
});

describe("matchWord beyond the spec's rule", () => {
  const parts = [
    part(1, "Насос водяной", { fullName: "Насос водяной для двигателя CA6DM2", article: "1307010-M22" }),
    part(2, "Датчик ABS", { fullName: "Датчик ABS для FAW J6P", article: "WG9725520274" }),
    part(3, "Фильтр масляный", { fullName: "Фильтр масляный для FAW J7", article: "1012015-81D" }),
    // An article keyed in with Cyrillic С and А.
    part(4, "Кольцо", { fullName: "Кольцо для двигателя CA6DM2", article: "СА6-1005" }),
  ];
  const index = buildSearchIndex(parts);
  const positions = (bits: Uint32Array) => parts.map((_, i) => i).filter((i) => hasBit(bits, i));

  it("treats look-alike letters as one, in the query and in the data", () => {
    expect(positions(matchWord(index, foldLookalikes("са6dм2")))).toEqual([0, 3]);
    expect(positions(matchWord(index, "ca61005"))).toEqual([3]);
    expect(positions(matchWord(index, "CA6-1005".toLowerCase().replace("-", "")))).toEqual([3]);
  });

  it("folds the vocabulary: one word for both spellings", () => {
    const both = buildSearchIndex([part(1, "CA6DM2"), part(2, "СА6DМ2")]);
    expect(both.vocabulary.words).toEqual(["ca6dm2"]);
  });

  it("matches an article by a beginning of five characters or more", () => {
    expect(positions(matchWord(index, "wg972"))).toEqual([1]);
    expect(positions(matchWord(index, "wg97255202"))).toEqual([1]);
    expect(positions(matchWord(index, "wg97"))).toEqual([]);
    expect(positions(matchWord(index, "10120158"))).toEqual([2]);
  });

  it("says how each part matched: level, in the name, exactly in the name", () => {
    const detail = createWordMatch(index.size);
    matchWord(index, "j6", { detail });
    // 'j6' is the beginning of 'j6p' (one letter short) and one edit from 'j7'.
    expect(positions(detail.levels[MAX_SCORE - 1])).toEqual([1]);
    expect(positions(detail.levels[MAX_SCORE - 2])).toEqual([2]);
    expect(positions(detail.inName)).toEqual([]);

    const name = createWordMatch(index.size);
    matchWord(index, "фильтр", { detail: name });
    expect(positions(name.levels[MAX_SCORE])).toEqual([2]);
    expect(positions(name.exactInName)).toEqual([2]);

    const article = createWordMatch(index.size);
    matchWord(index, "wg97255", { detail: article });
    expect(positions(article.levels[MAX_SCORE])).toEqual([1]);
    expect(positions(article.inName)).toEqual([]);
  });

  it("completes a word still being typed", () => {
    expect(positions(matchWord(index, "фил"))).toEqual([]);
    expect(positions(matchWord(index, "фил", { complete: true }))).toEqual([2]);
    const found: string[] = [];
    forEachCompletion(index.vocabulary, foldLookalikes("вод"), (w) => found.push(index.vocabulary.words[w]));
    expect(found).toEqual([foldLookalikes("водяной")]);
  });

  it("finds parts by their whole article", () => {
    expect(Array.from(matchArticle(index, "101201581d"))).toEqual([2]);
    expect(Array.from(matchArticle(index, "ca61005"))).toEqual([3]);
    expect(Array.from(matchArticle(index, "1012015"))).toEqual([]);
    expect(Array.from(matchArticle(index, ""))).toEqual([]);
  });
});

describe("switchLayout", () => {
  it.each([
    ["ajkmnh", "фольтр"],
    ["abkmnh", "фильтр"],
    ["Abkmnh", "Фильтр"],
    ["rjkjlrf", "колодка"],
    ["цп", "wg"],
    ["ЦП9725", "WG9725"],
    ["wg9725", "цп9725"],
    ["yfcjc", "насос"],
    ["d'k", "вэл"],
    ["b,jr", "ибок"],
    ["1012015", "1012015"],
    ["", ""],
  ])("%s → %s", (typed, expected) => {
    expect(switchLayout(typed)).toBe(expected);
  });

  it("maps Cyrillic back to the keys it was typed on", () => {
    expect(switchLayout("ашдеук")).toBe("filter");
    expect(switchLayout("жбю")).toBe(";,.");
  });
});

describe("highlightMatches", () => {
  it("marks words that match a query word, typos included", () => {
    expect(highlightMatches("Фильтр масляный FAW J6P", "фыльтр")).toEqual([
      { text: "Фильтр", match: true },
      { text: " масляный FAW J6P", match: false },
    ]);
  });

  it("marks a hyphenated article matched whole", () => {
    expect(highlightMatches("арт. 1012010-81DJ", "101201081dj")).toEqual([
      { text: "арт. ", match: false },
      { text: "1012010-81DJ", match: true },
    ]);
  });

  it("marks pieces of a compound on their own", () => {
    expect(highlightMatches("Фильтр-влагоотделитель", "влагоотделитель")).toEqual([
      { text: "Фильтр-", match: false },
      { text: "влагоотделитель", match: true },
    ]);
  });

  it("marks words met through look-alike letters", () => {
    expect(highlightMatches("Насос для двигателя CA6DM2", "СА6DМ2")).toEqual([
      { text: "Насос для двигателя ", match: false },
      { text: "CA6DM2", match: true },
    ]);
  });

  it("marks the part typed of a code that the query begins", () => {
    expect(highlightMatches("WG9725520274", "wg97255")).toEqual([
      { text: "WG97255", match: true },
      { text: "20274", match: false },
    ]);
    // '1012015' is one edit from '10120158' and marked whole; the prefix runs on past the hyphen.
    expect(highlightMatches("1012015-81DJ", "10120158")).toEqual([
      { text: "1012015-8", match: true },
      { text: "1DJ", match: false },
    ]);
  });

  it("reads an article as one code across its spaces", () => {
    expect(highlightMatches("1012010 81DJ", "101201081dj", { article: true })).toEqual([
      { text: "1012010 81DJ", match: true },
    ]);
    expect(highlightMatches("1012010 81DJ", "1012010 81DJ", { article: true })).toEqual([
      { text: "1012010 81DJ", match: true },
    ]);
    expect(highlightMatches("WG 9725 520274", "wg97255", { article: true })).toEqual([
      { text: "WG 9725 5", match: true },
      { text: "20274", match: false },
    ]);
  });

  it("marks the beginning typed of the last word for suggestions", () => {
    expect(highlightMatches("Фильтр масляный", "фил")).toEqual([{ text: "Фильтр масляный", match: false }]);
    expect(highlightMatches("Фильтр масляный", "фил", { complete: true })).toEqual([
      { text: "Фил", match: true },
      { text: "ьтр масляный", match: false },
    ]);
    expect(highlightMatches("Фильтр масляный", "масляный фил", { complete: true })).toEqual([
      { text: "Фил", match: true },
      { text: "ьтр ", match: false },
      { text: "масляный", match: true },
    ]);
    expect(highlightMatches("Фильтр масляный", "фил ", { complete: true })).toEqual([
      { text: "Фильтр масляный", match: false },
    ]);
  });

  it("marks typos of the word being typed only within its typing distance", () => {
    expect(highlightMatches("для FAW J6P", "j7")).toEqual([
      { text: "для FAW ", match: false },
      { text: "J6P", match: true },
    ]);
    expect(highlightMatches("для FAW J6P", "j7", { complete: true })).toEqual([{ text: "для FAW J6P", match: false }]);
    expect(typingDistance(3)).toBe(0);
    expect(typingDistance(5)).toBe(1);
    expect(typingDistance(6)).toBe(2);
  });

  it("highlights a part's name, full name and article", () => {
    const marked = highlightPart(
      { name: "Датчик ABS", fullName: "Датчик ABS для FAW J6P", article: "WG9725520274" },
      "датчек wg97255",
    );
    expect(marked.name).toEqual([
      { text: "Датчик", match: true },
      { text: " ABS", match: false },
    ]);
    expect(marked.fullName[0]).toEqual({ text: "Датчик", match: true });
    expect(marked.article).toEqual([
      { text: "WG97255", match: true },
      { text: "20274", match: false },
    ]);
  });

  it("marks only a query word's closest words across the part, not every word within two edits", () => {
    // 'j6' is one edit from 'J6P' and two from '0', '25' and '5'.
    const marked = highlightPart(
      { name: "Вкладыши коренные", fullName: "Вкладыши коренные +0,25 для FAW J6P", article: "1005810-5" },
      "j6",
    );
    expect(marked.fullName.filter((s) => s.match).map((s) => s.text)).toEqual(["J6P"]);
    expect(marked.article.some((s) => s.match)).toBe(false);
    // With nothing closer, the two-edit words are what matched, and they are marked.
    expect(
      highlightMatches("Кольцо 0,25", "j6")
        .filter((s) => s.match)
        .map((s) => s.text),
    ).toEqual(["0", "25"]);
    // Each query word keeps its own closest: 'масляный' exact, 'фыльтр' one edit from 'Фильтр'.
    expect(
      highlightMatches("Фильтр масляный", "фыльтр масляный")
        .filter((s) => s.match)
        .map((s) => s.text),
    ).toEqual(["Фильтр", "масляный"]);
  });

  it("returns the text unmarked for an empty query", () => {
    expect(highlightMatches("Насос водяной", "")).toEqual([{ text: "Насос водяной", match: false }]);
    expect(highlightMatches("", "насос")).toEqual([]);
  });
});
