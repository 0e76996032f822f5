/**
 * The checkout as one form, with and without JavaScript: the delivery method and where the order
 * goes are sent with 'Оформить заказ' itself; the fields each method asks for; the invoice's
 * ИНН; a recalculation without JavaScript that keeps everything typed and is not counted by the
 * lead limit; /order-success opened without an order.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DELIVERY } from "~/content";
import { CARRIERS, OTHER_CARRIER } from "~/lib/delivery";
import { RATE_LIMITED_MESSAGE } from "~/lib/lead-forms";
import { MESSAGES } from "~/lib/lead-schemas";
import { generateParts } from "~server/demo-catalogue.server";
import { blankPage, fakeNotifyForFile, MODES, openPage, ready, serverAndBrowser, typeKeys } from "./harness";

const parts = generateParts(360).flatMap((g) => g.parts);
const cheap = parts.find((p) => p.price < 2000 && p.balance >= 2)!;

const notify = fakeNotifyForFile();
// Each test posts from its own address (X-Forwarded-For behind a trusted loopback proxy), at most
// twice, so the small limit here is met only where a test means to meet it.
const suite = serverAndBrowser(() => ({
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "checkout-key",
  TRUST_PROXY: "loopback",
  LEAD_RATE_LIMIT: "2",
}));

let visitor = 0;
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();
const rub = (n: number) => plain(`${new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 }).format(n)} ₽`);

/** What the dealer's content charges for a method on goods of `sum` (spec §9: 300 ₽ each, free from 5 000 ₽). */
const deliveryCost = (method: "courier" | "transport", sum: number) =>
  sum >= DELIVERY.freeFrom ? 0 : method === "courier" ? DELIVERY.courierPrice : DELIVERY.transportCompanyPrice;
/** A delivery cost as the summary writes it. */
const costText = (cost: number) => (cost ? rub(cost) : "бесплатно");
const courier = deliveryCost("courier", cheap.price);

/** /make-order for a new visitor whose cart holds `amount` of the cheap part, on a phone or a desktop. */
async function checkout(javaScriptEnabled: boolean, mobile = false, amount = 1) {
  const ip = `203.0.113.${++visitor}`;
  return openPage(suite, "/make-order", {
    javaScriptEnabled,
    mobile,
    init: async (page, context) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
      await context.addCookies([{ name: "cart", value: `${cheap.id}.${amount}`, url: suite.server.url }]);
    },
  });
}

const form = (page: Page) => page.locator("form.order__form");

/** Name, phone and consent, typed and ticked as a person does. */
async function contact(page: Page) {
  await typeKeys(form(page).getByLabel("ФИО"), "Соколова Анна");
  await typeKeys(form(page).getByLabel("Телефон"), "89123456789");
  await form(page).getByLabel("согласие на обработку персональных данных", { exact: false }).check();
}

async function order(page: Page) {
  await page.getByRole("button", { name: "Оформить заказ" }).click();
  await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
}

const sentFields = (index = 0) =>
  Object.fromEntries(notify.received[index].json!.fields.map((f) => [f.key, plain(f.value)]));
const sentKeys = (index = 0) => notify.received[index].json!.fields.map((f) => f.key);

const BASE_KEYS = ["name", "phone", "inn", "email", "city", "invoice", "goods", "delivery"];
const TAIL_KEYS = ["comment", "total", "order"];

/** The messages a refused form shows: beside the fields, and without JavaScript also listed at the top. */
async function expectMessages(page: Page, messages: string[], javaScriptEnabled: boolean) {
  for (const message of messages) await form(page).locator(".field__error", { hasText: message }).waitFor();
  if (javaScriptEnabled) return;
  const summary = form(page).getByTestId("form-errors");
  for (const message of messages) {
    const link = summary.getByRole("link", { name: message });
    // Each links to its field.
    const target = (await link.getAttribute("href"))!.slice(1);
    await expect(page.locator(`[id="${target}"]`).count()).resolves.toBe(1);
  }
  // Where the page opens: at the top of the form, on the first screen.
  const box = (await summary.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height);
}

const value = (field: Locator) => field.inputValue();

