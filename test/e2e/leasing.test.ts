import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { deskPhone, LEASING } from "~/content";
import { ALL_TRUCKS } from "~/data/trucks";
import { LEASING_DEFAULTS, LEASING_LIMITS as L, LEASING_MESSAGES } from "~/lib/leasing";
import { MESSAGES as MESSAGES_OF_FORM } from "~/lib/lead-schemas";
import { clearByKeys, fakeNotifyForFile, MODES, openPage, serverAndBrowser, typeKeys } from "./harness";

const notify = fakeNotifyForFile();
// Every request here comes from one address: the lead limit (checkout.test.ts tests it) is above the file's requests.
const suite = serverAndBrowser(() => ({
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "leasing-key",
  LEAD_RATE_LIMIT: "40",
}));
/**
 * The figures worked out here, apart from the site's code: the advance, then the whole-rouble
 * payment that clears the debt month by month (interest added, payment taken) within the term,
 * found by bisection, and the contract sum as the advance plus every payment.
 */
function expected(price: number, advancePercent: number, months: number) {
  const advance = Math.round((price * advancePercent) / 100);
  const monthlyRate = LEASING.annualRatePercent / 100 / 12;
  const left = (payment: number) => {
    let debt = price - advance;
    for (let m = 0; m < months; m++) debt = debt * (1 + monthlyRate) - payment;
    return debt;
  };
  let low = 0;
  let high = price;
  while (high - low > 1e-6) {
    const mid = (low + high) / 2;
    if (left(mid) > 0) low = mid;
    else high = mid;
  }
  const payment = Math.round(high);
  const rub = (n: number) =>
    `${new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 }).format(n)} ₽`.replace(/[\u00a0\u202f]/g, " ");
  return {
    advance: rub(advance),
    payment: `≈ ${rub(payment)}`,
    total: rub(advance + payment * months),
    paymentRub: rub(payment),
  };
}

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();
/** A price as the page groups it: '3 500 000'. */
const grouped = (rub: number) => plain(new Intl.NumberFormat("ru-RU").format(rub));
/** A figure brought within the dealer's range (app/content), so the sets below hold whatever its ends. */
const within = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

type Typed = Record<"price" | "advance" | "term", string>;
/** Figures within the dealer's ranges: the price grouped as a person types it, the advance with a comma. */
function figuresTyped(
  price: number,
  advance: number,
  term: number,
): { typed: Typed; numbers: [number, number, number] } {
  const numbers: [number, number, number] = [
    within(price, L.priceMin, L.priceMax),
    within(advance, L.advanceMin, L.advanceMax),
    within(term, L.termMin, L.termMax),
  ];
  return {
    typed: { price: grouped(numbers[0]), advance: String(numbers[1]).replace(".", ","), term: String(numbers[2]) },
    numbers,
  };
}

const SETS = [
  figuresTyped(3_500_000, 15.5, 24),
  // The ends of the dealer's ranges, the price typed without spaces.
  {
    typed: { price: String(L.priceMax), advance: String(L.advanceMax), term: String(L.termMax) },
    numbers: [L.priceMax, L.advanceMax, L.termMax] as [number, number, number],
  },
];
/** The calculator's line in the lead for `numbers`. */
const leadLine = ([price, advance, term]: [number, number, number], payment: string) =>
  `Стоимость ${grouped(price)} ₽, аванс ${String(advance).replace(".", ",")} %, срок ${term} мес., платеж ≈ ${payment}`;
const monthsUpTo = (n: number) => (n % 10 === 1 && n % 100 !== 11 ? "месяца" : "месяцев");

async function figures(calc: Locator) {
  return {
    advance: plain(await calc.getByTestId("leasing-advance").textContent()),
    payment: plain(await calc.getByTestId("leasing-payment").textContent()),
    total: plain(await calc.getByTestId("leasing-total").textContent()),
  };
}

/**
 * Types the three values; without JavaScript presses 'Рассчитать' and waits for the page it
 * brings: the calculator's own GET form on /leasing, the leasing request posted back to
 * /lead/leasing in the modal.
 */
