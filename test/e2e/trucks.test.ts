import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CONTENT } from "~/content";
import { fakeNotifyForFile, MODES, openPage, ready, serverAndBrowser, settled, typeKeys } from "./harness";

const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({ NOTIFY_API_URL: notify.url, NOTIFY_API_KEY: "trucks-key" }));

const J7 = "/catalog/trucks/tyagach/faw-j7-6x4-460";
/** Spec's availability as schema.org's. */
const SCHEMA_AVAILABILITY = {
  "В наличии": "https://schema.org/InStock",
  "В пути": "https://schema.org/PreOrder",
  "Под заказ": "https://schema.org/BackOrder",
};
const TOOLTIP = "Субсидия при покупке в лизинг, подробности у менеджера.";

/** The cookie banner is accepted, so it covers nothing at the bottom of the screen. */
const acceptCookies = (_: Page, context: BrowserContext) =>
  context.addCookies([{ name: "cookie_consent", value: "1", url: suite.server.url }]);

const open = (path: string, javaScriptEnabled: boolean, mobile = false) =>
  openPage(suite, path, { javaScriptEnabled, mobile, init: acceptCookies });

const cards = (page: Page) => page.getByTestId("truck-card");
const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
/** Waits for the page's h1 (a client-side navigation renders a moment after the URL changes). */
const waitForHeading = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector("h1")?.textContent === t, text);
/** Intl's ru-RU money format uses no-break spaces. */
const plain = (text: string | null) => (text ?? "").replace(/\s/g, " ");
const RUB = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 0 });

/** The offer of the page's Product JSON-LD. */
async function productOffer(page: Page): Promise<{ price?: number; availability?: string }> {
  const blocks = await page.locator("script[type='application/ld+json']").allTextContents();
  const product = blocks.map((text) => JSON.parse(text)).find((data) => data["@type"] === "Product");
  return product.offers;
}
const crumbs = (page: Page) => page.getByRole("navigation", { name: "Хлебные крошки" }).locator("li").allTextContents();

function titleOf(html: string): string {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
}

function descriptionOf(html: string): string {
  return /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
}

