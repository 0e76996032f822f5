/**
 * The orders the 1C exchange hands out and the statuses it brings back, kept in the store
 * (docs/decisions/017, 018). An order is offered at every `query` until 1C confirms it with
 * `success` (`exported_at`): nothing is lost between a query and its success. A status is one
 * row per change; a change of the status a customer sees writes its e-mail in the same
 * transaction, so a status 1C sends again is neither a second row nor a second e-mail.
 */
import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { leadRecordOf } from "../lead-record.server";
import { exchangeOrderOf, NEW_ORDER_STATUS } from "../onec/order-mapping.server";
import type { ExchangeOrder, OrderSource, OrderStatusUpdate } from "../onec/ports.server";
import type { StoreDb } from "./db.server";
import type { LeadTable, OrderStatusTable } from "./schema";
import { siteOrderIdIn, siteOrderNumberIn } from "~/lib/order-number";
import type { StatusEventView } from "~/lib/order-status";

/** What the customer sees before 1C has said anything of the order. */
export const ACCEPTED_STATUS = "Принят";
export const CANCELLED_STATUS = "Отменён";

/** A change of status as kept: what the page shows of it, and its own id (the status e-mail's key). */
export interface OrderStatusEvent extends StatusEventView {
  id: string;
}

/** A status e-mail as the mail outbox writes it; undefined: none for this order. */
export type StatusMailOf = (
  order: ExchangeOrder,
  event: { id: string; status: string; shipmentNumber?: string },
) => { to: string } | undefined;

export interface StoreOrdersOptions {
  statusMail?: StatusMailOf;
  /** Called after a commit with the ids of the status e-mails it wrote (sends them now). */
  onStatusMails?: (ids: string[]) => void;
  now?: () => number;
}

/** A number as typed or written back, spaces left out. */
export function normalOrderNumber(number: string): string {
  return number.trim().replace(/\s+/g, "");
}

/** The status the customer sees after these events (oldest first). */
export function shownStatus(events: readonly Pick<OrderStatusEvent, "status" | "cancelled">[]): string {
  let status: string | undefined;
  let cancelled = false;
  for (const e of events) {
    if (e.status) status = e.status;
    if (e.cancelled !== undefined) cancelled = e.cancelled;
  }
  return cancelled ? CANCELLED_STATUS : (status ?? ACCEPTED_STATUS);
}

function eventOf(row: Selectable<OrderStatusTable>): OrderStatusEvent {
  return {
    id: row.id,
    receivedAt: row.received_at,
    ...(row.status === null ? {} : { status: row.status }),
    ...(row.cancelled === null ? {} : { cancelled: row.cancelled === 1 }),
    ...(row.paid_at === null ? {} : { paidAt: row.paid_at }),
    ...(row.shipped_at === null ? {} : { shippedAt: row.shipped_at }),
    ...(row.shipment_number === null ? {} : { shipmentNumber: row.shipment_number }),
  };
}

/** The update adds nothing to what the events say already. */
function sameAsBefore(update: OrderStatusUpdate, events: readonly OrderStatusEvent[]): boolean {
  const last = <K extends keyof OrderStatusEvent>(key: K) =>
    [...events].reverse().find((e) => e[key] !== undefined)?.[key];
  return (
    (update.status === undefined || update.status === last("status")) &&
    (update.cancelled === undefined || update.cancelled === (last("cancelled") ?? false)) &&
    (update.paidAt === undefined || update.paidAt === last("paidAt")) &&
    (update.shippedAt === undefined || update.shippedAt === last("shippedAt")) &&
    (update.shipmentNumber === undefined || update.shipmentNumber === last("shipmentNumber"))
  );
}

type LeadRow = Selectable<LeadTable>;

function orderOfRow(row: LeadRow & { order_data: string }, events: readonly OrderStatusEvent[]) {
  const status = events.some((e) => e.status || e.cancelled) ? shownStatus(events) : NEW_ORDER_STATUS;
  return exchangeOrderOf(leadRecordOf(row, row.order_data), status);
}

async function eventsOf(store: StoreDb, orderIds: readonly string[]): Promise<Map<string, OrderStatusEvent[]>> {
  const byOrder = new Map<string, OrderStatusEvent[]>();
  // In slices: SQLite takes at most 32 766 bound values in one statement.
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await store.db
      .selectFrom("order_statuses")
      .selectAll()
      .where("order_id", "in", orderIds.slice(i, i + 500))
      .orderBy("received_at")
      .orderBy("id")
      .execute();
    for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), eventOf(row)]);
  }
  return byOrder;
}

function ordersWithLeads(store: StoreDb) {
  return store.db
    .selectFrom("orders")
    .innerJoin("leads", "leads.id", "orders.id")
    .selectAll("leads")
    .select("orders.data as order_data");
}

