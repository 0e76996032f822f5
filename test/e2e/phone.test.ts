import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { clearByKeys, fakeNotifyForFile, nextKeyReady, openPage, serverAndBrowser, typeKeys } from "./harness";

/**
 * The phone as people in Russia type it (spec §5, the mask +7 (000) 000-00-00), in every form: key
 * by key from an 8, a +7 or a 7, or as ten digits, pasted and autofilled. Whatever the path, the
 * notify service receives the mask's form with the spaces removed (spec §7).
 */

const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "phone-key",
  LEAD_RATE_LIMIT: "0",
}));
const TRUCK = "/catalog/trucks/tyagach/faw-j7-6x4-460";
const part = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance >= 3)!;

const VARIANTS = ["89131234567", "+79131234567", "79131234567", "9131234567", "8 (913) 123-45-67"];
const SHOWN = "+7 (913) 123-45-67";
const SENT = "+7(913)123-45-67";

interface FormCase {
  name: string;
  path: string;
  /** The form on the page. */
  form: (page: Page) => Locator;
  submit: string;
  /** The heading the visitor lands on once it is sent. */
  done: string;
  cart?: boolean;
}

const dialog = (title: string) => (page: Page) => page.getByRole("dialog", { name: title });

const FORMS: FormCase[] = [
  {
    name: "callback",
    path: "/delivery?modal=callback",
    form: dialog("Заказать обратный звонок"),
    submit: "Отправить",
    done: "Заявка отправлена",
  },
  {
    name: "price",
    path: `${TRUCK}?modal=price`,
    form: dialog("Узнать цену"),
    submit: "Узнать цену",
    done: "Заявка отправлена",
  },
  {
    name: "leasing",
    path: "/leasing?modal=leasing",
    form: dialog("Рассчитать лизинг"),
    submit: "Отправить заявку",
    done: "Заявка отправлена",
  },
  {
    name: "parts-list",
    path: "/catalog/parts?modal=parts-list",
    form: dialog("Оставить заявку"),
    submit: "Отправить заявку",
    done: "Заявка отправлена",
  },
  {
    name: "buy",
    path: TRUCK,
    form: (page) => page.locator("#lead-buy"),
    submit: "Отправить заявку",
    done: "Заявка отправлена",
  },
  {
    name: "service",
    path: "/service",
    form: (page) => page.locator("#booking"),
    submit: "Записаться",
    done: "Заявка отправлена",
  },
  {
    name: "order",
    path: "/make-order",
    form: (page) => page.locator("form.order__form"),
    submit: "Оформить заказ",
    done: "Заказ оформлен",
    cart: true,
  },
];

async function open(form: FormCase, javaScriptEnabled: boolean, mobile = false) {
  const { page } = await openPage(suite, form.path, {
    javaScriptEnabled,
    mobile,
    init: form.cart
      ? (_page, context) => context.addCookies([{ name: "cart", value: `${part.id}.1`, url: suite.server.url }])
      : undefined,
  });
  const scope = form.form(page);
  const phone = scope.getByLabel("Телефон");
  await phone.scrollIntoViewIfNeeded();
  // A lead form's script may load once the form comes near the screen (the truck page's form).
  if (javaScriptEnabled) {
    const input = await phone.elementHandle();
    await page.waitForFunction((el) => {
      const owner = (el as HTMLInputElement).form;
      return !!owner && (!owner.getAttribute("action")?.startsWith("/lead/") || owner.hasAttribute("data-enhanced"));
    }, input);
  }
  return { page, scope, phone };
}

async function send(page: Page, scope: Locator, form: FormCase) {
  await scope.getByLabel("ФИО").fill("Петров Пётр");
  await scope.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
  await scope.getByRole("button", { name: form.submit }).click();
  await page.getByRole("heading", { level: 1, name: form.done }).waitFor();
}

const sentPhone = () =>
  notify.received.at(-1)?.json?.fields.find((f) => f.key === "phone")?.value ??
  notify.received.at(-1)?.multipart?.fields.find((f) => f.key === "phone")?.value;

