/**
 * Leads and orders as the store keeps them: a lead (with its files, its order, the order's
 * e-mail and the consent it rests on) is written in one transaction before the visitor is
 * answered, claimed by the request that wrote it for its first attempt (outbox.server.ts).
 */
import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { StoreDb } from "./db.server";
import { claimFree, PROCESS_OWNER, UNSENT } from "./outbox.server";
import type { LeadFileTable, LeadTable } from "./schema";

/** A repeat of the same post is recognised within this time (docs/decisions/017). */
export const REPEAT_WINDOW_MS = 10 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

export interface NewLead {
  id: string;
  form: string;
  /** What is sent, as JSON (the bytes of every attempt). */
  request: unknown;
  files?: { name: string; type: string; data: Buffer }[];
  replaces?: string;
}

export interface Acceptance {
  lead: NewLead;
  /** The order this lead is, with its invoice frozen as issued. */
  order?: { number: string; data: unknown; invoice?: unknown };
  /** The order's confirmation e-mail, sent after the order. */
  mail?: unknown;
  consent?: { at: string; ip: string; form: string; version: string };
  /** The post's repeat hash (repeatHash): a second post with it within REPEAT_WINDOW_MS is this lead. */
  repeat?: string;
  /** No notify service: kept, never claimed. Otherwise claimed for the first attempt until `now + claimTtlMs`. */
  kept?: boolean;
  claimTtlMs: number;
  now?: number;
  owner?: string;
}

/**
 * Writes a lead and all that belongs to it, or nothing. `{ repeatOf }` instead when the post
 * repeats one written within REPEAT_WINDOW_MS: nothing is written, the first lead is the answer.
 */
export async function acceptLead(
  store: StoreDb,
  a: Acceptance,
): Promise<{ id: string; lead?: LeadRow; repeatOf?: string }> {
  const nowMs = a.now ?? Date.now();
  const now = iso(nowMs);
  return store.db.transaction().execute(async (trx) => {
    if (a.repeat !== undefined) {
      // Taken first, in one statement: of two posts at once one writes its trace and its lead,
      // the other finds the trace fresh and answers with that lead.
      const cutoff = iso(nowMs - REPEAT_WINDOW_MS);
      const taken = await trx
        .insertInto("lead_traces")
        .values({ hash: a.repeat, at: now, lead_id: a.lead.id })
        .onConflict((oc) =>
          oc.column("hash").doUpdateSet({ at: now, lead_id: a.lead.id }).where("lead_traces.at", "<", cutoff),
        )
        .returning("lead_id")
        .executeTakeFirst();
      if (!taken) {
        const first = await trx
          .selectFrom("lead_traces")
          .select("lead_id")
          .where("hash", "=", a.repeat)
          .executeTakeFirstOrThrow();
        return { id: first.lead_id, repeatOf: first.lead_id };
      }
    }
    const lead = await trx
      .insertInto("leads")
      .values({
        id: a.lead.id,
        form: a.lead.form,
        created_at: now,
        status: a.kept ? "kept" : "pending",
        request: JSON.stringify(a.lead.request),
        ...(a.kept
          ? { delivered_at: now }
          : { due_at: now, claim_owner: a.owner ?? PROCESS_OWNER, claim_until: iso(nowMs + a.claimTtlMs) }),
        replaces: a.lead.replaces,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const files = a.lead.files ?? [];
    if (files.length > 0)
      await trx
        .insertInto("lead_files")
        .values(files.map((file, position) => ({ lead_id: lead.id, position, size: file.data.length, ...file })))
        .execute();
    if (a.order) {
      const { number, data, invoice } = a.order;
      await trx
        .insertInto("orders")
        .values({
          id: lead.id,
          number,
          created_at: now,
          data: JSON.stringify(data),
          invoice: invoice === undefined ? null : JSON.stringify(invoice),
        })
        .execute();
    }
    if (a.mail !== undefined)
      await trx
        .insertInto("mails")
        .values({ id: lead.id, created_at: now, status: "pending", due_at: now, message: JSON.stringify(a.mail) })
        .execute();
    if (a.consent) {
      await trx
        .insertInto("consents")
        .values({ id: crypto.randomUUID(), ...a.consent, lead_id: a.lead.id })
        .execute();
    }
    return { id: lead.id, lead };
  });
}

/**
 * The repeat hash of a lead form's post: the form, its fields and the visitor's own cookie, so
 * the same post from one browser is recognised and another visitor's identical post is not. A
 * hash only: the trace keeps no personal data.
 */
export function repeatHash(form: string, fields: unknown, visitor: string): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([form, fields, visitor]))
    .digest("hex");
}

export type LeadRow = Selectable<LeadTable>;
export type LeadFileRow = Selectable<LeadFileTable>;

export function loadLead(store: StoreDb, id: string): Promise<LeadRow | undefined> {
  return store.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A lead's files, in the order they were posted: sent as they were received. */
export function loadLeadFiles(store: StoreDb, id: string): Promise<LeadFileRow[]> {
  return store.db.selectFrom("lead_files").selectAll().where("lead_id", "=", id).orderBy("position").execute();
}

/**
 * Withdraws an unsent order from the retry as replaced by the customer's next order `by`; false
 * when it is sent already, replaced, or an attempt at it is in flight (its claim is held).
 */
export async function withdrawLead(store: StoreDb, id: string, by: string, now = Date.now()): Promise<boolean> {
  const result = await store.db
    .updateTable("leads")
    .set({ status: "replaced", replaced_by: by, due_at: null })
    .where("id", "=", id)
    .where("status", "in", UNSENT)
    .where(claimFree(iso(now)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An order as accepted: its number, data and frozen invoice (parsed by the caller). */
export function loadOrder(store: StoreDb, by: { id: string } | { number: string }) {
  const query = store.db.selectFrom("orders").selectAll();
  return ("id" in by ? query.where("id", "=", by.id) : query.where("number", "=", by.number)).executeTakeFirst();
}
