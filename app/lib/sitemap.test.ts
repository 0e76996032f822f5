import { createSitemapSplitter, escapeXml, sitemapIndexXml, urlEntry, urlsetXml, utf8Length } from "./sitemap";

function split(lengths: number[], maxUrls: number, maxBytes: number) {
  const splitter = createSitemapSplitter({ maxUrls, maxBytes });
  for (const length of lengths) splitter.add(length);
  return splitter.finish();
}

describe("sitemap", () => {
  it("counts UTF-8 bytes as TextEncoder does", () => {
    for (const text of ["", "abc", "фильтр", "a€b", "𝔘𝔫𝔦", "http://фав.рф/catalog?x=1&y=2"]) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });

  it("escapes a URL for XML", () => {
    expect(urlEntry("https://a.ru/x?b=1&c='2'")).toBe("<url><loc>https://a.ru/x?b=1&amp;c=&apos;2&apos;</loc></url>");
    expect(escapeXml('<"&>')).toBe("&lt;&quot;&amp;&gt;");
  });

  it("keeps everything in one file within the limits", () => {
    expect(split([], 50_000, 52_428_800)).toEqual([[0, 0]]);
    expect(split(Array(50_000).fill(60), 50_000, 52_428_800)).toEqual([[0, 50_000]]);
  });

  it("starts a new file at 50 000 URLs", () => {
    expect(split(Array(120_001).fill(60), 50_000, 52_428_800)).toEqual([
      [0, 50_000],
      [50_000, 100_000],
      [100_000, 120_001],
    ]);
  });

  it("starts a new file before one would pass the byte limit, urlset and newlines counted", () => {
    const overhead = urlsetXml([]).length;
    // Three lines of 100 bytes and two newlines fit exactly; a fourth does not.
    const files = split([100, 100, 100, 100, 100], 1000, overhead + 302);
    expect(files).toEqual([
      [0, 3],
      [3, 5],
    ]);
    expect(urlsetXml(["x".repeat(100), "x".repeat(100), "x".repeat(100)]).length).toBe(overhead + 302);
  });

  it("writes a urlset and a sitemap index", () => {
    expect(urlsetXml([urlEntry("https://a.ru/")])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://a.ru/</loc></url>\n</urlset>\n',
    );
    expect(sitemapIndexXml(["https://a.ru/sitemap/1.xml", "https://a.ru/sitemap/2.xml"])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<sitemap><loc>https://a.ru/sitemap/1.xml</loc></sitemap>\n<sitemap><loc>https://a.ru/sitemap/2.xml</loc></sitemap>\n</sitemapindex>\n",
    );
  });
});
