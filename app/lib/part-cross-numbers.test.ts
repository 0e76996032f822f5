import { parseCatalogue } from "./part";

const part = (extra: Record<string, unknown>) => ({
  id: "p1",
  slug: "filtr-p1",
  name: "Фильтр",
  fullName: "",
  article: "A1",
  price: 100,
  balance: 1,
  images: [],
  description: "",
  ...extra,
});

describe("a part's other numbers from the parts API", () => {
  it("reads an optional list, or a string of numbers, once each", () => {
    const { parts } = parseCatalogue([
      {
        group: "Фильтры",
        parts: [
          part({ crossNumbers: [" JX0818 ", "LF16015", "JX0818", 12345] }),
          part({ id: "p2", slug: "s2", crossNumbers: "A-1; B 2\nC,D" }),
          part({ id: "p3", slug: "s3" }),
        ],
      },
    ]);
    expect(parts.map((p) => p.crossNumbers)).toEqual([
      ["JX0818", "LF16015", "12345"],
      ["A-1", "B 2", "C", "D"],
      undefined,
    ]);
  });

  it("drops a part whose numbers are no list", () => {
    const { parts, dropped } = parseCatalogue([{ group: "Фильтры", parts: [part({ crossNumbers: { a: 1 } })] }]);
    expect(parts).toEqual([]);
    expect(dropped).toEqual(["p1"]);
  });
});
