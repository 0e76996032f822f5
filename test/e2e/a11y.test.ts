/**
 * Accessibility: axe finds no violations on every route, with each modal open and with the
 * mobile menu open, with JavaScript and without; keyboard use of the interactive widgets;
 * a visible focus; form errors tied to their fields.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { firstLink } from "../server-process";
import { axeViolations, closeAfterTest, MODES, newContext, openPage, ready, serverAndBrowser } from "./harness";

const suite = serverAndBrowser();
let truckPath: string;
let partPath: string;

beforeAll(async () => {
  truckPath = await firstLink(suite.server.url, "/catalog/trucks?type=tyagach", /^\/catalog\/trucks\/[^/]+\/[^/]+$/);
  // A part in stock, so 'Купить' is enabled.
  const list = await (await fetch(`${suite.server.url}/catalog/parts?search=${encodeURIComponent("фильтр")}`)).text();
  const links = [...new Set([...list.matchAll(/href="(\/catalog\/parts\/[^"/?#]+)"/g)].map((m) => m[1]))];
  for (const link of links) {
    const html = await (await fetch(suite.server.url + link)).text();
    if (/purchase__buy"(?! disabled)/.test(html)) {
      partPath = link;
      break;
    }
  }
  if (!partPath) throw new Error("no part in stock");
});

/**
 * A context for the axe runs. axe is a script run in the page, which a context with JavaScript
 * disabled cannot run (its timers never fire), so "without JavaScript" is the page as such a
 * browser gets it: the server's HTML with every script removed and no script loaded.
 */
async function axeContext(javaScriptEnabled: boolean, mobile = false): Promise<BrowserContext> {
  const context = await newContext(suite.browser, suite.server.url, { javaScriptEnabled: true, mobile });
  if (javaScriptEnabled) return context;
  await context.route("**/*", async (route) => {
    const type = route.request().resourceType();
    if (type === "script") return route.abort();
    if (type !== "document") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi,
      "",
    );
    return route.fulfill({ response, body: html });
  });
  return context;
}

/** Puts a part in the cart through the part page's own form (a real POST, so it works without JavaScript). */
async function addToCart(page: Page, javaScriptEnabled: boolean) {
  await page.goto(partPath);
  await ready(page, javaScriptEnabled);
  await page.locator("main").getByRole("button", { name: "Купить" }).first().click();
  await page.locator("main").getByRole("button", { name: "Увеличить количество" }).first().waitFor();
}

const ROUTES = () => [
  "/",
  "/catalog",
  "/catalog/trucks",
  truckPath,
  "/catalog/parts",
  partPath,
  "/delivery",
  "/leasing",
  "/contacts",
  "/privacy",
  "/service",
  "/form-success?fromUrl=/leasing",
  "/not-found",
];

const MODAL_PAGES = [
  { modal: "callback", path: () => "/" },
  { modal: "leasing", path: () => "/leasing" },
  { modal: "price", path: () => truckPath },
  { modal: "parts-list", path: () => "/catalog/parts" },
];

