/**
 * Sitemaps as sitemaps.org has them: one `<urlset>` file while it stays within 50 000 URLs and
 * 50 MB, otherwise a `<sitemapindex>` pointing to files that each do.
 */
const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_MAX_BYTES = 52_428_800;

const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n`;
const URLSET_CLOSE = "\n</urlset>\n";

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** One `<url>` line of a urlset. */
export function urlEntry(loc: string): string {
  return `<url><loc>${escapeXml(loc)}</loc></url>`;
}

/** Bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      // A surrogate pair: 4 bytes for 2 code units.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

/**
 * Splits a run of `<url>` lines into files: at most `maxUrls` lines and `maxBytes` bytes per file,
 * the urlset around them included. Feed it every line's UTF-8 length in order, then `finish()`:
 * the files as [from, to) ranges of line numbers. One file means no index is needed.
 */
export function createSitemapSplitter(
  limits: SitemapLimits = { maxUrls: SITEMAP_MAX_URLS, maxBytes: SITEMAP_MAX_BYTES },
) {
  const overhead = URLSET_OPEN.length + URLSET_CLOSE.length;
  const files: [number, number][] = [];
  let from = 0;
  let count = 0;
  let bytes = overhead;
  let index = 0;
  return {
    add(lineBytes: number): void {
      // A line costs its bytes and the newline before it (none before the first of a file).
      const cost = lineBytes + (count > 0 ? 1 : 0);
      if (count > 0 && (count === limits.maxUrls || bytes + cost > limits.maxBytes)) {
        files.push([from, index]);
        from = index;
        count = 0;
        bytes = overhead;
        return this.add(lineBytes);
      }
      count++;
      bytes += cost;
      index++;
    },
    finish(): [number, number][] {
      if (count > 0 || files.length === 0) files.push([from, index]);
      return files;
    },
  };
}

export function urlsetXml(lines: readonly string[]): string {
  return URLSET_OPEN + lines.join("\n") + URLSET_CLOSE;
}

export function sitemapIndexXml(locs: readonly string[]): string {
  const body = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${body}\n</sitemapindex>\n`;
}
