import { describe, expect, it } from "vitest";
import { DELIVERY, DESKS, LEASING, SALES_POINTS } from "~/content";
import { MODES, openPage, serverAndBrowser } from "./harness";

// Retention periods of its own, as an operator sets them: /privacy states these, not the defaults.
const suite = serverAndBrowser(() => ({ LEAD_RETENTION_DAYS: "90", ORDER_RETENTION_DAYS: "2191" }));

async function html(path: string) {
  const res = await fetch(suite.server.url + path);
  return { status: res.status, text: (await res.text()).replace(/<!-- -->/g, "").replace(/\u00a0/g, " ") };
}

/** The dealer's figures as the pages write them: '5 000 ₽', '1 000 000 ₽'. */
const rub = (value: number) => `${new Intl.NumberFormat("ru-RU").format(value).replace(/\s/g, " ")} ₽`;
/** A noun after «до» or a count, worked out here: 'до 1 года', 'до 5 лет', '21 день'. */
const form = (n: number, one: string, few: string, many: string) =>
  n % 100 >= 11 && n % 100 <= 14 ? many : n % 10 === 1 ? one : n % 10 >= 2 && n % 10 <= 4 ? few : many;

describe("information pages", () => {
  it("states delivery and payment terms", async () => {
    const { text } = await html("/delivery");
    for (const fact of [
      `от ${rub(DELIVERY.freeFrom)}`,
      `Курьерская доставка по городу — ${rub(DELIVERY.courierPrice)}`,
      `Доставка до транспортной компании — ${rub(DELIVERY.transportCompanyPrice)}`,
      "Самовывоз",
      "с учётом НДС",
      "Безналичный расчёт",
      "Оплата банковской картой",
      "с кассовым чеком от дилера",
      DESKS.parts.workTime,
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("states the leasing facts", async () => {
    const { text } = await html("/leasing");
    const { termYears, termMonths, minAdvancePercent, amountFrom, amountTo, approvalDays, taxSavingPercent } = LEASING;
    for (const fact of [
      `до ${termYears} ${form(termYears, "года", "лет", "лет")}`,
      `до ${termMonths} ${form(termMonths, "месяца", "месяцев", "месяцев")}`,
      `от ${minAdvancePercent}%`,
      rub(amountFrom),
      rub(amountTo),
      `${approvalDays} ${form(approvalDays, "день", "дня", "дней")}`,
      `до ${taxSavingPercent}%`,
      "Физические лица",
      "Индивидуальные предприниматели",
      "Юридические лица",
      "Индивидуальный график платежей",
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("lists both locations on /contacts with tel: links, hours and e-mail", async () => {
    const { text } = await html("/contacts");
    expect(text).toContain("Продажа техники и запчастей");
    expect(text).toContain("Сервисный центр");
    expect((text.match(/href="tel:\+7\d{10}"/g) ?? []).length).toBeGreaterThanOrEqual(4);
    for (const point of SALES_POINTS) expect(text).toContain(point.workTime);
    expect(text).toContain("mailto:");
    for (const point of SALES_POINTS) expect(text).toContain(point.locality);
  });

  it("is an ordinary warranty and service page on /service", async () => {
    const { status, text } = await html("/service");
    expect(status).toBe(200);
    expect(text).toContain("Гарантия и сервис");
    expect(text).toContain("?modal=callback");
  });

  it("has the policy and the separate consent text on /privacy", async () => {
    const { text } = await html("/privacy");
    expect(text).toContain('id="consent"');
    expect(text).toContain('id="cookies"');
    expect(text).toContain("152-ФЗ");
    // Without DADATA_API_KEY no ИНН leaves the site, so DaData is named nowhere.
    expect(text).not.toContain("Дадата");
    expect(text).not.toContain("DaData");
    // The periods the store deletes leads and orders after (LEAD_RETENTION_DAYS, ORDER_RETENTION_DAYS).
    expect(text).toContain("90 дней после передачи менеджеру");
    expect(text).toContain("2191 день с даты заказа");
  });

  it("serves the dealer certificate PDF linked from the footer", async () => {
    const { text } = await html("/");
    const href = /href="([^"]+\.pdf)"/.exec(text)?.[1];
    expect(href).toBeDefined();
    const res = await fetch(suite.server.url + href);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/pdf");
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "/\\evil.example",
    "%2F%2Fevil.example",
    "/.//evil.example",
    "/a/..//evil.example",
  ])("falls back to / for the fromUrl %s", async (fromUrl) => {
    const { text } = await html(`/form-success?fromUrl=${encodeURIComponent(fromUrl)}&goal=callback`);
    expect(text).toMatch(/<a[^>]*href="\/"[^>]*data-testid="back-link"|<a[^>]*data-testid="back-link"[^>]*href="\/"/);
    expect(text).not.toContain('evil.example"');
  });

  it("keeps a same-site fromUrl for 'Назад'", async () => {
    const { text } = await html(`/form-success?fromUrl=${encodeURIComponent("/catalog/trucks?type=tyagach")}`);
    expect(text).toContain('href="/catalog/trucks?type=tyagach"');
  });

  it("answers /not-found with 404 and a link home", async () => {
    const { status, text } = await html("/not-found");
    expect(status).toBe(404);
    expect(text).toContain("Страница не найдена");
    expect(text).toContain('name="robots" content="noindex');
  });
});

describe.each(MODES)("information pages in the browser $name", ({ javaScriptEnabled }) => {
  it("opens the leasing FAQ with the first answer shown, and toggles the others", async () => {
    const { page } = await openPage(suite, "/leasing", { javaScriptEnabled });
    const items = page.locator(".faq__item");
    await expect(items.nth(0).getAttribute("open")).resolves.not.toBeNull();
    await expect(items.nth(1).getAttribute("open")).resolves.toBeNull();
    await items.nth(1).locator("summary").click();
    await expect(items.nth(1).getAttribute("open")).resolves.not.toBeNull();
  });
});
