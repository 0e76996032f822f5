/**
 * The part search's index (SPEC §5), built once per catalogue version: the vocabulary of
 * distinct words, a posting list of parts per word (name first), the parts of each group, and
 * the parts by normalised code: the article and the part's other numbers (cross, OEM,
 * analogues) alike, so an other number typed whole finds and ranks its part as its article
 * does. Matching a query against it is search-match.ts.
 */
import { createBitset } from "./bitset";
import type { Part } from "./part";
import { fieldWords, foldLookalikes } from "./search-text";
import { createVocabulary, type Vocabulary } from "./vocabulary";

export interface SearchIndex {
  /** Number of parts; bit `i` of a bitset is `parts[i]`. */
  size: number;
  vocabulary: Vocabulary;
  /**
   * Parts of `vocabulary.words[w]` are `postings[postingStarts[w] .. postingStarts[w + 1])`:
   * first those having the word in their name (up to `nameEnds[w]`), then those having it only
   * in the full name or article; each half ascending.
   */
  postingStarts: Uint32Array;
  nameEnds: Uint32Array;
  postings: Uint32Array;
  groupBits: Map<string, Uint32Array>;
  /**
   * Vocabulary indices of the distinct normalised codes (articles and other numbers), ascending:
   * by length, then text, as the vocabulary is, so the codes of one length that begin alike are a
   * contiguous run.
   */
  articleWords: Uint32Array;
  /**
   * Parts having the code `articleWords[a]` (as article or other number), ascending:
   * `articlePostings[articleStarts[a] .. articleStarts[a + 1])`.
   */
  articleStarts: Uint32Array;
  articlePostings: Uint32Array;
}

export function buildSearchIndex(parts: readonly Part[]): SearchIndex {
  const size = parts.length;
  // Distinct words as typed in the data get ids first; each is folded once afterwards, which
  // is far cheaper than folding every occurrence.
  const wordIds = new Map<string, number>();
  const firstSeen: string[] = [];
  const idOf = (word: string) => {
    let id = wordIds.get(word);
    if (id === undefined) {
      id = firstSeen.length;
      firstSeen.push(word);
      wordIds.set(word, id);
    }
    return id;
  };
  // Word ids of part p: flat[partStarts[p] .. partStarts[p + 1]), its name's before nameSplit[p].
  const partStarts = new Uint32Array(size + 1);
  const nameSplit = new Uint32Array(size);
  // The parts' codes as (position, word id) pairs, in position order; most parts have one, the article.
  const codePositions: number[] = [];
  const codeIds: number[] = [];
  const flat: number[] = [];
  const groupBits = new Map<string, Uint32Array>();

  parts.forEach((part, position) => {
    const field = fieldWords(part);
    partStarts[position] = flat.length;
    nameSplit[position] = flat.length + field.nameCount;
    for (const word of field.words) flat.push(idOf(word));
    for (const code of field.codes) {
      codePositions.push(position);
      codeIds.push(idOf(code));
    }
    let bits = groupBits.get(part.group);
    if (!bits) groupBits.set(part.group, (bits = createBitset(size)));
    bits[position >>> 5] |= 1 << (position & 31);
  });
  partStarts[size] = flat.length;

  const folded = firstSeen.map(foldLookalikes);
  const vocabulary = createVocabulary(new Set(folded));
  const { words } = vocabulary;
  const indexOf = new Map<string, number>();
  words.forEach((word, w) => indexOf.set(word, w));
  const rank = Uint32Array.from(folded, (word) => indexOf.get(word)!);

  const postingStarts = new Uint32Array(words.length + 1);
  const nameCounts = new Uint32Array(words.length);
  for (let position = 0; position < size; position++) {
    for (let k = partStarts[position]; k < partStarts[position + 1]; k++) {
      const w = rank[flat[k]];
      postingStarts[w + 1]++;
      if (k < nameSplit[position]) nameCounts[w]++;
    }
  }
  for (let w = 0; w < words.length; w++) postingStarts[w + 1] += postingStarts[w];
  const nameFill = postingStarts.slice(0, words.length);
  const nameEnds = nameFill.map((start, w) => start + nameCounts[w]);
  const otherFill = nameEnds.slice();
  const postings = new Uint32Array(flat.length);
  // Parts are visited in order, so both halves of every posting list come out ascending.
  // (Two spellings folding to one word may list a part twice: harmless for bitsets.)
  for (let position = 0; position < size; position++) {
    for (let k = partStarts[position]; k < partStarts[position + 1]; k++) {
      const w = rank[flat[k]];
      postings[k < nameSplit[position] ? nameFill[w]++ : otherFill[w]++] = position;
    }
  }

  // Parts by normalised code, the codes in vocabulary order: a counting sort. Two codes of one
  // part that fold alike ('CA-1' and 'СА1' in Cyrillic) list it once.
  const codeWords = Uint32Array.from(codeIds, (id) => rank[id]);
  const codeKept = (k: number) => {
    for (let j = k - 1; j >= 0 && codePositions[j] === codePositions[k]; j--)
      if (codeWords[j] === codeWords[k]) return false;
    return true;
  };
  const perWord = new Uint32Array(words.length);
  codeWords.forEach((w, k) => codeKept(k) && perWord[w]++);
  const articleWords = Uint32Array.from(perWord.keys()).filter((w) => perWord[w] > 0);
  const articleStarts = new Uint32Array(articleWords.length + 1);
  articleWords.forEach((w, a) => (articleStarts[a + 1] = articleStarts[a] + perWord[w]));
  const articleFill = new Uint32Array(words.length);
  articleWords.forEach((w, a) => (articleFill[w] = articleStarts[a]));
  const articlePostings = new Uint32Array(articleStarts[articleWords.length]);
  codeWords.forEach((w, k) => {
    if (codeKept(k)) articlePostings[articleFill[w]++] = codePositions[k];
  });

  return {
    size,
    vocabulary,
    postingStarts,
    nameEnds,
    postings,
    groupBits,
    articleWords,
    articleStarts,
    articlePostings,
  };
}