describe("truck pages over HTTP", () => {
  it.each([
    ["/catalog/trucks?type=bogus", "/catalog/trucks"],
    ["/catalog/trucks?type=bogus&utm_source=mail", "/catalog/trucks?utm_source=mail"],
    ["/catalog/trucks?utm_source=mail&type=%D1%82%D1%8F%D0%B3%D0%B0%D1%87", "/catalog/trucks?utm_source=mail"],
  ])("drops the unknown type from %s", async (from, to) => {
    const res = await fetch(suite.server.url + from, { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, suite.server.url);
    expect(location.pathname + location.search).toBe(to);
  });

  it("keeps a known or empty type", async () => {
    for (const path of ["/catalog/trucks?type=samosval", "/catalog/trucks?type=", "/catalog/trucks"]) {
      const res = await fetch(suite.server.url + path, { redirect: "manual" });
      expect(res.status, path).toBe(200);
    }
  });

  it.each([
    "/catalog/trucks/nope/faw-j7-6x4-460",
    "/catalog/trucks/tyagach/nope",
    // A real truck under the wrong category is unknown too.
    "/catalog/trucks/samosval/faw-j7-6x4-460",
  ])("redirects the unknown truck %s to /not-found", async (path) => {
    const res = await fetch(suite.server.url + path, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!, suite.server.url).pathname).toBe("/not-found");
  });

  it("sets a distinct title and description for each category", async () => {
    const pages = await Promise.all(
      ["", "?type=tyagach", "?type=spectehnika", "?type=samosval"].map(async (query) =>
        (await fetch(`${suite.server.url}/catalog/trucks${query}`)).text(),
      ),
    );
    const titles = pages.map(titleOf);
    const descriptions = pages.map(descriptionOf);
    expect(new Set(titles).size).toBe(4);
    expect(new Set(descriptions).size).toBe(4);
    expect(titles[1]).toContain("тягачи");
    expect(titles[2]).toContain("Спецтехника");
    expect(titles[3]).toContain("Самосвалы");
    for (const d of descriptions) expect(d.length).toBeGreaterThan(50);
  });

  it("gives each truck its own title and description", async () => {
    const html = await (await fetch(suite.server.url + J7)).text();
    expect(titleOf(html)).toContain("FAW J7 6x4 460 л.с.");
    expect(descriptionOf(html)).toContain("Флагманский магистральный тягач");
  });

  it("ships only the card data to the list, not the whole catalogue", async () => {
    const html = await (await fetch(`${suite.server.url}/catalog/trucks?type=samosval`)).text();
    expect(html).toContain("Самосвал FAW J6P 8x4");
    expect(html).not.toContain("FAW J7 6x4 460 л.с.");
    // Characteristics and descriptions stay on the suite.server.
    expect(html).not.toContain("Колесная база");
    expect(html).not.toContain("shortDescription");
  });

  it("renders the home hero poster as the largest paint, and no video in the HTML", async () => {
    const html = await (await fetch(`${suite.server.url}/`)).text();
    const img = /<img[^>]*hero-poster-1280\.webp[^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toContain('fetchpriority="high"');
    expect(img).toMatch(/srcSet="[^"]*hero-poster-640\.webp 640w, [^"]*hero-poster-960\.webp 960w/i);
    expect(img).toMatch(/width="1280"/);
    expect(img).toMatch(/height="720"/);
    expect(img).not.toContain('loading="lazy"');
    expect(html).not.toContain("<video");
  });
});

describe.each(MODES)("trucks $name", ({ javaScriptEnabled }) => {
  it("filters by type through the sidebar", async () => {
    const { page, errors } = await open("/catalog/trucks", javaScriptEnabled);
    await expect(heading(page)).resolves.toBe("Вся техника");
    await expect(cards(page).count()).resolves.toBe(16);
    await expect(crumbs(page)).resolves.toEqual(["Главная", "Каталог", "Модельный ряд"]);
    await page.getByRole("heading", { name: "Не можете определиться?" }).waitFor({ state: "visible" });
    const help = page.locator(".help-banner").getByRole("link", { name: "Связаться" });
    expect(new URL((await help.getAttribute("href"))!, suite.server.url).pathname).toBe("/");

    const sidebar = page.getByRole("navigation", { name: "Категории техники" });
    await expect(sidebar.locator("[aria-current=page]").textContent()).resolves.toContain("Все");

    const expected = [
      ["Тягачи", "tyagach", 7],
      ["Спецтехника", "spectehnika", 6],
      ["Самосвалы", "samosval", 3],
    ] as const;
    for (const [name, slug, count] of expected) {
      await sidebar.getByRole("link", { name }).click();
      await page.waitForURL((url) => url.searchParams.get("type") === slug);
      await page.waitForFunction((n) => document.querySelectorAll("[data-testid=truck-card]").length === n, count);
      await expect(heading(page)).resolves.toBe(name);
      await expect(sidebar.locator("[aria-current=page]").textContent()).resolves.toContain(name);
      for (const href of await cards(page)
        .getByRole("link", { name: /Подробнее/ })
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
        expect(href).toMatch(new RegExp(`^/catalog/trucks/${slug}/[a-z0-9-]+$`));
      }
    }

    await sidebar.getByRole("link", { name: "Все" }).click();
    await page.waitForURL((url) => url.pathname === "/catalog/trucks" && !url.searchParams.has("type"));
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=truck-card]").length === 16);
    expect(errors).toEqual([]);
  });

  it("drops an unknown type from the URL and lists everything", async () => {
    const { page } = await open("/catalog/trucks?type=nonsense", javaScriptEnabled);
    expect(new URL(page.url()).search).toBe("");
    await expect(heading(page)).resolves.toBe("Вся техника");
    await expect(cards(page).count()).resolves.toBe(16);
  });

  it("shows the savings badge only on tractors and dump trucks, and toggles its tooltip", async () => {
    const { page } = await open("/catalog/trucks", javaScriptEnabled);
    const withBadge = await cards(page).evaluateAll((list) =>
      list.map((card) => ({
        href: card.querySelector("a[href^='/catalog/trucks/']")!.getAttribute("href")!,
        badge: card.querySelector("[data-testid=savings] summary")?.textContent ?? null,
      })),
    );
    for (const { href, badge } of withBadge) {
      // The dealer's savings per type, 0 showing no badge (the spec's: tractors and dump trucks).
      const savings = CONTENT.truckSavings[href.split("/")[3]];
      if (savings > 0) expect(plain(badge), href).toBe(`Экономия ${plain(RUB.format(savings))}`);
      else expect(badge, href).toBeNull();
    }

    const first = page.getByTestId("savings").first();
    const tooltip = first.getByText(TOOLTIP);
    await tooltip.waitFor({ state: "hidden" });
    await first.locator("summary").click();
    await tooltip.waitFor({ state: "visible" });
    await first.locator("summary").click();
    await tooltip.waitFor({ state: "hidden" });

    if (javaScriptEnabled) {
      // Any click outside closes it.
      await first.locator("summary").click();
      await tooltip.waitFor({ state: "visible" });
      await page.getByRole("heading", { level: 1 }).click();
      await tooltip.waitFor({ state: "hidden" });

      // Opening another badge closes the first.
      await first.locator("summary").click();
      const second = page.getByTestId("savings").nth(1);
      await second.locator("summary").click();
      await tooltip.waitFor({ state: "hidden" });
      await second.getByText(TOOLTIP).waitFor({ state: "visible" });
      await page.mouse.click(5, 300);
      await second.getByText(TOOLTIP).waitFor({ state: "hidden" });

      // Keyboard: Enter opens, Escape closes and keeps the focus on the badge.
      await first.locator("summary").focus();
      await page.keyboard.press("Enter");
      await tooltip.waitFor({ state: "visible" });
      await page.keyboard.press("Escape");
      await tooltip.waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
      await page.keyboard.press(" ");
      await tooltip.waitFor({ state: "visible" });
    }

    await page.goto("/catalog/trucks?type=spectehnika");
    await expect(page.getByTestId("savings").count()).resolves.toBe(0);
  });

  it("shows the truck detail: gallery, buttons, subsidy, description, buy form", async () => {
    const { page, errors } = await open(J7, javaScriptEnabled);
    await expect(heading(page)).resolves.toBe("FAW J7 6x4 460 л.с.");
    await expect(crumbs(page)).resolves.toEqual([
      "Главная",
      "Каталог",
      "Модельный ряд",
      "Тягачи",
      "FAW J7 6x4 460 л.с.",
    ]);
    await expect(page.locator(".gallery__thumb").count()).resolves.toBe(5);
    expect(plain(await page.getByTestId("subsidy").textContent())).toContain(
      `Экономия ${plain(RUB.format(CONTENT.truckSavings.tyagach))} — субсидия при покупке в лизинг`,
    );
    await page.getByText("Флагманский магистральный тягач").first().waitFor({ state: "visible" });
    await page
      .getByRole("heading", { name: "Оставить заявку на FAW J7 6x4 460 л.с.", level: 2 })
      .waitFor({ state: "visible" });
    await expect(page.locator("#lead-buy input[name=name]").count()).resolves.toBe(1);
    await expect(page.locator("#lead-buy input[name=phone]").count()).resolves.toBe(1);
    for (const img of await page.locator("main img").all()) {
      expect(await img.getAttribute("width")).toBeTruthy();
      expect(await img.getAttribute("height")).toBeTruthy();
    }

    await page.getByRole("link", { name: "Узнать цену" }).click();
    await page.getByRole("dialog", { name: "Узнать цену на FAW J7 6x4 460 л.с." }).waitFor();
    await page.goto(J7);
    await ready(page, javaScriptEnabled);
    await page.getByRole("main").getByRole("link", { name: "Расчет лизинга" }).click();
    await page.getByRole("dialog", { name: "Рассчитать лизинг" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("shows 'цена от' and the availability on every card, 'Цена по запросу' where the dealer set no price", async () => {
    const { page } = await open("/catalog/trucks", javaScriptEnabled);
    const shown = await cards(page).evaluateAll((list) =>
      list.map((card) => ({
        slug: card.querySelector("a[href^='/catalog/trucks/']")!.getAttribute("href")!.split("/").at(-1)!,
        price: card.querySelector(".truck-price__amount")?.textContent ?? "",
        availability: card.querySelector("[data-testid=availability]")?.textContent ?? "",
      })),
    );
    expect(shown).toHaveLength(16);
    for (const { slug, price, availability } of shown) {
      const offer = CONTENT.trucks[slug as keyof typeof CONTENT.trucks];
      expect(plain(price), slug).toBe(offer.price ? `цена от ${plain(RUB.format(offer.price))}` : "Цена по запросу");
      expect(availability, slug).toBe(offer.availability);
    }
    // Both kinds and every availability the content has.
    const offers = Object.values(CONTENT.trucks);
    expect(new Set(shown.map((s) => s.price.startsWith("цена от")))).toEqual(
      new Set(offers.map((o) => Boolean(o.price))),
    );
    expect(new Set(shown.map((s) => s.availability))).toEqual(new Set(offers.map((o) => o.availability)));
  });

  it("shows the price and the availability on the detail, and puts both in the Product JSON-LD", async () => {
    const { page } = await open(J7, javaScriptEnabled);
    for (const slug of ["faw-j7-6x4-460", "faw-j7-6x4-550"] as const) {
      await page.goto(`/catalog/trucks/tyagach/${slug}`);
      await ready(page, javaScriptEnabled);
      const offer = CONTENT.trucks[slug];
      const block = page.locator("main .truck-price--page");
      expect(plain(await block.locator(".truck-price__amount").textContent()), slug).toBe(
        offer.price ? `цена от ${plain(RUB.format(offer.price))}` : "Цена по запросу",
      );
      await expect(block.getByTestId("availability").textContent()).resolves.toBe(offer.availability);
      const ld = await productOffer(page);
      expect(ld.price, slug).toBe(offer.price);
      expect(ld.availability, slug).toBe(SCHEMA_AVAILABILITY[offer.availability]);
    }
  });

  it("names the model in the price modal and sends it in the lead's source", async () => {
    const { page } = await open(J7, javaScriptEnabled);
    await page.getByRole("main").getByRole("link", { name: "Узнать цену" }).click();
    const dialog = page.getByRole("dialog", { name: "Узнать цену на FAW J7 6x4 460 л.с." });
    await dialog.waitFor();
    await dialog.getByLabel("ФИО").fill("Петров Пётр");
    const phone = dialog.getByLabel("Телефон");
    if (javaScriptEnabled) await typeKeys(phone, "89131234567");
    else await phone.fill("89131234567");
    await dialog.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await dialog.getByRole("button", { name: "Узнать цену" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(notify.received).toHaveLength(1);
    expect(notify.received[0].json).toEqual({
      name: "callback",
      fields: [
        { key: "name", value: "Петров Пётр" },
        { key: "phone", value: "+7(913)123-45-67" },
        { key: "inn", value: "" },
        { key: "comment", value: "" },
        { key: "source", value: `<a href="${suite.server.url}${J7}">FAW J7 6x4 460 л.с.</a>` },
      ],
    });
  });

  it("shows 'Отсутствует', '-' and no scheme or subsidy where the truck has none", async () => {
    const { page } = await open("/catalog/trucks/spectehnika/multilift-j6p-8x4-30t", javaScriptEnabled);
    await expect(page.locator(".truck__description").textContent()).resolves.toBe("Отсутствует");
    await expect(page.getByTestId("scheme").count()).resolves.toBe(0);
    await expect(page.getByTestId("subsidy").count()).resolves.toBe(0);

    await page.goto("/catalog/trucks/spectehnika/avtobetononasos-j6p-37m?tab=equipment");
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("tabpanel").textContent()).resolves.toBe("-");
  });

  it("switches the detail tabs, with the article in the tab bar and group headings in params", async () => {
    const { page } = await open(J7, javaScriptEnabled);
    await page.getByText("Код модификации: CA4250P77K25T1E5").waitFor({ state: "visible" });
    const tablist = page.getByRole("tablist");
    const tab = (name: string) => tablist.getByRole("tab", { name });
    await expect(tab("Характеристики").getAttribute("aria-selected")).resolves.toBe("true");
    await page.getByRole("tabpanel").getByRole("rowheader", { name: "Колесная формула" }).waitFor({ state: "visible" });

    await tab("Параметры").click();
    if (javaScriptEnabled) {
      // Switched in place: no navigation.
      expect(new URL(page.url()).search).toBe("");
    } else {
      await page.waitForURL((url) => url.searchParams.get("tab") === "params");
    }
    await expect(tab("Параметры").getAttribute("aria-selected")).resolves.toBe("true");
    const panel = page.getByRole("tabpanel");
    await expect(panel.count()).resolves.toBe(1);
    for (const group of ["Масса и грузоподъемность", "Габариты", "Двигатель", "Трансмиссия"]) {
      await expect(panel.getByRole("columnheader", { name: group, exact: true }).isVisible(), group).resolves.toBe(
        true,
      );
    }
    await expect(panel.getByRole("row", { name: /Длина/ }).textContent()).resolves.toMatch(/Длина\d/);

    await tab("Комплектация").click();
    await expect(tab("Комплектация").getAttribute("aria-selected")).resolves.toBe("true");
    await page.getByRole("tabpanel").getByText("Кондиционер").waitFor({ state: "visible" });

    if (javaScriptEnabled) {
      await tab("Комплектация").focus();
      await page.keyboard.press("ArrowRight");
      await expect(tab("Характеристики").getAttribute("aria-selected")).resolves.toBe("true");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Характеристики");
      await page.keyboard.press("ArrowLeft");
      await expect(tab("Комплектация").getAttribute("aria-selected")).resolves.toBe("true");
      await page.keyboard.press("ArrowLeft");
      await expect(tab("Параметры").getAttribute("aria-selected")).resolves.toBe("true");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Параметры");
      await expect(tab("Характеристики").getAttribute("tabindex")).resolves.toBe("-1");
      await expect(tab("Параметры").getAttribute("tabindex")).resolves.toBeNull();
      expect(new URL(page.url()).search).toBe("");
    }
  });

  it("opens the tab named in the URL", async () => {
    const { page } = await open(`${J7}?tab=params`, javaScriptEnabled);
    await expect(page.getByRole("tab", { name: "Параметры" }).getAttribute("aria-selected")).resolves.toBe("true");
    await page.getByRole("tabpanel").getByRole("columnheader", { name: "Габариты" }).waitFor({ state: "visible" });
  });

  it("expands and collapses the scheme", async () => {
    const { page } = await open(J7, javaScriptEnabled);
    const scheme = page.getByTestId("scheme");
    const side = scheme.getByRole("img", { name: /вид сбоку/ });
    await side.waitFor({ state: "hidden" });
    await scheme.getByText("Схема", { exact: true }).click();
    await side.waitFor({ state: "visible" });
    await scheme.getByRole("img", { name: /вид спереди/ }).waitFor({ state: "visible" });
    await scheme.getByRole("img", { name: /вид сзади/ }).waitFor({ state: "visible" });
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>("[data-testid=scheme] img")].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await scheme.getByText("Схема", { exact: true }).click();
    await side.waitFor({ state: "hidden" });
  });

  it("links the 'Другие модели' carousel to the other trucks of the category", async () => {
    const { page } = await open("/catalog/trucks/samosval/samosval-j6p-6x4", javaScriptEnabled);
    const carousel = page.getByRole("region", { name: "Другие модели" });
    const hrefs = await carousel.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs.sort()).toEqual([
      "/catalog/trucks/samosval/samosval-j6p-6x6",
      "/catalog/trucks/samosval/samosval-j6p-8x4",
    ]);
    await carousel.getByRole("link", { name: /8x4/ }).click();
    await page.waitForURL("**/catalog/trucks/samosval/samosval-j6p-8x4");
    await page.waitForFunction(() => document.querySelector("h1")?.textContent?.includes("8x4"));
    const next = await page
      .getByRole("region", { name: "Другие модели" })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(next.sort()).toEqual([
      "/catalog/trucks/samosval/samosval-j6p-6x4",
      "/catalog/trucks/samosval/samosval-j6p-6x6",
    ]);

    await page.goto(J7);
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("region", { name: "Другие модели" }).getByRole("link").count()).resolves.toBe(6);
  });

  it("redirects an unknown truck to the 404 page", async () => {
    const { page } = await open("/catalog/trucks/tyagach/no-such-truck", javaScriptEnabled);
    expect(new URL(page.url()).pathname).toBe("/not-found");
    await page.getByText("Страница не найдена").first().waitFor({ state: "visible" });
    await page.goto("/catalog/trucks/no-such-type/faw-j7-6x4-460");
    expect(new URL(page.url()).pathname).toBe("/not-found");
  });

  it("links the catalogue landing to parts and the model range", async () => {
    const { page } = await open("/catalog", javaScriptEnabled);
    await expect(crumbs(page)).resolves.toEqual(["Главная", "Каталог"]);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /Запчасти/ }).getAttribute("href")).resolves.toBe("/catalog/parts");
    await main.getByRole("link", { name: /Модельный ряд/ }).click();
    await page.waitForURL("**/catalog/trucks");
    await waitForHeading(page, "Вся техника");
  });
});

