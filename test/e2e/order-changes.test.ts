/**
 * An order whose parts change while the customer fills the form: the catalogue refreshes from
 * the parts API (a local fake) with a new price for one part and less stock of another. The
 * order is not taken at prices the customer never saw: the form comes back with the summary as
 * it is now and everything typed, and the next 'Оформить заказ' places it at the new figures.
 */
import http from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatRub } from "~/lib/format";
import { ORDER_SOLD_OUT, ORDER_UNAVAILABLE } from "~/lib/cart";
import { ORDER_CHANGED } from "~/lib/lead-schemas";
import { generateParts } from "~server/demo-catalogue.server";
import { listenOnLoopback } from "../server-process";
import { fakeNotifyForFile, MODES, openPage, ready, serverAndBrowser, typeKeys } from "./harness";

const groups = generateParts(40);
const all = groups.flatMap((g) => g.parts);
const repriced = all.find((p) => p.balance >= 2 && p.price < 4000)!;
const scarce = all.find((p) => p !== repriced && p.balance >= 3 && p.price < 4000)!;
const original = { price: repriced.price, balance: scarce.balance, repricedBalance: repriced.balance };

let partsApi: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  // Each answer is the catalogue as the test has it now.
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(groups));
  });
  partsApi = await listenOnLoopback(server);
});
afterAll(() => partsApi?.close());

const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "order-changes-key",
  PARTS_API_URL: partsApi.url,
  PARTS_CACHE_TTL_SECONDS: "1",
}));

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

/** Waits until the site's catalogue shows `price` on the part's page (a refresh runs behind a request). */
async function siteShows(price: number | "Цена по запросу") {
  const text = price === "Цена по запросу" ? price : plain(formatRub(price));
  await expect
    .poll(async () => plain(await (await fetch(`${suite.server.url}/catalog/parts/${repriced.slug}`)).text()), {
      timeout: 15_000,
      interval: 300,
    })
    .toContain(text);
}

beforeEach(async () => {
  repriced.price = original.price;
  scarce.balance = original.balance;
  repriced.balance = original.repricedBalance;
  await siteShows(original.price);
});

const summaryTotal = (page: Page) =>
  page.locator(".order__summary .order__total strong:visible").textContent().then(plain);

describe.each(MODES)("an order changed while it was filled in, $name", ({ javaScriptEnabled }) => {
  it("comes back with the new summary and what was typed, then is placed at the figures shown", async () => {
    const alerts: string[] = [];
    const { page, errors } = await openPage(suite, "/make-order", {
      javaScriptEnabled,
      init: async (page, context) => {
        page.on("dialog", async (dialog) => {
          alerts.push(dialog.message());
          await dialog.dismiss();
        });
        await context.addCookies([{ name: "cart", value: `${repriced.id}.1~${scarce.id}.3`, url: suite.server.url }]);
      },
    });
    const form = page.locator("form.order__form");
    await expect(summaryTotal(page)).resolves.toBe(plain(formatRub(repriced.price + 3 * scarce.price)));
    await typeKeys(form.getByLabel("ФИО"), "Соколова Анна");
    await typeKeys(form.getByLabel("Телефон"), "89123456789");
    await typeKeys(form.getByLabel("Комментарий"), "VIN LFWSRXRJ0H1A00001");
    await form.getByLabel("согласие на обработку персональных данных", { exact: false }).check();

    // Meanwhile the parts API raises one price and sells two of the other part.
    repriced.price += 1000;
    scarce.balance = 1;
    await siteShows(repriced.price);

    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await form.getByText(ORDER_CHANGED).waitFor();
    if (javaScriptEnabled) await expect.poll(() => alerts).toEqual([ORDER_CHANGED]);
    expect(new URL(page.url()).pathname).toBe("/make-order");
    expect(notify.received).toHaveLength(0);
    // The summary as it is now, and the form as it was typed.
    const newTotal = repriced.price + scarce.price;
    await expect.poll(() => summaryTotal(page)).toBe(plain(formatRub(newTotal)));
    await expect(page.locator(".order__lines li").nth(1).textContent().then(plain)).resolves.toContain(
      `1 × ${plain(formatRub(scarce.price))}`,
    );
    await expect(form.getByLabel("ФИО").inputValue()).resolves.toBe("Соколова Анна");
    await expect(form.getByLabel("Комментарий").inputValue()).resolves.toBe("VIN LFWSRXRJ0H1A00001");

    // Seen and agreed (the consent box as it was left): the order is placed with the figures the summary showed.
    const consent = form.getByLabel("согласие на обработку персональных данных", { exact: false });
    await expect(consent.isChecked()).resolves.toBe(true);
    await ready(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    expect(notify.received).toHaveLength(1);
    const fields = Object.fromEntries(notify.received[0].json!.fields.map((f) => [f.key, plain(f.value)]));
    expect(fields.total).toBe(plain(formatRub(newTotal)));
    expect(fields.goods).toContain(`${scarce.slug} `);
    expect(fields.goods).toContain(`— 1 шт., артикул ${scarce.article || "-"}, ${plain(formatRub(scarce.price))}`);
    expect(fields.goods).toContain(`— 1 шт., артикул ${repriced.article || "-"}, ${plain(formatRub(repriced.price))}`);
    // The browser's own line for the refused post is the console's only one.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 409 (Conflict)"]);
  });

  it.each([
    {
      change: "sold out",
      notice: ORDER_SOLD_OUT,
      reason: "нет в наличии",
      // The last ones sold; a refresh of the catalogue with a new price shows the site has it.
      apply: () => {
        repriced.balance = 0;
        repriced.price += 1;
        return siteShows(repriced.price);
      },
    },
    {
      change: "withdrew its price",
      notice: ORDER_UNAVAILABLE,
      reason: "цена по запросу, уточните её у менеджера",
      apply: () => {
        repriced.price = 0;
        return siteShows("Цена по запросу");
      },
    },
  ])(
    "tells on the cart, and why, when every part of it $change meanwhile, sending nothing",
    async ({ notice, reason, apply }) => {
      const { page } = await openPage(suite, "/make-order", {
        javaScriptEnabled,
        init: async (page, context) => {
          page.on("dialog", (dialog) => dialog.dismiss());
          await context.addCookies([{ name: "cart", value: `${repriced.id}.1`, url: suite.server.url }]);
        },
      });
      const form = page.locator("form.order__form");
      await typeKeys(form.getByLabel("ФИО"), "Соколова Анна");
      await typeKeys(form.getByLabel("Телефон"), "89123456789");
      await form.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
      await apply();
      await page.getByRole("button", { name: "Оформить заказ" }).click();
      await page.getByRole("alert").filter({ hasText: notice }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/cart");
      await expect(page.getByText("Корзина пуста").isVisible()).resolves.toBe(true);
      // The part stays in the cart, and the cart says why it cannot be bought now.
      await expect(page.getByTestId("unavailable-parts").locator("li").allTextContents()).resolves.toEqual([
        `${repriced.fullName || repriced.name} — ${reason}`,
      ]);
      expect(notify.received).toHaveLength(0);
    },
  );
});
