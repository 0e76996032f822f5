import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { deskPhone } from "~/content";
import { generateParts } from "~server/demo-catalogue.server";
import { UPLOAD_MESSAGES } from "~server/upload.server";
import type { FakeNotify } from "../fake-notify";
import { fakeNotifyForFile, MODES, openPage, serverAndBrowser, typeKeys } from "./harness";

const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({ NOTIFY_API_URL: notify.url, NOTIFY_API_KEY: "e2e-parts-list-key" }));
const parts = generateParts(360).flatMap((g) => g.parts);
const outOfStock = parts.find((p) => p.balance === 0)!;
const inStock = parts.find((p) => p.balance > 0)!;

/**
 * Sends the call-back form as `name`: each test is another visitor (the same fields from the same
 * address within ten minutes would be one visitor's post sent again, and sent once).
 */
async function sendCallback(page: Page, dialog: Locator, javaScriptEnabled: boolean, name: string) {
  await dialog.getByLabel("ФИО").fill(name);
  await dialog.getByLabel("Телефон").fill(javaScriptEnabled ? "9123456789" : "+7 (912) 345-67-89");
  await dialog.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
  await dialog.getByRole("button", { name: "Отправить" }).click();
  await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
}

const fieldOf = (sent: FakeNotify["received"][number], key: string) =>
  (sent.json as { fields: { key: string; value: string }[] }).fields.find((f) => f.key === key)?.value;
const sourceOf = (sent: FakeNotify["received"][number]) => fieldOf(sent, "source");

/** The request's comment as the link fills it in, its panel the parts desk's. */
async function expectDeliveryRequest(dialog: Locator) {
  await expect(dialog.getByLabel("Комментарий").inputValue()).resolves.toBe(
    `Срок поставки: ${outOfStock.fullName}, артикул ${outOfStock.article || "-"}`,
  );
  await expect(
    dialog
      .getByTestId("modal-aside")
      .getByRole("link", { name: deskPhone("parts").display })
      .count(),
  ).resolves.toBe(1);
}