describe.each(MODES)("home page $name", ({ javaScriptEnabled }) => {
  it("opens the callback and leasing modals from the hero", async () => {
    const { page, errors } = await open("/", javaScriptEnabled);
    await expect(heading(page)).resolves.toContain("J7");
    expect(plain(await page.locator(".hero__claim").textContent())).toBe(
      `Экономия до ${plain(RUB.format(CONTENT.home.heroSavings))}`,
    );
    const hero = page.locator(".hero");
    await hero.getByRole("link", { name: "Оставить заявку" }).click();
    const callback = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    await callback.waitFor();
    await callback.getByRole("link", { name: "Закрыть" }).click();
    await callback.waitFor({ state: "detached" });

    await hero.getByRole("link", { name: "Расчет лизинга" }).click();
    const leasing = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    await leasing.waitFor();
    // With JavaScript the form's script loads as the modal opens.
    await leasing.locator("input[name=phone]").waitFor();
    await expect(leasing.locator("input[name=phone]").count()).resolves.toBe(1);
    await leasing.getByRole("link", { name: "Закрыть" }).click();
    await leasing.waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Связаться" }).click();
    await page.getByRole("dialog", { name: "Заказать обратный звонок" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("shows the categories, advantages and statistics", async () => {
    const { page } = await open("/", javaScriptEnabled);
    const stats = await page.getByTestId("stats").locator("li").allTextContents();
    // The spec's four statistics, with the dealer's figures.
    const { years, serviceBays, warehouse, models } = CONTENT.home.stats;
    expect(stats.map(plain)).toEqual([years, serviceBays, warehouse, models].map((s) => plain(s.value + s.label)));
    await expect(page.locator(".advantage").count()).resolves.toBe(6);
    for (const [name, slug] of [
      ["Тягачи", "tyagach"],
      ["Спецтехника", "spectehnika"],
      ["Самосвалы", "samosval"],
    ]) {
      const tile = page.locator(".tile", { hasText: name });
      await expect(tile.getAttribute("href")).resolves.toBe(`/catalog/trucks?type=${slug}`);
      await expect(tile.locator("img").getAttribute("src")).resolves.toBe(`/images/categories/${slug}.webp`);
    }
    await page.locator(".tile", { hasText: "Самосвалы" }).click();
    await page.waitForURL((url) => url.searchParams.get("type") === "samosval");
    await waitForHeading(page, "Самосвалы");
  });

  it("adds the hero video only with JavaScript, and only without reduced motion", async () => {
    const { context, page } = await open("/", javaScriptEnabled);
    const video = page.getByTestId("hero-video");
    if (javaScriptEnabled) {
      await video.waitFor({ state: "attached" });
      const sources = await video.locator("source").evaluateAll((list) => list.map((s) => s.getAttribute("src")));
      expect(sources).toEqual(["/video/hero.webm", "/video/hero.mp4"]);
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
    } else {
      // Nothing runs without JavaScript: the loaded page is all there is.
      await expect(video.count()).resolves.toBe(0);
    }
    await expect(page.locator("img.hero__media").getAttribute("fetchpriority")).resolves.toBe("high");

    const reduced = await context.newPage();
    await reduced.emulateMedia({ reducedMotion: "reduce" });
    await reduced.goto("/");
    await ready(reduced, javaScriptEnabled);
    // The video is added once the page has loaded, in a task of its own: wait until that has run.
    await settled(reduced, javaScriptEnabled);
    await expect(reduced.getByTestId("hero-video").count()).resolves.toBe(0);
  });
});

describe("trucks on a phone", () => {
  it("keeps the list and the detail within the screen width", async () => {
    const { page } = await open("/catalog/trucks", true, true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`${J7}?tab=params`);
    await ready(page, true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto("/");
    await ready(page, true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe("first-view JavaScript of a truck page", () => {
  it("fetches Swiper only when the carousel comes near the screen, then starts it", async () => {
    const { page } = await open(J7, true, true);
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((r) => r.name)
          .filter((name) => name.endsWith(".js")),
      );
    // Hydrated and idle at the top of the page: no Swiper yet.
    await settled(page, true);
    expect((await scripts()).some((name) => /\/swiper-[A-Z0-9]+\.js$/.test(name))).toBe(false);
    const carousel = page.getByRole("region", { name: "Другие модели" });
    await carousel.scrollIntoViewIfNeeded();
    await page.locator(".carousel.is-ready").waitFor({ state: "attached" });
    expect((await scripts()).some((name) => /\/swiper-[A-Z0-9]+\.js$/.test(name))).toBe(true);
  });

  it("keeps the buy form's code out of the page's own scripts and enhances the server's form when it arrives", async () => {
    const html = await (await fetch(suite.server.url + J7)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded.length).toBeGreaterThan(0);
    expect(preloaded.some((href) => /\/lead-form-[A-Z0-9]+\.js$/.test(href))).toBe(false);

    const { page, errors } = await open(J7, true, true);
    await page.locator("#buy").scrollIntoViewIfNeeded();
    await page.locator("#lead-buy[data-enhanced]").waitFor({ state: "attached" });
    const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((r) => r.name));
    expect(loaded.some((name) => /\/lead-form-[A-Z0-9]+\.js$/.test(name))).toBe(true);
    // The server's form stayed in place while its code loaded (no fallback, no hydration error).
    expect(errors).toEqual([]);
  });
});
