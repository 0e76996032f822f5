/**
 * What go-live reads of the store: the leads kept while no notify service was set. The store is
 * opened as `npm start` would open it, and never made by asking.
 */
import fs from "node:fs";
import path from "node:path";
import { StateFile } from "./onec/exchange-state.server";
import { openStoreDb, sqliteFile } from "./store/db.server";
import { onecCatalogueState, onecTable, type OnecCatalogueState } from "./store/onec-catalogue.server";
import { countByStatus } from "./store/outbox.server";

/** The store go-live reads, opened as `npm start` would; undefined when there is none yet (none is made). */
function openExisting(env: Record<string, string | undefined>) {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || "./data");
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (!databaseUrl && !fs.existsSync(sqliteFile(dataDir))) return undefined;
  return openStoreDb({ DATABASE_URL: databaseUrl, dataDir });
}

/** 1C's catalogue in the store: its last commit and the parts on the site; undefined before 1C delivered one. */
export async function onecCatalogueSeen(
  env: Record<string, string | undefined>,
): Promise<(OnecCatalogueState & { parts: number }) | undefined> {
  const store = openExisting(env);
  if (!store) return undefined;
  try {
    const state = await onecCatalogueState(store);
    if (!state) return undefined;
    const row = await store.db
      .selectFrom(onecTable(state) as "onec_parts")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("listed", "=", 1)
      .executeTakeFirstOrThrow();
    return { ...state, parts: Number(row.n) };
  } catch {
    return undefined; // not migrated yet, or away: the server's start says so
  } finally {
    await store.close();
  }
}

/**
 * The leads and orders in the store that were kept while no notify service was set: nobody was
 * told of them, and no retry sends them (they may be tests made before the launch).
 */
export async function keptLeadsNote(env: Record<string, string | undefined>): Promise<string | undefined> {
  // Nothing to count in a store never opened (and none made by asking).
  const store = openExisting(env);
  if (!store) return undefined;
  let kept: number;
  try {
    kept = (await countByStatus(store, "leads")).kept;
  } catch {
    return undefined; // not migrated yet, or away: the server's start says so
  } finally {
    await store.close();
  }
  if (kept === 0) return undefined;
  return (
    `${kept} leads and orders in the store (${store.where}) were kept while no notify service was set, ` +
    "and nobody was told: once NOTIFY_API_URL is set, npm run leads:resend -- --kept sends them (remove the ones that were tests)"
  );
}

/** "3 h 5 min", "2 d 4 h": how long ago, as a person reads it. */
export function ageText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * 1C's last call to this server's exchange (its state under DATA_DIR/1c), as a note: the
 * catalogue's and the orders' exchanges alike, so ops see that 1C calls and how it went.
 */
export async function lastExchangeNote(
  env: Record<string, string | undefined>,
  at: number,
): Promise<string | undefined> {
  if (!env.ONEC_EXCHANGE_USER?.trim() || !env.ONEC_EXCHANGE_PASSWORD?.trim()) return undefined;
  const dataDir = path.resolve(env.DATA_DIR?.trim() || "./data");
  const last = (await new StateFile(path.join(dataDir, "1c")).read()).lastExchange;
  if (!last) return "1C exchange: 1C has not called /1c-exchange on this server yet";
  return (
    `1C exchange: the last call ${ageText(at - Date.parse(last.at))} ago (${last.at}), ` +
    `type=${last.type}&mode=${last.mode}: ${last.outcome}`
  );
}

/** The settings' failure that says the demo catalogue serves: not so once 1C has delivered one. */
export function isDemoCatalogueFailure(failure: string): boolean {
  return failure.startsWith("PARTS_API_URL not set");
}

/**
 * Which catalogue serves, as a note: 1C's once it has delivered one (then the demo
 * does not serve, whatever PARTS_API_URL says), else the parts API or the demo.
 */
export async function withCatalogueSource<R extends { failures: string[]; notes: string[] }>(
  env: Record<string, string | undefined>,
  report: R,
  at: number,
): Promise<R> {
  const onec = await onecCatalogueSeen(env);
  const exchangeOn = Boolean(env.ONEC_EXCHANGE_USER?.trim() && env.ONEC_EXCHANGE_PASSWORD?.trim());
  if (!onec) {
    const serving = env.PARTS_API_URL?.trim() ? "the parts API (PARTS_API_URL)" : "the embedded demo";
    const waiting = exchangeOn ? "; 1C's exchange is on at /1c-exchange and has delivered no catalogue yet" : "";
    return { ...report, notes: [...report.notes, `Catalogue: ${serving}${waiting}`] };
  }
  const line =
    `Catalogue: 1C's, ${onec.parts} parts; the last exchange ${ageText(at - Date.parse(onec.at))} ago (${onec.at})` +
    (env.PARTS_API_URL?.trim() ? "; PARTS_API_URL no longer serves" : "") +
    (exchangeOn
      ? ""
      : "; ONEC_EXCHANGE_USER and ONEC_EXCHANGE_PASSWORD are not set here: this server takes no exchange");
  return {
    ...report,
    failures: report.failures.filter((failure) => !isDemoCatalogueFailure(failure)),
    notes: [...report.notes, line],
  };
}
