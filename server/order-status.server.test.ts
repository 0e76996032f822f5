/**
 * /order-status's look-up: the number and the phone together or 'Заказ не найден' whichever half
 * is wrong, the visitor's limit counted per look-up (a form sent half empty is not counted).
 */
import { ORDER_NOT_FOUND, ORDER_STATUS_INCOMPLETE, ORDER_STATUS_RATE_LIMITED } from "~/lib/order-status";
import { freshStore, placeOrder, type TestStore } from "../test/stores";
import { lookUpOrder } from "./order-status.server";
import { createVisitorLimit } from "./rate-limit.server";
import { createStoreOrders } from "./store/order-statuses.server";

let t: TestStore;
beforeEach(async () => {
  t = await freshStore("sqlite");
  await placeOrder(t.store, "4821-0937", {
    phone: "+7(913)000-11-22",
    email: "",
    data: {
      lines: [{ id: "p-1", slug: "filtr", name: "Фильтр", article: "A-1", price: 100, amount: 2 }],
      total: 200,
      delivery: { label: "Самовывоз", cost: 0 },
    },
  });
});
afterEach(() => t.drop());

const form = (number: string, phone: string) => {
  const data = new FormData();
  data.set("number", number);
  data.set("phone", phone);
  return data;
};

describe("lookUpOrder", () => {
  it("finds the order by its number (with or without the dash) and phone, 'Принят' before 1C says more", async () => {
    const services = { store: t.store, orderStatusLimit: createVisitorLimit({ limit: 10, windowMs: 60_000 }) };
    for (const number of ["4821-0937", " 48210937 "]) {
      const answer = await lookUpOrder(services, form(number, "8 (913) 000-11-22"), "198.51.100.1");
      expect(answer.ok && [answer.order.number, answer.order.status, answer.order.total]).toEqual([
        "4821-0937",
        "Принят",
        200,
      ]);
    }
    await createStoreOrders(t.store).recordStatuses([{ number: "4821-0937", status: "Оплачен" }]);
    const answer = await lookUpOrder(services, form("4821-0937", "+7 (913) 000-11-22"), "198.51.100.1");
    expect(answer.ok && answer.order.history.map((e) => e.status)).toEqual(["Оплачен"]);
  });

  it("answers a wrong phone as a wrong number, and a half-empty form with what to fill", async () => {
    const services = { store: t.store, orderStatusLimit: createVisitorLimit({ limit: 10, windowMs: 60_000 }) };
    const wrongPhone = await lookUpOrder(services, form("4821-0937", "+7 (913) 000-11-23"), "198.51.100.1");
    const wrongNumber = await lookUpOrder(services, form("4821-0938", "+7 (913) 000-11-22"), "198.51.100.1");
    expect(wrongPhone).toEqual({ ok: false, number: "4821-0937", error: ORDER_NOT_FOUND, status: 404 });
    expect({ ...wrongNumber, number: "" }).toEqual({ ...wrongPhone, number: "" });
    expect(await lookUpOrder(services, form("", "+7 (913) 000-11-22"), "198.51.100.1")).toMatchObject({
      error: ORDER_STATUS_INCOMPLETE,
    });
  });

  it("refuses a visitor over the limit, not another one", async () => {
    const services = { store: t.store, orderStatusLimit: createVisitorLimit({ limit: 2, windowMs: 60_000 }) };
    const ask = (ip: string) => lookUpOrder(services, form("4821-0937", "+7 (913) 000-11-99"), ip);
    expect((await ask("198.51.100.1")).ok).toBe(false);
    expect(await ask("198.51.100.1")).toMatchObject({ error: ORDER_NOT_FOUND });
    expect(await ask("198.51.100.1")).toMatchObject({ error: ORDER_STATUS_RATE_LIMITED, status: 429 });
    expect(await ask("198.51.100.2")).toMatchObject({ error: ORDER_NOT_FOUND });
  });
});