async function calculate(
  page: Page,
  calc: Locator,
  typed: Record<"price" | "advance" | "term", string>,
  javaScriptEnabled: boolean,
) {
  await calc.getByLabel("Стоимость техники, ₽").fill(typed.price);
  await calc.getByLabel("Аванс, %").fill(typed.advance);
  await calc.getByLabel("Срок, месяцев").fill(typed.term);
  if (!javaScriptEnabled) {
    await Promise.all([page.waitForNavigation(), calc.getByRole("button", { name: "Рассчитать" }).click()]);
  }
}

/** Types the three values key by key, as a person does, and presses nothing. */
async function typeFigures(calc: Locator, typed: Record<"price" | "advance" | "term", string>) {
  for (const [label, text] of [
    ["Стоимость техники, ₽", typed.price],
    ["Аванс, %", typed.advance],
    ["Срок, месяцев", typed.term],
  ]) {
    const field = calc.getByLabel(label);
    await clearByKeys(field);
    await typeKeys(field, text);
  }
}

/** Fills and sends the leasing request in `where`, then reads the comment the dealer receives. */
async function sendLeasingLead(page: Page, where: Locator): Promise<string> {
  await typeKeys(where.getByLabel("ФИО"), "Лизингов Иван");
  await typeKeys(where.getByLabel("Телефон"), "89123456789");
  await where.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
  await where.getByRole("button", { name: "Отправить заявку" }).click();
  await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
  expect(notify.received).toHaveLength(1);
  return plain(notify.received[0].json!.fields.find((f) => f.key === "comment")!.value);
}

const MESSAGES = [
  `Стоимость техники — от ${grouped(L.priceMin)} до ${grouped(L.priceMax)} ₽`,
  `Аванс — от ${L.advanceMin} до ${L.advanceMax} %`,
  `Срок — от ${L.termMin} до ${L.termMax} ${monthsUpTo(L.termMax)}`,
];