describe.each(MODES)("checkout $name", ({ javaScriptEnabled }) => {
  it("sends the courier chosen and the order pressed at once with the address, and shows both after (390 px)", async () => {
    const { page, errors } = await checkout(javaScriptEnabled, true);
    await page.getByRole("radio", { name: /^Курьер по городу/ }).check();
    await contact(page);
    await typeKeys(form(page).getByLabel("Адрес доставки"), "ул. Ленина, 12, кв. 3");
    // On a phone the goods, the delivery and the total come before the button.
    const button = page.getByRole("button", { name: "Оформить заказ" });
    const recapBox = (await form(page).locator(".order__recap").boundingBox())!;
    expect(recapBox.y + recapBox.height).toBeLessThanOrEqual((await button.boundingBox())!.y);
    // The chosen method's cost and the total with it, before any recalculation, with or without JavaScript.
    const recap = form(page).locator(".order__recap");
    await expect(recap.getByText("Товары, 1 шт.").isVisible()).resolves.toBe(true);
    await expect(recap.getByText("Курьер по городу", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(recap.getByText("Самовывоз", { exact: true }).isVisible()).resolves.toBe(false);
    const total = rub(cheap.price + courier);
    await expect(recap.locator(".order__recap-total dd:visible").textContent().then(plain)).resolves.toBe(total);
    const summary = page.locator(".order__summary");
    await expect(summary.locator(".order__sums dd:visible").last().textContent().then(plain)).resolves.toBe(
      costText(courier),
    );
    await expect(summary.locator(".order__total strong:visible").textContent().then(plain)).resolves.toBe(total);
    await order(page);

    expect(notify.received).toHaveLength(1);
    expect(sentKeys()).toEqual([...BASE_KEYS, "address", ...TAIL_KEYS]);
    expect(sentFields()).toMatchObject({
      name: "Соколова Анна",
      phone: "+7(912)345-67-89",
      delivery: `Курьер по городу, ${costText(courier)}`,
      address: "ул. Ленина, 12, кв. 3",
    });
    await expect(page.getByTestId("order-delivery").textContent().then(plain)).resolves.toBe(
      `Курьер по городу: ${costText(courier)}`,
    );
    await expect(page.getByTestId("order-address").textContent()).resolves.toBe(
      "Адрес доставки: ул. Ленина, 12, кв. 3",
    );
    expect(errors).toEqual([]);
  });

  it("sends a listed transport company with the city, asking for both first (1366 px)", async () => {
    const { page } = await checkout(javaScriptEnabled);
    await page.getByRole("radio", { name: /^До транспортной компании/ }).check();
    await contact(page);
    // Pressed without the company and the city: both are asked for, and nothing is sent.
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await expectMessages(page, [MESSAGES.carrier, MESSAGES.city], javaScriptEnabled);
    expect(notify.received).toHaveLength(0);
    // Without JavaScript the page came back with the method and what was typed.
    await expect(page.getByRole("radio", { name: /^До транспортной компании/ }).isChecked()).resolves.toBe(true);
    await expect(value(form(page).getByLabel("ФИО"))).resolves.toBe("Соколова Анна");
    if (!javaScriptEnabled)
      await form(page).getByLabel("согласие на обработку персональных данных", { exact: false }).check();

    await form(page).getByLabel("Транспортная компания").selectOption(CARRIERS[1]);
    await typeKeys(form(page).getByLabel(/^Город/), "Иркутск");
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    expect(sentKeys()).toEqual([...BASE_KEYS, "carrier", ...TAIL_KEYS]);
    expect(sentFields()).toMatchObject({
      city: "Иркутск",
      delivery: `До транспортной компании, ${costText(deliveryCost("transport", cheap.price))}`,
      carrier: CARRIERS[1],
    });
    await expect(page.getByTestId("order-carrier").textContent()).resolves.toBe(
      `Транспортная компания: ${CARRIERS[1]}, город получения: Иркутск`,
    );
  });

  it("sends another transport company by the name typed, which 'Другая' asks for", async () => {
    const { page } = await checkout(javaScriptEnabled);
    await page.getByRole("radio", { name: /^До транспортной компании/ }).check();
    await contact(page);
    await form(page).getByLabel("Транспортная компания").selectOption(OTHER_CARRIER);
    await typeKeys(form(page).getByLabel(/^Город/), "Абакан");
    const name = form(page).getByLabel("Название транспортной компании");
    // The field shows for 'Другая' with or without JavaScript.
    await expect(name.isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await expectMessages(page, [MESSAGES.carrierName], javaScriptEnabled);
    if (!javaScriptEnabled)
      await form(page).getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await typeKeys(form(page).getByLabel("Название транспортной компании"), "Энергия");
    await order(page);
    expect(sentFields()).toMatchObject({ carrier: "Энергия", city: "Абакан" });
  });

  it("asks for the address of a courier and for the ИНН and the company's name of an invoice, with their messages", async () => {
    const { page } = await checkout(javaScriptEnabled, true);
    await page.getByRole("radio", { name: /^Курьер по городу/ }).check();
    await contact(page);
    await typeKeys(form(page).getByLabel("Email"), "anna@example.ru");
    await typeKeys(form(page).getByLabel("Комментарий"), "После 14:00");
    await form(page).getByLabel("Нужен счёт на оплату для организации").check();
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await expectMessages(page, [MESSAGES.address, MESSAGES.invoiceInn, MESSAGES.invoiceCompany], javaScriptEnabled);
    expect(notify.received).toHaveLength(0);
    // Everything typed is still there.
    await expect(value(form(page).getByLabel("Email"))).resolves.toBe("anna@example.ru");
    await expect(value(form(page).getByLabel("Комментарий"))).resolves.toBe("После 14:00");
    await expect(value(form(page).getByLabel("Телефон"))).resolves.toBe(
      javaScriptEnabled ? "+7 (912) 345-67-89" : "89123456789",
    );
    await expect(form(page).getByLabel("Нужен счёт на оплату для организации").isChecked()).resolves.toBe(true);
    if (!javaScriptEnabled)
      await form(page).getByLabel("согласие на обработку персональных данных", { exact: false }).check();

    await typeKeys(form(page).getByLabel("Адрес доставки"), "пр. Мира, 1");
    await typeKeys(form(page).getByLabel("ИНН организации"), "2465123457");
    // A screen reader hears when the two are needed (their asterisk shows only once asked for).
    for (const name of [
      "ИНН организации (обязательно для счёта)",
      "Название организации или ИП (обязательно для счёта)",
    ])
      await expect(form(page).getByRole("textbox", { name, exact: true }).count()).resolves.toBe(1);
    await typeKeys(form(page).getByLabel("Название организации"), "ООО «Сибирь»");
    await order(page);
    expect(sentFields()).toMatchObject({
      inn: "2465123457",
      companyName: "ООО «Сибирь»",
      invoice: "Да",
      address: "пр. Мира, 1",
    });
  });

  it("shows 'Свежего заказа нет' on /order-success without an order, and leaves the cart as it was", async () => {
    const { page } = await openPage(suite, `/catalog/parts/${cheap.slug}`, { javaScriptEnabled });
    await page.getByTestId(`purchase-${cheap.id}`).first().getByRole("button", { name: "Купить" }).click();
    const header = page.getByTestId("header-cart");
    await expect.poll(() => header.textContent()).toBe("Корзина (1)");
    await page.goto("/order-success");
    await ready(page, javaScriptEnabled);
    await page.getByRole("heading", { level: 1, name: "Свежего заказа нет" }).waitFor();
    await expect(page.getByText("Номер заказа").count()).resolves.toBe(0);
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "Перейти в корзину" }).getAttribute("href")).resolves.toBe("/cart");
    await expect(main.getByRole("link", { name: "Каталог запчастей" }).getAttribute("href")).resolves.toBe(
      "/catalog/parts",
    );
    await expect(header.textContent()).resolves.toBe("Корзина (1)");
    await main.getByRole("link", { name: "Перейти в корзину" }).click();
    await page.waitForURL("**/cart");
    await ready(page, javaScriptEnabled);
    await page.getByTestId(`cart-line-${cheap.id}`).waitFor();
    await expect(page.getByText("Корзина пуста").count()).resolves.toBe(0);
    await expect(header.textContent()).resolves.toBe("Корзина (1)");
  });
});

