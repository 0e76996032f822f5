/**
 * What stands between the demo and the dealer's own site: the demo values still in the content,
 * figures claimed in two places that disagree, and the launch settings. Read by
 * `npm run go-live` (scripts/go-live.ts), the start-up warning and /healthz.
 */
import { DEMO_ENTRIES, HERO_SAVINGS, STATS_BY_KEY, TRUCK_SAVINGS } from "~/content";
import { describeValue, type DemoEntry } from "~/content/demo";
import { TRUCK_SLUGS } from "~/data/truck-slugs";
import { formatRubWhole } from "~/lib/format";

export const CONTENT_FILE = "app/content/dealer.ts";

export interface DemoItem {
  key: string;
  shows: string;
  /** 1-based line in CONTENT_FILE, when found. */
  line?: number;
}

export interface GoLiveReport {
  demo: DemoItem[];
  disagreements: string[];
  failures: string[];
  notes: string[];
}

export interface GoLiveFigures {
  heroSavings: number;
  truckSavings: Record<string, number>;
  modelsStat: string;
  catalogueModels: number;
}

/** The demo values of the content, with the line each sits on when the file's text is given. */
export function demoItems(entries: readonly DemoEntry[], source?: string): DemoItem[] {
  const lines = source?.split("\n") ?? [];
  return entries.map(({ key, value }) => {
    const line = lines.length > 0 ? lineOf(lines, key, value) : undefined;
    return { key, shows: describeValue(value), ...(line ? { line } : {}) };
  });
}

function firstLeaf(value: unknown): unknown {
  if (Array.isArray(value)) return firstLeaf(value[0]);
  if (typeof value === "object" && value !== null) return firstLeaf(Object.values(value)[0]);
  return value;
}

/** The line of a key: each name in turn after the last, the n-th match for an index, then the value's text. */
function lineOf(lines: string[], key: string, value: unknown): number | undefined {
  let pos = 0;
  let nth = 0;
  for (const part of key.split(".")) {
    if (/^\d+$/.test(part)) {
      nth = Number(part);
      continue;
    }
    const pattern = new RegExp(`(^|[\\s{"])${part.replace(/-/g, "\\-")}"?\\s*:`);
    let found = -1;
    for (let i = pos, seen = 0; i < lines.length; i++) {
      if (pattern.test(lines[i]) && seen++ === nth) {
        found = i;
        break;
      }
    }
    if (found < 0) return undefined;
    pos = found;
    nth = 0;
  }
  const leaf = firstLeaf(value);
  if (typeof leaf === "string") {
    const index = lines.findIndex((line, i) => i >= pos && line.includes(JSON.stringify(leaf)));
    if (index >= 0) return index + 1;
  }
  return pos + 1;
}

/** Figures the site claims twice: the hero's savings against the badges, the models statistic against the catalogue. */
export function disagreements(figures: GoLiveFigures): string[] {
  const found: string[] = [];
  const [largestType, largest] = Object.entries(figures.truckSavings).reduce((a, b) => (b[1] > a[1] ? b : a));
  if (figures.heroSavings < largest) {
    found.push(
      `home.heroSavings: the hero claims «Экономия до ${formatRubWhole(figures.heroSavings)}», ` +
        `but a truck card shows «Экономия ${formatRubWhole(largest)}» (truckSavings.${largestType})`,
    );
  }
  if (Number(figures.modelsStat) !== figures.catalogueModels) {
    found.push(
      `home.stats.models: the statistics say ${figures.modelsStat} models, the catalogue lists ${figures.catalogueModels}`,
    );
  }
  return found.map((text) => text.replace(/\u00a0/g, " "));
}

/** The launch settings: failures stop a launch, notes are optional by design. */
export function settings(env: Record<string, string | undefined>): { failures: string[]; notes: string[] } {
  const set = (name: string) => Boolean(env[name]?.trim());
  const failures: string[] = [];
  const notes: string[] = [];
  if (!set("NOTIFY_API_URL") || !set("NOTIFY_API_KEY")) {
    const missing = ["NOTIFY_API_URL", "NOTIFY_API_KEY"].filter((name) => !set(name)).join(" and ");
    failures.push(`${missing} not set: leads and orders stay only on disk (DATA_DIR/leads), nobody is notified`);
  }
  if (!set("SITE_URL"))
    failures.push("SITE_URL not set: canonical links, the sitemap and order links point to localhost");
  notes.push(
    set("TRUST_PROXY")
      ? `TRUST_PROXY=${env.TRUST_PROXY}`
      : "TRUST_PROXY not set: fine without a proxy; behind nginx set TRUST_PROXY=loopback",
  );
  notes.push(
    set("YANDEX_MAPS_API_KEY")
      ? "YANDEX_MAPS_API_KEY set: maps use the JS API"
      : "YANDEX_MAPS_API_KEY not set: maps are Yandex's keyless embedded widget",
  );
  notes.push(
    set("YANDEX_METRICA_ID")
      ? `YANDEX_METRICA_ID=${env.YANDEX_METRICA_ID}`
      : "YANDEX_METRICA_ID not set: no Yandex Metrica",
  );
  notes.push(
    set("SMTP_URL")
      ? `SMTP_URL set: customers get their order confirmation by e-mail from ${env.MAIL_FROM ?? "MAIL_FROM (required)"}`
      : "SMTP_URL not set: customers get no order confirmation by e-mail",
  );
  return { failures, notes };
}

/** The site's own figures, as the content and the fixed catalogue give them. */
export function siteFigures(): GoLiveFigures {
  return {
    heroSavings: HERO_SAVINGS,
    truckSavings: TRUCK_SAVINGS,
    modelsStat: STATS_BY_KEY.models.value,
    catalogueModels: TRUCK_SLUGS.length,
  };
}

export function goLiveReport(env: Record<string, string | undefined>, source?: string): GoLiveReport {
  return {
    demo: demoItems(DEMO_ENTRIES, source),
    disagreements: disagreements(siteFigures()),
    ...settings(env),
  };
}

/** Anything that keeps `npm run go-live` from passing. */
export function openCount(report: GoLiveReport): number {
  return report.demo.length + report.disagreements.length + report.failures.length;
}
