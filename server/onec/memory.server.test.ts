import { createMemoryCatalogue } from "./memory.server";
import { SlugBook } from "./slugs.server";
import { good, load } from "../../test/onec-goods";

describe("SlugBook", () => {
  it("makes a slug from the name once and keeps it for the id", () => {
    const book = new SlugBook();
    const first = book.slugFor("3f2a9c1b-0000", "Фильтр масляный");
    expect(first).toBe("filtr-maslyanyy-3f2a9c1b");
    expect(book.slugFor("3f2a9c1b-0000", "Фильтр топливный")).toBe(first);
    expect(book.slugFor("3f2a9c1b-1111", "Фильтр масляный")).not.toBe(first);
  });
});

describe("createMemoryCatalogue", () => {
  it("replaces the catalogue with a full file, changes only the parts listed otherwise", async () => {
    const sink = createMemoryCatalogue();
    await load(sink, false, [good("a1", "Фильтр"), good("b2", "Ремень")]);
    const slug = sink.byId("a1")!.slug;
    const offers = await sink.beginOffers({ onlyChanges: true, exchange: "x" });
    await offers.add([
      { id: "a1", price: 100, balance: 2.7 },
      { id: "zz", price: 1 },
    ]);
    await offers.commit();
    await load(sink, true, [good("a1", "Фильтр новый"), good("b2", "Ремень", { deleted: true })]);
    expect(sink.parts().map((p) => [p.id, p.name, p.slug, p.price, p.balance])).toEqual([
      ["a1", "Фильтр новый", slug, 100, 2],
    ]);
    await load(sink, false, [good("c3", "Датчик")]);
    expect(sink.parts().map((p) => p.id)).toEqual(["c3"]);
    expect(sink.bySlug(slug)).toBeUndefined();
  });

  it("makes the catalogue of all the full files of one exchange", async () => {
    const sink = createMemoryCatalogue();
    await load(sink, false, [good("old", "Старое")]);
    await load(sink, false, [good("a1", "Фильтр")], "split");
    await load(sink, false, [good("b2", "Ремень")], "split");
    expect(sink.parts().map((p) => p.id)).toEqual(["a1", "b2"]);
    await load(sink, false, [good("c3", "Датчик")], "next");
    expect(sink.parts().map((p) => p.id)).toEqual(["c3"]);
  });

  it("keeps serving the old catalogue until a commit, and after an abort", async () => {
    const sink = createMemoryCatalogue();
    await load(sink, false, [good("a1", "Фильтр")]);
    const batch = await sink.beginCatalogue({ onlyChanges: false, exchange: "x" });
    await batch.add([good("b2", "Ремень")]);
    expect(sink.parts().map((p) => p.id)).toEqual(["a1"]);
    await batch.abort();
    expect(sink.parts().map((p) => p.id)).toEqual(["a1"]);
  });
});
