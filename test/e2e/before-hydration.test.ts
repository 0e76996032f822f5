/**
 * What a visitor does while the page's scripts still load (held back here, see hold-scripts.ts)
 * stands once they have run: a purchase, an order, a lead, Enter in the leasing request.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ALL_TRUCKS } from "~/data/trucks";
import {
  axeViolations,
  blankPage,
  fakeNotifyForFile,
  MODES,
  openPage,
  ready,
  serverAndBrowser,
  typeKeys,
} from "./harness";
import { arrive, holdScripts, hydrated } from "./hold-scripts";

const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "early-key",
  LEAD_RATE_LIMIT: "40",
}));

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();
const truck = ALL_TRUCKS.find((t) => t.price !== undefined)!;
const truckPage = `/catalog/trucks/${truck.type.slug}/${truck.slug}`;

/** The parts of the list's first page a customer can buy, by id. */
async function buyableIds(page: Page): Promise<string[]> {
  const controls = page.locator('[data-testid^="purchase-"]:has(button[value="add"]:not([disabled]))');
  const ids = await controls.evaluateAll((forms) => forms.map((form) => form.getAttribute("data-testid")!));
  return ids.map((id) => id.slice("purchase-".length));
}

const control = (page: Page, id: string) => page.getByTestId(`purchase-${id}`);

async function adds(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { ecommerce?: { add?: { products: { id: string }[] } } }[] }).dataLayer ?? [])
      .flatMap((event) => event.ecommerce?.add?.products ?? [])
      .map((product) => product.id),
  );
}

const storedIds = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("cart") ?? "[]") as { id: string }[]).map((item) => item.id));

describe("a purchase before the scripts run", () => {
  it("is the cart after hydration: header, /cart and localStorage, and analytics counts only that add", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled: true });
    const [first, second] = await buyableIds(page);
    // A cart the browser keeps: one part bought with the scripts running.
    await control(page, first).getByRole("button", { name: "Купить" }).click();
    await expect.poll(() => storedIds(page)).toEqual([first]);

    // The next visit: 'Купить' pressed while the scripts load is a plain post to /cart.
    const held = await holdScripts(page);
    await arrive(page, "/catalog/parts");
    await control(page, second).getByRole("button", { name: "Купить" }).click();
    await page.waitForURL((url) => url.hash === `#part-${second}`, { waitUntil: "commit" });
    await control(page, second).getByText("Добавлено в корзину").waitFor();
    expect(await hydrated(page)).toBe(false);
    await held.release();

    await expect.poll(() => storedIds(page)).toEqual([first, second]);
    await expect(page.getByTestId("header-cart").textContent()).resolves.toBe("Корзина (2)");
    expect(await adds(page)).toEqual([second]);
    // The row still says so once the page runs, and says it accessibly.
    await control(page, second).getByRole("link", { name: "Перейти в корзину" }).waitFor();
    expect(await axeViolations(page, `#part-${second}`)).toEqual([]);
    await page.getByTestId("header-cart").click();
    await page.getByRole("heading", { level: 1, name: "Корзина" }).waitFor();
    await page.getByTestId(`cart-line-${first}`).waitFor();
    await page.getByTestId(`cart-line-${second}`).waitFor();
    // And it stays so on the next page: the browser's copy is the server's now.
    await page.reload();
    await ready(page, true);
    await expect(page.getByTestId("header-cart").textContent()).resolves.toBe("Корзина (2)");
    expect(await adds(page)).toEqual([]);
  });
});

describe("an order sent before the scripts run", () => {
  it("is placed once, and the cart is empty after hydration", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled: true });
    const [id] = await buyableIds(page);
    await control(page, id).getByRole("button", { name: "Купить" }).click();
    await expect.poll(() => storedIds(page)).toEqual([id]);
    const held = await holdScripts(page);
    await arrive(page, "/make-order");
    const form = page.locator("form.order__form");
    await typeKeys(form.getByLabel("ФИО"), "Соколова Анна");
    await typeKeys(form.getByLabel("Телефон"), "89123456789");
    await form.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await form.getByLabel("ФИО").press("Enter");
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    await held.release();
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    await expect.poll(() => storedIds(page)).toEqual([]);
    await expect(page.getByTestId("header-cart").textContent()).resolves.toBe("Корзина");
    expect(notify.received).toHaveLength(1);
    expect(notify.received[0].json!.name).toBe("order");
  });
});

/**
 * The leasing request of a truck's modal, three ways: without JavaScript, with it before the
 * scripts run, and with it running. Enter in a field sends the lead ('Рассчитать' comes first in
 * the form without JavaScript, and a hidden copy of the lead's button before it).
 */
describe.each([
  ...MODES.map((mode) => ({ ...mode, early: false })),
  { name: "with JavaScript, before it runs", javaScriptEnabled: true, early: true },
])("Enter in the leasing request, $name", ({ javaScriptEnabled, early }) => {
  it("sends the lead with the truck's calculation, not a recalculation", async () => {
    const path = `${truckPage}?modal=leasing`;
    const { page } = early
      ? await blankPage(suite, { javaScriptEnabled })
      : await openPage(suite, path, { javaScriptEnabled });
    const held = early ? await holdScripts(page) : undefined;
    if (held) await arrive(page, path);
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    // Each way is another customer: the same fields again within ten minutes would be the first lead.
    const name = early ? "Ранняя Мария" : javaScriptEnabled ? "Лизингов Иван" : "Лизингова Анна";
    await typeKeys(dialog.getByLabel("ФИО"), name);
    await typeKeys(dialog.getByLabel("Телефон"), "89123456789");
    await dialog.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await dialog.getByLabel("Срок, месяцев").press("Enter");
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    await held?.release();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(notify.received).toHaveLength(1);
    const comment = notify.received[0].json!.fields.find((f) => f.key === "comment")!.value;
    expect(plain(comment).startsWith(`${truck.name}: стоимость`)).toBe(true);
  });
});

/** The price request of a truck's page: its fields and its button. */
const priceForm = (where: Page | Locator) => where.locator('form[action^="/lead/price"]');

describe("a price request sent before the scripts run", () => {
  it("comes back refused with the truck still named, then goes, and stays sent after hydration", async () => {
    const page = (await blankPage(suite, { javaScriptEnabled: true })).page;
    const held = await holdScripts(page);
    await arrive(page, `${truckPage}?modal=price`);
    const title = `Узнать цену на ${truck.name}`;
    await page.getByRole("dialog", { name: title }).waitFor();
    // Sent with nothing typed: the request's own page, refused, still about the truck.
    await priceForm(page).getByRole("button", { name: "Узнать цену" }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(notify.received).toHaveLength(0);
    await typeKeys(priceForm(page).getByLabel("ФИО"), "Ценов Пётр");
    await typeKeys(priceForm(page).getByLabel("Телефон"), "89123456789");
    await priceForm(page).getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await priceForm(page).getByRole("button", { name: "Узнать цену" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    await held.release();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(notify.received).toHaveLength(1);
    expect(notify.received[0].json!.fields.find((f) => f.key === "source")!.value).toContain(truck.name);
  });
});
