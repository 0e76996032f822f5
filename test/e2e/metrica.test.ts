import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { fakeNotifyForFile, MODES, openPage, ready, serverAndBrowser, settled } from "./harness";

const COUNTER = "98765432";
const notify = fakeNotifyForFile();
const counted = serverAndBrowser(() => ({
  YANDEX_METRICA_ID: COUNTER,
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "e2e-metrica-key",
}));
const uncounted = serverAndBrowser();

const part = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance >= 2)!;

/** Metrica is out of reach from the test machine: its hosts answer here, and every request to them is noted. */
async function fakeMetrica(page: Page, requests: string[]) {
  await page.route(/^https:\/\/mc\.yandex\.(ru|com)\//, (route) => {
    requests.push(route.request().url());
    const script = route.request().resourceType() === "script";
    return route.fulfill(
      script
        ? { contentType: "text/javascript", body: "window.metricaTagLoaded = true;" }
        : { contentType: "image/gif", body: "" },
    );
  });
}

/** The calls made on the counter so far: the tag (a stand-in here) leaves them in ym's queue. */
function counterCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { ym?: { a?: unknown[][] } }).ym?.a ?? []);
}

async function accept(page: Page) {
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Принять" }).click();
  await page.getByTestId("cookie-banner").waitFor({ state: "detached" });
}

describe("Yandex Metrica with a counter, with JavaScript", () => {
  it("loads nothing before the cookie banner is accepted, then the tag with the dataLayer e-commerce, and reaches the lead goal", async () => {
    const requests: string[] = [];
    const { page } = await openPage(counted, `/catalog/parts/${part.slug}`, {
      javaScriptEnabled: true,
      init: (p) => fakeMetrica(p, requests),
    });
    await settled(page, true);
    expect(requests).toEqual([]);
    await expect(page.evaluate(() => "ym" in window)).resolves.toBe(false);

    await accept(page);
    await expect.poll(() => requests).toEqual(["https://mc.yandex.ru/metrika/tag.js"]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { metricaTagLoaded?: boolean }).metricaTagLoaded))
      .toBe(true);
    const [init] = await counterCalls(page);
    expect(init).toEqual([Number(COUNTER), "init", expect.objectContaining({ ecommerce: "dataLayer" })]);

    // The cart's events wait in window.dataLayer, where the tag reads them.
    await page.getByRole("button", { name: "Купить" }).first().click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          ((window as unknown as { dataLayer: { ecommerce: object }[] }).dataLayer ?? []).map(
            (e) => Object.keys(e.ecommerce).filter((k) => k !== "currencyCode")[0],
          ),
        ),
      )
      .toEqual(["detail", "add"]);

    // On to the home page in place, and its callback form.
    await page.getByRole("navigation", { name: "Хлебные крошки" }).getByRole("link", { name: "Главная" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.locator(".hero").getByRole("link", { name: "Оставить заявку" }).click();
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    await dialog.getByLabel("ФИО").fill("Сидоров Сидор");
    await dialog.getByLabel("Телефон").fill("9123456789");
    await dialog.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await dialog.getByRole("button", { name: "Отправить" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    await expect.poll(() => counterCalls(page)).toContainEqual([Number(COUNTER), "reachGoal", "lead_sent"]);
    // Pages opened in place are counted as hits; the tag is requested once.
    expect(
      (await counterCalls(page)).some(
        (call) => call[1] === "hit" && String(call[2]).endsWith("/form-success?fromUrl=%2F"),
      ),
    ).toBe(true);
    expect(requests.filter((u) => u.endsWith("/tag.js"))).toHaveLength(1);
  });

  it("starts on the first page for a visitor who accepted earlier, and reaches the order goal", async () => {
    const requests: string[] = [];
    const { page } = await openPage(counted, `/catalog/parts/${part.slug}`, {
      javaScriptEnabled: true,
      init: (p) => fakeMetrica(p, requests),
    });
    await accept(page);
    await page.getByRole("button", { name: "Купить" }).first().click();
    await page.goto("/make-order");
    await ready(page, true);
    await expect.poll(() => requests.filter((u) => u.endsWith("/tag.js")).length).toBe(2);
    await page.getByLabel("ФИО").fill("Кузнецов Алексей");
    await page.getByLabel("Телефон").fill("9234567890");
    await page.getByLabel("Email").fill("alex@example.ru");
    await page.getByLabel(/^Город/).fill("Красноярск");
    await page.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    await expect.poll(() => counterCalls(page)).toContainEqual([Number(COUNTER), "reachGoal", "order_sent"]);
    const purchases = await page.evaluate(() =>
      (window as unknown as { dataLayer: { ecommerce: { purchase?: unknown } }[] }).dataLayer.filter(
        (e) => e.ecommerce.purchase,
      ),
    );
    expect(purchases).toHaveLength(1);
  });
});

describe("Yandex Metrica with a counter, without JavaScript", () => {
  it("sends nothing before the banner is accepted, and the counter's pixel after", async () => {
    const requests: string[] = [];
    const { page } = await openPage(counted, "/leasing", {
      javaScriptEnabled: false,
      init: (p) => fakeMetrica(p, requests),
    });
    expect(requests).toEqual([]);
    await accept(page);
    expect(new URL(page.url()).pathname).toBe("/leasing");
    await expect.poll(() => requests).toEqual([`https://mc.yandex.ru/watch/${COUNTER}`]);
  });
});

describe("Yandex Metrica's hosts in the CSP", () => {
  it("are allowed only when a counter is set", async () => {
    const withCounter = (await fetch(counted.server.url + "/")).headers.get("content-security-policy")!;
    expect(withCounter).toMatch(/script-src [^;]*https:\/\/mc\.yandex\.ru/);
    expect(withCounter).toMatch(/connect-src [^;]*https:\/\/mc\.yandex\.ru/);
    const without = (await fetch(uncounted.server.url + "/")).headers.get("content-security-policy")!;
    expect(without).not.toContain("mc.yandex");
  });
});

describe("the privacy policy's analytics section", () => {
  it("names Yandex Metrica only when a counter is set, and says no analytics is used otherwise", async () => {
    const section = async (url: string) => {
      const html = await (await fetch(`${url}/privacy`)).text();
      return /data-testid="policy-analytics">([^<]*)</.exec(html)?.[1] ?? "";
    };
    expect(await section(counted.server.url)).toContain("Яндекс Метрика");
    const without = await section(uncounted.server.url);
    expect(without).toContain("Сервисов веб-аналитики сайт не использует");
    expect(without).not.toContain("Метрика");
  });
});

describe.each(MODES)("without a counter $name", ({ javaScriptEnabled }) => {
  it("loads no tag and no pixel, before or after the banner is accepted", async () => {
    const requests: string[] = [];
    const { page } = await openPage(uncounted, "/", { javaScriptEnabled, init: (p) => fakeMetrica(p, requests) });
    await accept(page);
    await page.goto("/form-success");
    await ready(page, javaScriptEnabled);
    await settled(page, javaScriptEnabled);
    expect(requests).toEqual([]);
    if (javaScriptEnabled) await expect(page.evaluate(() => "ym" in window)).resolves.toBe(false);
  });
});
