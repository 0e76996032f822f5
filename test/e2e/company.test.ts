/**
 * The company from its ИНН: suggestions from DaData's register while the ИНН is typed (with
 * JavaScript), and the company the server finds by the ИНН in the order and the leads (with and
 * without it), against a fake register started here. The register failing or hanging changes nothing.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "~/lib/lead-schemas";
import { orderNumberOf } from "~/lib/order-number";
import { companyText, type Party } from "~/lib/party";
import { generateParts } from "~server/demo-catalogue.server";
import { startFakeDadata, type FakeCompany, type FakeDadata } from "../fake-dadata";
import { pdfText } from "../pdf-text";
import { axeViolations, fakeNotifyForFile, MODES, openPage, serverAndBrowser, typeKeys } from "./harness";
import { leadsIn } from "../store-reader";

const KEY = `dadata-e2e-${Math.random().toString(36).slice(2)}-${Date.now()}`;
// Companies of the fake register only: nothing here is a fact of the dealer.
const ROMASHKA: FakeCompany = {
  inn: "2465000014",
  kpp: "246601001",
  name: "ООО «Ромашка»",
  address: "г Красноярск, ул Ленина, д 1",
};
const VASILEK: FakeCompany = { inn: "2465000776", kpp: "246502002", name: "АО «Василёк»", address: "г Ачинск" };
const SOLE_TRADER: FakeCompany = { inn: "246500012341", name: "ИП Иванов Иван Иванович", address: "г Красноярск" };
/** Ромашка's branch: the same ИНН, its own КПП and address (offered beside the head office). */
const ROMASHKA_BRANCH: FakeCompany = {
  ...ROMASHKA,
  kpp: "244301001",
  address: "г Ачинск, ул Кирова, д 5",
  branch: true,
};

const part = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance >= 3)!;

let dadata: FakeDadata;
beforeAll(async () => {
  dadata = await startFakeDadata([ROMASHKA, VASILEK, SOLE_TRADER]);
});
afterAll(() => dadata?.close());
beforeEach(() => {
  dadata.mode = "ok";
  dadata.received = [];
});

const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "company-notify-key",
  DADATA_API_KEY: KEY,
  DADATA_API_URL: dadata.url,
  COMPANY_SUGGEST_RATE_LIMIT: "1000",
  // More orders than one visitor may place in ten minutes.
  LEAD_RATE_LIMIT: "0",
}));

const party = ({ inn, kpp, name, address }: FakeCompany): Party => ({ inn, name, ...(kpp ? { kpp } : {}), address });

/** The /make-order page of a visitor with one part in the cart. */
function orderPage(javaScriptEnabled: boolean, mobile = false) {
  return openPage(suite, "/make-order", {
    javaScriptEnabled,
    mobile,
    init: (_page, context) => context.addCookies([{ name: "cart", value: `${part.id}.1`, url: suite.server.url }]),
  });
}

async function fillContact(page: Page, javaScriptEnabled: boolean, scope = page.locator("body"), name = "Петров Пётр") {
  await typeKeys(scope.getByLabel("ФИО"), name);
  await typeKeys(scope.getByLabel("Телефон"), javaScriptEnabled ? "9123456789" : "+7 (912) 345-67-89");
  await scope.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
}

function field(key: string, at = 0): string | undefined {
  return notify.received[at]?.json?.fields.find((f) => f.key === key)?.value;
}

/** The order written last to the server's DATA_DIR. */
function newestOrder(): { id: string; order?: { company?: Party; number?: string } } {
  return leadsIn(suite.server.dataDir)
    .filter((lead) => lead.form === "order")
    .at(-1) as { id: string; order?: { company?: Party; number?: string } };
}

