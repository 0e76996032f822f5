import { part, partsQuery as query, snapshotOf } from "../../test/catalogue-fixtures";
import { runPartsQuery, suggestParts } from "./catalogue-search";
import type { Part } from "./part";
import { buildSearchIndex } from "./search-index";

/** A part's other numbers are searched as its article is, and an exact one ranks the part first. */
describe("search by a part's other numbers", () => {
  const crossed = part("Фильтр масляный", {
    fullName: "Фильтр масляный для FAW J6P",
    article: "1012015-81D",
    crossNumbers: ["JX0818", "1012010-29D-A", "W 950/26"],
  });
  const catalogue = [
    // Named with the other number itself: without the rule it would come first.
    part("Элемент JX0818", { fullName: "Элемент JX0818 для FAW J7", article: "1012016-81D" }),
    part("Фильтр масляный", { fullName: "Фильтр масляный для FAW J7", article: "1012010-29D" }),
    part("Прокладка", { fullName: "Прокладка W950 для FAW J6P", article: "1003020-A01" }),
    crossed,
    part("Насос водяной", { fullName: "Насос водяной для FAW J6P", article: "1307010-M22" }),
    part("Датчик", { fullName: "Датчик давления масла", article: "W 950/26" }),
  ];
  const snapshot = snapshotOf(catalogue);
  const ranked = (search: string) =>
    runPartsQuery(snapshot, query({ search, sortBy: "relevance" }), 50).items.map((p) => p.id);

  it("puts the part first for any of its numbers, with or without dashes and spaces, in any case", () => {
    for (const typed of [
      "JX0818",
      "jx0818",
      "JX 0818",
      "jx-0818",
      "1012010-29D-A",
      "1012010 29D A",
      "101201029da",
      "1012010-29д-а".replace("д", "d"),
      "1012010.29D/A",
    ]) {
      expect(ranked(typed)[0], typed).toBe(crossed.id);
    }
  });

  it("ranks an exact other number like an exact article: those parts first, in the name order", () => {
    // The sensor's article is the filter's other number: both are exact hits, sorted by name.
    const datchik = catalogue[5];
    expect(ranked("W950-26").slice(0, 2)).toEqual([datchik.id, crossed.id]);
    // However split; 'Прокладка W950' has only pieces of it: after both.
    expect(ranked("W 950 26")).toEqual([datchik.id, crossed.id, catalogue[2].id]);
  });

  it("finds a number by its first five characters and with a typo, as articles are", () => {
    expect(ranked("1012010-2")).toContain(crossed.id);
    expect(ranked("jx0819")).toContain(crossed.id);
    expect(ranked("jx081")).toContain(crossed.id);
  });

  it("suggests the part while its number is typed", () => {
    const suggested = (input: string) => suggestParts(snapshot, input).items.map((p) => p.id);
    expect(suggested("jx08")).toContain(crossed.id);
    expect(suggested("1012010-29")[0]).toBe(crossed.id);
    expect(suggested("1012010-29D-A")[0]).toBe(crossed.id);
  });

  it("leaves the search of parts without other numbers as it was", () => {
    const without: Part[] = catalogue.map((p) => (p === crossed ? { ...p, crossNumbers: undefined } : p));
    const plain = snapshotOf(without);
    for (const search of [
      "фильтр",
      "фильтр масляный",
      "1012015-81D",
      "J6P",
      "w950",
      "1012010-29D",
      "jx0818",
      "датчик",
    ]) {
      for (const sortBy of ["relevance", "name_asc", "price_desc"] as const) {
        const others = (items: Part[]) => items.map((p) => p.id).filter((id) => id !== crossed.id);
        const q = query({ search, sortBy });
        expect(others(runPartsQuery(snapshot, q, 50).items), search).toEqual(others(runPartsQuery(plain, q, 50).items));
      }
    }
    // No list and an empty one index alike: the parts without numbers cost nothing.
    const empty = catalogue.map((p) => ({ ...p, crossNumbers: [] }));
    const absent = catalogue.map(({ crossNumbers: _, ...p }) => p);
    expect(buildSearchIndex(empty)).toEqual(buildSearchIndex(absent));
  });
});
