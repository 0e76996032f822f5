/**
 * What go-live reads of the store: the leads kept while no notify service was set. The store is
 * opened as `npm start` would open it, and never made by asking.
 */
import fs from "node:fs";
import path from "node:path";
import { openStoreDb, sqliteFile } from "./store/db.server";
import { countByStatus } from "./store/outbox.server";

/**
 * The leads and orders in the store that were kept while no notify service was set: nobody was
 * told of them, and no retry sends them (they may be tests made before the launch).
 */
export async function keptLeadsNote(env: Record<string, string | undefined>): Promise<string | undefined> {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || "./data");
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  // Nothing to count in a store never opened (and none made by asking).
  if (!databaseUrl && !fs.existsSync(sqliteFile(dataDir))) return undefined;
  const store = openStoreDb({ DATABASE_URL: databaseUrl, dataDir });
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