describe.each(MODES)("checkout in a browser without :has() $name", ({ javaScriptEnabled }) => {
  /**
   * The page as such a browser has it: every style rule that needs :has(), and every block under
   * `@supports selector(:has(*))`, dropped. Without JavaScript the site's scripts are not loaded
   * (the test's own script still runs in the page, to drop the rules).
   */
  async function withoutHas(page: Page) {
    await page.evaluate(() => {
      const drop = (list: CSSRuleList, remove: (i: number) => void) => {
        for (let i = list.length - 1; i >= 0; i--) {
          const rule = list[i];
          if (rule instanceof CSSStyleRule && rule.selectorText.includes(":has(")) remove(i);
          else if (rule instanceof CSSSupportsRule && rule.conditionText.includes(":has(")) remove(i);
          else if (rule instanceof CSSGroupingRule) drop(rule.cssRules, (j) => rule.deleteRule(j));
        }
      };
      for (const sheet of document.styleSheets) drop(sheet.cssRules, (i) => sheet.deleteRule(i));
    });
  }

  it("still shows the courier's address and the transport company's fields", async () => {
    const { page } = await blankPage(suite, {
      javaScriptEnabled: true,
      init: async (p, context) => {
        await context.addCookies([{ name: "cart", value: `${cheap.id}.1`, url: suite.server.url }]);
        if (!javaScriptEnabled) await p.route("**/*.js", (route) => route.abort());
      },
    });
    await page.goto("/make-order");
    await ready(page, javaScriptEnabled);
    await withoutHas(page);
    await page.getByRole("radio", { name: /^Курьер по городу/ }).check();
    await expect(form(page).getByLabel("Адрес доставки").isVisible()).resolves.toBe(true);
    await page.getByRole("radio", { name: /^До транспортной компании/ }).check();
    await form(page).getByLabel("Транспортная компания").selectOption(OTHER_CARRIER);
    await expect(form(page).getByLabel("Название транспортной компании").isVisible()).resolves.toBe(true);
  });
});

