/**
 * What stands between the demo and the dealer's own site: the demo values still in the content,
 * figures claimed in two places that disagree, the launch settings and the parts catalogue (the
 * embedded demo's invented parts, or a parts API that would leave the catalogue empty). Read by
 * `npm run go-live` (scripts/go-live.ts), the start-up warning and /healthz.
 */
import { CONTENT, DEMO_ENTRIES, HERO_SAVINGS, LEASING, STATS_BY_KEY, TRUCK_SAVINGS } from "~/content";
import { describeValue, type DemoEntry } from "~/content/demo";
import { localFiles } from "~/content/schema";
import { ALL_TRUCKS } from "~/data/trucks";
import { formatRubWhole } from "~/lib/format";
import { ConfigError, parseConfig } from "./config.server";
import { CONTENT_FILE, contentChecks, probeSmtp, sampleFiles } from "./go-live-checks.server";
import { keptLeadsNote, lastExchangeNote, withCatalogueSource } from "./go-live-store.server";
import { probePartsApi, type PartsProbe } from "./go-live-parts.server";

export { CONTENT_FILE };

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
  /** What only the dealer can judge (the logo, photos, the legal texts): listed, never blocking. */
  checks: string[];
}

export interface GoLiveFigures {
  heroSavings: number;
  truckSavings: Record<string, number>;
  modelsStat: string;
  catalogueModels: number;
  /** leasing.termMonths and leasing.termYears. */
  leasingTermMonths: number;
  leasingTermYears: number;
}

/** Where the site states the leasing term, by the content key each place reads it from. */
export const LEASING_TERM_PLACES = {
  termMonths: "/leasing's intro and the home page's leasing card",
  termYears: "/leasing's FAQ, its terms and description, and the calculator's range",
} as const;

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

/**
 * Figures the site claims twice: the hero's savings against the badges, the models statistic
 * against the catalogue, the leasing term in months against its years.
 */
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
  const yearsInMonths = figures.leasingTermYears * 12;
  if (figures.leasingTermMonths !== yearsInMonths) {
    found.push(
      `leasing.termMonths: ${LEASING_TERM_PLACES.termMonths} say «до ${figures.leasingTermMonths} месяцев», ` +
        `but ${LEASING_TERM_PLACES.termYears} say «до ${figures.leasingTermYears} лет» ` +
        `(${yearsInMonths} months, leasing.termYears)`,
    );
  }
  return found.map((text) => text.replace(/\u00a0/g, " "));
}

/** The setting `npm start` would refuse to start on (server/config.server.ts), if any. */
function startRefusal(env: Record<string, string | undefined>): { name: string; failure: string } | undefined {
  try {
    parseConfig(env);
    return undefined;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { name: error.variable, failure: `${error.message}: npm start refuses to start` };
  }
}

/** An https:// address outside this machine (what `npm start` takes for development is not). */
function siteUrlIsPublic(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return true; // npm start refuses it: reported in its words below
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const local =
    host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host) || host === "0.0.0.0";
  return url.protocol === "https:" && !local;
}

