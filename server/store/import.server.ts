/**
 * The upgrade from the file store of earlier versions (DATA_DIR/leads, mail, consents, order-numbers,
 * cookie-secret): read once into the store at the first start of this version, then moved aside
 * into DATA_DIR/previous-store-{time}/, never deleted. Undelivered records are due at once (the
 * retry then sends them under their old key), delivered ones are never sent again, claim files
 * are no records. Every row goes in with "on conflict do nothing" and the folders move only once
 * the transaction is committed: a crash in between imports the same rows again, harmlessly.
 */
import fs from "node:fs";
import path from "node:path";
import type { StoreDb } from "./db.server";
import type { OutboxStatus } from "./schema";
import { orderNumberOf } from "~/lib/order-number";

/** The names the file store used under DATA_DIR. */
const OLD_ENTRIES = ["leads", "mail", "consents", "order-numbers", "cookie-secret"] as const;

interface OldAttempt {
  at: string;
  ok: boolean;
}
interface OldRecord {
  id: string;
  createdAt: string;
  status: OutboxStatus;
  attempts: OldAttempt[];
  failedAt?: string;
}
export interface OldLead extends OldRecord {
  form: string;
  request:
    | { kind: "json"; body: unknown }
    | { kind: "multipart"; name: string; fields: unknown[]; files: { name: string; type: string; path: string }[] };
  mayHaveReached?: true;
  replacedBy?: string;
  order?: { number?: string; replaces?: string; customer?: { email?: string } };
}
interface OldMail extends OldRecord {
  message: unknown;
}

export interface ImportReport {
  leads: number;
  orders: number;
  mails: number;
  consents: number;
  /** Where the old files went; undefined when there was nothing to import. */
  movedTo?: string;
}

export interface ImportOptions {
  /** The invoice of an old order that asked for one, frozen as it reads now; undefined for none. */
  invoiceOf?: (lead: OldLead) => unknown;
  /** The confirmation e-mail of an old order still unsent that has none yet (it was written on delivery then). */
  mailOf?: (lead: OldLead) => unknown;
  now?: number;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined; // a folder never finished (an upload refused, a crash before the record)
  }
}

function records<T>(dir: string, file: string): { record: T; dir: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((id) => {
      const record = readJson<T>(path.join(dir, id, file));
      return record ? [{ record, dir: path.join(dir, id) }] : [];
    });
}

const lastOk = (attempts: OldAttempt[]) => [...attempts].reverse().find((a) => a.ok)?.at ?? null;

/** Imports the file store under `dataDir`, if there is one; a second call finds nothing. */
export async function importFileStore(store: StoreDb, dataDir: string, options: ImportOptions): Promise<ImportReport> {
  const present = OLD_ENTRIES.filter((name) => fs.existsSync(path.join(dataDir, name)));
  if (present.length === 0) return { leads: 0, orders: 0, mails: 0, consents: 0 };
  const now = new Date(options.now ?? Date.now()).toISOString();
  const leads = records<OldLead>(path.join(dataDir, "leads"), "lead.json");
  const mails = records<OldMail>(path.join(dataDir, "mail"), "message.json").map((m) => m.record);
  const consentDir = path.join(dataDir, "consents");
  const consents = fs.existsSync(consentDir)
    ? fs
        .readdirSync(consentDir)
        .filter((f) => f.endsWith(".jsonl"))
        .sort()
        .flatMap((f) =>
          fs
            .readFileSync(path.join(consentDir, f), "utf8")
            .split("\n")
            .filter(Boolean)
            .flatMap((line, i) => {
              try {
                const entry = JSON.parse(line) as Partial<Record<"at" | "ip" | "form" | "version" | "lead", string>>;
                return entry.at ? [{ ...entry, at: entry.at, id: `${f}:${i}` }] : [];
              } catch {
                return []; // a line cut short by a crash mid-write
              }
            }),
        )
    : [];
  const secretFile = path.join(dataDir, "cookie-secret");
  const secret = fs.existsSync(secretFile) ? fs.readFileSync(secretFile, "utf8").trim() : "";
  const unsent = (status: OutboxStatus) => status === "pending" || status === "undelivered";
  const outbox = (r: OldRecord) => ({
    id: r.id,
    created_at: r.createdAt,
    // A pending record was left by a stopped server: sent again, under its old key, like an undelivered one.
    status: r.status === "pending" ? ("undelivered" as const) : r.status,
    attempts: JSON.stringify(r.attempts),
    attempt_count: r.attempts.length,
    due_at: unsent(r.status) ? now : null,
    claim_owner: null,
    claim_until: null,
    delivered_at: r.status === "delivered" || r.status === "kept" ? (lastOk(r.attempts) ?? r.createdAt) : null,
    failed_at: r.status === "failed" ? (r.failedAt ?? now) : null,
  });
  const report = { leads: 0, orders: 0, mails: 0, consents: 0 };
  await store.db.transaction().execute(async (trx) => {
    const inserted = (result: { numInsertedOrUpdatedRows?: bigint }) => Number(result.numInsertedOrUpdatedRows ?? 0);
    const mailIds = new Set(mails.map((m) => m.id));
    for (const { record: lead, dir } of leads) {
      const request =
        lead.request.kind === "multipart"
          ? { ...lead.request, files: lead.request.files.map(({ name, type }) => ({ name, type })) }
          : lead.request;
      const rows = await trx
        .insertInto("leads")
        .values({
          ...outbox(lead),
          form: lead.form,
          request: JSON.stringify(request),
          may_have_reached: lead.mayHaveReached ? 1 : 0,
          replaces: lead.order?.replaces ?? null,
          replaced_by: lead.replacedBy ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      report.leads += inserted(rows);
      if (lead.request.kind === "multipart") {
        for (const [position, file] of lead.request.files.entries()) {
          const data = fs.readFileSync(path.resolve(dir, file.path));
          await trx
            .insertInto("lead_files")
            .values({ lead_id: lead.id, position, name: file.name, type: file.type, size: data.length, data })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
      if (lead.order) {
        const invoice = options.invoiceOf?.(lead);
        const order = await trx
          .insertInto("orders")
          .values({
            id: lead.id,
            number: orderNumberOf(lead),
            created_at: lead.createdAt,
            data: JSON.stringify(lead.order),
            invoice: invoice === undefined ? null : JSON.stringify(invoice),
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        report.orders += inserted(order);
        const message = !mailIds.has(lead.id) && unsent(lead.status) ? options.mailOf?.(lead) : undefined;
        if (message !== undefined)
          mails.push({ id: lead.id, createdAt: now, status: "pending", attempts: [], message });
      }
    }
    for (const mail of mails) {
      const rows = await trx
        .insertInto("mails")
        .values({ ...outbox(mail), message: JSON.stringify(mail.message) })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      report.mails += inserted(rows);
    }
    for (const c of consents) {
      const rows = await trx
        .insertInto("consents")
        .values({
          id: `imported:${c.at}:${c.id}`,
          at: c.at,
          ip: c.ip ?? "",
          form: c.form ?? "",
          version: c.version ?? "",
          lead_id: c.lead ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      report.consents += inserted(rows);
    }
    // The old secret signs the cookies and order keys visitors hold: it stays the secret.
    if (secret.length >= 32)
      await trx
        .insertInto("settings")
        .values({ key: "cookie-secret", value: secret })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: secret }))
        .execute();
  });
  const aside = path.join(dataDir, `previous-store-${now.replace(/[:.]/g, "-")}`);
  fs.mkdirSync(aside, { recursive: true });
  for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(aside, name));
  return { ...report, movedTo: aside };
}
