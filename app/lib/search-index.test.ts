import type { Part } from "./part";
import { countBits, hasBit } from "./bitset";
import { buildSearchIndex } from "./search-index";
import { createWordMatch, matchArticle, matchGroups, matchWord, MAX_SCORE } from "./search-match";
import { foldLookalikes } from "./search-text";
import { forEachCompletion } from "./vocabulary";

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
