import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { MODES, openPage, ready, serverAndBrowser } from "./harness";

const suite = serverAndBrowser();
const parts = generateParts(360).flatMap((g) => g.parts);
const withGallery = parts.find((p) => p.images.length >= 3)!;
const group = parts[0].group;

const rowNames = (page: Page) => page.getByTestId("part-row").locator(".part-row__name").allTextContents();

describe.each(MODES)("parts catalogue $name", ({ javaScriptEnabled }) => {
  it("finds parts with a typo and with the wrong keyboard layout", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled });
    await page.getByPlaceholder("Название, артикул").fill("  фыльтр масляный ");
    await page.getByRole("button", { name: "Искать" }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === "фыльтр масляный");
    const matches = (names: string[]) =>
      names.length > 0 && names.every((n) => /фильтр.*масл|масл.*фильтр/.test(n.toLowerCase()));
    await expect.poll(async () => matches(await rowNames(page))).toBe(true);

    await page.getByPlaceholder("Название, артикул").fill("abkmnh");
    await page.getByPlaceholder("Название, артикул").press("Enter");
    await page.getByText("Показаны результаты по запросу «фильтр»").waitFor();
    expect((await rowNames(page)).every((n) => n.toLowerCase().includes("фильтр"))).toBe(true);

    await page.getByPlaceholder("Название, артикул").fill("zzzzqqqq");
    await page.getByRole("button", { name: "Искать" }).click();
    await page.getByText("Нет совпадений с такими фильтрами").waitFor();
  });

  it("lists only parts in stock with 'Только в наличии', kept across search, sort and pages", async () => {
    const { page } = await openPage(suite, "/catalog/parts?page=2", { javaScriptEnabled });
    const stocks = async () =>
      (await page.getByTestId("part-row").locator(".part-row__stock").allTextContents()).map((t) =>
        Number(t.replace(/\D/g, "")),
      );
    const inStockOnly = async () => {
      const shown = await stocks();
      return shown.length > 0 && shown.every((n) => n > 0);
    };
    // The demo catalogue has parts at zero stock on its first pages.
    expect((await stocks()).some((n) => n === 0) || parts.some((p) => p.balance === 0)).toBe(true);
    await page.getByText("Фильтры").click();
    await page.getByLabel("Только в наличии").check();
    await page.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL((url) => url.searchParams.get("inStock") === "1" && !url.searchParams.has("page"));
    await expect.poll(inStockOnly).toBe(true);

    await page.getByPlaceholder("Название, артикул").fill("фильтр");
    await page.getByRole("button", { name: "Искать" }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === "фильтр");
    expect(new URL(page.url()).searchParams.get("inStock")).toBe("1");
    await expect.poll(inStockOnly).toBe(true);
    const wanted = parts.filter((p) => p.balance > 0 && p.name.toLowerCase().includes("фильтр")).length;
    expect(wanted).toBeGreaterThan(10);

    // A new order from the panel keeps it (the box stays ticked), and so does a page of results.
    if (!(await page.getByLabel("Сортировка").isVisible())) await page.getByText("Фильтры").click();
    await page.getByLabel("Сортировка").selectOption("price_asc");
    await page.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL((url) => url.searchParams.get("sortBy") === "price_asc");
    expect(new URL(page.url()).searchParams.get("inStock")).toBe("1");
    await expect.poll(inStockOnly).toBe(true);

    await page
      .getByRole("navigation", { name: "Страницы" })
      .getByRole("link", { name: "Страница 2", exact: true })
      .click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    expect(new URL(page.url()).searchParams.get("inStock")).toBe("1");
    await expect.poll(inStockOnly).toBe(true);
  });

  it("filters by group, sorts by price and resets to page 1", async () => {
    const { page } = await openPage(suite, "/catalog/parts?page=3", { javaScriptEnabled });
    await page.getByText("Фильтры").click();
    await page.getByLabel("Сортировка").selectOption("price_asc");
    await page.getByLabel(group, { exact: true }).check();
    await page.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL((url) => url.searchParams.get("sortBy") === "price_asc");
    const url = new URL(page.url());
    expect(url.searchParams.getAll("groups")).toEqual([group]);
    expect(url.searchParams.get("page")).toBeNull();
    const readPrices = async () =>
      (await page.locator(".part-row__price").allTextContents()).map((t) =>
        Number(
          t
            .replace(/цена.*$/, "")
            .replace(/[^\d,]/g, "")
            .replace(",", "."),
        ),
      );
    await expect.poll(async () => (await readPrices()).length).toBe(10);
    const prices = await readPrices();
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const expected = parts
      .filter((p) => p.group === group)
      .map((p) => p.price)
      .sort((a, b) => a - b)
      .slice(0, 10);
    expect(prices).toEqual(expected);
  });

  it("pages through results with the pagination links", async () => {
    const { page } = await openPage(suite, "/catalog/parts?search=фильтр", { javaScriptEnabled });
    const first = await rowNames(page);
    await page.getByRole("link", { name: "Страница 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await page.locator(".pagination [aria-current=page]", { hasText: "2" }).waitFor();
    const second = await rowNames(page);
    expect(second.length).toBe(10);
    expect(second).not.toEqual(first);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Past the last page: the last page, under its own address and canonical link.
    await page.goto("/catalog/parts?search=фильтр&page=999");
    const last = await page.locator(".pagination [aria-current=page]").textContent();
    expect(Number(last)).toBeGreaterThanOrEqual(2);
    expect(new URL(page.url()).searchParams.get("page")).toBe(last);
    const canonical = await page.locator("link[rel=canonical]").getAttribute("href");
    expect(new URL(canonical!).searchParams.get("page")).toBe(last);
  });

  it("shows a part with its group link, stock and description", async () => {
    const part = parts.find((p) => p.description && p.article)!;
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled });
    await page.goto(`/catalog/parts/${part.slug}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(part.fullName);
    await expect(page.locator(".part__facts").textContent()).resolves.toContain(part.article);
    await expect(page.locator(".part__facts").textContent()).resolves.toContain(`${part.balance} ед.`);
    await page.getByText(part.description.split("\n")[0].slice(0, 40)).first().waitFor();
    const related = page.getByRole("region", { name: "С этим покупают" }).getByRole("link");
    const count = await related.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    for (const name of await related.allTextContents()) expect(name.toLowerCase()).toContain("фильтр");
    await page.locator(".part__facts").getByRole("link", { name: part.group }).click();
    await page.waitForURL((url) => url.pathname === "/catalog/parts" && url.searchParams.get("groups") === part.group);
  });
});

/** Whether `locator`'s top edge is on the screen (below the header's bottom edge, above the screen's). */
async function inView(page: Page, locator: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await locator.boundingBox();
  const header = await page.locator("header").first().boundingBox();
  const height = page.viewportSize()!.height;
  return !!box && box.y >= Math.max(0, (header?.y ?? 0) + (header?.height ?? 0) - 1) && box.y < height - 60;
}

describe.each(MODES)("the parts list on a phone $name", ({ javaScriptEnabled }) => {
  it("shows the results after 'Применить', not the panel pushing them below the screen", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled, mobile: true });
    await page.getByText("Фильтры").click();
    await page.getByLabel(group, { exact: true }).check();
    await page.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL((url) => url.searchParams.get("groups") === group);
    if (!javaScriptEnabled) expect(new URL(page.url()).hash).toBe("#results");
    await expect.poll(() => inView(page, page.getByTestId("part-row").first())).toBe(true);
  });

  it("comes back to the part's row after 'Купить', saying it was added, with a link to the cart", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled, mobile: true });
    // A part far down the list, as a customer scrolls to it.
    const row = page
      .getByTestId("part-row")
      .filter({ has: page.getByRole("button", { name: "Купить", disabled: false }) });
    const target = row.nth(4);
    const id = (await target.getAttribute("id"))!;
    expect(id).toMatch(/^part-/);
    await target.getByRole("button", { name: "Купить" }).click();
    const here = page.locator(`#${id}`);
    await here.getByRole("button", { name: "Увеличить количество" }).waitFor();
    await expect.poll(() => inView(page, here)).toBe(true);
    if (javaScriptEnabled) return;
    expect(new URL(page.url()).hash).toBe(`#${id}`);
    await here.getByText("Добавлено в корзину").waitFor();
    await expect(here.getByRole("link", { name: "Перейти в корзину" }).getAttribute("href")).resolves.toBe("/cart");
    await expect(page.getByTestId("mobile-cart").textContent()).resolves.toContain("1");
    // Said once: the page again (a visitor with a cart: never from a shared cache) says it no more.
    const again = await page.reload();
    expect(again!.headers()["cache-control"]).toBe("private, no-store");
    await expect(here.getByText("Добавлено в корзину").count()).resolves.toBe(0);
  });
});

