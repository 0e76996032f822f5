import { osaDistance as osa } from "../../test/search-reference";
import { createRandom, randomInt } from "./random";
import { createVocabulary, forEachVocabularyMatch } from "./vocabulary";

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
