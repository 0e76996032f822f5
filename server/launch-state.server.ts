/**
 * What a running server says of its launch: /healthz's `content`, `catalogue`, `leads` and `open`,
 * and the start-up warning. The content and settings are read once (go-live's report); which
 * catalogue serves is asked each time, since 1C may deliver its first while the server runs.
 */
import { goLiveReport, openCount, type GoLiveReport } from "./go-live.server";
import { isDemoCatalogueFailure } from "./go-live-store.server";
import type { CatalogueSource } from "./parts-gateway-onec.server";
import type { StoreDb } from "./store/db.server";
import { onecCatalogueState } from "./store/onec-catalogue.server";

export interface LaunchState {
  /** /healthz's `content`: "demo" while a demo value is left or the catalogue is the embedded demo. */
  content: "demo" | "real";
  /** /healthz's `catalogue`: which parts catalogue the pages show. */
  catalogue: CatalogueSource;
  /**
   * /healthz's `leads`: "notify" with NOTIFY_API_URL and NOTIFY_API_KEY set; "local" without, when
   * leads and orders are only kept on disk and nobody is told of them.
   */
  leads: "notify" | "local";
  /** /healthz's `open`: what `npm run go-live` would list (demo values, disagreements, failed settings). */
  open: number;
  /** The start-up warning of a production server, when anything is open. */
  warning?: { message: string; open: number };
}

/** The catalogue the settings alone give: the parts API when PARTS_API_URL is set, else the demo. */
export function settingsCatalogue(env: Record<string, string | undefined>): CatalogueSource {
  return env.PARTS_API_URL?.trim() ? "parts-api" : "demo";
}

/**
 * What a running server says of its launch (the parts API is not asked here). `catalogue`: the one
 * that serves, 1C's once 1C has delivered one (then PARTS_API_URL unset is no failure).
 */
export function launchState(
  env: Record<string, string | undefined>,
  report: GoLiveReport = goLiveReport(env),
  catalogue: CatalogueSource = settingsCatalogue(env),
): LaunchState {
  const demoCatalogue = catalogue === "demo";
  const failures =
    catalogue === "1c" ? report.failures.filter((failure) => !isDemoCatalogueFailure(failure)) : report.failures;
  const content = report.demo.length > 0 || demoCatalogue ? "demo" : "real";
  const leads = env.NOTIFY_API_URL?.trim() && env.NOTIFY_API_KEY?.trim() ? "notify" : "local";
  const open = openCount({ ...report, failures });
  if (open === 0) return { content, catalogue, leads, open };
  const message =
    `not ready to go live: ${report.demo.length} demo values${demoCatalogue ? " and the demo parts catalogue" : ""}, ` +
    `${report.disagreements.length} disagreements, ${failures.length} failed settings; run npm run go-live`;
  return { content, catalogue, leads, open, warning: { message, open } };
}

/**
 * The catalogue a running server serves: 1C's once the store holds one (this server builds it for
 * the first page that asks, and hears of each new one), else what its gateway serves. Asked of the
 * store each time, so a catalogue 1C delivers while the server runs is told from then on; without
 * `store` (it is away), the gateway's word.
 */
export async function servedCatalogue(
  parts: { source?(): CatalogueSource },
  store: StoreDb | undefined,
  fallback: CatalogueSource,
): Promise<CatalogueSource> {
  const serving = parts.source?.() ?? fallback;
  if (serving === "1c" || !store) return serving;
  const delivered = await onecCatalogueState(store).catch(() => undefined);
  return delivered ? "1c" : serving;
}
