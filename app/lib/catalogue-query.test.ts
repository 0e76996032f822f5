import { defaultOrder, orderChoices, parsePartsQuery, serializePartsQuery } from "./catalogue-query";
import { partsQuery as query } from "../../test/catalogue-fixtures";

const parse = (qs: string) => parsePartsQuery(new URLSearchParams(qs));

describe("only in stock", () => {
  it("reads inStock=1 and nothing else as the filter, and writes it back", () => {
    expect(parse("inStock=1").inStock).toBe(true);
    for (const qs of ["", "inStock=0", "inStock=true", "inStock="]) expect(parse(qs).inStock).toBe(false);
    expect(serializePartsQuery(query({ search: "фильтр", sortBy: "relevance", inStock: true, page: 2 }))).toBe(
      "search=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80&inStock=1&page=2",
    );
    expect(serializePartsQuery(query({ inStock: false }))).toBe("");
  });
});

describe("parsePartsQuery", () => {
  it("gives defaults for an empty query", () => {
    expect(parse("")).toEqual({ search: "", groups: [], sortBy: "name_asc", page: 1, inStock: false });
  });

  it("reads every field", () => {
    expect(parse("search=%20фильтр%20&groups=FAW+J7&groups=КПП+FAST&sortBy=price_desc&page=3")).toEqual({
      search: "фильтр",
      groups: ["FAW J7", "КПП FAST"],
      sortBy: "price_desc",
      page: 3,
      inStock: false,
    });
  });

  it("trims the search, cuts it at 200 characters and blanks control characters", () => {
    expect(parse(`search=${"я".repeat(500)}`).search).toHaveLength(200);
    expect(parse("search=a%00b%0Ac").search).toBe("a b c");
    expect(parse("search=%20%20%20").search).toBe("");
  });

  it("dedupes, trims and caps groups, dropping blank ones", () => {
    expect(parse("groups=%20A%20&groups=A&groups=&groups=B").groups).toEqual(["A", "B"]);
    const many = Array.from({ length: 80 }, (_, i) => `groups=g${i}`).join("&");
    expect(parse(many).groups).toHaveLength(50);
    expect(parse(`groups=${"x".repeat(5000)}`).groups).toEqual([]);
  });

  it.each(["name_asc", "name_desc", "price_desc", "price_asc"])("accepts sortBy=%s", (sortBy) => {
    expect(parse(`sortBy=${sortBy}`).sortBy).toBe(sortBy);
  });

  it.each(["sortBy=", "sortBy=price", "sortBy=NAME_ASC", "sortBy[]=price_desc", "sortBy=__proto__", "sortBy=toString"])(
    "falls back to name_asc for %s",
    (qs) => {
      expect(parse(qs).sortBy).toBe("name_asc");
    },
  );

  it("orders a search by relevance unless the URL names an order", () => {
    expect(parse("search=фильтр").sortBy).toBe("relevance");
    expect(parse("search=фильтр&sortBy=").sortBy).toBe("relevance");
    expect(parse("search=фильтр&sortBy=relevance").sortBy).toBe("relevance");
    expect(parse("search=фильтр&sortBy=name_asc").sortBy).toBe("name_asc");
    expect(parse("search=фильтр&sortBy=price_desc").sortBy).toBe("price_desc");
  });

  it("keeps name_asc without a search, and for an unknown order even with one", () => {
    expect(parse("sortBy=relevance").sortBy).toBe("name_asc");
    expect(parse("search=%20%20&sortBy=relevance").sortBy).toBe("name_asc");
    expect(parse("search=фильтр&sortBy=price").sortBy).toBe("name_asc");
    expect(parse("search=фильтр&sortBy=RELEVANCE").sortBy).toBe("name_asc");
  });

  it.each([
    ["page=0", 1],
    ["page=-1", 1],
    ["page=-1e309", 1],
    ["page=1e3", 1],
    ["page=2.5", 1],
    ["page=abc", 1],
    ["page=", 1],
    ["page[]=4", 1],
    ["page=%20", 1],
    ["page=Infinity", 1],
    ["page=NaN", 1],
    ["page=0x10", 1],
    ["page=07", 7],
    ["page=%204%20", 4],
    ["page=2&page=9", 2],
    [`page=${"9".repeat(400)}`, Number.MAX_SAFE_INTEGER],
  ])("%s → page %s", (qs, page) => {
    expect(parse(qs).page).toBe(page);
  });

  it("never throws on garbage", () => {
    for (const qs of ["%", "search=%E0%A4%A", "&&&==&", "search[]=x&groups[]=y", "a=b=c", "\u0000=\u0000"]) {
      expect(() => parse(qs)).not.toThrow();
    }
  });
});

describe("serializePartsQuery", () => {
  it("omits defaults", () => {
    expect(serializePartsQuery(query())).toBe("");
    expect(serializePartsQuery({ groups: ["FAW J7"] })).toBe("groups=FAW+J7");
  });

  it("writes search, groups, sortBy, page in that order", () => {
    const q = query({ page: 2, sortBy: "price_asc", groups: ["B", "A"], search: " фильтр масляный " });
    expect(serializePartsQuery(q)).toBe(
      "search=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80+%D0%BC%D0%B0%D1%81%D0%BB%D1%8F%D0%BD%D1%8B%D0%B9&groups=B&groups=A&sortBy=price_asc&page=2",
    );
  });

  it("round-trips through parsePartsQuery", () => {
    const q = query({ search: "1012010-81DJ & co", groups: ["КПП FAST", "FAW J6P"], sortBy: "name_desc", page: 4 });
    expect(parse(serializePartsQuery(q))).toEqual(q);
  });

  it("never writes relevance, and writes name_asc once there is a search", () => {
    expect(serializePartsQuery({ search: "фильтр", sortBy: "relevance" })).toBe(
      "search=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80",
    );
    expect(serializePartsQuery({ sortBy: "relevance" })).toBe("");
    expect(serializePartsQuery({ search: "j6", sortBy: "name_asc" })).toBe("search=j6&sortBy=name_asc");
    expect(serializePartsQuery({ search: "j6" })).toBe("search=j6");
  });

  it.each(["relevance", "name_asc", "name_desc", "price_asc", "price_desc"] as const)(
    "round-trips %s with a search",
    (sortBy) => {
      const q = query({ search: "масляный фильтр j6", sortBy, page: 2 });
      expect(parse(serializePartsQuery(q))).toEqual(q);
    },
  );
});

describe("defaultOrder and orderChoices", () => {
  it("offer relevance, first and by default, only with a search", () => {
    expect(defaultOrder("фильтр")).toBe("relevance");
    expect(defaultOrder(" ")).toBe("name_asc");
    expect(orderChoices("фильтр")).toEqual(["relevance", "name_asc", "name_desc", "price_desc", "price_asc"]);
    expect(orderChoices("")).toEqual(["name_asc", "name_desc", "price_desc", "price_asc"]);
  });
});
