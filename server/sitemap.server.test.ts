import { createCatalogueSnapshot } from "~/lib/catalogue-snapshot";
import { generateParts } from "./demo-catalogue.server";
import { createSitemaps } from "./sitemap.server";

const SITE = "https://faw.example";
/** Static pages, truck categories and trucks: the URLs before the parts. */
const FIXED = 9 + 3 + 16;

function snapshot(count: number, version = 1) {
  const groups = generateParts(count);
  return createCatalogueSnapshot(
    { parts: groups.flatMap((g) => g.parts), groups: groups.map((g) => g.group) },
    version,
  );
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("createSitemaps", () => {
  it("is one urlset up to the limit, with no files", async () => {
    const catalogue = snapshot(40);
    const sitemaps = createSitemaps({ maxUrls: FIXED + 40, maxBytes: 52_428_800 });
    const xml = await sitemaps.index(SITE, catalogue);
    expect(xml).toContain("<urlset");
    const urls = locs(xml);
    expect(urls).toHaveLength(FIXED + 40);
    expect(urls[0]).toBe(`${SITE}/`);
    expect(urls).toContain(`${SITE}/catalog/parts/${catalogue.parts[7].slug}`);
    expect(await sitemaps.file(SITE, catalogue, 1)).toBeUndefined();
  });

  it("becomes an index of files past the limit, every URL in exactly one file", async () => {
    const catalogue = snapshot(100);
    const sitemaps = createSitemaps({ maxUrls: 50, maxBytes: 52_428_800 });
    const index = await sitemaps.index(SITE, catalogue);
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([`${SITE}/sitemap/1.xml`, `${SITE}/sitemap/2.xml`, `${SITE}/sitemap/3.xml`]);
    const all: string[] = [];
    for (const n of [1, 2, 3]) {
      const file = (await sitemaps.file(SITE, catalogue, n))!;
      expect(file).toContain("<urlset");
      expect(locs(file).length).toBeLessThanOrEqual(50);
      all.push(...locs(file));
    }
    expect(all).toHaveLength(FIXED + 100);
    expect(new Set(all).size).toBe(all.length);
    expect(all.at(-1)).toBe(`${SITE}/catalog/parts/${catalogue.parts[99].slug}`);
    for (const n of [0, 4, 1.5]) expect(await sitemaps.file(SITE, catalogue, n)).toBeUndefined();
  });

  it("follows the catalogue version and the site URL", async () => {
    const sitemaps = createSitemaps({ maxUrls: 50, maxBytes: 52_428_800 });
    expect(await sitemaps.index(SITE, snapshot(10, 1))).toContain("<urlset");
    expect(await sitemaps.index(SITE, snapshot(100, 2))).toContain("<sitemapindex");
    expect(await sitemaps.index("https://other.example", snapshot(100, 2))).toContain(
      "https://other.example/sitemap/1.xml",
    );
    // Without a catalogue (parts API down): the fixed pages only.
    expect(locs(await sitemaps.index(SITE, undefined))).toHaveLength(FIXED);
  });
});
