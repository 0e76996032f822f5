import { randomCatalogue, randomSearches } from "../../test/search-reference";
import { Scratch } from "./bitset-page";
import { createCatalogueSnapshot } from "./catalogue-snapshot";
import { rankMatches, relevancePage, type RankingLimits } from "./relevance";
import { countBits, intersectInto } from "./bitset";
import { createWordMatch, matchArticle, matchWord } from "./search-match";
import { normalizeArticle, parseSearchWords } from "./search-text";

describe("rankMatches", () => {
  const parts = randomCatalogue(9, 1200);
  const snapshot = createCatalogueSnapshot({ parts, groups: [...new Set(parts.map((p) => p.group))] }, 1);
  const { index } = snapshot;
  const scratch = new Scratch(index.size);

  /** The whole relevance order of `search`, ranked with `limits`. */
  function ranked(search: string, limits: RankingLimits): number[] {
    scratch.reset();
    const words = parseSearchWords(search);
    const detail = words.map(() => createWordMatch(index.size, () => scratch.bitset()));
    const bits = words
      .map((w, i) => matchWord(index, w.word, { detail: detail[i] }))
      .reduce((a, b) => intersectInto(a, b));
    const article = matchArticle(index, normalizeArticle(search));
    for (const p of article) bits[p >>> 5] |= 1 << (p & 31);
    const total = countBits(bits);
    const ranking = rankMatches(scratch, bits, total, detail, article, limits);
    return relevancePage(snapshot.orders.name_asc, snapshot.places.name_asc, scratch, ranking, 0, total);
  }

  it("ranks alike split by bitsets, part by part, and when a split gives up", { timeout: 60_000 }, () => {
    const strategies: RankingLimits[] = [
      { splitAbove: 0, maxGroups: Infinity },
      { splitAbove: Infinity, maxGroups: 0 },
      { splitAbove: 0, maxGroups: 2 },
    ];
    let compared = 0;
    for (const search of randomSearches(10, parts, 120)) {
      if (!parseSearchWords(search).length) continue;
      const [split, listed, givenUp] = strategies.map((limits) => ranked(search, limits));
      expect(listed, search).toEqual(split);
      expect(givenUp, search).toEqual(split);
      compared += split.length;
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it("puts the article typed whole first", () => {
    const target = parts.find((p) => p.article.length > 8)!;
    const order = ranked(target.article, { splitAbove: 0, maxGroups: Infinity });
    expect(parts[order[0]].article).toBe(target.article);
  });
});
