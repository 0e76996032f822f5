/**
 * What the store keeps beside the leads: the cookie-signing secret every server shares when
 * SESSION_SECRET is unset, and consent records given for no lead (an order form's consent).
 */
import crypto from "node:crypto";
import type { StoreDb } from "./db.server";

const SECRET_KEY = "cookie-secret";

/**
 * The secret that signs the site's cookies: SESSION_SECRET when set, otherwise one made once and
 * kept in the store, so every server on the same store accepts the others' cookies. Of servers
 * starting together the first to write it wins and all read the same value.
 */
export async function cookieSecret(store: StoreDb, configured?: string): Promise<string> {
  if (configured) return configured;
  await store.db
    .insertInto("settings")
    .values({ key: SECRET_KEY, value: crypto.randomBytes(32).toString("hex") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await store.db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", SECRET_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** A setting's value, or undefined. */
export async function readSetting(store: StoreDb, key: string): Promise<string | undefined> {
  const row = await store.db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(store: StoreDb, key: string, value: string): Promise<void> {
  await store.db
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** Records a consent (152-ФЗ: time, IP address, form, consent-text version), linked to its lead when there is one. */
export async function recordConsent(
  store: StoreDb,
  entry: { at: string; ip: string; form: string; version: string; lead?: string },
): Promise<void> {
  await store.db
    .insertInto("consents")
    .values({
      id: crypto.randomUUID(),
      at: entry.at,
      ip: entry.ip,
      form: entry.form,
      version: entry.version,
      lead_id: entry.lead ?? null,
    })
    .execute();
}
