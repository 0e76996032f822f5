/**
 * Where the elements of a JSON list lie in its UTF-8 text, found without parsing them: so a big
 * list can be parsed one element at a time, and its whole text never becomes one string nor its
 * whole value one object graph. Only brackets, braces, commas and strings are looked at; each
 * element is still parsed by JSON.parse, which finds whatever else is wrong.
 */

const TAB = 0x09;
const LINE_FEED = 0x0a;
const RETURN = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_LIST = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

function isSpace(byte: number): boolean {
  return byte === SPACE || byte === LINE_FEED || byte === RETURN || byte === TAB;
}

/**
 * The elements of the list `bytes` holds, as `[start, end)` byte offsets in pairs; `undefined`
 * when it is not a list of elements whose brackets and braces balance (a BOM, an object, a list
 * cut short): parse the text whole then, for the answer or the reason.
 */
export function listElements(bytes: Uint8Array): Uint32Array | undefined {
  const n = bytes.length;
  let i = 0;
  while (i < n && isSpace(bytes[i])) i++;
  if (bytes[i] !== OPEN_LIST) return undefined;
  i++;
  const bounds: number[] = [];
  for (;;) {
    while (i < n && isSpace(bytes[i])) i++;
    if (i >= n) return undefined;
    if (bytes[i] === CLOSE_LIST && bounds.length === 0) break;
    const start = i;
    let depth = 0;
    for (; i < n; i++) {
      const byte = bytes[i];
      if (byte === QUOTE) {
        for (i++; i < n && bytes[i] !== QUOTE; i++) if (bytes[i] === BACKSLASH) i++;
      } else if (byte === OPEN_LIST || byte === OPEN_OBJECT) {
        depth++;
      } else if (byte === CLOSE_LIST || byte === CLOSE_OBJECT) {
        if (depth === 0) break;
        depth--;
      } else if (byte === COMMA && depth === 0) {
        break;
      }
    }
    if (i >= n) return undefined;
    let end = i;
    while (end > start && isSpace(bytes[end - 1])) end--;
    if (end === start) return undefined;
    bounds.push(start, end);
    if (bytes[i] === COMMA) {
      i++;
      continue;
    }
    if (bytes[i] !== CLOSE_LIST) return undefined;
    break;
  }
  for (i++; i < n; i++) if (!isSpace(bytes[i])) return undefined;
  return Uint32Array.from(bounds);
}
