import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseCatalogue } from "~/lib/part";
import { KIND_PICTURES, generateParts, slugify } from "./demo-catalogue.server";

const groups = generateParts(360);
const parts = groups.flatMap((g) => g.parts);

describe("generateParts", () => {
  it("makes exactly the asked number of parts", () => {
    expect(parts).toHaveLength(360);
    expect(generateParts(0)).toEqual([]);
    expect(generateParts(7).flatMap((g) => g.parts)).toHaveLength(7);
  });

  it("is deterministic for a seed and varies with it", () => {
    expect(generateParts(360)).toEqual(groups);
    expect(generateParts(50, 2)).toEqual(generateParts(50, 2));
    expect(generateParts(50, 2)).not.toEqual(generateParts(50, 3));
  });

  it("spreads parts over 6 to 8 model groups, each part in its own group", () => {
    expect(groups.length).toBeGreaterThanOrEqual(6);
    expect(groups.length).toBeLessThanOrEqual(8);
    for (const g of groups) for (const p of g.parts) expect(p.group).toBe(g.group);
  });

  it("gives unique numeric ids and unique latin slugs ending with the id", () => {
    expect(new Set(parts.map((p) => p.id)).size).toBe(parts.length);
    expect(new Set(parts.map((p) => p.slug)).size).toBe(parts.length);
    for (const p of parts) {
      expect(p.id).toMatch(/^\d+$/);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.slug.endsWith(`-${p.id}`)).toBe(true);
    }
  });

  it("has at least 15 parts whose name contains 'фильтр', most in stock", () => {
    const filters = parts.filter((p) => p.name.toLowerCase().includes("фильтр"));
    expect(filters.length).toBeGreaterThanOrEqual(15);
    expect(filters.filter((p) => p.balance > 0).length).toBeGreaterThanOrEqual(15);
    expect(new Set(filters.map((p) => p.name)).size).toBeGreaterThanOrEqual(8);
  });

  it("has dozens of kinds of parts and full names that add model or spec", () => {
    expect(new Set(parts.map((p) => p.name)).size).toBeGreaterThanOrEqual(30);
    for (const p of parts) {
      expect(p.fullName.startsWith(p.name)).toBe(true);
      expect(p.fullName.length).toBeGreaterThan(p.name.length);
    }
  });

  it("prices in whole roubles within 150..250 000", () => {
    for (const p of parts) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.price).toBeGreaterThanOrEqual(150);
      expect(p.price).toBeLessThanOrEqual(250_000);
    }
  });

  it("has about 15 % out of stock", () => {
    const share = parts.filter((p) => p.balance === 0).length / parts.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.22);
    for (const p of parts) expect(Number.isInteger(p.balance) && p.balance >= 0).toBe(true);
  });

  it("has realistic articles, some empty, and some empty descriptions", () => {
    const articles = parts.map((p) => p.article);
    expect(articles.some((a) => a === "")).toBe(true);
    expect(articles.some((a) => /^\d{7}-[A-Z0-9]+$/.test(a))).toBe(true);
    expect(articles.some((a) => /^WG\d{10}$/.test(a))).toBe(true);
    expect(parts.some((p) => p.description === "")).toBe(true);
    expect(parts.some((p) => p.description !== "")).toBe(true);
  });

  it("points 1 to 3 images at placeholder files that exist", () => {
    for (const p of parts) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      for (const image of p.images) expect(existsSync(path.join("public", image))).toBe(true);
    }
  });

  it("passes the upstream validation unchanged", () => {
    const parsed = parseCatalogue(JSON.parse(JSON.stringify(groups)));
    expect(parsed.dropped).toEqual([]);
    expect(parsed.parts).toEqual(parts);
  });
});

describe("slugify", () => {
  it("transliterates Russian and keeps [a-z0-9-]", () => {
    expect(slugify("Фильтр масляный КПП", "10042")).toBe("filtr-maslyanyy-kpp-10042");
    expect(slugify("Щётка, шестерня (ЖЭЮ) 8PK1160", "1")).toBe("shchetka-shesternya-zheyu-8pk1160-1");
  });
});

/** What each drawing shows, as the names of the parts it may stand for (a name starts with one). */
const PICTURE_SHOWS: Record<string, string[]> = {
  filter: ["Фильтр"],
  "brake-pad": ["Колодка тормозная", "Накладка тормозная"],
  "brake-drum": ["Барабан тормозной"],
  "brake-chamber": ["Камера тормозная"],
  "brake-valve": ["Кран тормозной"],
  pump: ["Насос"],
  turbocharger: ["Турбокомпрессор"],
  belt: ["Ремень"],
  "belt-tensioner": ["Натяжитель ремня"],
  gasket: ["Прокладка"],
  "oil-seal": ["Сальник"],
  "o-ring": ["Кольцо уплотнительное"],
  injector: ["Форсунка"],
  thermostat: ["Термостат"],
  "bearing-shell": ["Вкладыш"],
  piston: ["Поршень"],
  sensor: ["Датчик"],
  lamp: ["Фара", "Фонарь"],
  bulb: ["Лампа"],
  alternator: ["Генератор"],
  starter: ["Стартер"],
  relay: ["Реле"],
  bearing: ["Подшипник"],
  clutch: ["Диск сцепления", "Корзина сцепления"],
  spring: ["Рессора"],
  "u-bolt": ["Стремянка"],
  "shock-absorber": ["Амортизатор"],
  hose: ["Шланг", "Патрубок"],
  "tie-rod-end": ["Наконечник рулевой тяги"],
  synchroniser: ["Синхронизатор"],
  gear: ["Шестерня"],
  "shift-fork": ["Вилка переключения"],
};

describe("demo part pictures", () => {
  const partsDir = path.join("public", "images", "parts");

  it("shows every kind of part the one drawing of its family", () => {
    const wrong = KIND_PICTURES.flatMap(({ name, image }) => {
      const fitting = Object.keys(PICTURE_SHOWS).filter((picture) =>
        PICTURE_SHOWS[picture].some((prefix) => name.startsWith(prefix)),
      );
      return fitting.length === 1 && fitting[0] === image
        ? []
        : [`${name}: ${image}, fits ${fitting.join(", ") || "none"}`];
    });
    expect(wrong).toEqual([]);
  });

  it("uses every drawing of the table and no stand-in", () => {
    const used = new Set(KIND_PICTURES.map((k) => k.image));
    expect([...used].sort()).toEqual(Object.keys(PICTURE_SHOWS).sort());
    expect(used.has("generic" as never)).toBe(false);
  });

  it("has each drawing as a 400×300 SVG source and its WebP, no two alike", () => {
    const sources = Object.keys(PICTURE_SHOWS).map((picture) => {
      const webp = readFileSync(path.join(partsDir, `${picture}.webp`));
      expect(webp.subarray(0, 4).toString("latin1") + webp.subarray(8, 12).toString("latin1")).toBe("RIFFWEBP");
      const svg = readFileSync(path.join(partsDir, `${picture}.svg`), "utf8");
      expect(svg).toContain('viewBox="0 0 400 300"');
      return svg;
    });
    expect(new Set(sources).size).toBe(sources.length);
  });
});
