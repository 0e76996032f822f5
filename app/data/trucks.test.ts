import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE } from "../components/part-image";
import { isTruckTypeSlug } from "./truck-types";
import { CONTENT } from "../content";
import { ALL_TRUCKS, contentProblems, TRUCK_CATEGORIES, TRUCK_TYPES, findTruck, trucksOfType } from "./trucks";

const PUBLIC = fileURLToPath(new URL("../../public", import.meta.url));
const publicFile = (src: string) => path.join(PUBLIC, src);

describe("truck catalogue", () => {
  it("lists the three types in the menu order", () => {
    expect(TRUCK_TYPES).toEqual([
      { name: "Тягачи", slug: "tyagach" },
      { name: "Спецтехника", slug: "spectehnika" },
      { name: "Самосвалы", slug: "samosval" },
    ]);
    expect(TRUCK_CATEGORIES.map((c) => c.slug)).toEqual(["tyagach", "spectehnika", "samosval"]);
  });

  it("holds 7 tractor units, 6 special vehicles and 3 dump trucks", () => {
    expect(trucksOfType("tyagach")).toHaveLength(7);
    expect(trucksOfType("spectehnika")).toHaveLength(6);
    expect(trucksOfType("samosval")).toHaveLength(3);
    expect(ALL_TRUCKS).toHaveLength(16);
  });

  it("files every truck under the category of its own type", () => {
    for (const category of TRUCK_CATEGORIES) {
      for (const truck of category.items) expect(truck.type.slug).toBe(category.slug);
    }
  });

  it("has the dealer's offer for every model, and no offer or subsidy naming something else", () => {
    expect(contentProblems()).toEqual([]);
    const trucks = CONTENT.trucks;
    const savings = CONTENT.truckSavings;
    const [first] = ALL_TRUCKS;
    const offer = trucks[first.slug];
    try {
      delete trucks[first.slug];
      trucks["faw-j9"] = offer;
      savings["avtobus"] = 1;
      expect(contentProblems()).toEqual([
        `trucks.${first.slug}: нет предложения дилера для модели каталога`,
        "trucks.faw-j9: в каталоге нет такой модели (app/data/trucks.ts)",
        "truckSavings.avtobus: нет такого типа техники",
      ]);
    } finally {
      delete trucks["faw-j9"];
      delete savings["avtobus"];
      trucks[first.slug] = offer;
    }
  });

  it("shows the dealer's pictures of a model when listed, else its drawings (main first, then the slides)", () => {
    for (const truck of ALL_TRUCKS) {
      const listed = CONTENT.trucks[truck.slug].pictures;
      const shown = [truck.mainImg, ...truck.slider];
      if (listed) expect(shown).toEqual(listed);
      else {
        expect(truck.mainImg).toBe(`/images/trucks/${truck.slug}/main.webp`);
        expect(truck.slider.length).toBeGreaterThanOrEqual(1);
        truck.slider.forEach((slide, i) => expect(slide).toBe(`/images/trucks/${truck.slug}/${i + 1}.webp`));
      }
    }
  });

  it("draws every model differently, not only in another colour", () => {
    const shapes = ALL_TRUCKS.map((t) =>
      readFileSync(publicFile(`/images/trucks/${t.slug}/main.svg`), "utf8")
        .replace(/#[0-9a-f]{3,8}\b/gi, "")
        .replace(/<text[^>]*>[^<]*<\/text>/g, ""),
    );
    expect(new Set(shapes).size).toBe(ALL_TRUCKS.length);
  });

  it("has unique, URL-safe slugs", () => {
    const slugs = ALL_TRUCKS.map((t) => t.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("applies the dealer's savings per vehicle type (the spec's 800 000 for tractors, 0 for special vehicles, 600 000 for dump trucks)", () => {
    for (const truck of ALL_TRUCKS) expect(truck.stock, truck.slug).toBe(CONTENT.truckSavings[truck.type.slug]);
    expect(Object.keys(CONTENT.truckSavings).sort()).toEqual(["samosval", "spectehnika", "tyagach"]);
  });

  it("has the wheel formulas the spec names for dump trucks, and one axle pair per formula digit", () => {
    expect(trucksOfType("samosval").map((t) => t.formula).sort()).toEqual(["6x4", "6x6", "8x4"]);
    for (const truck of ALL_TRUCKS) expect(truck.formula).toMatch(/^(4x2|6x4|6x6|8x4)$/);
  });

  it("fills the text fields and keeps lists within the agreed sizes", () => {
    for (const t of ALL_TRUCKS) {
      expect(t.name.trim(), t.slug).not.toBe("");
      expect(t.shortDescription.trim(), t.slug).not.toBe("");
      expect(t.article, t.slug).toMatch(/^CA[0-9A-Z]+$/);
      expect(t.characteristics.length, t.slug).toBeGreaterThanOrEqual(6);
      expect(t.characteristics.length, t.slug).toBeLessThanOrEqual(10);
      expect(t.characteristics.every((c) => c.label && c.value), t.slug).toBe(true);
      expect(t.slider.length, t.slug).toBeGreaterThanOrEqual(3);
      expect(t.slider.length, t.slug).toBeLessThanOrEqual(4);
      expect(t.description.length, t.slug).toBeLessThanOrEqual(4);
      expect(t.equipments.length, t.slug).toBeLessThanOrEqual(12);
    }
  });

  it("keeps one truck without a description and one without equipment, so the page's empty states are reachable", () => {
    expect(ALL_TRUCKS.some((t) => t.description.length === 0)).toBe(true);
    expect(ALL_TRUCKS.some((t) => t.equipments.length === 0)).toBe(true);
    expect(ALL_TRUCKS.some((t) => t.scheme.length === 0)).toBe(true);
  });

  it("starts params with a heading and follows each heading with 2 to 5 value rows", () => {
    for (const t of ALL_TRUCKS) {
      expect(t.params[0].value, t.slug).toBe("");
      const headings = t.params.filter((p) => p.value === "").map((p) => p.label);
      const expected = ["Масса и грузоподъемность", "Габариты", "Двигатель", "Трансмиссия"];
      if (t.type.slug === "tyagach") expected.push("Седельно-сцепное устройство");
      expected.push("Прочее");
      expect(headings, t.slug).toEqual(expected);

      let run = -1;
      const runs: number[] = [];
      for (const row of t.params) {
        if (row.value === "") {
          if (run >= 0) runs.push(run);
          run = 0;
        } else run++;
      }
      runs.push(run);
      for (const n of runs) {
        expect(n, t.slug).toBeGreaterThanOrEqual(2);
        expect(n, t.slug).toBeLessThanOrEqual(5);
      }
    }
  });

  it("references only images that exist under public/: the demo's WebP pictures rendered from well-formed SVG drawings, vector schemes", () => {
    const wellFormedSvg = (file: string) => {
      expect(existsSync(file), `${file} is missing: run npx tsx scripts/draw-trucks.ts`).toBe(true);
      expect(statSync(file).size, file).toBeLessThan(15 * 1024);
      expect(readFileSync(file, "utf8").slice(0, 200), file).toMatch(/^<svg [^>]*width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
    };
    for (const t of ALL_TRUCKS) {
      for (const src of [t.mainImg, ...t.slider]) {
        const file = publicFile(src);
        // The dealer's own photos: any picture a browser shows, as long as the file is there.
        if (!src.startsWith("/images/trucks/")) {
          expect(src, t.slug).toMatch(/\.(webp|avif|jpe?g|png|svg)$/i);
          expect(existsSync(file), `${src} is missing under public/`).toBe(true);
          continue;
        }
        // The demo's drawings.
        expect(src, t.slug).toMatch(/^\/images\/trucks\/[a-z0-9-]+\/[a-z0-9-]+\.webp$/);
        expect(existsSync(file), `${src} is missing: run npx tsx scripts/rasterize-images.ts`).toBe(true);
        // A WebP file: RIFF....WEBP.
        const head = readFileSync(file).subarray(0, 12);
        expect(head.subarray(0, 4).toString("latin1") + head.subarray(8, 12).toString("latin1"), src).toBe("RIFFWEBP");
        expect(statSync(file).size, src).toBeLessThan(15 * 1024);
        wellFormedSvg(file.replace(/\.webp$/, ".svg"));
      }
      for (const src of t.scheme.flat()) wellFormedSvg(publicFile(src));
      for (const triple of t.scheme) expect(triple.map((p) => path.basename(p))).toEqual(["side.svg", "front.svg", "back.svg"]);
    }
  });

  it("ships the shared placeholder and category tiles", () => {
    for (const src of [PLACEHOLDER_IMAGE, ...TRUCK_TYPES.map((type) => `/images/categories/${type.slug}.webp`)]) {
      expect(existsSync(publicFile(src)), src).toBe(true);
    }
  });
});

describe("findTruck", () => {
  it("finds a truck by its category and slug", () => {
    for (const truck of ALL_TRUCKS) expect(findTruck(truck.type.slug, truck.slug)).toBe(truck);
  });

  it("returns undefined for an unknown category, an unknown slug or a truck of another category", () => {
    const tractor = trucksOfType("tyagach")[0];
    expect(findTruck("avtobusy", tractor.slug)).toBeUndefined();
    expect(findTruck("tyagach", "no-such-truck")).toBeUndefined();
    expect(findTruck("samosval", tractor.slug)).toBeUndefined();
    expect(findTruck("", "")).toBeUndefined();
  });
});

describe("trucksOfType", () => {
  it("returns everything for no type or a type the list does not know", () => {
    expect(trucksOfType()).toBe(ALL_TRUCKS);
    expect(trucksOfType("unknown")).toBe(ALL_TRUCKS);
  });

  it("keeps the category order in the full list", () => {
    expect(ALL_TRUCKS.map((t) => t.type.slug)).toEqual([
      ...Array(7).fill("tyagach"),
      ...Array(6).fill("spectehnika"),
      ...Array(3).fill("samosval"),
    ]);
  });

  it("recognises type slugs", () => {
    expect(isTruckTypeSlug("samosval")).toBe(true);
    expect(isTruckTypeSlug("Samosval")).toBe(false);
    expect(isTruckTypeSlug(undefined)).toBe(false);
  });
});