describe.each(MODES)("a part out of stock $name", ({ javaScriptEnabled }) => {
  it("says 'Под заказ' in its row and asks for the delivery date, naming the part, with its page as the source", async () => {
    const { page } = await openPage(suite, `/catalog/parts?search=${encodeURIComponent(outOfStock.article)}`, {
      javaScriptEnabled,
    });
    const row = page.getByTestId("part-row").filter({ hasText: outOfStock.fullName }).first();
    await expect(row.getByText("Под заказ", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(row.getByText("В наличии: 0 ед.").isVisible()).resolves.toBe(true);
    const buy = row.getByRole("button", { name: "Купить" });
    await expect(buy.isDisabled()).resolves.toBe(true);
    // Disabled looks disabled: not the sale colour of an enabled 'Купить'.
    const colours = await page.evaluate(() => {
      const buttons = [...document.querySelectorAll<HTMLButtonElement>("button.purchase__buy")];
      const background = (b?: HTMLButtonElement) => (b ? getComputedStyle(b).backgroundColor : "");
      return {
        enabled: background(buttons.find((b) => !b.disabled)),
        disabled: background(buttons.find((b) => b.disabled)),
      };
    });
    expect(colours.disabled).not.toBe(colours.enabled);
    await row.getByRole("link", { name: "Узнать срок поставки" }).click();
    // It says what it is for and names the part.
    const dialog = page.getByRole("dialog", { name: `Узнать срок поставки: ${outOfStock.fullName}` });
    await dialog.waitFor();
    // The visitor stays on the list behind the modal.
    expect(new URL(page.url()).pathname).toBe("/catalog/parts");
    await expectDeliveryRequest(dialog);
    await sendCallback(page, dialog, javaScriptEnabled, javaScriptEnabled ? "Петров Пётр" : "Сидоров Олег");
    expect(notify.received).toHaveLength(1);
    expect(fieldOf(notify.received[0], "comment")).toBe(
      `Срок поставки: ${outOfStock.fullName}, артикул ${outOfStock.article || "-"}`,
    );
    expect(sourceOf(notify.received[0])).toBe(
      `<a href="${suite.server.url}/catalog/parts/${outOfStock.slug}">Источник</a>`,
    );
  });

  it("says 'Под заказ' on the part's page and asks for the delivery date from there", async () => {
    const { page } = await openPage(suite, `/catalog/parts/${outOfStock.slug}`, { javaScriptEnabled });
    const main = page.locator("main");
    await expect(main.getByText("Под заказ", { exact: true }).first().isVisible()).resolves.toBe(true);
    await main.getByRole("link", { name: "Узнать срок поставки" }).first().click();
    // It says what it is for and names the part.
    const dialog = page.getByRole("dialog", { name: `Узнать срок поставки: ${outOfStock.fullName}` });
    await dialog.waitFor();
    await expectDeliveryRequest(dialog);
    await sendCallback(page, dialog, javaScriptEnabled, javaScriptEnabled ? "Петрова Ольга" : "Сидорова Анна");
    expect(sourceOf(notify.received[0])).toBe(
      `<a href="${suite.server.url}/catalog/parts/${outOfStock.slug}">Источник</a>`,
    );
  });

  it("offers neither on a part in stock", async () => {
    const { page } = await openPage(suite, `/catalog/parts/${inStock.slug}`, { javaScriptEnabled });
    await expect(page.getByText("Под заказ", { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Узнать срок поставки" }).count()).resolves.toBe(0);
  });
});

describe.each(MODES)("the parts list's layout $name", ({ javaScriptEnabled }) => {
  it("is a dense table on a 1366×900 desktop: rows of at most 72 px, at least seven in the first screen, every row text kept", async () => {
    const { page } = await openPage(suite, "/catalog/parts", {
      javaScriptEnabled,
      viewport: { width: 1366, height: 900 },
    });
    const boxes = await page
      .getByTestId("part-row")
      .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.length).toBe(10);
    for (const box of boxes) expect(box.height).toBeLessThanOrEqual(72);
    expect(boxes.filter((b) => b.bottom <= 900).length).toBeGreaterThanOrEqual(7);
    const first = page.getByTestId("part-row").first();
    const text = (await first.innerText()).replace(/\u00a0/g, " ");
    expect(text).toMatch(/Артикул: /);
    expect(text).toMatch(/В наличии: \d+ ед\./);
    expect(text).toMatch(/\d ₽/);
    expect(text).toContain("цена с учетом НДС");
    expect(text).toMatch(/Купить|−|\+/);
    // Name and article on the left, then group, stock, price and the control in one line.
    const cells = await first.evaluate((row) =>
      [".part-row__name", ".part-row__group", ".part-row__stock", ".part-row__price", ".part-row__buy"].map(
        (s) => row.querySelector(s)!.getBoundingClientRect().left,
      ),
    );
    expect([...cells].sort((a, b) => a - b)).toEqual(cells);
  });

  it("keeps cards on a phone", async () => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled, mobile: true });
    const first = page.getByTestId("part-row").first();
    const box = (await first.boundingBox())!;
    expect(box.height).toBeGreaterThan(72);
    expect(box.width).toBeLessThanOrEqual(390);
    await expect(first.getByText("цена с учетом НДС").isVisible()).resolves.toBe(true);
  });
});

describe("a parts list over 10 MB without JavaScript", () => {
  // A scan on the visitor's disk: the browser reads it from there, as it would a real one.
  let scan: string;
  beforeAll(() => {
    scan = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parts-list-")), "скан.pdf");
    fs.writeFileSync(scan, Buffer.alloc(11 * 1024 * 1024, 1));
  });

  it.each([
    { name: "on a phone", mobile: true },
    { name: "on a desktop", mobile: false },
  ])(
    "comes back with the name, phone and comment typed and the message on the first screen, $name",
    async ({ mobile }) => {
      const { page } = await openPage(suite, "/catalog/parts?modal=parts-list", { javaScriptEnabled: false, mobile });
      const dialog = page.getByRole("dialog", { name: "Оставить заявку" });
      await typeKeys(dialog.getByLabel("ФИО"), "Петров Пётр");
      await typeKeys(dialog.getByLabel("Телефон"), "89123456789");
      await typeKeys(dialog.getByLabel("Комментарий"), "Список во вложении");
      await dialog.getByLabel("Файлы со списком запчастей").setInputFiles(scan);
      await dialog.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
      await dialog.getByRole("button", { name: "Отправить заявку" }).click();
      const summary = page.getByTestId("form-errors");
      await summary.getByText("Файлы не отправлены: их общий объём больше 10 МБ", { exact: false }).waitFor();
      const box = (await summary.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height);
      const form = page.locator("main form");
      await expect(form.getByLabel("ФИО").inputValue()).resolves.toBe("Петров Пётр");
      await expect(form.getByLabel("Телефон").inputValue()).resolves.toBe("89123456789");
      await expect(form.getByLabel("Комментарий").inputValue()).resolves.toBe("Список во вложении");
      expect(notify.received).toHaveLength(0);
    },
  );
});

describe("a parts list sent back for its other fields without JavaScript", () => {
  it("asks for its files again, by the field and in the summary, and sends them once chosen again", async () => {
    const { page } = await openPage(suite, "/catalog/parts?modal=parts-list", { javaScriptEnabled: false });
    const dialog = page.getByRole("dialog", { name: "Оставить заявку" });
    const list = { name: "список.csv", mimeType: "text/csv", buffer: Buffer.from("артикул;кол-во\n1012010-81DJ;4") };
    await typeKeys(dialog.getByLabel("ФИО"), "Петров Пётр");
    await typeKeys(dialog.getByLabel("Телефон"), "89123456789");
    await dialog.getByLabel("Файлы со списком запчастей").setInputFiles(list);
    // The consent box left unticked.
    await dialog.getByRole("button", { name: "Отправить заявку" }).click();
    const summary = page.getByTestId("form-errors");
    await summary.getByRole("link", { name: UPLOAD_MESSAGES.chooseAgain }).waitFor();
    const form = page.locator("main form");
    const files = form.getByLabel("Файлы со списком запчастей");
    await expect(files.getAttribute("aria-invalid")).resolves.toBe("true");
    // By the field: its description, read out with it.
    const [description] = (await files.getAttribute("aria-describedby"))!.split(" ");
    await expect(page.locator(`#${description}`).textContent()).resolves.toBe(UPLOAD_MESSAGES.chooseAgain);
    expect(notify.received).toHaveLength(0);

    await files.setInputFiles(list);
    await form.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await form.getByRole("button", { name: "Отправить заявку" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(notify.received).toHaveLength(1);
    expect(notify.received[0].multipart?.files.map((f) => f.name)).toEqual(["список.csv"]);
  });
});