describe.each(MODES)("axe $name", ({ javaScriptEnabled }) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await axeContext(javaScriptEnabled);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  // axe over every route, one after the other: minutes on a busy 2-core machine.
  it("finds no violations on any route", async () => {
    const found: Record<string, string[]> = {};
    for (const path of ROUTES()) {
      await page.goto(path);
      await ready(page, javaScriptEnabled);
      const v = await axeViolations(page);
      if (v.length) found[path] = v;
    }
    expect(found).toEqual({});
  }, 420_000);

  it("finds no violations on /cart and /make-order with an item", async () => {
    await addToCart(page, javaScriptEnabled);
    const found: Record<string, string[]> = {};
    for (const path of ["/cart", "/make-order"]) {
      await page.goto(path);
      await ready(page, javaScriptEnabled);
      expect(new URL(page.url()).pathname).toBe(path);
      const v = await axeViolations(page);
      if (v.length) found[path] = v;
    }
    expect(found).toEqual({});
  });

  it.each(MODAL_PAGES)("finds no violations with the $modal modal open", async ({ modal, path }) => {
    await page.goto(`${path()}?modal=${modal}`);
    await ready(page, javaScriptEnabled);
    await page.getByRole("dialog").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("finds no violations with the mobile menu open (390 px)", async () => {
    const mobile = await axeContext(javaScriptEnabled, true);
    closeAfterTest(mobile);
    const p = await mobile.newPage();
    await p.goto("/catalog/parts");
    await ready(p, javaScriptEnabled);
    await p.getByTestId("mobile-menu").locator("summary").first().click();
    await p.getByRole("navigation", { name: "Мобильное меню" }).waitFor();
    // The parts group expanded as well.
    await p.locator(".mobile-menu__group > summary").click();
    await p.getByRole("navigation", { name: "Мобильное меню" }).getByRole("link", { name: "Каталог" }).waitFor();
    expect(await axeViolations(p)).toEqual([]);
  });
});

describe("keyboard", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await newContext(suite.browser, suite.server.url, { javaScriptEnabled: true });
  });

  afterAll(async () => {
    await context?.close();
  });

  /** A page of the shared context, closed when the test finishes. */
  const open = async (path: string) => {
    const page = await context.newPage();
    onTestFinished(() => page.close());
    await page.goto(path);
    await ready(page, true);
    return page;
  };

  const focused = (p: Page) => p.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

  it("finds no violations with the search suggestions open and one chosen", async () => {
    const page = await open("/catalog/parts?search=фильтр");
    const box = page.getByRole("combobox", { name: "Поиск по каталогу" });
    await box.fill("");
    await box.pressSequentially("насос");
    await page.getByRole("listbox", { name: "Подсказки" }).getByRole("option").first().waitFor();
    await box.press("ArrowDown");
    await expect(box.getAttribute("aria-activedescendant")).resolves.toMatch(/-0$/);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("opens the Запчасти dropdown with Enter, moves into it with ArrowDown and closes it with Escape", async () => {
    const p = await open("/delivery");
    const toggle = p.getByRole("navigation", { name: "Главное меню" }).getByRole("button", { name: "Запчасти" });
    await toggle.focus();
    await p.keyboard.press("Enter");
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    await p.keyboard.press("ArrowDown");
    await expect.poll(() => focused(p)).toBe("Каталог");
    await p.keyboard.press("ArrowDown");
    await expect.poll(() => focused(p)).toBe("Оплата и доставка");
    await p.keyboard.press("Escape");
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect.poll(() => focused(p)).toBe("Запчасти");
  });

  it("toggles the savings tooltip of a truck card with Enter and closes it with Escape", async () => {
    const p = await open("/catalog/trucks?type=tyagach");
    const badge = p.getByTestId("savings").first();
    const tooltip = badge.getByRole("tooltip");
    await badge.locator("summary").focus();
    await p.keyboard.press("Enter");
    await tooltip.waitFor({ state: "visible" });
    // The details element opens natively; React links the tooltip on its toggle event, a moment later.
    const tooltipId = await tooltip.getAttribute("id");
    await expect.poll(() => badge.locator("summary").getAttribute("aria-describedby")).toBe(tooltipId);
    await p.keyboard.press("Escape");
    await tooltip.waitFor({ state: "hidden" });
    await expect(p.evaluate(() => document.activeElement?.tagName)).resolves.toBe("SUMMARY");
  });

  it("moves between the truck tabs with the arrow keys", async () => {
    const p = await open(truckPath);
    const tabs = p.getByRole("tablist", { name: "Технические данные" }).getByRole("tab");
    await tabs.first().focus();
    await p.keyboard.press("ArrowRight");
    await expect(tabs.nth(1).getAttribute("aria-selected")).resolves.toBe("true");
    await expect.poll(() => focused(p)).toBe(await tabs.nth(1).textContent());
    const panelId = await tabs.nth(1).getAttribute("aria-controls");
    await p.locator(`#${panelId}`).waitFor({ state: "visible" });
    await p.keyboard.press("End");
    await expect(tabs.last().getAttribute("aria-selected")).resolves.toBe("true");
    await p.keyboard.press("Home");
    await expect(tabs.first().getAttribute("aria-selected")).resolves.toBe("true");
    await p.keyboard.press("ArrowLeft");
    await expect(tabs.last().getAttribute("aria-selected")).resolves.toBe("true");
  });

  it("buys a part and steps its quantity with the keyboard", async () => {
    const p = await open(partPath);
    const main = p.locator("main");
    await main.getByRole("button", { name: "Купить" }).first().focus();
    await p.keyboard.press("Enter");
    const plus = main.getByRole("button", { name: "Увеличить количество" }).first();
    await plus.waitFor();
    const value = main.locator(".stepper__value").first();
    await expect.poll(() => value.textContent()).toContain("1");
    await plus.focus();
    await p.keyboard.press("Enter");
    await expect.poll(() => value.textContent()).toContain("2");
    await main.getByRole("button", { name: "Уменьшить количество" }).first().focus();
    await p.keyboard.press(" ");
    await expect.poll(() => value.textContent()).toContain("1");
  });

  it("opens and closes the FAQ items with Enter and Space", async () => {
    const p = await open("/leasing");
    const items = p.locator(".faq__item");
    await expect(items.first().evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
    const second = items.nth(1);
    await second.locator("summary").focus();
    await p.keyboard.press("Enter");
    await expect.poll(() => second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await p.keyboard.press(" ");
    await expect.poll(() => second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  });
});

describe.each(MODES)("focus and errors $name", ({ javaScriptEnabled }) => {
  it("shows a visible focus outline on everything reached by Tab", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled });
    const seen: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
        const ring = style.boxShadow !== "none" && style.boxShadow !== "";
        return {
          label: `${el.tagName.toLowerCase()} ${(el.textContent ?? "").trim().slice(0, 30) || el.getAttribute("aria-label") || ""}`,
          visible: el.matches(":focus-visible") && (outline || ring),
        };
      });
      if (!info) continue;
      seen.push(info.label);
      expect(info.visible, `focus not visible on ${info.label}`).toBe(true);
    }
    expect(seen.length).toBeGreaterThan(10);
  });

  it("ties each form error to its field with aria-invalid and aria-describedby", async () => {
    const { page } = await openPage(suite, "/delivery?modal=callback", { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    await dialog.getByRole("button", { name: "Отправить" }).click();
    const scope = javaScriptEnabled ? dialog : page.locator("main");
    await scope.locator(".field__error", { hasText: "Заполните ФИО" }).waitFor();
    for (const [label, message] of [
      ["ФИО", "Заполните ФИО"],
      ["Телефон", "Введите номер телефона"],
    ]) {
      const field = scope.getByLabel(label, { exact: false }).first();
      await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
      const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
      expect(describedBy).not.toBe("");
      const texts = await Promise.all(describedBy.split(/\s+/).map((id) => page.locator(`[id="${id}"]`).textContent()));
      expect(texts.join(" ")).toContain(message);
    }
  });
});