describe("ИНН suggestions with JavaScript", () => {
  it.each([
    { name: "by keyboard at 1366 px", mobile: false },
    { name: "by a tap at 390 px", mobile: true },
  ])("offers companies as the ИНН is typed and takes one $name", async ({ mobile }) => {
    const { page, errors } = await orderPage(true, mobile);
    const inn = page.getByRole("combobox", { name: "ИНН организации" });
    const options = page.getByRole("listbox", { name: "Организации" }).getByRole("option");
    await typeKeys(inn, "24");
    // Two digits ask nothing.
    await expect(page.getByRole("listbox", { name: "Организации" }).isHidden()).resolves.toBe(true);
    await typeKeys(inn, "65");
    await expect.poll(() => options.count()).toBe(3);
    await expect(inn.getAttribute("aria-expanded")).resolves.toBe("true");
    await typeKeys(inn, "000");
    await expect.poll(() => options.count()).toBe(3);
    await typeKeys(inn, "7");
    await expect.poll(() => options.allTextContents()).toEqual([expect.stringContaining(VASILEK.name)]);
    await typeKeys(inn, ["Backspace"]);
    await expect.poll(() => options.count()).toBe(3);
    const romashka = options.filter({ hasText: ROMASHKA.name });
    await expect(romashka.textContent()).resolves.toContain(`КПП ${ROMASHKA.kpp}`);
    if (mobile) {
      await romashka.tap();
    } else {
      await typeKeys(inn, ["ArrowDown"]);
      await expect(inn.getAttribute("aria-activedescendant")).resolves.toBe(await options.first().getAttribute("id"));
      // Enter takes the company and sends nothing.
      await typeKeys(inn, ["Enter"]);
    }
    await expect(inn.inputValue()).resolves.toBe(ROMASHKA.inn);
    await expect(page.getByTestId("inn-company").textContent()).resolves.toBe(`${ROMASHKA.name}, КПП ${ROMASHKA.kpp}`);
    await expect(inn.getAttribute("aria-expanded")).resolves.toBe("false");
    expect(notify.received).toHaveLength(0);
    // The register was asked through the site, with the key only on the server's side.
    expect(dadata.received.length).toBeGreaterThan(0);
    expect(dadata.received.every((r) => r.method === "suggest" && r.authorization === `Token ${KEY}`)).toBe(true);

    await fillContact(page, true);
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    expect(field("inn")).toBe(ROMASHKA.inn);
    expect(field("company")).toBe(companyText(party(ROMASHKA)));
    expect(newestOrder().order?.company).toEqual(party(ROMASHKA));
    expect(errors).toEqual([]);
  });

  it("hides the company once the ИНН is changed, and Escape closes the list", async () => {
    const { page } = await openPage(suite, "/delivery?modal=callback", { javaScriptEnabled: true });
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    const inn = dialog.getByRole("combobox", { name: "ИНН организации" });
    await typeKeys(inn, "2465000");
    const options = dialog.getByRole("option");
    await expect.poll(() => options.count()).toBe(3);
    // The open list is an accessible combobox and listbox.
    expect(await axeViolations(page, ".company-suggest")).toEqual([]);
    await options.filter({ hasText: SOLE_TRADER.name }).click();
    // A sole trader has no КПП.
    await expect(dialog.getByTestId("inn-company").textContent()).resolves.toBe(SOLE_TRADER.name);
    await typeKeys(inn, ["Backspace"]);
    await expect(dialog.getByTestId("inn-company").isHidden()).resolves.toBe(true);
    await expect.poll(() => options.count()).toBe(1);
    await typeKeys(inn, ["Escape"]);
    await expect(dialog.getByRole("listbox").isHidden()).resolves.toBe(true);
    // The dialog is still open: Escape closed only the list.
    await expect(dialog.isVisible()).resolves.toBe(true);
  });
});