describe.each(MODES)("leasing calculator $name", ({ javaScriptEnabled }) => {
  it("works out two sets of figures on /leasing, marked as no offer", async () => {
    const { page, errors } = await openPage(suite, "/leasing", { javaScriptEnabled });
    const calc = page.getByTestId("leasing-calculator");
    await expect(calc.getByText("Предварительный расчет, не является офертой", { exact: true }).count()).resolves.toBe(
      1,
    );
    for (const { typed, numbers } of SETS) {
      const want = expected(...numbers);
      await calculate(page, calc, typed, javaScriptEnabled);
      await expect
        .poll(() => figures(page.getByTestId("leasing-calculator")))
        .toEqual({ advance: want.advance, payment: want.payment, total: want.total });
      const url = new URL(page.url());
      if (javaScriptEnabled) {
        // Worked out as typed, in place.
        expect(url.search).toBe("");
        await expect(calc.getByRole("button", { name: "Рассчитать" }).count()).resolves.toBe(0);
      } else {
        // The values are in the URL and the server rendered the figures.
        expect([url.pathname, url.searchParams.get("price"), url.searchParams.get("advance")]).toEqual([
          "/leasing",
          typed.price,
          typed.advance,
        ]);
      }
    }
    expect(errors).toEqual([]);
  });

  it("says in Russian what is out of range beside the figures of the last valid values, and never fails", async () => {
    const { page } = await openPage(suite, "/leasing", { javaScriptEnabled });
    let calc = page.getByTestId("leasing-calculator");
    // Each a step beyond its range.
    const beyond = {
      price: grouped(L.priceMin - 100_000),
      advance: String(L.advanceMax + 1),
      term: String(L.termMax + 1),
    };
    await calculate(page, calc, beyond, javaScriptEnabled);
    calc = page.getByTestId("leasing-calculator");
    for (const message of MESSAGES)
      await expect
        .poll(async () =>
          plain(
            await calc
              .locator(".field__error")
              .allTextContents()
              .then((t) => t.join("|")),
          ),
        )
        .toContain(message);
    // The figures stay, for the values shown before (here the defaults), and say so.
    const start = [
      Number(plain(LEASING_DEFAULTS.price).replace(/ /g, "")),
      Number(LEASING_DEFAULTS.advance),
      Number(LEASING_DEFAULTS.term),
    ] as const;
    const { paymentRub: _, ...defaults } = expected(...start);
    await expect(figures(calc)).resolves.toEqual(defaults);
    await expect(calc.getByTestId("leasing-shown-for").textContent().then(plain)).resolves.toBe(
      `Расчет для последних верных значений: ${grouped(start[0])} ₽, аванс ${start[1]} %, ${start[2]} мес.`,
    );
    await expect(calc.getByLabel("Аванс, %").getAttribute("aria-invalid")).resolves.toBe("true");

    // The other ends of the ranges.
    const lowest = { price: grouped(L.priceMin), advance: String(L.advanceMin), term: String(L.termMin) };
    await calculate(page, calc, lowest, javaScriptEnabled);
    calc = page.getByTestId("leasing-calculator");
    await expect.poll(async () => calc.locator(".field__error").count()).toBe(0);
    await expect
      .poll(() => figures(calc))
      .toEqual(
        (({ advance, payment, total }) => ({ advance, payment, total }))(expected(L.priceMin, L.advanceMin, L.termMin)),
      );

    // Garbage in the URL: the page, with messages.
    const res = await page.goto("/leasing?price=abc&advance=%3Cb%3E&term=1e9");
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId("leasing-calculator").locator(".field__error").count()).resolves.toBe(3);
  });

  it("calculates in the leasing modal (without JavaScript on the request's page, the form posted back) and sends the calculation in the comment", async () => {
    const { page, errors } = await openPage(suite, "/catalog/trucks?type=tyagach&modal=leasing", { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    const { typed, numbers } = SETS[0];
    const want = expected(...numbers);
    await typeKeys(dialog.getByLabel("Комментарий"), "Нужен J7");
    await calculate(page, dialog.getByTestId("leasing-calculator"), typed, javaScriptEnabled);
    // Without JavaScript 'Рассчитать' posted the request back: its page, with what was typed.
    const where = javaScriptEnabled ? dialog : page.locator("main");
    const calc = where.getByTestId("leasing-calculator");
    await expect.poll(() => figures(calc)).toEqual({ advance: want.advance, payment: want.payment, total: want.total });
    if (!javaScriptEnabled) {
      const url = new URL(page.url());
      expect([url.pathname, url.searchParams.get("page"), url.searchParams.get("intent")]).toEqual([
        "/lead/leasing",
        "/catalog/trucks?type=tyagach",
        "recalculate",
      ]);
      await expect(where.getByLabel("Комментарий").inputValue()).resolves.toBe("Нужен J7");
    }
    const line = leadLine(numbers, want.paymentRub);
    await expect
      .poll(async () => plain(await where.getByTestId("lead-attachment").textContent()))
      .toBe(`В заявку войдет расчет: ${line}`);
    expect(await sendLeasingLead(page, where)).toBe(`Нужен J7\n${line}`);
    const sent = notify.received[0].json!;
    expect(sent.name).toBe("callback");
    expect(sent.fields.map((f) => f.key)).toEqual(["name", "phone", "inn", "comment", "source"]);
    // The source is the page the modal was opened on.
    expect(sent.fields.find((f) => f.key === "source")!.value).toContain("/catalog/trucks?type=tyagach");
    expect(errors).toEqual([]);
  });

  it("sends the figures typed in the modal, 'Рассчитать' not pressed", async () => {
    const { page } = await openPage(suite, "/leasing?modal=leasing", { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    const { typed, numbers } = figuresTyped(4_200_000, 30, 48);
    await typeFigures(dialog.getByTestId("leasing-calculator"), { ...typed, price: typed.price.replace(/ /g, "") });
    const want = expected(...numbers);
    expect(await sendLeasingLead(page, dialog)).toBe(leadLine(numbers, want.paymentRub));
  });

  it("takes the figures typed on /leasing into the request with 'Оставить заявку с этим расчетом', 'Рассчитать' not pressed", async () => {
    const { page } = await openPage(suite, "/leasing", { javaScriptEnabled, mobile: true });
    const { typed, numbers } = figuresTyped(2_500_000, 10, 24);
    await typeFigures(page.getByTestId("leasing-calculator"), { ...typed, price: typed.price.replace(/ /g, "") });
    await page.getByRole(javaScriptEnabled ? "link" : "button", { name: "Оставить заявку с этим расчетом" }).click();
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    await dialog.waitFor();
    const want = expected(...numbers);
    await expect
      .poll(() => figures(dialog.getByTestId("leasing-calculator")))
      .toEqual({ advance: want.advance, payment: want.payment, total: want.total });
    expect(await sendLeasingLead(page, dialog)).toBe(leadLine(numbers, want.paymentRub));
  });

  it("takes the page's calculation into the modal with 'Оставить заявку с этим расчетом'", async () => {
    const { page } = await openPage(suite, "/leasing", { javaScriptEnabled });
    const { typed, numbers } = SETS[1];
    await calculate(page, page.getByTestId("leasing-calculator"), typed, javaScriptEnabled);
    await page.getByRole(javaScriptEnabled ? "link" : "button", { name: "Оставить заявку с этим расчетом" }).click();
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    await dialog.waitFor();
    await expect(plain(await dialog.getByLabel("Стоимость техники, ₽").inputValue()).replace(/ /g, "")).toBe(
      typed.price,
    );
    const want = expected(...numbers);
    await expect
      .poll(() => figures(dialog.getByTestId("leasing-calculator")))
      .toEqual({ advance: want.advance, payment: want.payment, total: want.total });
    await expect(
      dialog
        .getByTestId("modal-aside")
        .getByRole("link", { name: deskPhone("sales").display })
        .count(),
    ).resolves.toBe(1);
  });
});

describe("leasing calculator with JavaScript", () => {
  it("groups the price as it is typed and moves every figure with the sliders, to the ends of the dealer's ranges", async () => {
    const { page, errors } = await openPage(suite, "/leasing", { javaScriptEnabled: true, mobile: true });
    const calc = page.getByTestId("leasing-calculator");
    const price = calc.getByLabel("Стоимость техники, ₽");
    await clearByKeys(price);
    await typeKeys(price, "3500");
    await expect(price.inputValue().then(plain)).resolves.toBe("3 500");
    await typeKeys(price, "000");
    await expect(price.inputValue().then(plain)).resolves.toBe("3 500 000");
    // The slider of the term, by keyboard: its end is the dealer's longest term (the spec's 5 years).
    await calc.getByRole("slider", { name: "Ползунок срока" }).focus();
    await page.keyboard.press("End");
    await expect(calc.getByLabel("Срок, месяцев").inputValue()).resolves.toBe(String(L.termMax));
    await calc.getByRole("slider", { name: "Ползунок аванса" }).focus();
    await page.keyboard.press("Home");
    await expect(calc.getByLabel("Аванс, %").inputValue()).resolves.toBe(String(L.advanceMin));
    const { paymentRub: _, ...want } = expected(within(3_500_000, L.priceMin, L.priceMax), L.advanceMin, L.termMax);
    await expect.poll(() => figures(calc)).toEqual(want);
    // A term out of range: its message, and the figures of the longest term stay.
    const term = calc.getByLabel("Срок, месяцев");
    await clearByKeys(term);
    await typeKeys(term, String(L.termMax + 1));
    await calc.getByText(MESSAGES[2]).waitFor();
    await expect(figures(calc)).resolves.toEqual(want);
    expect(errors).toEqual([]);
  });
});

describe.each(MODES)("leasing from a truck's page $name", ({ javaScriptEnabled }) => {
  it("names the model and sends it with the calculation", async () => {
    const truck = "/catalog/trucks/tyagach/faw-j7-6x4-460";
    const { page } = await openPage(suite, `${truck}?modal=leasing`, { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    const name = plain(await page.getByRole("heading", { level: 1 }).textContent());
    await dialog.getByRole("heading", { name: `Расчет платежа: ${name}` }).waitFor();
    // It starts at the model's 'цена от' from the dealer's content.
    const price = ALL_TRUCKS.find((t) => t.slug === "faw-j7-6x4-460")!.price!;
    const startsAt = new Intl.NumberFormat("ru-RU").format(price).replace(/[\u00a0\u202f]/g, " ");
    await expect(dialog.getByLabel("Стоимость техники, ₽").inputValue().then(plain)).resolves.toBe(startsAt);
    // Each mode is another visitor: the same fields again within ten minutes would be the first lead.
    await dialog.getByLabel("ФИО").fill(javaScriptEnabled ? "Лизингов Иван" : "Лизингова Анна");
    await dialog.getByLabel("Телефон").fill(javaScriptEnabled ? "9123456789" : "+7 (912) 345-67-89");
    await dialog.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await dialog.getByRole("button", { name: "Отправить заявку" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    const comment = notify.received[0].json!.fields.find((f) => f.key === "comment")!.value;
    expect(plain(comment).startsWith(`${name}: стоимость ${startsAt} ₽`)).toBe(true);
  });
});

describe.each(MODES)("a leasing request refused $name", ({ javaScriptEnabled }) => {
  it("still names the model, and then sends its calculation", async () => {
    const truck = ALL_TRUCKS.find((t) => t.price !== undefined)!;
    const { page } = await openPage(suite, `/catalog/trucks/${truck.type.slug}/${truck.slug}?modal=leasing`, {
      javaScriptEnabled,
    });
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    // Each mode is another customer: the same fields again within ten minutes would be the first lead.
    await typeKeys(dialog.getByLabel("ФИО"), javaScriptEnabled ? "Отказов Пётр" : "Отказова Ольга");
    await dialog.getByRole("button", { name: "Отправить заявку" }).click();
    // Without JavaScript the request's own page, refused for the missing phone and consent.
    const where = javaScriptEnabled ? dialog : page.locator("main");
    await where.getByText(MESSAGES_OF_FORM.phone, { exact: false }).first().waitFor();
    await where.getByRole("heading", { name: `Расчет платежа: ${truck.name}` }).waitFor();
    expect(notify.received).toHaveLength(0);
    await typeKeys(where.getByLabel("Телефон"), "89123456789");
    await where.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await where.getByRole("button", { name: "Отправить заявку" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    const comment = notify.received[0].json!.fields.find((f) => f.key === "comment")!.value;
    expect(plain(comment).startsWith(`${truck.name}: стоимость`)).toBe(true);
  });
});

// A model whose price the dealer gives on request (no 'цена от' in the content source).
const onRequest = ALL_TRUCKS.find((truck) => truck.price === undefined)!;

describe.each(MODES)("leasing a model on request $name", ({ javaScriptEnabled }) => {
  const truckPage = `/catalog/trucks/${onRequest.type.slug}/${onRequest.slug}`;

  it("starts with an empty price and a prompt, shows no figures, and sends no price nobody typed, saying so", async () => {
    const { page } = await openPage(suite, `${truckPage}?modal=leasing`, { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    const calc = dialog.getByTestId("leasing-calculator");
    const price = calc.getByLabel("Стоимость техники, ₽");
    await expect(price.inputValue()).resolves.toBe("");
    await expect(price.getAttribute("placeholder")).resolves.toBe("Введите стоимость");
    await calc.getByText("Цена этой модели — по запросу. Введите стоимость, чтобы увидеть расчет.").waitFor();
    await calc.getByTestId("leasing-awaiting-price").waitFor();
    await expect(calc.getByTestId("leasing-payment").count()).resolves.toBe(0);
    await expect(calc.locator(".field__error").count()).resolves.toBe(0);
    await expect(dialog.getByTestId("lead-attachment").count()).resolves.toBe(0);
    // Sent as it is: no calculation and no price, the advance and term as the calculator showed them.
    const { advance, term } = LEASING_DEFAULTS;
    expect(await sendLeasingLead(page, dialog)).toBe(
      `${onRequest.name}: расчёт не выполнен (${LEASING_MESSAGES.priceEmpty}). ` +
        `Указано: стоимость не указана, аванс «${advance}» %, срок «${term}» мес.`,
    );
  });

  it("shows the figures once a price is typed (without JavaScript on the request's page)", async () => {
    const { page } = await openPage(suite, `${truckPage}?modal=leasing`, { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    await typeKeys(dialog.getByLabel("Стоимость техники, ₽"), "8000000");
    if (!javaScriptEnabled)
      await Promise.all([page.waitForNavigation(), dialog.getByRole("button", { name: "Рассчитать" }).click()]);
    const where = javaScriptEnabled ? dialog : page.locator("main");
    // Still the model's calculation.
    await where.getByRole("heading", { name: `Расчет платежа: ${onRequest.name}` }).waitFor();
    const { paymentRub: _, ...want } = expected(8_000_000, 20, 36);
    await expect.poll(() => figures(where.getByTestId("leasing-calculator"))).toEqual(want);
  });
});