describe.each(MODES)("checkout over the lead limit $name", ({ javaScriptEnabled }) => {
  it("refuses the order with the spec's message and keeps the form as it was: the courier, the address, everything typed", async () => {
    const { page } = await checkout(javaScriptEnabled);
    // Two call-back requests from the same address use up its limit (2 posts, leads and orders alike).
    for (let i = 0; i < 2; i++) {
      const lead = await fetch(`${suite.server.url}/lead/callback`, {
        method: "POST",
        body: new URLSearchParams({
          name: "Соколова Анна",
          phone: "+7 (912) 345-67-89",
          consent: "on",
          page: "/",
          comment: `Звонок ${i + 1}`,
        }),
        redirect: "manual",
        headers: { "X-Forwarded-For": `203.0.113.${visitor}` },
      });
      expect(lead.status).toBe(303);
    }
    await page.getByRole("radio", { name: /^Курьер по городу/ }).check();
    await contact(page);
    await typeKeys(form(page).getByLabel("Адрес доставки"), "ул. Ленина, 12");
    await typeKeys(form(page).getByLabel("Комментарий"), "Позвоните заранее");
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await form(page).getByText(RATE_LIMITED_MESSAGE).first().waitFor();
    await expect(page.getByRole("radio", { name: /^Курьер по городу/ }).isChecked()).resolves.toBe(true);
    await expect(value(form(page).getByLabel("Адрес доставки"))).resolves.toBe("ул. Ленина, 12");
    await expect(value(form(page).getByLabel("ФИО"))).resolves.toBe("Соколова Анна");
    await expect(value(form(page).getByLabel("Комментарий"))).resolves.toBe("Позвоните заранее");
    // The two call-backs only: the order was not sent.
    expect(notify.received).toHaveLength(2);
  });
});

describe("an order sent again", () => {
  /** A post of the order form with the key of one page's form, from one address. */
  async function orderForm(ip: string) {
    const headers = { "X-Forwarded-For": ip, Cookie: `cart=${cheap.id}.1` };
    const html = await (await fetch(`${suite.server.url}/make-order`, { headers })).text();
    const orderKey = /name="orderKey" value="([^"]+)"/.exec(html)![1];
    const seen = /name="seen" value="([^"]+)"/.exec(html)![1].replaceAll("&quot;", '"');
    return (name = "Соколова Анна") =>
      fetch(`${suite.server.url}/make-order`, {
        method: "POST",
        body: new URLSearchParams({ name, phone: "+7 (912) 345-67-89", consent: "on", orderKey, seen }),
        redirect: "manual",
        headers,
      });
  }

  it("once placed is that order again, sent and counted once: two at once, then more", async () => {
    const post = await orderForm(`203.0.113.${++visitor}`);
    notify.mode = "slow";
    notify.slowMs = 500;
    // Two at once (a double click without JavaScript): the second waits for the first's answer.
    const both = await Promise.all([post(), post()]);
    expect(both.map((res) => res.status)).toEqual([303, 303]);
    // The limit here is 2 posts: the first was counted, the ones after it are that order again.
    notify.mode = "ok";
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(303);
    expect(notify.received).toHaveLength(1);
  });

  it("after a failure is tried again at once, as corrected, and answered as placed only once it is delivered", async () => {
    const post = await orderForm(`203.0.113.${++visitor}`);
    notify.mode = "fail";
    expect((await post()).status).toBe(502);
    // Still failing: the same error, the order (corrected) kept for the retry under its key.
    expect((await post("Соколова Анна Петровна")).status).toBe(502);
    const keys = notify.received.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(sentFields(1)).toMatchObject({ name: "Соколова Анна Петровна" });
    // Both posts were counted (the limit here is 2): a third waits out the limit.
    expect((await post()).status).toBe(429);
  });
});

