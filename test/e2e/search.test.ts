import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { deskPhone } from "~/content";
import { generateParts } from "~server/demo-catalogue.server";
import { MODES, openPage, serverAndBrowser, settled, typeKeys } from "./harness";

const suite = serverAndBrowser();
const parts = generateParts(360).flatMap((g) => g.parts);
const collator = new Intl.Collator("ru");

const rowNames = (page: Page) => page.getByTestId("part-row").locator(".part-row__name").allTextContents();
const marks = (page: Page) => page.getByTestId("part-row").locator("mark").allTextContents();
const box = (page: Page) => page.getByRole("combobox", { name: "Поиск по каталогу" });
/** Rows are listed (not the loading placeholders) and every one is named with `word`. */
const allRowsName = async (page: Page, word: string) => {
  const names = await rowNames(page);
  return names.length > 0 && names.every((n) => n.toLowerCase().includes(word));
};

/**
 * The parts list with JavaScript, the requests matching `held` kept back until `release()` is called;
 * `asked` settles when the first of them is made.
 */
async function openHolding(held: RegExp) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { page } = await openPage(suite, "/catalog/parts", {
    javaScriptEnabled: true,
    init: async (p) => {
      await p.route(held, async (route) => {
        await gate;
        await route.continue().catch(() => undefined);
      });
    },
  });
  return { page, release, asked: page.waitForRequest((r) => held.test(r.url())) };
}

/** A search and a group of the demo catalogue that find nothing together while the search alone finds parts. */
function emptyWithGroup(): { search: string; group: string; alone: number } {
  const search = "масляный";
  const found = parts.filter((p) => /масляный/i.test(p.fullName));
  const group = [...new Set(parts.map((p) => p.group))].find((g) => !found.some((p) => p.group === g))!;
  return { search, group, alone: found.length };
}

