import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { clearByKeys, fakeNotifyForFile, openPage, serverAndBrowser, typeKeys } from "./harness";

/**
 * Spec §5 as a visitor meets it. With JavaScript each field's message appears while it is typed
 * into (the field keeps the focus: nothing waits for a blur) and clears once fixed, and the button
 * follows. Without JavaScript the server answers a post with every message, and the button stays
 * enabled so the fixed form can be sent.
 */

const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({ NOTIFY_API_URL: notify.url, NOTIFY_API_KEY: "validation-key" }));
const part = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance >= 3)!;

/** /make-order needs something in the cart: the cart cookie a visitor would have. */
async function withCart(javaScriptEnabled: boolean) {
  return openPage(suite, "/make-order", {
    javaScriptEnabled,
    init: (_page, context) => context.addCookies([{ name: "cart", value: `${part.id}.1`, url: suite.server.url }]),
  });
}

const MESSAGES = {
  name: "Заполните ФИО",
  email: "Введите корректный email",
  phone: "Введите номер телефона",
  inn: "Длина ИНН должна быть 10 или 12 чисел",
  innCheck: "Проверьте ИНН: не сходится контрольная цифра",
  consent: "Необходимо согласие на обработку персональных данных",
};

async function focused(field: Locator): Promise<boolean> {
  return field.evaluate((el) => el === document.activeElement);
}

/** Types `text` into `field`, then waits for `message` to be shown or gone. */
async function typeAndSee(scope: Locator, field: Locator, text: string, message: string, visible: boolean) {
  await typeKeys(field, text);
  await scope.getByText(message).waitFor({ state: visible ? "visible" : "detached" });
  // Seen while the visitor is still in the field.
  expect(await focused(field)).toBe(true);
}

describe("validation as the visitor types, with JavaScript", () => {
  it("on /make-order shows 'Введите корректный email' for 'abc' at once, disables the button, and clears both when fixed", async () => {
    const { page, errors } = await withCart(true);
    const form = page.locator("form.order__form");
    const button = form.getByRole("button", { name: "Оформить заказ" });
    const email = form.getByLabel("Email");
    await email.click();
    await typeAndSee(form, email, "abc", MESSAGES.email, true);
    await expect(button.isDisabled()).resolves.toBe(true);
    // Only the field typed into speaks.
    for (const other of [MESSAGES.name, MESSAGES.phone, MESSAGES.inn, MESSAGES.consent]) {
      await expect(form.getByText(other).count()).resolves.toBe(0);
    }
    await typeAndSee(form, email, "@mail.ru", MESSAGES.email, false);
    await expect(button.isDisabled()).resolves.toBe(false);

    // Every other message of §5, raised and cleared while typing.
    const name = form.getByLabel("ФИО");
    await name.click();
    await typeKeys(name, "Иван");
    await clearByKeys(name);
    await form.getByText(MESSAGES.name).waitFor();
    await expect(button.isDisabled()).resolves.toBe(true);
    await typeAndSee(form, name, "Иванов Иван", MESSAGES.name, false);
    await expect(button.isDisabled()).resolves.toBe(false);

    const phone = form.getByLabel("Телефон");
    await phone.click();
    await typeAndSee(form, phone, "91234", MESSAGES.phone, true);
    await expect(button.isDisabled()).resolves.toBe(true);
    await typeAndSee(form, phone, "56789", MESSAGES.phone, false);
    await expect(phone.inputValue()).resolves.toBe("+7 (912) 345-67-89");
    await expect(button.isDisabled()).resolves.toBe(false);

    const inn = form.getByLabel("ИНН организации");
    await inn.click();
    await typeAndSee(form, inn, "12ab3", MESSAGES.inn, true);
    await expect(inn.inputValue()).resolves.toBe("123");
    await expect(button.isDisabled()).resolves.toBe(true);
    await typeAndSee(form, inn, "4567890", MESSAGES.inn, false);
    // Ten digits whose last is not the control digit of the nine before it (ФНС's rule).
    await form.getByText(MESSAGES.innCheck).waitFor();
    await expect(button.isDisabled()).resolves.toBe(true);
    await typeKeys(inn, ["Backspace"]);
    await form.getByText(MESSAGES.inn).waitFor();
    await typeAndSee(form, inn, "4", MESSAGES.inn, false);
    await expect(form.getByText(MESSAGES.innCheck).count()).resolves.toBe(0);
    await expect(inn.inputValue()).resolves.toBe("1234567894");
    await expect(button.isDisabled()).resolves.toBe(false);

    await form.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await button.click();
    await page.waitForURL("**/order-success");
    expect(notify.received.at(-1)?.json?.name).toBe("order");
    expect(errors).toEqual([]);
  });

  it("in the callback modal raises and clears each message while typing; a submit shows all of them", async () => {
    const { page, errors } = await openPage(suite, "/delivery?modal=callback", { javaScriptEnabled: true });
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    const button = dialog.getByRole("button", { name: "Отправить" });
    // The modal focused ФИО; starting with the phone says nothing about ФИО.
    const phone = dialog.getByLabel("Телефон");
    await phone.click();
    await typeAndSee(dialog, phone, "912", MESSAGES.phone, true);
    await expect(dialog.getByText(MESSAGES.name).count()).resolves.toBe(0);
    await expect(button.isDisabled()).resolves.toBe(true);
    await typeAndSee(dialog, phone, "3456789", MESSAGES.phone, false);
    await expect(button.isDisabled()).resolves.toBe(false);

    const inn = dialog.getByLabel("ИНН организации");
    await inn.click();
    await typeAndSee(dialog, inn, "12345678901", MESSAGES.inn, true);
    await expect(button.isDisabled()).resolves.toBe(true);
    // Twelve digits, the last two not its control digits: the length message gives way to this one.
    await typeAndSee(dialog, inn, "2", MESSAGES.innCheck, true);
    await expect(dialog.getByText(MESSAGES.inn).count()).resolves.toBe(0);
    await expect(button.isDisabled()).resolves.toBe(true);
    await typeKeys(inn, ["Backspace", "Backspace"]);
    await typeAndSee(dialog, inn, "47", MESSAGES.innCheck, false);
    await expect(button.isDisabled()).resolves.toBe(false);

    await button.click();
    await dialog.getByText(MESSAGES.name).waitFor();
    await dialog.getByText(MESSAGES.consent).waitFor();
    await expect(button.isDisabled()).resolves.toBe(true);
    const name = dialog.getByLabel("ФИО");
    await typeAndSee(dialog, name, "Иванов", MESSAGES.name, false);
    await dialog.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await dialog.getByText(MESSAGES.consent).waitFor({ state: "detached" });
    await expect(button.isDisabled()).resolves.toBe(false);
    await button.click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(notify.received).toHaveLength(1);
    // The modal open on arrival hydrated in place (no React error 421).
    expect(errors).toEqual([]);
  });
});

