/**
 * Leads and orders as the store keeps them: a lead (with its files, its order, the order's
 * e-mail and the consent it rests on) is written in one transaction before the visitor is
 * answered, claimed by the request that wrote it for its first attempt (outbox.server.ts).
 */
import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { StoreDb } from "./db.server";
import { PROCESS_OWNER } from "./outbox.server";
import type { LeadFileTable, LeadTable, OutboxStatus } from "./schema";

/** A repeat of the same post is recognised within this time (docs/decisions/017). */
export const REPEAT_WINDOW_MS = 10 * 60 * 1000;

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
export async function acceptLead(store: StoreDb, a: Acceptance): Promise<{ id: string; repeatOf?: string }> {
  const nowMs = a.now ?? Date.now();
  const now = new Date(nowMs).toISOString();
  return store.db.transaction().execute(async (trx) => {
    if (a.repeat !== undefined) {
      // Taken first, in one statement: of two posts at once one writes its trace and its lead,
      // the other finds the trace fresh and answers with that lead.
      const cutoff = new Date(nowMs - REPEAT_WINDOW_MS).toISOString();
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
    await trx
      .insertInto("leads")
      .values({
        id: a.lead.id,
        form: a.lead.form,
        created_at: now,
        status: a.kept ? "kept" : "pending",
        request: JSON.stringify(a.lead.request),
        attempts: "[]",
        attempt_count: 0,
        due_at: a.kept ? null : now,
        claim_owner: a.kept ? null : (a.owner ?? PROCESS_OWNER),
        claim_until: a.kept ? null : new Date(nowMs + a.claimTtlMs).toISOString(),
        delivered_at: a.kept ? now : null,
        failed_at: null,
        may_have_reached: 0,
        replaces: a.lead.replaces ?? null,
        replaced_by: null,
      })
      .execute();
    for (const [position, file] of (a.lead.files ?? []).entries()) {
      await trx
        .insertInto("lead_files")
        .values({
          lead_id: a.lead.id,
          position,
          name: file.name,
          type: file.type,
          size: file.data.length,
          data: file.data,
        })
        .execute();
    }
    if (a.order) {
      await trx
        .insertInto("orders")
        .values({
          id: a.lead.id,
          number: a.order.number,
          created_at: now,
          data: JSON.stringify(a.order.data),
          invoice: a.order.invoice === undefined ? null : JSON.stringify(a.order.invoice),
        })
        .execute();
    }
    if (a.mail !== undefined) {
      await trx
        .insertInto("mails")
        .values({
          id: a.lead.id,
          created_at: now,
          status: "pending",
          attempts: "[]",
          attempt_count: 0,
          due_at: now,
          claim_owner: null,
          claim_until: null,
          delivered_at: null,
          failed_at: null,
          message: JSON.stringify(a.mail),
        })
        .execute();
    }
    if (a.consent) {
      await trx
        .insertInto("consents")
        .values({ id: crypto.randomUUID(), ...a.consent, lead_id: a.lead.id })
        .execute();
    }
    return { id: a.lead.id };
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
    .set({ status: "replaced" satisfies OutboxStatus, replaced_by: by, due_at: null })
    .where("id", "=", id)
    .where("status", "in", ["pending", "undelivered", "failed"])
    .where((eb) => eb.or([eb("claim_until", "is", null), eb("claim_until", "<", new Date(now).toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An order as accepted: its number, data and frozen invoice (parsed by the caller). */
export function loadOrder(store: StoreDb, by: { id: string } | { number: string }) {
  const query = store.db.selectFrom("orders").selectAll();
  return ("id" in by ? query.where("id", "=", by.id) : query.where("number", "=", by.number)).executeTakeFirst();
}