describe.each(MODES)("the filter panel $name", ({ javaScriptEnabled }) => {
  it("shows the URL's query after every navigation (Back, Forward, a link), so 'Применить' sends what it shows", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled });
    await page.getByText("Фильтры").click();
    await page.getByLabel("Сортировка").selectOption("price_asc");
    await page.getByLabel(group, { exact: true }).check();
    await page.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL((url) => url.searchParams.get("groups") === group);
    const fields = async () => ({
      sortBy: await page.getByLabel("Сортировка").inputValue(),
      group: await page.getByLabel(group, { exact: true }).isChecked(),
    });
    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    // The list of the address before (its data comes after the address changes).
    await expect.poll(async () => (await fields()).group).toBe(false);
    expect((await fields()).sortBy).not.toBe("price_asc");
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get("groups") === group);
    await expect.poll(fields).toEqual({ sortBy: "price_asc", group: true });
    // A link to another group (a part's page names its group): the panel follows it too.
    const other = parts.find((p) => p.group !== group)!;
    await page.goto(`/catalog/parts/${other.slug}`);
    await ready(page, javaScriptEnabled);
    await page.locator(".part__facts").getByRole("link", { name: other.group }).click();
    await page.waitForURL((url) => url.searchParams.get("groups") === other.group);
    await expect.poll(() => page.getByLabel(other.group, { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel(group, { exact: true }).isChecked()).toBe(false);
    // Open while a group is chosen; 'Применить' sends the panel as the address has it.
    await page.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL((url) => url.searchParams.has("sortBy"));
    expect(new URL(page.url()).searchParams.getAll("groups")).toEqual([other.group]);
  });
});

