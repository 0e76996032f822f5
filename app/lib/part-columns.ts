/**
 * Parts as columns, to hand a catalogue from one thread to another cheaply: numbers in typed
 * arrays (transferred, not copied) and each distinct text once. A structured clone of 100 000
 * part objects copies every text of every part — the same name, group or description thousands
 * of times — and leaves the receiving heap twice the size of this form. Parts unpacked from the
 * columns share their equal texts and equal image lists.
 */
import type { Part } from "./part";

const TEXT_FIELDS = ["id", "slug", "name", "fullName", "article", "group", "description", "brand"] as const;
/** Per part: the text of each TEXT_FIELDS entry, then its image list, as indices. */
const STRIDE = TEXT_FIELDS.length + 1;
const IMAGES = TEXT_FIELDS.length;

export interface PartColumns {
  count: number;
  /** `fields[p * STRIDE + f]`: index into `texts` (or, last, into the image lists) of part p. */
  fields: Uint32Array;
  prices: Float64Array;
  balances: Float64Array;
  /** Image list l is `texts[imageItems[k]]` for k in `imageStarts[l] .. imageStarts[l + 1]`. */
  imageStarts: Uint32Array;
  imageItems: Uint32Array;
  /** The other numbers of the few parts that have some. */
  crossNumbers: CrossNumberColumns;
}

export function packParts(parts: readonly Part[]): { columns: PartColumns; texts: string[] } {
  const texts: string[] = [];
  const textIds = new Map<string, number>();
  const textId = (text: string) => {
    let id = textIds.get(text);
    if (id === undefined) {
      id = texts.length;
      texts.push(text);
      textIds.set(text, id);
    }
    return id;
  };
  const listIds = new Map<string, number>();
  const imageStarts: number[] = [0];
  const imageItems: number[] = [];
  const fields = new Uint32Array(parts.length * STRIDE);
  const prices = new Float64Array(parts.length);
  const balances = new Float64Array(parts.length);
  parts.forEach((part, p) => {
    // Ids and slugs are unique in a parsed catalogue: only the other texts are looked up.
    fields[p * STRIDE] = texts.push(part.id) - 1;
    fields[p * STRIDE + 1] = texts.push(part.slug) - 1;
    for (let f = 2; f < TEXT_FIELDS.length; f++) fields[p * STRIDE + f] = textId(part[TEXT_FIELDS[f]] ?? "");
    // Image paths hold no newline (they are URLs), so joined they key the list.
    const key = part.images.join("\n");
    let list = listIds.get(key);
    if (list === undefined) {
      list = imageStarts.length - 1;
      listIds.set(key, list);
      for (const image of part.images) imageItems.push(textId(image));
      imageStarts.push(imageItems.length);
    }
    fields[p * STRIDE + IMAGES] = list;
    prices[p] = part.price;
    balances[p] = part.balance;
  });
  return {
    columns: {
      count: parts.length,
      fields,
      prices,
      balances,
      imageStarts: Uint32Array.from(imageStarts),
      imageItems: Uint32Array.from(imageItems),
      crossNumbers: packCrossNumbers(parts, textId),
    },
    texts,
  };
}

/** Unpacks parts `from .. to` of `columns` onto `out`; `lists` keeps the image lists made so far, to share them. */
export function unpackParts(
  columns: PartColumns,
  texts: readonly string[],
  from: number,
  to: number,
  out: Part[],
  lists: string[][] = [],
): void {
  const { fields, prices, balances, imageStarts, imageItems } = columns;
  for (let p = from; p < to; p++) {
    const at = p * STRIDE;
    const list = fields[at + IMAGES];
    let images = lists[list];
    if (!images) {
      images = [];
      for (let k = imageStarts[list]; k < imageStarts[list + 1]; k++) images.push(texts[imageItems[k]]);
      lists[list] = images;
    }
    // The fields in parseCatalogue's order, so every part has the same shape.
    out.push({
      id: texts[fields[at]],
      slug: texts[fields[at + 1]],
      name: texts[fields[at + 2]],
      fullName: texts[fields[at + 3]],
      article: texts[fields[at + 4]],
      group: texts[fields[at + 5]],
      price: prices[p],
      balance: balances[p],
      images,
      description: texts[fields[at + 6]],
      brand: texts[fields[at + 7]] || undefined,
    });
  }
  unpackCrossNumbers(columns.crossNumbers, texts, from, to, out);
}

/**
 * Other numbers by part, only for the parts that have some (most have none, and then cost
 * nothing): part `parts[k]`'s numbers are `texts[items[i]]` for i in `starts[k] .. starts[k + 1]`.
 */
export interface CrossNumberColumns {
  /** Positions of the parts with other numbers, ascending. */
  parts: Uint32Array;
  starts: Uint32Array;
  items: Uint32Array;
}

function packCrossNumbers(parts: readonly Part[], textId: (text: string) => number): CrossNumberColumns {
  const positions: number[] = [];
  const starts: number[] = [0];
  const items: number[] = [];
  parts.forEach((part, p) => {
    if (!part.crossNumbers?.length) return;
    positions.push(p);
    for (const number of part.crossNumbers) items.push(textId(number));
    starts.push(items.length);
  });
  return { parts: Uint32Array.from(positions), starts: Uint32Array.from(starts), items: Uint32Array.from(items) };
}

/** Gives parts `from .. to`, just unpacked at the end of `out`, their other numbers. */
function unpackCrossNumbers(
  columns: CrossNumberColumns,
  texts: readonly string[],
  from: number,
  to: number,
  out: Part[],
): void {
  const { parts, starts, items } = columns;
  const base = out.length - (to - from);
  let lo = 0;
  let hi = parts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (parts[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < parts.length && parts[k] < to; k++) {
    const numbers: string[] = [];
    for (let i = starts[k]; i < starts[k + 1]; i++) numbers.push(texts[items[i]]);
    out[base + parts[k] - from].crossNumbers = numbers;
  }
}