describe.each(MODES)("search results $name", ({ javaScriptEnabled }) => {
  it("puts the closest matches first, says so in the sort selector, and sorts by name when asked", async () => {
    const { page } = await openPage(suite, "/catalog/parts?search=масляный фильтр j6", { javaScriptEnabled });
    const names = await rowNames(page);
    // Every word matched exactly (J6P is one edit from j6) beats one typo in every other row.
    expect(names.slice(0, 2).every((n) => n.includes("J6P"))).toBe(true);
    const firstOther = names.findIndex((n) => !n.includes("J6P"));
    expect(firstOther).toBeGreaterThan(1);
    expect(names.slice(firstOther).some((n) => n.includes("J6P"))).toBe(false);
    await expect(page.getByLabel("Сортировка").locator("option:checked").textContent()).resolves.toBe(
      "По релевантности",
    );

    await page.getByText("Фильтры").click();
    await page.getByLabel("Сортировка").selectOption({ label: "По названию, А–Я" });
    await page.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL((url) => url.searchParams.get("sortBy") === "name_asc");
    // While the next results load, the list shows placeholders and no rows: wait for rows again.
    await expect
      .poll(async () => {
        const now = await rowNames(page);
        return now.length > 0 && now.join("|") !== names.join("|");
      })
      .toBe(true);
    // The spec's name order compares the short names (the rows show the full ones).
    const byName = (await rowNames(page)).map((fullName) => parts.find((p) => p.fullName === fullName)!.name);
    expect([...byName].sort(collator.compare)).toEqual(byName);

    // A new search from here keeps the order the visitor chose.
    await box(page).fill("фильтр");
    await box(page).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === "фильтр");
    expect(new URL(page.url()).searchParams.get("sortBy")).toBe("name_asc");
  });

  it("marks the words that matched, typos included", async () => {
    const { page } = await openPage(suite, "/catalog/parts?search=фыльтр масляный", { javaScriptEnabled });
    const marked = await marks(page);
    expect(marked.length).toBeGreaterThan(0);
    expect(new Set(marked.map((m) => m.toLowerCase()))).toEqual(new Set(["фильтр", "масляный"]));
    const article = parts.find((p) => /^WG\d{10}$/.test(p.article))!.article;
    await page.goto(`/catalog/parts?search=${article.slice(0, 7).toLowerCase()}`);
    await expect(page.getByTestId("part-row").first().locator(".part-row__article mark").textContent()).resolves.toBe(
      article.slice(0, 7),
    );
  });

  it("helps when nothing is found: the search without the groups, the parts list request and the phone", async () => {
    const { search, group, alone } = emptyWithGroup();
    const { page } = await openPage(suite, `/catalog/parts?search=${search}&groups=${encodeURIComponent(group)}`, {
      javaScriptEnabled,
    });
    const help = page.getByTestId("nothing-found");
    await expect(help.getByText("Нет совпадений с такими фильтрами").count()).resolves.toBe(1);
    await expect(help.textContent()).resolves.toContain(
      `Без выбранных моделей по запросу «${search}» найдено: ${alone}.`,
    );
    await expect(help.getByRole("link", { name: deskPhone("parts").display }).getAttribute("href")).resolves.toBe(
      `tel:${deskPhone("parts").tel}`,
    );
    await expect(
      help.getByRole("link", { name: "Отправить список запчастей" }).getAttribute("href"),
    ).resolves.toContain("modal=parts-list");
    // The parts desk only: never the truck sales number.
    await expect(help.getByRole("link", { name: deskPhone("sales").display }).count()).resolves.toBe(0);
    // A way out without the search, keeping the models.
    await expect(
      help.getByRole("link", { name: `Показать без поиска «${search}»` }).getAttribute("href"),
    ).resolves.toBe(`/catalog/parts?${new URLSearchParams({ groups: String(group) })}`);

    await help.getByRole("link", { name: "Показать все модели" }).click();
    await page.waitForURL(
      (url) => url.searchParams.getAll("groups").length === 0 && url.searchParams.get("search") === search,
    );
    await page.getByText(`Найдено: ${alone}`).waitFor();

    // Nothing at all: no count to offer, the request and the phone still there.
    await page.goto("/catalog/parts?search=zzzzqqqq");
    await expect(
      page.getByTestId("nothing-found").getByRole("link", { name: "Отправить список запчастей" }).count(),
    ).resolves.toBe(1);
    await expect(page.getByTestId("nothing-found").getByText("Без выбранных моделей").count()).resolves.toBe(0);
    await page.getByTestId("nothing-found").getByRole("link", { name: "Показать без поиска «zzzzqqqq»" }).click();
    await page.waitForURL((url) => url.pathname === "/catalog/parts" && url.search === "");
    await expect.poll(() => page.getByTestId("part-row").count()).toBe(10);
  });
});

describe("search box without JavaScript", () => {
  it("is the plain GET form: no list of suggestions", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled: false });
    await box(page).fill("фильт");
    await expect(page.getByRole("listbox").count()).resolves.toBe(0);
    await box(page).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === "фильт");
  });
});

