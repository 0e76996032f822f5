import { describe, expect, it } from "vitest";
import { demo, describeValue, unwrapDemo } from "./demo";
import { CONTENT, DEMO_ENTRIES, DESKS, SALES_POINTS, telFromDisplay } from "./index";

describe("demo marker", () => {
  it("takes demo( ) off and lists each by its key, nested ones once", () => {
    const tree = {
      a: demo("x"),
      list: [1, demo({ label: "L", display: "+7 (391) 000-00-00", inner: demo("y") })],
      plain: { b: 2 },
    };
    const { content, demo: entries } = unwrapDemo(tree);
    expect(content).toEqual({
      a: "x",
      list: [1, { label: "L", display: "+7 (391) 000-00-00", inner: "y" }],
      plain: { b: 2 },
    });
    expect(entries.map((e) => e.key)).toEqual(["a", "list.1"]);
    expect(describeValue(entries[1].value)).toBe("L: +7 (391) 000-00-00");
  });

  it("describes a truck offer by price, availability and pictures", () => {
    expect(describeValue({ price: 9_800_000, availability: "В пути", pictures: ["/a.webp", "/b.webp"] })).toBe(
      "цена от 9 800 000 ₽, В пути, 2 pictures (/a.webp, …)",
    );
  });

  it("leaves no marker in the content the site reads", () => {
    expect(JSON.stringify(CONTENT)).not.toContain("dealer-content.demo");
    expect(DEMO_ENTRIES.map((e) => e.key)).toEqual(
      expect.arrayContaining(["desks.sales.phones.0", "legal.inn", "leasing.partners.0", "makerCredit"]),
    );
  });
});

describe("content accessors", () => {
  it("dials what the page shows", () => {
    expect(telFromDisplay("+7 (391) 200-00-01")).toBe("+73912000001");
    expect(telFromDisplay("8 (391) 200-00-01")).toBe("+73912000001");
    expect(telFromDisplay("391 200-00-01")).toBe("+73912000001");
    expect(DESKS.sales.phones[0]).toEqual({
      label: "Отдел продаж техники",
      display: "+7 (391) 200-00-01",
      tel: "+73912000001",
    });
  });

  it("gives each desk its messengers, WhatsApp first, only those set", () => {
    expect(DESKS.sales.messengers.map((m) => m.kind)).toEqual(["whatsapp", "telegram"]);
    expect(DESKS.service.messengers).toEqual([]);
  });

  it("builds the sales points from their desks: one phone written once, shown in both", () => {
    expect(SALES_POINTS.map((p) => p.id)).toEqual(["service", "sales"]);
    expect(SALES_POINTS[1].phones).toEqual([...DESKS.sales.phones, ...DESKS.parts.phones]);
    expect(SALES_POINTS[1].address).toBe("Красноярский край, Емельяновский район, п. Солонцы, ул. Заводская, 1");
    expect(SALES_POINTS[1].email).toBe(DESKS.sales.email);
  });
});
