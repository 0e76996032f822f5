import type { Part } from "./part";
import { packParts, unpackParts } from "./part-columns";

function part(n: number): Part {
  return {
    id: String(10_000 + n),
    slug: `filtr-${10_000 + n}`,
    name: ["Фильтр масляный", "Кольцо уплотнительное", "Датчик"][n % 3],
    fullName: `${["Фильтр масляный", "Кольцо уплотнительное", "Датчик"][n % 3]} для ${n % 5 ? "J6" : "J7"}`,
    article: n % 7 ? `1012010-${n}` : "",
    group: n % 2 ? "FAW J6" : "Двигатель CA6DM",
    price: n * 10.5,
    balance: n % 4,
    images: n % 6 ? [`/images/parts/${n % 3}.webp`, "/images/parts/package.webp"] : [],
    description: n % 2 ? "Поставляется в заводской упаковке." : "",
    brand: n % 3 ? ["Monroe", "SACHS"][n % 2] : undefined,
  };
}

describe("packParts and unpackParts", () => {
  it("give back equal parts, each text once and equal image lists shared", () => {
    const parts = Array.from({ length: 2_000 }, (_, n) => part(n));
    const { columns, texts } = packParts(parts);
    expect(new Set(texts).size).toBe(texts.length);
    expect(columns.count).toBe(parts.length);

    const out: Part[] = [];
    const lists: string[][] = [];
    // In two steps, as the server unpacks them.
    unpackParts(columns, texts, 0, 700, out, lists);
    unpackParts(columns, texts, 700, parts.length, out, lists);
    expect(out).toEqual(parts);
    const byKey = new Map<string, Set<string[]>>();
    for (const p of out) {
      const key = p.images.join(" ");
      byKey.set(key, (byKey.get(key) ?? new Set()).add(p.images));
    }
    expect([...byKey.values()].map((arrays) => arrays.size)).toEqual([1, 1, 1, 1]);
  });

  it("carry other numbers for the parts that have them, and nothing for the rest", () => {
    const parts = Array.from({ length: 300 }, (_, n) => part(n));
    parts[0].crossNumbers = ["JX0818", "W 950/26"];
    parts[149].crossNumbers = ["LF16015"];
    parts[150].crossNumbers = ["JX0818"];
    parts[299].crossNumbers = ["1012010-29D-A"];
    // An empty list is no numbers at all.
    parts[7].crossNumbers = [];
    const { columns, texts } = packParts(parts);
    expect(Array.from(columns.crossNumbers.parts)).toEqual([0, 149, 150, 299]);
    expect(columns.crossNumbers.items).toHaveLength(5);

    const out: Part[] = [];
    for (const [from, to] of [
      [0, 149],
      [149, 150],
      [150, 300],
    ])
      unpackParts(columns, texts, from, to, out);
    delete parts[7].crossNumbers;
    expect(out).toEqual(parts);
    expect(out.filter((p) => "crossNumbers" in p)).toHaveLength(4);

    const none = packParts(parts.map(({ crossNumbers: _, ...rest }) => rest)).columns.crossNumbers;
    expect([none.parts.length, none.starts.length, none.items.length]).toEqual([0, 1, 0]);
  });
});