export function createStoreOrders(store: StoreDb, options: StoreOrdersOptions = {}): OrderSource {
  const now = options.now ?? Date.now;
  return {
    async unconfirmed() {
      // A replaced order was withdrawn by the customer's next order, which carries its lines.
      const rows = await ordersWithLeads(store)
        .where("orders.exported_at", "is", null)
        .where("leads.status", "!=", "replaced")
        .orderBy("orders.created_at")
        .orderBy("orders.id")
        .execute();
      const events = await eventsOf(
        store,
        rows.map((r) => r.id),
      );
      return rows.flatMap((row) => orderOfRow(row, events.get(row.id) ?? []) ?? []);
    },
    async markExported(ids) {
      const at = new Date(now()).toISOString();
      for (let i = 0; i < ids.length; i += 500) {
        await store.db
          .updateTable("orders")
          .set({ exported_at: at })
          .where("id", "in", ids.slice(i, i + 500))
          .where("exported_at", "is", null)
          .execute();
      }
    },
    async recordStatuses(updates) {
      const unknown: string[] = [];
      const mails: string[] = [];
      const started = now();
      await store.db.transaction().execute(async (trx) => {
        for (const [i, update] of updates.entries()) {
          const orderWhere = (column: "orders.id" | "orders.number", value: string | undefined) =>
            value === undefined
              ? Promise.resolve(undefined)
              : trx
                  .selectFrom("orders")
                  .innerJoin("leads", "leads.id", "orders.id")
                  .selectAll("leads")
                  .select("orders.data as order_data")
                  .where(column, "=", value)
                  .executeTakeFirst();
          // The site's id 1C was given first; then the number as 1C writes it back, then the site's
          // number within it (1C's prefix, zeros or spaces around it).
          const row =
            (await orderWhere("orders.id", siteOrderIdIn(update.onecId))) ??
            (update.number ? await orderWhere("orders.number", normalOrderNumber(update.number)) : undefined) ??
            (await orderWhere("orders.number", siteOrderNumberIn(update.number)));
          if (!row) {
            unknown.push(update.number || (update.onecId ?? ""));
            continue;
          }
          const events = (
            await trx
              .selectFrom("order_statuses")
              .selectAll()
              .where("order_id", "=", row.id)
              .orderBy("received_at")
              .orderBy("id")
              .execute()
          ).map(eventOf);
          if (sameAsBefore(update, events)) continue;
          // Events keep their order: one file's each a millisecond after the one before, and never at
          // or before the order's last event (two files within a millisecond would tie otherwise).
          const last = events.at(-1);
          const at = Math.max(started + i, last ? Date.parse(last.receivedAt) + 1 : 0);
          const event: OrderStatusEvent = {
            id: crypto.randomUUID(),
            receivedAt: new Date(at).toISOString(),
            ...(update.status === undefined ? {} : { status: update.status }),
            ...(update.cancelled === undefined ? {} : { cancelled: update.cancelled }),
            ...(update.paidAt === undefined ? {} : { paidAt: update.paidAt }),
            ...(update.shippedAt === undefined ? {} : { shippedAt: update.shippedAt }),
            ...(update.shipmentNumber === undefined ? {} : { shipmentNumber: update.shipmentNumber }),
          };
          await trx
            .insertInto("order_statuses")
            .values({
              id: event.id,
              order_id: row.id,
              status: event.status ?? null,
              cancelled: event.cancelled === undefined ? null : event.cancelled ? 1 : 0,
              paid_at: event.paidAt ?? null,
              shipped_at: event.shippedAt ?? null,
              shipment_number: event.shipmentNumber ?? null,
              received_at: event.receivedAt,
            })
            .execute();
          const before = events.some((e) => e.status || e.cancelled) ? shownStatus(events) : NEW_ORDER_STATUS;
          const after = shownStatus([...events, event]);
          if (after === before || !options.statusMail) continue;
          const order = orderOfRow(row, [...events, event]);
          const message =
            order &&
            options.statusMail(order, {
              id: event.id,
              status: after,
              ...(event.shipmentNumber ? { shipmentNumber: event.shipmentNumber } : {}),
            });
          if (!message) continue;
          await trx
            .insertInto("mails")
            .values({
              id: event.id,
              order_id: row.id,
              created_at: event.receivedAt,
              status: "pending",
              attempts: "[]",
              attempt_count: 0,
              due_at: event.receivedAt,
              claim_owner: null,
              claim_until: null,
              delivered_at: null,
              failed_at: null,
              message: JSON.stringify(message),
            })
            .execute();
          mails.push(event.id);
        }
      });
      if (mails.length > 0) options.onStatusMails?.(mails);
      return { unknown };
    },
  };
}

/** Digits of a Russian phone without the country code: '+7 (913) 555-12-34' and '8 913 555 12 34' match. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "").slice(-10);
}

export interface OrderLookup {
  order: ExchangeOrder;
  status: string;
  history: OrderStatusEvent[];
}

/**
 * The order with this number placed with this phone, its status and history; undefined when
 * either does not match (the caller says only that no such order is known).
 */
export async function findOrder(store: StoreDb, number: string, phone: string): Promise<OrderLookup | undefined> {
  const key = phoneKey(phone);
  if (key.length < 10) return undefined;
  const row = await ordersWithLeads(store)
    .where("orders.number", "=", normalOrderNumber(number))
    .where("leads.status", "!=", "replaced")
    .executeTakeFirst();
  if (!row) return undefined;
  const history = (await eventsOf(store, [row.id])).get(row.id) ?? [];
  const order = orderOfRow(row, history);
  if (!order || phoneKey(order.customer.phone) !== key) return undefined;
  return { order, status: shownStatus(history), history };
}
