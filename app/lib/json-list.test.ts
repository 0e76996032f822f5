import { listElements } from "./json-list";

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** The elements of `text` as texts, or undefined. */
function elements(text: string): string[] | undefined {
  const bytes = encode(text);
  const bounds = listElements(bytes);
  if (!bounds) return undefined;
  const out: string[] = [];
  for (let k = 0; k < bounds.length; k += 2) out.push(decode(bytes.subarray(bounds[k], bounds[k + 1])));
  return out;
}

describe("listElements", () => {
  it("finds each element of a list, whatever it holds", () => {
    const list = [
      { group: "Фильтры", parts: [{ id: "1", name: 'Кольцо ]}, "\\ [{' }] },
      [1, [2, {}]],
      "строка, с запятой",
      7,
      null,
    ];
    for (const text of [JSON.stringify(list), JSON.stringify(list, null, 2), ` \r\n\t${JSON.stringify(list)}\n`]) {
      expect(elements(text)?.map((e) => JSON.parse(e))).toEqual(list);
    }
    expect(elements("[]")).toEqual([]);
    expect(elements(" [ ] ")).toEqual([]);
  });

  it("gives up on what is not a whole list, for JSON.parse to tell why", () => {
    for (const text of [
      "",
      "{}",
      "\ufeff[]",
      "[",
      "[1,",
      "[1,]",
      "[,1]",
      "[1 2",
      '["open]',
      "[{]",
      "[1]]",
      "[1] x",
      "[[1]",
    ]) {
      expect(elements(text), text).toBeUndefined();
    }
  });
});