/** The launch settings: failures stop a launch, notes are optional by design. */
export function settings(env: Record<string, string | undefined>): { failures: string[]; notes: string[] } {
  const set = (name: string) => Boolean(env[name]?.trim());
  const failures: string[] = [];
  const notes: string[] = [];
  if (!set("PARTS_API_URL")) {
    failures.push(
      set("ONEC_EXCHANGE_USER") && set("ONEC_EXCHANGE_PASSWORD")
        ? "PARTS_API_URL not set and 1C has delivered no catalogue yet: the parts catalogue is the embedded demo, " +
            "invented parts with prices and stock that customers can order, until 1C's first exchange"
        : "PARTS_API_URL not set: the parts catalogue is the embedded demo, invented parts with prices and stock that customers can order",
    );
  }
  if (!set("NOTIFY_API_URL") || !set("NOTIFY_API_KEY")) {
    const missing = ["NOTIFY_API_URL", "NOTIFY_API_KEY"].filter((name) => !set(name)).join(" and ");
    failures.push(`${missing} not set: leads and orders stay only on disk (DATA_DIR/leads), nobody is notified`);
  }
  if (set("NOTIFY_API_URL") && (!set("NOTIFY_API_KEY_HEADER") || !set("NOTIFY_PARTS_LIST_NAME")))
    notes.push(
      "NOTIFY_API_KEY_HEADER and NOTIFY_PARTS_LIST_NAME: the specification names neither; unset, the key goes in " +
        "X-Api-Key and a parts list is named parts-list: confirm both with the notify service's owners, since a " +
        "wrong one leaves every lead undelivered on disk",
    );
  if (!set("SITE_URL"))
    failures.push("SITE_URL not set: canonical links, the sitemap and order links point to localhost");
  else if (!siteUrlIsPublic(env.SITE_URL!))
    failures.push(
      `SITE_URL=${env.SITE_URL!.trim()} is not the site's public https:// address: canonical links, the sitemap ` +
        "and order links would point there, and cookies would not be marked Secure",
    );
  const refused = startRefusal(env);
  if (refused) {
    // What `npm start` would say of a setting present but invalid (SITE_URL without https://, the
    // notify URL without its key), in its own words and first, in place of a milder line on the same setting.
    const kept = failures.filter((line) => line.split(" ")[0] !== refused.name);
    failures.splice(0, failures.length, refused.failure, ...kept);
  }
  notes.push(
    set("TRUST_PROXY")
      ? `TRUST_PROXY=${env.TRUST_PROXY}`
      : "TRUST_PROXY not set: fine without a proxy; behind nginx set TRUST_PROXY=loopback (uniquelocal when the site runs in its Docker image)",
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
  notes.push(
    set("DADATA_API_KEY")
      ? "DADATA_API_KEY set: companies are found by their ИНН (DaData is named in /privacy)"
      : "DADATA_API_KEY not set: customers type the ИНН without company suggestions, and the company name for an invoice (not checked against the register)",
  );
  return { failures, notes };
}

/** The site's own figures, as the content and the fixed catalogue give them. */
export function siteFigures(): GoLiveFigures {
  return {
    heroSavings: HERO_SAVINGS,
    truckSavings: TRUCK_SAVINGS,
    modelsStat: STATS_BY_KEY.models.value,
    catalogueModels: ALL_TRUCKS.length,
    leasingTermMonths: LEASING.termMonths,
    leasingTermYears: LEASING.termYears,
  };
}

/**
 * The content's files still the demo's samples (`sampleFiles`) whose values are no longer marked
 * demo( ), as demo values: the sample certificate or a placeholder logo left in place.
 */
export function sampleFileItems(
  files: readonly { key: string; path: string }[],
  entries: readonly DemoEntry[],
  source?: string,
): DemoItem[] {
  const lines = source?.split("\n") ?? [];
  const marked = (key: string) => entries.some((entry) => key === entry.key || key.startsWith(`${entry.key}.`));
  return files
    .filter((file) => !marked(file.key))
    .map(({ key, path: file }) => {
      const line = lines.length > 0 ? lineOf(lines, key, file) : undefined;
      return {
        key,
        shows: `public${file}, still the demo's sample file: put the dealer's own there`,
        ...(line ? { line } : {}),
      };
    });
}

export function goLiveReport(env: Record<string, string | undefined>, source?: string): GoLiveReport {
  return {
    demo: [
      ...demoItems(DEMO_ENTRIES, source),
      ...sampleFileItems(sampleFiles(localFiles(CONTENT)), DEMO_ENTRIES, source),
    ],
    disagreements: disagreements(siteFigures()),
    ...settings(env),
    checks: contentChecks(),
  };
}

/** The parts API's answer as lines of the report: a note with its size, or failures with the reason. */
export function partsLine(probe: PartsProbe): { failures: string[]; note?: string } {
  if (!probe.ok) return { failures: [`PARTS_API_URL: GET ${probe.url} ${probe.reason}`] };
  const dropped = probe.dropped > 0 ? `, ${probe.dropped} malformed parts left out` : "";
  const { missing, blocked, blockedHosts, insecure, fromApi, fromApiExample } = probe.pictures;
  const answer = probe.fromApiAnswer ?? "";
  const plainApi = fromApiExample?.startsWith("http:");
  const failures = [
    ...(blocked > 0
      ? [
          `PARTS_API_URL: ${blocked} part pictures are on hosts the pages may not show (${blockedHosts.join(", ")}): ` +
            `each would show the placeholder; name them in PARTS_IMAGE_ORIGINS`,
        ]
      : []),
    ...(insecure > 0
      ? [
          `PARTS_API_URL: ${insecure} part pictures are plain http:// addresses, which pages served over https do not ` +
            "show: have the parts API give https:// ones",
        ]
      : []),
    ...(fromApi > 0 && plainApi
      ? [
          `PARTS_API_URL: ${fromApi} part pictures are paths of the parts API, which is plain http://: the pages and ` +
            `the feed give them as ${fromApiExample}, and browsers do not show http:// pictures on pages served ` +
            "over https (the pages show none): serve the parts API over https, or have it give full https:// addresses",
        ]
      : []),
    ...(fromApi > 0 && !plainApi && !/^HTTP 2\d\d image\//.test(answer)
      ? [
          `PARTS_API_URL: ${fromApi} part pictures are paths of the parts API: the pages and the feed give them as ` +
            `${fromApiExample}, and the first is no picture (${answer || "no answer"}): the pages show the placeholder`,
        ]
      : []),
    ...(missing > 0
      ? [
          `PARTS_API_URL: ${missing} part pictures are no http(s) address: each would show the placeholder; ` +
            "have the parts API give paths or https:// addresses",
        ]
      : []),
  ];
  const shownFromApi =
    fromApi > 0 && !plainApi && /^HTTP 2\d\d image\//.test(answer)
      ? `; ${fromApi} pictures are its paths, shown by the pages and the feed from its host (${fromApiExample}: ${answer})`
      : "";
  return {
    failures,
    note: `PARTS_API_URL: GET ${probe.url} gave ${probe.parts} parts in ${probe.groups} groups${dropped}${shownFromApi}`,
  };
}

/** `npm run go-live`'s report: the one above, the kept leads counted, and the parts API asked once when it is set. */
export async function checkGoLive(
  env: Record<string, string | undefined>,
  source?: string,
  fetchFn?: typeof fetch,
  now: () => number = Date.now,
): Promise<GoLiveReport> {
  const base = goLiveReport(env, source);
  const keptNote = await keptLeadsNote(env);
  let report = keptNote ? { ...base, notes: [keptNote, ...base.notes] } : base;
  // The mail server is asked once, as the parts API is: a wrong password or host fails here, not on the first order.
  const smtp = env.SMTP_URL?.trim();
  if (smtp && !report.failures.some((failure) => failure.startsWith("SMTP_URL"))) {
    const probe = await probeSmtp(smtp);
    report = probe.ok
      ? { ...report, notes: [...report.notes, "SMTP_URL: the mail server took the connection and the login"] }
      : {
          ...report,
          failures: [
            `SMTP_URL: the mail server did not take the connection or the login: ${probe.reason}`,
            ...report.failures,
          ],
        };
  }
  report = await withCatalogueSource(env, report, now());
  const exchanged = await lastExchangeNote(env, now());
  if (exchanged) report = { ...report, notes: [...report.notes, exchanged] };
  if (!env.PARTS_API_URL?.trim()) return report;
  let line: { failures: string[]; note?: string };
  try {
    line = partsLine(await probePartsApi(env, fetchFn));
  } catch (error) {
    // An invalid setting the probe stumbled on is already reported by `settings`.
    const message = (error as Error).message;
    line = { failures: report.failures.some((failure) => failure.startsWith(message)) ? [] : [message] };
  }
  return {
    ...report,
    failures: [...line.failures, ...report.failures],
    notes: line.note ? [line.note, ...report.notes] : report.notes,
  };
}

/** Anything that keeps `npm run go-live` from passing. */
export function openCount(report: GoLiveReport): number {
  return report.demo.length + report.disagreements.length + report.failures.length;
}