describe("search suggestions with JavaScript", () => {
  const options = (page: Page) => page.getByRole("listbox", { name: "Подсказки" }).getByRole("option");

  it("suggests up to six parts from the second letter and works by keyboard", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled: true });
    await box(page).pressSequentially("ф");
    await settled(page, true);
    await expect(box(page).getAttribute("aria-expanded")).resolves.toBe("false");
    await box(page).pressSequentially("ильт");
    await options(page).first().waitFor();
    const count = await options(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    await expect(box(page).getAttribute("aria-expanded")).resolves.toBe("true");
    for (const text of await options(page).allTextContents()) expect(text.toLowerCase()).toContain("фильт");
    // The word being typed is marked where it matched ('Фильтр', one letter short of it).
    await expect(options(page).first().locator("mark").first().textContent()).resolves.toMatch(/^Фильт/);

    // Down twice, up once: the first option, named by aria-activedescendant.
    await box(page).press("ArrowDown");
    await box(page).press("ArrowDown");
    await box(page).press("ArrowUp");
    const activeId = await box(page).getAttribute("aria-activedescendant");
    const first = options(page).first();
    expect(activeId).toBe(await first.getAttribute("id"));
    await expect(first.getAttribute("aria-selected")).resolves.toBe("true");
    const name = (await first.locator(".suggest__name").textContent())!;

    // Escape closes the list and keeps the text.
    await box(page).press("Escape");
    await expect(box(page).getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(box(page).inputValue()).resolves.toBe("фильт");

    // Enter on a chosen part opens it.
    await box(page).press("ArrowDown");
    await options(page).first().waitFor();
    await box(page).press("ArrowDown");
    await box(page).press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/catalog/parts/"));
    await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
  });

  it("runs the full search on Enter with nothing chosen, and opens a part on a click", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled: true });
    await box(page).pressSequentially("насос");
    await options(page).first().waitFor();
    await box(page).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === "насос");
    await expect(page.getByRole("listbox", { name: "Подсказки" }).isHidden()).resolves.toBe(true);
    // The results of the search are on the page: rows again after the loading placeholders, all of
    // them the search's.
    await expect.poll(() => allRowsName(page, "насос")).toBe(true);
    await expect.poll(() => box(page).inputValue()).toBe("насос");

    await box(page).fill("");
    await box(page).pressSequentially("колодк");
    const third = options(page).nth(2);
    await third.waitFor();
    const name = (await third.locator(".suggest__name").textContent())!;
    await third.click();
    await page.waitForURL((url) => url.pathname.startsWith("/catalog/parts/"));
    await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
  });

  it("lists the results of a search sent while the suggestions are still on their way", async () => {
    // The suggestions (and any route discovery) are held until the results are on the screen.
    const { page, release, asked } = await openHolding(/\/(api\/parts-suggest|__manifest)\?/);
    await box(page).pressSequentially("фильтр");
    await asked;
    await page.getByRole("button", { name: "Искать" }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === "фильтр");
    await expect.poll(() => allRowsName(page, "фильтр")).toBe(true);
    release();
    await settled(page, true);
    expect(await allRowsName(page, "фильтр")).toBe(true);
    expect(await page.getByRole("heading", { name: "Страница не найдена" }).count()).toBe(0);
  });

  it("keeps what is typed on while a search's results load, and takes the URL's search on Back", async () => {
    // The results of the search (the route's data) are held until the visitor has typed on.
    const { page, release, asked: loading } = await openHolding(/\/catalog\/parts\?(?=.*search=)(?=.*_data=)/);
    await typeKeys(box(page), "насос");
    await box(page).press("Enter");
    await loading;
    await typeKeys(box(page), " гур");
    release();
    await page.waitForURL((url) => url.searchParams.get("search") === "насос");
    await expect.poll(() => allRowsName(page, "насос")).toBe(true);
    await settled(page, true);
    expect(await box(page).inputValue()).toBe("насос гур");

    // Back to the list without a search: the box says what the page shows.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("search"));
    await expect.poll(() => box(page).inputValue()).toBe("");
  });

  it("never lets an older answer replace a newer one", async () => {
    const { page } = await openPage(suite, "/catalog/parts", {
      javaScriptEnabled: true,
      // The answer for 'нас' is held back until the one for 'насос' has been shown.
      init: async (p) => {
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await p.route("**/api/parts-suggest?**", async (route) => {
          const q = new URL(route.request().url()).searchParams.get("q");
          if (q === "нас") {
            await held;
            await route.continue().catch(() => undefined);
          } else {
            await route.continue();
            if (q === "насос") setTimeout(release, 300);
          }
        });
      },
    });
    await box(page).pressSequentially("нас");
    await page.waitForRequest((r) => r.url().includes("q=%D0%BD%D0%B0%D1%81") && !r.url().includes("%D0%BE%D1%81"));
    await box(page).pressSequentially("ос");
    await options(page).first().waitFor();
    await settled(page, true);
    for (const text of await options(page).allTextContents()) expect(text.toLowerCase()).toContain("насос");
  });
});