describe("checkout without JavaScript", () => {
  it("sends the order on Enter in a field, not the recalculation that comes first on the page", async () => {
    const { page } = await checkout(false);
    await page.getByRole("radio", { name: /^Курьер по городу/ }).check();
    await contact(page);
    await typeKeys(form(page).getByLabel("Адрес доставки"), "ул. Ленина, 12");
    await form(page).getByLabel("Адрес доставки").press("Enter");
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    expect(notify.received).toHaveLength(1);
    expect(sentFields()).toMatchObject({
      address: "ул. Ленина, 12",
      delivery: `Курьер по городу, ${costText(courier)}`,
    });
  });

  it("does not count an order sent back for its mistakes: the customer who fixes them still orders", async () => {
    const { page } = await checkout(false);
    await page.getByRole("radio", { name: /^Курьер по городу/ }).check();
    // Sent three times with mistakes (the limit here is 2 posts): nothing typed, then no address.
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await expectMessages(page, [MESSAGES.name, MESSAGES.phone], false);
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await expectMessages(page, [MESSAGES.name, MESSAGES.phone], false);
    await contact(page);
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await expectMessages(page, [MESSAGES.address], false);
    await form(page).getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await typeKeys(form(page).getByLabel("Адрес доставки"), "ул. Ленина, 12");
    await order(page);
    expect(notify.received).toHaveLength(1);
    expect(sentFields()).toMatchObject({ address: "ул. Ленина, 12" });
  });

  it("recalculates the summary for the method chosen, keeping every typed value, sending nothing and counting nothing", async () => {
    const { page } = await checkout(false, false, 2);
    await contact(page);
    await typeKeys(form(page).getByLabel("Email"), "anna@example.ru");
    await typeKeys(form(page).getByLabel("ИНН организации"), "246512345602");
    await typeKeys(form(page).getByLabel("Название организации"), "ИП Соколова Анна");
    await typeKeys(form(page).getByLabel("Комментарий"), "Позвоните заранее");
    await form(page).getByLabel("Нужен счёт на оплату для организации").check();
    const typed = {
      ФИО: "Соколова Анна",
      Email: "anna@example.ru",
      "ИНН организации": "246512345602",
      "Название организации": "ИП Соколова Анна",
    };
    // More recalculations than the limit (2 posts) allows: none of them counts.
    for (const [method, address, cost] of [
      ["Курьер по городу", "ул. Ленина, 1", deliveryCost("courier", cheap.price * 2)],
      ["До транспортной компании", "", deliveryCost("transport", cheap.price * 2)],
      ["Курьер по городу", "", deliveryCost("courier", cheap.price * 2)],
    ] as const) {
      await page.getByRole("radio", { name: new RegExp(`^${method}`) }).check();
      if (address) await typeKeys(form(page).getByLabel("Адрес доставки"), address);
      await page.getByRole("button", { name: "Пересчитать стоимость" }).click();
      await page.locator(".order__sums dt", { hasText: method }).waitFor();
      await expect(page.getByTestId("delivery-cost").textContent().then(plain)).resolves.toBe(costText(cost));
      await expect(page.getByTestId("order-summary-total").textContent().then(plain)).resolves.toBe(
        rub(cheap.price * 2 + cost),
      );
      for (const [label, text] of Object.entries(typed))
        await expect(value(form(page).getByLabel(label))).resolves.toBe(text);
      await expect(value(form(page).getByLabel("Телефон"))).resolves.toBe("89123456789");
      await expect(value(form(page).getByLabel("Комментарий"))).resolves.toBe("Позвоните заранее");
      await expect(value(form(page).getByLabel("Адрес доставки"))).resolves.toBe("ул. Ленина, 1");
      await expect(form(page).getByLabel("Нужен счёт на оплату для организации").isChecked()).resolves.toBe(true);
      await expect(
        form(page).getByLabel("согласие на обработку персональных данных", { exact: false }).isChecked(),
      ).resolves.toBe(true);
      await expect(page.getByRole("radio", { name: new RegExp(`^${method}`) }).isChecked()).resolves.toBe(true);
      // The form's data stays out of the address bar.
      expect(new URL(page.url()).searchParams.has("name")).toBe(false);
    }
    expect(notify.received).toHaveLength(0);
    await order(page);
    expect(sentFields()).toMatchObject({ address: "ул. Ленина, 1", comment: "Позвоните заранее", invoice: "Да" });
  });
});