describe("validation without JavaScript", () => {
  /** Each message beside its field (they are listed at the top of the form too). */
  async function expectAll(scope: Locator | Page, messages: string[]) {
    for (const message of messages) await scope.locator(".field__error", { hasText: message }).waitFor();
  }

  it("answers the order form with every message, keeps the button enabled, and sends it once fixed", async () => {
    const { page } = await withCart(false);
    let form = page.locator("form.order__form");
    await form.getByLabel("Email").fill("abc");
    await form.getByLabel("ИНН организации").fill("123");
    // Nothing checks before the post.
    await expect(form.getByText(MESSAGES.email).count()).resolves.toBe(0);
    await form.getByRole("button", { name: "Оформить заказ" }).click();
    form = page.locator("form.order__form");
    // The spec's five (a pickup without an invoice asks for nothing else).
    await expectAll(form, [MESSAGES.name, MESSAGES.email, MESSAGES.phone, MESSAGES.inn, MESSAGES.consent]);
    await expect(form.getByLabel("Email").inputValue()).resolves.toBe("abc");
    const button = form.getByRole("button", { name: "Оформить заказ" });
    await expect(button.isDisabled()).resolves.toBe(false);

    await form.getByLabel("ФИО").fill("Иванов Иван");
    await form.getByLabel("Телефон").fill("+7 (912) 345-67-89");
    await form.getByLabel("Email").fill("abc@mail.ru");
    await form.getByLabel("ИНН организации").fill("1234567894");
    await form.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await button.click();
    await page.waitForURL("**/order-success");
    expect(notify.received.at(-1)?.json?.fields.find((f) => f.key === "email")?.value).toBe("abc@mail.ru");
  });

  it("answers a lead form with every message on its own page, keeps the button enabled, and sends it once fixed", async () => {
    const { page } = await openPage(suite, "/delivery?modal=callback", { javaScriptEnabled: false });
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    await dialog.getByLabel("ИНН организации").fill("12345");
    await dialog.getByRole("button", { name: "Отправить" }).click();
    const main = page.locator("main");
    await expectAll(main, [MESSAGES.name, MESSAGES.phone, MESSAGES.inn, MESSAGES.consent]);
    const button = main.getByRole("button", { name: "Отправить" });
    await expect(button.isDisabled()).resolves.toBe(false);
    await main.getByLabel("ФИО").fill("Иванов Иван");
    await main.getByLabel("Телефон").fill("+7 (912) 345-67-89");
    // A whole ИНН, typed in groups, with a wrong control digit: the server says which, on the field.
    const inn = main.getByLabel("ИНН организации");
    await clearByKeys(inn);
    await typeKeys(inn, "2465 123456");
    await main.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await button.click();
    await expectAll(main, [MESSAGES.innCheck]);
    await expect(main.locator(".field__error", { hasText: MESSAGES.inn }).count()).resolves.toBe(0);
    expect(notify.received).toHaveLength(0);
    await clearByKeys(inn);
    await typeKeys(inn, "2465 123457");
    await main.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await button.click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(notify.received[0].json?.fields.find((f) => f.key === "inn")?.value).toBe("2465123457");
    expect(new URL(page.url()).search).toBe("?fromUrl=%2Fdelivery");
    expect(notify.received).toHaveLength(1);
  });
});
