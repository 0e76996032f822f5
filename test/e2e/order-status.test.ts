/**
 * An order placed in a browser reaches 1C through the exchange and its status comes back: 1C's
 * query lists the order once, not again after `success`, again without it; a status 1C sends
 * (twice) shows at /order-status, found by the number and the phone typed as a customer does, and
 * reaches the customer by e-mail once. A wrong phone says only that no such order is known.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { encodeXml, statusesXml } from "../commerceml";
import { Fake1C, httpTransport } from "../fake-1c";
import { startFakeSmtp, type FakeSmtp } from "../fake-smtp";
import { leadsIn, statusMailsIn } from "../store-reader";
import { axeViolations, clearByKeys, MODES, openPage, serverAndBrowser, typeKeys } from "./harness";

const parts = generateParts(360).flatMap((g) => g.parts);
const part = parts.find((p) => p.price > 0 && p.balance >= 2)!;
const credentials = { user: "site-exchange", password: "order-status-1c" };

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp?.stop());

const suite = serverAndBrowser(() => ({
  ONEC_EXCHANGE_USER: credentials.user,
  ONEC_EXCHANGE_PASSWORD: credentials.password,
  SMTP_URL: smtp.url,
  MAIL_FROM: "Запчасти <shop@dealer.example>",
  LEAD_RATE_LIMIT: "0",
}));

/** How many documents of the orders XML carry this number. */
const listed = (xml: Buffer, number: string) => xml.toString("utf8").split(`<Номер>${number}</Номер>`).length - 1;

async function until<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(MODES)("an order's status from 1C $name", ({ javaScriptEnabled }) => {
  it("goes to 1C until confirmed, and its status shows at /order-status and comes by e-mail once", async () => {
    const mobile = !javaScriptEnabled;
    const phone = javaScriptEnabled ? "9135551234" : "+7 (913) 555-12-34";
    const { page } = await openPage(suite, "/make-order", {
      javaScriptEnabled,
      mobile,
      init: (_page, context) => context.addCookies([{ name: "cart", value: `${part.id}.2`, url: suite.server.url }]),
    });
    const form = page.locator("form.order__form");
    await typeKeys(form.getByLabel("ФИО"), "Соколова Анна");
    await typeKeys(form.getByLabel("Телефон"), phone);
    await typeKeys(form.getByLabel("Email"), "anna@buyer.example");
    await form.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    const number = (await page.getByTestId("order-number").textContent())!;

    const onec = new Fake1C(httpTransport(suite.server.url), credentials);
    await onec.checkauth("sale");
    await onec.init("sale");
    expect(listed(await onec.query(), number)).toBe(1);
    // No success: 1C did not get it, so it is offered again.
    expect(listed(await onec.query(), number)).toBe(1);
    expect(await onec.success()).toBe("success");
    expect(listed(await onec.query(), number)).toBe(0);

    // 1C sends the status, and the same again at its next exchange.
    const statuses = encodeXml(statusesXml([{ number, status: "Собран", shipmentNumber: "ОТГ-17" }]), "utf-8");
    expect(await onec.sendStatuses(statuses)).toEqual(["success"]);
    expect(await onec.sendStatuses(statuses, "orders-2.xml")).toEqual(["success"]);

    await page.getByRole("link", { name: "Статус заказа" }).click();
    await page.getByRole("heading", { level: 1, name: "Статус заказа" }).waitFor();
    if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    expect(await page.getByLabel("Номер заказа").inputValue()).toBe(number);
    await typeKeys(page.getByLabel("Телефон"), phone);
    await page.getByRole("button", { name: "Показать статус" }).click();
    await page.getByTestId("order-status").waitFor();
    expect(await page.getByTestId("order-status-current").textContent()).toBe("Собран");
    expect(await page.getByTestId("order-status-history").textContent()).toContain("Собран, номер отгрузки ОТГ-17");
    expect(await page.getByTestId("order-status").textContent()).toContain(part.name);
    expect(page.url()).not.toContain("9135551234");
    // axe runs in the page: with JavaScript only.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    const subject = `Заказ № ${number}: Собран`;
    const mail = await until(() => smtp.received.find((m) => m.subject === subject));
    expect(mail.text).toContain(`/order-status?number=${number}`);
    // Each file's e-mails are written before 1C is answered: one status, one e-mail in the store, sent once.
    const orderId = leadsIn(suite.server.dataDir).find((l) => l.order?.number === number)!.id;
    const written = await until(() => {
      const mails = statusMailsIn(suite.server.dataDir, orderId);
      return mails.every((m) => m.status === "delivered") ? mails : undefined;
    });
    expect(written.map((m) => m.message.subject)).toEqual([subject]);
    expect(smtp.received.filter((m) => m.subject?.startsWith(`Заказ № ${number}:`))).toHaveLength(1);

    // The number right, the phone another: the same answer as an unknown number.
    expect(await page.getByLabel("Номер заказа").inputValue()).toBe(number);
    await clearByKeys(page.getByLabel("Телефон"));
    await typeKeys(page.getByLabel("Телефон"), javaScriptEnabled ? "9135551235" : "89135551235");
    await page.getByRole("button", { name: "Показать статус" }).click();
    await page.getByTestId("order-status-error").waitFor();
    expect(await page.getByTestId("order-status-error").textContent()).toBe("Заказ не найден");
    expect(await page.getByTestId("order-status").count()).toBe(0);
  });
});
