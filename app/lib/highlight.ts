/** What the part search matched, marked in the text a list row or a suggestion shows. */
import { boundedDistance, MAX_EDIT_DISTANCE, typingDistance } from "./edit-distance";
import type { Part } from "./part";
import { foldLookalikes, MIN_ARTICLE_PREFIX, normalizeArticle, normalizeText, parseSearchWords } from "./search-text";

export interface HighlightSegment {
  text: string;
  match: boolean;
}

export interface HighlightOptions {
  /** The query's last word is still being typed (suggestions): mark what it begins, as the search does. */
  complete?: boolean;
  /** `text` is an article: matched as one code across its hyphens and spaces, like the index does. */
  article?: boolean;
}

interface Run {
  from: number;
  to: number;
  /** Normalised and folded, as indexed. */
  word: string;
}

/** Letter/digit runs grouped into compounds: the whitespace-separated chunks, or the whole article. */
function compounds(text: string, article: boolean): Run[][] {
  const groups: Run[][] = [];
  for (const chunk of text.matchAll(/\S+/g)) {
    const runs: Run[] = [];
    const start = chunk.index ?? 0;
    for (const run of chunk[0].matchAll(/[\p{L}\p{N}]+/gu)) {
      const from = start + (run.index ?? 0);
      runs.push({ from, to: from + run[0].length, word: foldLookalikes(normalizeText(run[0])) });
    }
    if (!runs.length) continue;
    if (article && groups.length) groups[0].push(...runs);
    else groups.push(runs);
  }
  return groups;
}

/** A query parsed for marking: its words, the one still being typed, and each word's edit limit. */
interface MarkQuery {
  words: string[];
  last: string | undefined;
  prefixes: string[];
  limits: number[];
}

function markQuery(query: string, complete: boolean | undefined): MarkQuery {
  const parsed = parseSearchWords(query);
  const words = parsed.map((w) => w.word);
  const last = complete && parsed.length && !/\s$/.test(query) ? words[words.length - 1] : undefined;
  return {
    words,
    last,
    prefixes: words.filter((w) => w.length >= MIN_ARTICLE_PREFIX || w === last),
    limits: words.map((w) => (w === last ? typingDistance(w.length) : MAX_EDIT_DISTANCE)),
  };
}

/** The words a run or compound of the text could be for: every candidate word of `text`. */
function candidateWords(groups: Run[][]): string[] {
  const out: string[] = [];
  for (const runs of groups) {
    for (const run of runs) out.push(run.word);
    if (runs.length > 1) out.push(runs.map((r) => r.word).join(""));
  }
  return out;
}

/**
 * Each query word's closest distance to any word of `texts` (Infinity where none is within its
 * limit). Only the closest are marked: 'j6' is within two edits of '0' and '25' too, but the word
 * that made the part a match is 'J6P'.
 */
function closestDistances(q: MarkQuery, texts: { text: string; article?: boolean }[]): number[] {
  const best = q.words.map(() => Infinity);
  for (const { text, article } of texts) {
    for (const word of candidateWords(compounds(text, article ?? false))) {
      q.words.forEach((w, k) => {
        const d = boundedDistance(word, w, q.limits[k]);
        if (d <= q.limits[k] && d < best[k]) best[k] = d;
      });
    }
  }
  return best;
}

function markText(text: string, q: MarkQuery, best: number[], article: boolean, whole: string): HighlightSegment[] {
  const marked = new Uint8Array(text.length);
  const near = (word: string) => q.words.some((w, k) => boundedDistance(word, w, q.limits[k]) === best[k]);

  /** Mark the first `length` normalised characters of `runs`, and the separators between them. */
  const markPrefix = (runs: Run[], length: number) => {
    for (let k = 0; k < runs.length && length > 0; k++) {
      const { from, to, word } = runs[k];
      const take = Math.min(length, word.length);
      // Lower-casing rarely changes a run's length ('İ'); then the whole run is marked.
      marked.fill(1, from, word.length === to - from ? from + take : to);
      length -= take;
      if (length > 0 && k + 1 < runs.length) marked.fill(1, to, runs[k + 1].from);
    }
  };

  for (const runs of compounds(text, article)) {
    for (const run of runs) {
      if (near(run.word)) marked.fill(1, run.from, run.to);
      else if (q.last && run.word.startsWith(q.last)) markPrefix([run], q.last.length);
    }
    const compound = runs.map((r) => r.word).join("");
    if (runs.length > 1 && near(compound)) marked.fill(1, runs[0].from, runs[runs.length - 1].to);
    else if (article && compound === whole) marked.fill(1, runs[0].from, runs[runs.length - 1].to);
    for (const prefix of q.prefixes) if (compound.startsWith(prefix)) markPrefix(runs, prefix.length);
  }

  const segments: HighlightSegment[] = [];
  for (let i = 0; i < text.length;) {
    let j = i + 1;
    while (j < text.length && marked[j] === marked[i]) j++;
    segments.push({ text: text.slice(i, j), match: marked[i] === 1 });
    i = j;
  }
  return segments;
}

/**
 * Split `text` into segments, marking what the search matched for `query`, so the highlight
 * agrees with the results:
 * - a word, or a hyphenated compound, within the edit distance of a query word (typos and
 *   look-alike letters included), of those the closest to it: the whole word ('Фильтр' for
 *   'фыльтр');
 * - a query word of `MIN_ARTICLE_PREFIX` or more that begins a compound ('wg97255' in
 *   'WG9725520274'): just the part typed;
 * - with `complete`, the last query word where it begins a word ('фи' in 'Фильтр'), and its
 *   typos only within `typingDistance`.
 */
export function highlightMatches(text: string, query: string, options: HighlightOptions = {}): HighlightSegment[] {
  const q = markQuery(query, options.complete);
  const best = closestDistances(q, [{ text, article: options.article }]);
  return markText(text, q, best, options.article ?? false, normalizeArticle(query));
}

/**
 * The three fields a list row or a suggestion shows, highlighted for `query` (see
 * `highlightMatches`); a query word's closest words are found across all three.
 */
export function highlightPart(
  part: Pick<Part, "name" | "fullName" | "article">,
  query: string,
  options: Pick<HighlightOptions, "complete"> = {},
): { name: HighlightSegment[]; fullName: HighlightSegment[]; article: HighlightSegment[] } {
  const q = markQuery(query, options.complete);
  const best = closestDistances(q, [
    { text: part.name },
    { text: part.fullName },
    { text: part.article, article: true },
  ]);
  const whole = normalizeArticle(query);
  return {
    name: markText(part.name, q, best, false, whole),
    fullName: markText(part.fullName, q, best, false, whole),
    article: markText(part.article, q, best, true, whole),
  };
}
