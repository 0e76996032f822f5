/**
 * /sitemap.xml and its files: every static page, truck and part. Up to 50 000 URLs it is one
 * file, as it always was; beyond, /sitemap.xml is an index of /sitemap/1.xml, /sitemap/2.xml…
 * The split is worked out once per catalogue version; a file is written when asked for, a few
 * thousand URLs at a time with the event loop free in between (at 500 000 parts, writing them
 * all at once would hold it for a good part of a second).
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import {
  createSitemapSplitter,
  sitemapIndexXml,
  urlEntry,
  urlsetXml,
  utf8Length,
  type SitemapLimits,
} from "~/lib/sitemap";
import { ALL_TRUCKS } from "~/data/trucks";
import { TRUCK_TYPES } from "~/data/truck-types";

const STATIC_PATHS = [
  "/",
  "/catalog",
  "/catalog/trucks",
  "/catalog/parts",
  "/delivery",
  "/service",
  "/leasing",
  "/contacts",
  "/privacy",
];
const FIXED_PATHS = [
  ...STATIC_PATHS,
  ...TRUCK_TYPES.map((type) => `/catalog/trucks?type=${type.slug}`),
  ...ALL_TRUCKS.map((truck) => `/catalog/trucks/${truck.type.slug}/${truck.slug}`),
];
const LINES_PER_TURN = 5_000;

export interface SitemapPlan {
  /** The whole sitemap when it fits in one file; otherwise the index. */
  xml: string;
  /** The files of the index as [from, to) ranges of URL numbers; one range when there is no index. */
  files: [number, number][];
}

/** Lines `from` to `to` of the sitemap of `snapshot` (parts after the fixed pages), `each` per line. */
async function forEachLine(
  siteUrl: string,
  parts: CatalogueSnapshot["parts"],
  from: number,
  to: number,
  each: (line: string) => void,
) {
  for (let i = from; i < to; i++) {
    const path =
      i < FIXED_PATHS.length
        ? FIXED_PATHS[i]
        : `/catalog/parts/${encodeURIComponent(parts[i - FIXED_PATHS.length].slug)}`;
    each(urlEntry(siteUrl + path));
    if ((i - from + 1) % LINES_PER_TURN === 0) await nextTurn();
  }
}

export function createSitemaps(limits?: SitemapLimits) {
  let cached: { key: string; plan: Promise<SitemapPlan> } | undefined;

  async function plan(siteUrl: string, snapshot: CatalogueSnapshot | undefined): Promise<SitemapPlan> {
    const parts = snapshot?.parts ?? [];
    const total = FIXED_PATHS.length + parts.length;
    const splitter = createSitemapSplitter(limits);
    await forEachLine(siteUrl, parts, 0, total, (line) => splitter.add(utf8Length(line)));
    const files = splitter.finish();
    if (files.length === 1) {
      const lines: string[] = [];
      await forEachLine(siteUrl, parts, 0, total, (line) => lines.push(line));
      return { xml: urlsetXml(lines), files };
    }
    return { xml: sitemapIndexXml(files.map((_, k) => `${siteUrl}/sitemap/${k + 1}.xml`)), files };
  }

  function planFor(siteUrl: string, snapshot: CatalogueSnapshot | undefined): Promise<SitemapPlan> {
    const key = `${snapshot?.version ?? -1} ${siteUrl}`;
    if (cached?.key !== key) {
      const entry = { key, plan: plan(siteUrl, snapshot) };
      // A failed build is not kept.
      entry.plan.catch(() => cached === entry && (cached = undefined));
      cached = entry;
    }
    return cached.plan;
  }

  return {
    /** /sitemap.xml: the urlset, or the index of the files. */
    async index(siteUrl: string, snapshot: CatalogueSnapshot | undefined): Promise<string> {
      return (await planFor(siteUrl, snapshot)).xml;
    },
    /** /sitemap/{n}.xml (n from 1) while there is an index; `undefined` for any other n. */
    async file(siteUrl: string, snapshot: CatalogueSnapshot | undefined, n: number): Promise<string | undefined> {
      const { files } = await planFor(siteUrl, snapshot);
      if (files.length === 1 || !Number.isInteger(n) || n < 1 || n > files.length) return undefined;
      const [from, to] = files[n - 1];
      const lines: string[] = [];
      await forEachLine(siteUrl, snapshot?.parts ?? [], from, to, (line) => lines.push(line));
      return urlsetXml(lines);
    },
  };
}

/** The one the routes share. */
export const sitemaps = createSitemaps();
