/**
 * Details a customer review found: the other models' prices on a truck page, the trade-in link
 * on a phone, the phone's filter panel after 'Применить', the order summary's line sums.
 */
import { describe, expect, it } from "vitest";
import { TRUCK_CATEGORIES } from "~/data/trucks";
import { generateParts } from "~server/demo-catalogue.server";
import { MODES, openPage, serverAndBrowser } from "./harness";

const suite = serverAndBrowser();
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();
const rub = (n: number) => plain(`${new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 }).format(n)} ₽`);

describe.each(MODES)("details $name", ({ javaScriptEnabled }) => {
  it("shows each of 'Другие модели' with its 'цена от' or 'Цена по запросу' and its availability", async () => {
    // The tractor units: some priced by the dealer, some on request.
    const [first, ...others] = TRUCK_CATEGORIES.find((c) => c.slug === "tyagach")!.items;
    expect(others.some((t) => t.price === undefined) && others.some((t) => t.price !== undefined)).toBe(true);
    const { page } = await openPage(suite, `/catalog/trucks/tyagach/${first.slug}`, { javaScriptEnabled });
    const carousel = page.getByRole("region", { name: "Другие модели" });
    for (const truck of others) {
      const card = carousel.locator(`a[href="/catalog/trucks/tyagach/${truck.slug}"]`);
      await expect(
        card.getByTestId("truck-price").locator(".truck-price__amount").textContent().then(plain),
      ).resolves.toBe(truck.price === undefined ? "Цена по запросу" : `цена от ${rub(truck.price)}`);
      await expect(card.getByTestId("availability").textContent()).resolves.toBe(truck.availability);
    }
  });

  it("keeps 'Оценить мою технику' on one line at 390 px", async () => {
    const { page } = await openPage(suite, "/", { javaScriptEnabled, mobile: true });
    const link = page.getByRole("link", { name: "Оценить мою технику" });
    const box = (await link.boundingBox())!;
    const lineHeight = await link.evaluate((a) => parseFloat(getComputedStyle(a).lineHeight));
    expect(box.height).toBeLessThan(lineHeight * 1.5);
  });

  it("ends each line of the order summary with its sum", async () => {
    const part = generateParts(360)
      .flatMap((g) => g.parts)
      .find((p) => p.balance >= 3)!;
    const { page } = await openPage(suite, "/make-order", {
      javaScriptEnabled,
      init: (_page, context) => context.addCookies([{ name: "cart", value: `${part.id}.3`, url: suite.server.url }]),
    });
    const line = page.locator(".order__lines li").first();
    await expect(line.getByTestId("summary-line-sum").textContent().then(plain)).resolves.toBe(rub(part.price * 3));
    await expect(line.textContent().then(plain)).resolves.toMatch(new RegExp(`${rub(part.price * 3)}$`));
  });
});

describe("the parts filter panel with JavaScript", () => {
  it.each([
    { name: "closes on 'Применить' on a phone", mobile: true, open: false },
    { name: "stays open with the choices on a desktop", mobile: false, open: true },
  ])("$name", async ({ mobile, open }) => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled: true, mobile });
    await page.getByText("Фильтры").click();
    await page.getByLabel("Только в наличии").check();
    await page.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL((url) => url.searchParams.get("inStock") === "1");
    await page.getByTestId("part-row").first().waitFor();
    await expect(page.locator("details.filters").evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(open);
  });
});