describe.each(MODES)("the company in the notification $name", ({ javaScriptEnabled }) => {
  it("is found by the ИНН typed in the order, sent as `company` and kept with the order", async () => {
    const { page } = await orderPage(javaScriptEnabled);
    await fillContact(page, javaScriptEnabled);
    // Twelve digits, typed in groups as they are written down.
    const { inn } = SOLE_TRADER;
    await typeKeys(page.getByLabel("ИНН организации"), `${inn.slice(0, 4)} ${inn.slice(4, 10)} ${inn.slice(10)}`);
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    expect(field("inn")).toBe(inn);
    expect(field("company")).toBe(`${SOLE_TRADER.name}, ${SOLE_TRADER.address}`);
    expect(newestOrder().order?.company).toEqual(party(SOLE_TRADER));
    const lookup = dadata.received.find((r) => r.method === "findById");
    expect(lookup?.body).toEqual({ query: SOLE_TRADER.inn, branch_type: "MAIN" });
  });

  it("is sent with a callback lead", async () => {
    const { page } = await openPage(suite, "/delivery?modal=callback", { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    // Each mode is another visitor: the same fields again within ten minutes would be the first lead.
    await fillContact(page, javaScriptEnabled, dialog, javaScriptEnabled ? "Петров Пётр" : "Сидоров Олег");
    await typeKeys(dialog.getByLabel("ИНН организации"), VASILEK.inn);
    await dialog.getByRole("button", { name: "Отправить" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(notify.received[0].json?.fields.map((f) => f.key)).toEqual([
      "name",
      "phone",
      "inn",
      "comment",
      "source",
      "company",
    ]);
    expect(field("company")).toBe(`${VASILEK.name}, КПП ${VASILEK.kpp}, ${VASILEK.address}`);
  });

  it("is left out and the order still sent when the register fails or hangs", async () => {
    for (const mode of ["fail", "hang"] as const) {
      notify.received = [];
      dadata.mode = mode;
      const { page } = await orderPage(javaScriptEnabled);
      await fillContact(page, javaScriptEnabled);
      await typeKeys(page.getByLabel("ИНН организации"), ROMASHKA.inn);
      const started = Date.now();
      await page.getByRole("button", { name: "Оформить заказ" }).click();
      await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
      if (mode === "hang") expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      expect(notify.received).toHaveLength(1);
      expect(field("inn")).toBe(ROMASHKA.inn);
      expect(field("company")).toBeUndefined();
      expect(newestOrder().order?.company).toBeUndefined();
      await page.context().close();
    }
  });
});

/** The invoice of the order just placed, as this browser downloads it from its success page, as text. */
async function invoiceText(page: Page): Promise<string> {
  const href = await page.getByRole("link", { name: "Скачать счёт на оплату (PDF)" }).getAttribute("href");
  const res = await page.context().request.get(href!);
  expect(res.status()).toBe(200);
  expect(href).toBe(`/order-success/invoice/${orderNumberOf(newestOrder())}.pdf`);
  return pdfText(await res.body());
}

describe("the branch the customer chose, with JavaScript", () => {
  it("is the order's company, its КПП confirmed by the register, on the notification and the invoice", async () => {
    dadata.companies.push(ROMASHKA_BRANCH);
    try {
      const { page } = await orderPage(true);
      const inn = page.getByRole("combobox", { name: "ИНН организации" });
      await typeKeys(inn, ROMASHKA.inn);
      const options = page.getByRole("listbox", { name: "Организации" }).getByRole("option");
      await expect.poll(() => options.count()).toBe(2);
      await options.filter({ hasText: `КПП ${ROMASHKA_BRANCH.kpp}` }).click();
      await expect(page.getByTestId("inn-company").textContent()).resolves.toBe(
        `${ROMASHKA.name}, КПП ${ROMASHKA_BRANCH.kpp}`,
      );
      await page.getByLabel("Нужен счёт на оплату для организации").check();
      await fillContact(page, true);
      await page.getByRole("button", { name: "Оформить заказ" }).click();
      await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();

      // Not taken as the form sent it: the register was asked for this КПП under this ИНН.
      expect(dadata.received.filter((r) => r.method === "findById").map((r) => r.body)).toEqual([
        { query: ROMASHKA.inn, kpp: ROMASHKA_BRANCH.kpp },
      ]);
      expect(field("company")).toBe(companyText(party(ROMASHKA_BRANCH)));
      expect(newestOrder().order?.company).toEqual(party(ROMASHKA_BRANCH));
      expect(await invoiceText(page)).toContain(
        `Покупатель: ${ROMASHKA.name}, ИНН ${ROMASHKA.inn}, КПП ${ROMASHKA_BRANCH.kpp}, ${ROMASHKA_BRANCH.address}`,
      );
    } finally {
      dadata.companies.pop();
    }
  });
});

describe.each(MODES)("an invoice the register cannot name the company of $name", ({ javaScriptEnabled }) => {
  it.each([
    // A sole trader's ИНН the register does not know: the ИП's name as typed.
    { register: "finds nothing", mode: "ok", inn: "123456789047", name: "ИП Кузнецов Пётр Иванович" },
    { register: "fails", mode: "fail", inn: ROMASHKA.inn, name: "ООО «Ромашка»" },
  ] as const)("asks the company's name when the register $register, and the invoice names it", async (c) => {
    dadata.mode = c.mode;
    // Without JavaScript on a 390 px phone, with it at 1366 px.
    const { page } = await orderPage(javaScriptEnabled, !javaScriptEnabled);
    await fillContact(page, javaScriptEnabled);
    await typeKeys(page.getByLabel("ИНН организации"), c.inn);
    await page.getByLabel("Нужен счёт на оплату для организации").check();
    await expect(page.getByLabel("Название организации или ИП").count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    // Not placed: the form asks for the name, in the field it shows now.
    const companyName = page.getByLabel("Название организации или ИП");
    await page.locator(".field__error", { hasText: MESSAGES.invoiceCompanyUnknown }).waitFor();
    expect(notify.received).toHaveLength(0);
    await expect(page.getByLabel("ИНН организации").inputValue()).resolves.toBe(c.inn);
    await typeKeys(companyName, c.name);
    await page.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
    await page.getByRole("button", { name: "Оформить заказ" }).click();
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    expect(field("companyName")).toBe(c.name);
    expect(field("company")).toBeUndefined();
    const text = await invoiceText(page);
    expect(text).toContain(`Покупатель: ${c.name}, ИНН ${c.inn}`);
    expect(text).not.toContain("Петров Пётр");
  });
});

describe("the register's key and /privacy", () => {
  it("never reaches a page, a script or an answer of the suggestion route", async () => {
    const { page } = await openPage(suite, "/delivery?modal=callback", { javaScriptEnabled: true });
    // Every script the page loaded, the lazily loaded form's included.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) => url.endsWith(".js")),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of [...scripts, `${suite.server.url}/privacy`, `${suite.server.url}/make-order`]) {
      expect(await (await fetch(url, { headers: { Cookie: `cart=${part.id}.1` } })).text(), url).not.toContain(KEY);
    }
    const res = await fetch(`${suite.server.url}/api/company-suggest?q=2465`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text).items).toHaveLength(3);
    expect(suite.server.logs()).not.toContain(KEY);
    // The ИНН a visitor typed is personal data for a sole trader: not in the log either.
    expect(suite.server.logs()).not.toContain(SOLE_TRADER.inn);
  });

  it("names DaData as a processor on /privacy and in the consent text", async () => {
    const { page } = await openPage(suite, "/privacy", { javaScriptEnabled: false });
    await expect(page.locator("#processing").textContent()).resolves.toContain("ООО «Дадата»");
    await expect(page.locator("#consent").textContent()).resolves.toContain("ООО «Дадата»");
  });

  it("answers nothing for fewer than 3 digits or for letters, and asks the register nothing", async () => {
    for (const q of ["24", "abc", "24650123450123", ""]) {
      const res = await fetch(`${suite.server.url}/api/company-suggest?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { items: unknown[] }).items).toEqual([]);
    }
    expect(dadata.received).toEqual([]);
  });
});
