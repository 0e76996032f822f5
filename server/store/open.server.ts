/**
 * The store as a server or a command starts it: opened, migrated, the file store of an earlier
 * version imported once, the cookie secret read (or made), personal data past its time pruned.
 */
import type { Config } from "../config.server";
import { issuedInvoice } from "../invoice.server";
import type { LeadRecord } from "../lead-record.server";
import { errorMessage, log } from "../log.server";
import { confirmationOf } from "../mail-outbox.server";
import { migrate, openStoreDb, type StoreDb } from "./db.server";
import { importFileStore, type OldLead } from "./import.server";
import { prune, type PruneReport } from "./prune.server";
import { cookieSecret } from "./settings.server";

type StoreConfig = Pick<
  Config,
  "DATABASE_URL" | "dataDir" | "SITE_URL" | "SMTP_URL" | "MAIL_FROM" | "LEAD_RETENTION_DAYS" | "ORDER_RETENTION_DAYS"
>;

export interface OpenedStore {
  store: StoreDb;
  /** The store's own cookie secret (SESSION_SECRET, when set, signs before it). */
  cookieSecret: string;
}

export async function startStore(config: StoreConfig): Promise<OpenedStore> {
  const store = openStoreDb(config);
  try {
    const applied = await migrate(store);
    if (applied.length > 0) log.info("store migrated", { store: store.where, migrations: applied });
    const mailEnabled = Boolean(config.SMTP_URL && config.MAIL_FROM);
    const imported = await importFileStore(store, config.dataDir, {
      invoiceOf: (lead: OldLead) => issuedInvoice(lead as unknown as LeadRecord),
      mailOf: (lead: OldLead) => (mailEnabled ? confirmationOf(lead as unknown as LeadRecord, config) : undefined),
    });
    if (imported.movedTo) log.info("file store imported, its files moved aside", { ...imported });
    const secret = await cookieSecret(store);
    await pruneAndLog(store, config);
    return { store, cookieSecret: secret };
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
}

/** One prune sweep, logged when it removed anything; a failure is logged and waits for the next sweep. */
export async function pruneAndLog(
  store: StoreDb,
  config: Pick<Config, "LEAD_RETENTION_DAYS" | "ORDER_RETENTION_DAYS">,
): Promise<PruneReport | undefined> {
  try {
    const report = await prune(store, config);
    if (Object.values(report).some((n) => n > 0)) log.info("personal data past its time removed", { ...report });
    return report;
  } catch (error) {
    log.error("prune failed", { error: errorMessage(error) });
    return undefined;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Prunes once a day while the server runs; the returned function stops it. */
export function pruneDaily(store: StoreDb, config: Pick<Config, "LEAD_RETENTION_DAYS" | "ORDER_RETENTION_DAYS">) {
  const timer = setInterval(() => void pruneAndLog(store, config), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
