/**
 * The orders 1C takes from the store and the statuses it brings back, the same on SQLite and
 * PostgreSQL: every placed order is offered until 1C confirms it, a status is recorded once per
 * change, matched by the order's number, and a changed status writes one e-mail.
 */
import crypto from "node:crypto";
import { freshStore, placeOrder as placeOrderIn, STORE_KINDS, type TestStore } from "../../test/stores";
import { createStoreOrders, findOrder, normalOrderNumber, shownStatus } from "./order-statuses.server";
import { claimDue } from "./outbox.server";
import { prune } from "./prune.server";

const PHONE = "+7 (913) 000-11-22";

const placeOrder = (t: TestStore, number: string, options?: { email?: string; at?: number }) =>
  placeOrderIn(t.store, number, { phone: PHONE, ...options });

describe("shownStatus and numbers", () => {
  it("says 'Принят' until 1C sends a status, then its latest; cancelled wins", () => {
    expect(shownStatus([])).toBe("Принят");
    expect(shownStatus([{ status: "В работе" }, { cancelled: false }])).toBe("В работе");
    expect(shownStatus([{ status: "В работе" }, { cancelled: true }])).toBe("Отменён");
    expect(normalOrderNumber(" 4821-0937 ")).toBe("4821-0937");
  });
});

