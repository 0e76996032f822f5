/**
 * The end of personal data (152-ФЗ, docs/decisions/017): delivered leads go LEAD_RETENTION_DAYS
 * after delivery, orders (with their invoice, e-mail and lead) ORDER_RETENTION_DAYS after they
 * were placed; consents follow their lead or order, and those linked to none follow the orders.
 * Nothing unsent is ever pruned. Deleted means gone from disk: SQLite overwrites the rows
 * (secure_delete) and its write-ahead log is checkpointed and truncated; PostgreSQL vacuums the
 * pruned tables.
 */
import { sql } from "kysely";
import type { StoreDb } from "./db.server";
import { REPEAT_WINDOW_MS } from "./leads.server";

export interface PruneReport {
  leads: number;
  orders: number;
  mails: number;
  consents: number;
  traces: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SENT = ["delivered", "replaced"] as const;

export async function prune(
  store: StoreDb,
  settings: { LEAD_RETENTION_DAYS: number; ORDER_RETENTION_DAYS: number },
  now = Date.now(),
): Promise<PruneReport> {
  const leadCutoff = new Date(now - settings.LEAD_RETENTION_DAYS * DAY_MS).toISOString();
  const orderCutoff = new Date(now - settings.ORDER_RETENTION_DAYS * DAY_MS).toISOString();
  const traceCutoff = new Date(now - REPEAT_WINDOW_MS).toISOString();
  const report = await store.db.transaction().execute(async (trx) => {
    // Orders placed before the cutoff whose lead and e-mail need no more sending.
    const orders = trx
      .selectFrom("orders")
      .select("orders.id")
      .where("orders.created_at", "<=", orderCutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("leads")
              .select("leads.id")
              .whereRef("leads.id", "=", "orders.id")
              .where("leads.status", "not in", SENT),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("mails")
              .select("mails.id")
              .where((m) =>
                m.or([m("mails.id", "=", m.ref("orders.id")), m("mails.order_id", "=", m.ref("orders.id"))]),
              )
              .where("mails.status", "in", ["pending", "undelivered"]),
          ),
        ),
      );
    const orderIds = (await orders.execute()).map((o) => o.id);
    // A lead that is no order: delivered before the cutoff.
    const leadIds = (
      await trx
        .selectFrom("leads")
        .select("id")
        .where("status", "=", "delivered")
        .where("delivered_at", "<=", leadCutoff)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom("orders").select("orders.id").whereRef("orders.id", "=", "leads.id"))),
        )
        .execute()
    ).map((l) => l.id);
    const gone = [...orderIds, ...leadIds];
    let consents = 0;
    let mails = 0;
    let leads = 0;
    // In slices: SQLite takes at most 32 766 bound values in one statement.
    for (let i = 0; i < gone.length; i += 500) {
      const slice = gone.slice(i, i + 500);
      consents += Number(
        (await trx.deleteFrom("consents").where("lead_id", "in", slice).executeTakeFirst()).numDeletedRows,
      );
      mails += Number(
        (
          await trx
            .deleteFrom("mails")
            .where((m) => m.or([m("id", "in", slice), m("order_id", "in", slice)]))
            .executeTakeFirst()
        ).numDeletedRows,
      );
      await trx.deleteFrom("order_statuses").where("order_id", "in", slice).execute();
      await trx.deleteFrom("orders").where("id", "in", slice).execute();
      await trx.deleteFrom("lead_files").where("lead_id", "in", slice).execute();
      leads += Number((await trx.deleteFrom("leads").where("id", "in", slice).executeTakeFirst()).numDeletedRows);
    }
    consents += Number(
      (await trx.deleteFrom("consents").where("lead_id", "is", null).where("at", "<=", orderCutoff).executeTakeFirst())
        .numDeletedRows,
    );
    const traces = Number(
      (await trx.deleteFrom("lead_traces").where("at", "<", traceCutoff).executeTakeFirst()).numDeletedRows,
    );
    return { leads: leads - orderIds.length, orders: orderIds.length, mails, consents, traces };
  });
  if (report.leads + report.orders + report.consents + report.mails > 0) {
    if (store.kind === "sqlite") {
      // The WAL still holds copies of the deleted rows until it is checkpointed and truncated.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.db);
    } else {
      await sql`vacuum leads, lead_files, orders, mails, consents`.execute(store.db);
    }
  }
  return report;
}
