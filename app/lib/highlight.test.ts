import { typingDistance } from "./edit-distance";
import { highlightMatches, highlightPart } from "./highlight";

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
