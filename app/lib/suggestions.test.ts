import { toSuggestion } from "./suggestions";

describe("toSuggestion", () => {
  it("sends only what a suggestion shows of a part", () => {
    const part = {
      id: "7",
      slug: "filtr-maslyanyy-7",
      name: "Фильтр масляный",
      fullName: "Фильтр масляный для FAW J6P",
      article: "1012015-81D",
      group: "FAW J6P",
      price: 900,
      balance: 3,
      images: ["/images/parts/7.webp"],
      description: "Оригинал",
    };
    expect(toSuggestion(part)).toEqual({
      slug: "filtr-maslyanyy-7",
      name: "Фильтр масляный",
      fullName: "Фильтр масляный для FAW J6P",
      article: "1012015-81D",
      price: 900,
      balance: 3,
    });
  });
});