describe.each(STORE_KINDS)("the store's orders for 1C on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await freshStore(kind);
  });
  afterEach(async () => {
    await t.drop();
  });

  it("offers every order until 1C confirms it, again after a query without success", async () => {
    const orders = createStoreOrders(t.store);
    const first = await placeOrder(t, "1111-2222", { at: Date.now() - 1000 });
    const second = await placeOrder(t, "3333-4444");
    const queried = await orders.unconfirmed();
    expect(queried.map((o) => [o.id, o.number, o.status, o.customer.phone])).toEqual([
      [first, "1111-2222", "Новый", PHONE],
      [second, "3333-4444", "Новый", PHONE],
    ]);
    expect((await orders.unconfirmed()).map((o) => o.id)).toEqual([first, second]);
    await orders.markExported([first]);
    expect((await orders.unconfirmed()).map((o) => o.id)).toEqual([second]);
    const third = await placeOrder(t, "5555-6666");
    await orders.markExported([second]);
    expect((await orders.unconfirmed()).map((o) => o.id)).toEqual([third]);
  });

  it("records a status once per change, matched by number, and writes one e-mail per new status", async () => {
    const sent: string[][] = [];
    const orders = createStoreOrders(t.store, {
      statusMail: (order, event) => ({ to: order.customer.email!, subject: `${order.number}: ${event.status}` }),
      onStatusMails: (ids) => sent.push(ids),
    });
    const id = await placeOrder(t, "1111-2222");
    expect(
      await orders.recordStatuses([{ number: " 1111-2222", status: "В работе" }, { number: "9999-0000" }]),
    ).toEqual({ unknown: ["9999-0000"] });
    await orders.recordStatuses([{ number: "1111-2222", status: "В работе" }]);
    await orders.recordStatuses([{ number: "1111-2222", status: "В работе", paidAt: "2026-12-08" }]);
    await orders.recordStatuses([{ number: "1111-2222", status: "Отгружен", shipmentNumber: "ОТ-7" }]);
    await orders.recordStatuses([{ number: "1111-2222", status: "Отгружен", shipmentNumber: "ОТ-7" }]);

    const found = await findOrder(t.store, "1111-2222", "8 913 000 11 22");
    expect(found?.status).toBe("Отгружен");
    expect(found?.history.map((e) => [e.status, e.paidAt, e.shipmentNumber])).toEqual([
      ["В работе", undefined, undefined],
      ["В работе", "2026-12-08", undefined],
      ["Отгружен", undefined, "ОТ-7"],
    ]);
    expect((await orders.unconfirmed()).find((o) => o.id === id)?.status).toBe("Отгружен");
    const mails = await t.store.db.selectFrom("mails").selectAll().orderBy("created_at").execute();
    expect(mails.map((m) => [m.order_id, JSON.parse(m.message).subject])).toEqual([
      [id, "1111-2222: В работе"],
      [id, "1111-2222: Отгружен"],
    ]);
    expect(sent).toEqual([[mails[0].id], [mails[1].id]]);
  });

  it("matches a status by the site's id first, then by the number 1C writes back, never to another order", async () => {
    const orders = createStoreOrders(t.store);
    const first = await placeOrder(t, "4821-0937");
    const second = await placeOrder(t, "1482-1093");
    const statusOf = async (number: string) => (await findOrder(t.store, number, PHONE))?.status;
    // 1C's number with its prefix and zeros, spaces around.
    expect(await orders.recordStatuses([{ number: " ЦБ-004821-0937 ", status: "В работе" }])).toEqual({ unknown: [] });
    expect([await statusOf("4821-0937"), await statusOf("1482-1093")]).toEqual(["В работе", "Принят"]);
    // The id the query gave wins over a number that names another order; a document with the id alone is enough.
    await orders.recordStatuses([{ number: "4821-0937", onecId: `{${second.toUpperCase()}}`, status: "Собран" }]);
    await orders.recordStatuses([{ number: "", onecId: first, status: "Отгружен" }]);
    expect([await statusOf("4821-0937"), await statusOf("1482-1093")]).toEqual(["Отгружен", "Собран"]);
    // Digits before the number may be another number: not matched, reported unknown.
    const onecOwn = crypto.randomUUID();
    expect(
      await orders.recordStatuses([
        { number: "14821-0937", onecId: onecOwn, status: "Отменён" },
        { number: "4821-0937/1", status: "Отменён" },
      ]),
    ).toEqual({ unknown: ["14821-0937", "4821-0937/1"] });
    expect([await statusOf("4821-0937"), await statusOf("1482-1093")]).toEqual(["Отгружен", "Собран"]);
  });

  it("writes no e-mail for an order without an address, finds an order only by its number and phone together", async () => {
    const orders = createStoreOrders(t.store, {
      statusMail: (order) => (order.customer.email ? { to: order.customer.email } : undefined),
    });
    await placeOrder(t, "1111-2222", { email: "" });
    await orders.recordStatuses([{ number: "1111-2222", status: "В работе" }]);
    expect(await t.store.db.selectFrom("mails").selectAll().execute()).toEqual([]);
    expect((await findOrder(t.store, "1111-2222", PHONE))?.order.number).toBe("1111-2222");
    expect(await findOrder(t.store, "1111-2222", "+7 (913) 000-11-23")).toBeUndefined();
    expect(await findOrder(t.store, "1111-2223", PHONE)).toBeUndefined();
  });

  it("gives a status e-mail to the retry whatever its order's notify state, a confirmation only once delivered", async () => {
    const orders = createStoreOrders(t.store, { statusMail: (order) => ({ to: order.customer.email! }) });
    const id = await placeOrder(t, "1111-2222");
    await t.store.db.updateTable("leads").set({ status: "undelivered" }).execute();
    await t.store.db
      .insertInto("mails")
      .values({
        id,
        created_at: new Date().toISOString(),
        status: "pending",
        attempts: "[]",
        attempt_count: 0,
        due_at: new Date().toISOString(),
        message: "{}",
      })
      .execute();
    await orders.recordStatuses([{ number: "1111-2222", status: "В работе" }]);
    const claimed = await claimDue(t.store, "mails", { ttlMs: 30_000, now: Date.now() + 1000 });
    expect(claimed.map((m) => m.order_id)).toEqual([id]);
  });

  it("prunes an order's statuses and status e-mails with it", async () => {
    const orders = createStoreOrders(t.store, { statusMail: (order) => ({ to: order.customer.email! }) });
    await placeOrder(t, "1111-2222", { at: Date.now() - 400 * 24 * 3600_000 });
    await orders.recordStatuses([{ number: "1111-2222", status: "В работе" }]);
    await t.store.db.updateTable("mails").set({ status: "delivered", due_at: null }).execute();
    await t.store.db.updateTable("leads").set({ status: "delivered", due_at: null }).execute();
    await prune(t.store, { LEAD_RETENTION_DAYS: 30, ORDER_RETENTION_DAYS: 365 });
    expect(await t.store.db.selectFrom("order_statuses").selectAll().execute()).toEqual([]);
    expect(await t.store.db.selectFrom("mails").selectAll().execute()).toEqual([]);
    expect(await t.store.db.selectFrom("orders").selectAll().execute()).toEqual([]);
  });
});