describe("part links with JavaScript", () => {
  it("discovers the listed parts' route on load and opens a part in the page, without a new document", async () => {
    const manifestPaths: string[] = [];
    const documents: string[] = [];
    const { page } = await openPage(suite, "/catalog/parts", {
      javaScriptEnabled: true,
      init: (page) =>
        page.on("request", (request) => {
          const url = new URL(request.url());
          if (url.pathname === "/__manifest") manifestPaths.push(...url.searchParams.getAll("p"));
          if (request.resourceType() === "document") documents.push(url.pathname);
        }),
    });
    const first = page.getByTestId("part-row").first().locator(".part-row__name a");
    const href = (await first.getAttribute("href"))!;
    expect(href).toMatch(/^\/catalog\/parts\/[^/?#]+$/);
    // Remix asks for the routes of the links a page renders, so a click need not wait for them.
    await expect.poll(() => manifestPaths.includes(href)).toBe(true);
    const name = (await first.textContent())!;
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
    expect(documents).toEqual(["/catalog/parts"]);
  });
});

describe("part gallery with JavaScript", () => {
  it("opens the full-screen viewer, moves with the arrow keys, wraps around and closes on Escape", async () => {
    const { page } = await openPage(suite, `/catalog/parts/${withGallery.slug}`, { javaScriptEnabled: true });
    await page.getByRole("link", { name: "Открыть изображение на весь экран" }).click();
    const viewer = page.getByRole("dialog");
    await viewer.waitFor();
    const count = withGallery.images.length;
    const counter = viewer.locator(".viewer__counter");
    await expect(counter.textContent()).resolves.toBe(`1 / ${count}`);
    await page.keyboard.press("ArrowRight");
    await expect(counter.textContent()).resolves.toBe(`2 / ${count}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(counter.textContent()).resolves.toBe(`${count} / ${count}`);
    await page.keyboard.press("ArrowRight");
    await expect(counter.textContent()).resolves.toBe(`1 / ${count}`);
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe(
      "Открыть изображение на весь экран",
    );
  });

  it("redirects an unknown part to /not-found", async () => {
    const res = await fetch(`${suite.server.url}/catalog/parts/no-such-part`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/not-found");
  });
});
