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
    expect(describeValue({ price: 9_850_000, availability: "В пути", pictures: ["/a.webp", "/b.webp"] })).toBe(
      "цена от 9 850 000 ₽, В пути, 2 pictures (/a.webp, …)",
    );
  });

  it("leaves no marker in the content the site reads, and each listed key holds its value there", () => {
    expect(JSON.stringify(CONTENT)).not.toContain("dealer-content.demo");
    for (const entry of DEMO_ENTRIES) {
      let value: unknown = CONTENT;
      for (const part of entry.key.split(".")) value = (value as Record<string, unknown>)[part];
      expect(value, entry.key).toEqual(entry.value);
    }
  });
});

describe("content accessors", () => {
  it("dials what the page shows", () => {
    expect(telFromDisplay("+7 (913) 765-43-21")).toBe("+79137654321");
    expect(telFromDisplay("8 (913) 765-43-21")).toBe("+79137654321");
    const [first] = CONTENT.desks.sales.phones;
    expect(DESKS.sales.phones[0]).toEqual({
      label: first.label,
      display: first.display,
      tel: first.tel ?? telFromDisplay(first.display),
    });
  });

  it("gives each desk its messengers, WhatsApp first, only those set", () => {
    for (const id of ["sales", "parts", "service"] as const) {
      const desk = CONTENT.desks[id];
      const expected = [
        ...(desk.whatsapp ? [{ kind: "whatsapp", name: "WhatsApp", href: desk.whatsapp }] : []),
        ...(desk.telegram ? [{ kind: "telegram", name: "Telegram", href: desk.telegram }] : []),
      ];
      expect(DESKS[id].messengers, id).toEqual(expected);
    }
  });

  it("builds the sales points from their desks: one phone written once, shown in both", () => {
    expect(SALES_POINTS.map((p) => p.id)).toEqual(["service", "sales"]);
    expect(SALES_POINTS[1].phones).toEqual([...DESKS.sales.phones, ...DESKS.parts.phones]);
    const { region, district, locality, street } = CONTENT.salesPoints[1].address;
    expect(SALES_POINTS[1].address).toBe([region, district, locality, street].filter(Boolean).join(", "));
    expect(SALES_POINTS[1].email).toBe(DESKS.sales.email);
  });
});
