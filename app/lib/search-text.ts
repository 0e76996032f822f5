/**
 * The words of the part search (SPEC §5), as typed and as indexed: lower case, 'ё' = 'е', letter
 * and digit runs, hyphenated compounds glued, articles without separators. Customers type codes
 * half on the Russian layout, so Cyrillic letters drawn like Latin ones (А/A, В/B, Е/E, К/K, М/M,
 * Н/H, О/O, Р/P, С/C, Т/T, Х/X, У/Y) are one letter: every word is folded to the Latin one, and
 * 'СА6DМ2' is 'ca6dm2'. Shared by the index and the browser's highlighting.
 */
import type { Part } from "./part";

export interface SearchWord {
  /** The word as typed, for the keyboard-layout retry and for display. */
  raw: string;
  /** Normalised (lower case, ё = е, look-alikes folded to Latin) and without punctuation: what is matched. */
  word: string;
}

export const MAX_QUERY_WORDS = 12;
/** A query word this long that begins a part's article matches it (SPEC §5 plus codes typed short). */
export const MIN_ARTICLE_PREFIX = 5;
const SEPARATOR = 0;
const WORD = 1;
const SPACE = 2;
const YO = 0x451;

/** Code units below this (Latin, Cyrillic, punctuation…) are classified by table. */
const TABLE_SIZE = 0x3000;
let table: Uint8Array | undefined;

function classify(c: number): number {
  const ch = String.fromCharCode(c);
  return /[\p{L}\p{N}]/u.test(ch) ? WORD : /\s/.test(ch) ? SPACE : SEPARATOR;
}

/**
 * Class of a UTF-16 code unit: letter or digit (\p{L}\p{N}), whitespace, or other.
 * A table lookup is what keeps tokenising 100 000 parts well under a second.
 */
function charClass(c: number): number {
  if (c >= TABLE_SIZE) return classify(c);
  if (!table) {
    table = new Uint8Array(TABLE_SIZE);
    for (let k = 0; k < TABLE_SIZE; k++) table[k] = classify(k);
  }
  return table[c];
}

/** Lowercase, and 'ё' = 'е' as Russian typists use them interchangeably. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/ё/g, "е");
}

// Lower-case Cyrillic letters drawn like Latin ones (in capitals at least: Н/H, Т/T, В/B).
const LOOKALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
};
const LOOKALIKE = /[авеёкмнорстух]/g;

/**
 * A lower-case word with its Cyrillic look-alikes turned into Latin letters: 'са6dм2' and
 * 'ca6dm2' become one word. Words are matched and indexed in this form only; Russian words
 * come out mixed ('фильtp'), which is never shown.
 */
export function foldLookalikes(word: string): string {
  return word.replace(LOOKALIKE, (ch) => LOOKALIKES[ch]);
}

/**
 * Whitespace-separated chunks of `text`, each as its letter/digit runs, normalised:
 * 'Фильтр-влагоотделитель PL420' → [['фильтр', 'влагоотделитель'], ['pl420']].
 */
function chunks(text: string): string[][] {
  const lower = text.toLowerCase();
  const out: string[][] = [];
  let current: string[] = [];
  let start = -1;
  let yo = false;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0x20;
    const kind = charClass(c);
    if (kind === WORD) {
      if (start < 0) start = i;
      if (c === YO) yo = true;
      continue;
    }
    if (start >= 0) {
      const piece = lower.slice(start, i);
      current.push(yo ? piece.replace(/ё/g, "е") : piece);
      start = -1;
      yo = false;
    }
    if (kind === SPACE && current.length) {
      out.push(current);
      current = [];
    }
  }
  return out;
}

/**
 * Words of one field: every letter/digit run, plus each hyphenated or dotted compound
 * glued together, so '1012010-81DJ' is found by '1012010', '81dj' and '101201081dj'.
 * Not yet folded (see `foldLookalikes`): the index folds each distinct word once.
 */
function addFieldWords(pieces: string[][], out: Set<string>): void {
  for (const chunk of pieces) {
    for (const piece of chunk) out.add(piece);
    if (chunk.length > 1) out.add(chunk.join(""));
  }
}

/** The article as one word, separators dropped: '1012010-81DJ' and '1012010 81DJ' → '101201081dj' (not folded). */
function articleWord(article: string): string {
  return chunks(article).flat().join("");
}

/** The fields of a part that are searched. */
export type SearchedFields = Pick<Part, "name" | "fullName" | "article" | "crossNumbers">;

/**
 * A part's words (not folded yet), the name's first (`nameCount` of them), then those of the
 * full name, article and other numbers that the name lacks; and its codes: the article and each
 * other number as one word, so a code typed with spaces instead of hyphens ('1012010 81DJ')
 * meets it whole. A part without other numbers costs nothing more.
 */
export function fieldWords(part: SearchedFields): {
  words: Set<string>;
  nameCount: number;
  /** The article's word first (when there is an article), then the other numbers' distinct ones. */
  codes: string[];
} {
  const words = new Set<string>();
  addFieldWords(chunks(part.name), words);
  const nameCount = words.size;
  addFieldWords(chunks(part.fullName), words);
  const codes: string[] = [];
  const addCode = (text: string) => {
    const pieces = chunks(text);
    addFieldWords(pieces, words);
    const code = pieces.flat().join("");
    if (code && !codes.includes(code)) codes.push(code);
    if (code) words.add(code);
  };
  addCode(part.article);
  if (part.crossNumbers) for (const number of part.crossNumbers) addCode(number);
  return { words, nameCount, codes };
}

/** Every normalised word of a part, as matched (folded). */
export function partWords(part: SearchedFields): Set<string> {
  const words = new Set<string>();
  for (const word of fieldWords(part).words) words.add(foldLookalikes(word));
  return words;
}

/** The article as matched by prefix and compared whole: no separators, folded ('СА-6DM' → 'ca6dm'). */
export function normalizeArticle(article: string): string {
  return foldLookalikes(articleWord(article));
}

/** Split a search on whitespace; each word loses its punctuation ('1012010-81DJ' → '101201081dj') and is folded. */
export function parseSearchWords(search: string): SearchWord[] {
  const seen = new Set<string>();
  const out: SearchWord[] = [];
  for (const raw of search.split(/\s+/)) {
    const word = foldLookalikes(chunks(raw).flat().join(""));
    if (!word || seen.has(word)) continue;
    seen.add(word);
    out.push({ raw, word });
    if (out.length === MAX_QUERY_WORDS) break;
  }
  return out;
}