describe("the phone typed key by key, with JavaScript", () => {
  it.each(FORMS)(
    "shows every usual way of typing as +7 (913) 123-45-67 in the $name form, and sends +7(913)123-45-67",
    async (form) => {
      const { page, scope, phone } = await open(form, true);
      await phone.click();
      // Every way on the first form; the usual two (from 8 and from +7) on the others, which share its field.
      for (const typed of form === FORMS[0] ? VARIANTS : VARIANTS.slice(0, 2)) {
        await clearByKeys(phone);
        await typeKeys(phone, typed);
        expect(await phone.inputValue(), typed).toBe(SHOWN);
      }
      await clearByKeys(phone);
      await typeKeys(phone, "89131234567");
      await send(page, scope, form);
      expect(notify.received).toHaveLength(1);
      expect(sentPhone()).toBe(SENT);
    },
  );

  it("edits the number on a phone as a person does: backspace, an 8 or 7 inside the number, a fresh start", async () => {
    const { phone } = await open(FORMS[0], true, true);
    await phone.click();
    await typeKeys(phone, "89131234567");
    await typeKeys(phone, ["Backspace", "Backspace"]);
    expect(await phone.inputValue()).toBe("+7 (913) 123-45");
    // Once the number has begun, an 8 or a 7 is an ordinary digit.
    await typeKeys(phone, "78");
    expect(await phone.inputValue()).toBe("+7 (913) 123-45-78");
    await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(5, 5));
    await typeKeys(phone, ["Backspace", "8"]);
    expect(await phone.inputValue()).toBe("+7 (813) 123-45-78");
    // Emptied, the field takes the next 8 as the country code again.
    await clearByKeys(phone);
    await typeKeys(phone, "8 913 123 45 67");
    expect(await phone.inputValue()).toBe(SHOWN);
    await phone.blur();
  });

  it("takes a pasted or autofilled number whole, the country code its own", async () => {
    const { page, phone } = await open(FORMS[0], true);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await phone.click();
    for (const pasted of VARIANTS) {
      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      // Over a number already there, as over an empty field.
      await typeKeys(phone, ["Control+a", "Control+v"]);
      expect(await phone.inputValue(), pasted).toBe(SHOWN);
    }
    for (const saved of VARIANTS) {
      await clearByKeys(phone);
      // A browser's autofill: the whole value at once, as an insertReplacementText input.
      await phone.evaluate((input: HTMLInputElement, value) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
        input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertReplacementText" }));
      }, saved);
      await nextKeyReady(page);
      expect(await phone.inputValue(), saved).toBe(SHOWN);
    }
    await phone.blur();
  });
});

describe("the phone typed without JavaScript", () => {
  it.each(
    // Ten digits as well: the server puts the mask's +7 before them, as the mask does with JavaScript.
    FORMS.map((form, i) => ({ ...form, typed: VARIANTS[i % VARIANTS.length] })),
  )("sends $typed from the $name form as +7(913)123-45-67", async (form) => {
    const { page, scope, phone } = await open(form, false);
    await typeKeys(phone, form.typed);
    await send(page, scope, form);
    expect(notify.received).toHaveLength(1);
    expect(sentPhone()).toBe(SENT);
  });

  // Another country's, one from an 8 a digit short, nine digits.
  it.each(["19131234567", "8913123456", "913123456"])(
    "refuses %s with 'Введите номер телефона' and sends nothing",
    async (typed) => {
      const { page, scope, phone } = await open(FORMS[0], false);
      await typeKeys(phone, typed);
      await scope.getByLabel("ФИО").fill("Петров Пётр");
      await scope.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
      await scope.getByRole("button", { name: "Отправить" }).click();
      await page.locator("main .field__error", { hasText: "Введите номер телефона" }).waitFor();
      expect(notify.received).toHaveLength(0);
    },
  );
});
