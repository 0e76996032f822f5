import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKS } from "~/content";
import { fakeNotifyForFile, MODES, openPage, serverAndBrowser } from "./harness";

/**
 * Ways to reach the dealer that a customer finds without looking for them: a call and the callback
 * in a phone's header at any scroll position, the desks' phones in the burger menu, the service
 * booking on /service, the trade-in request from the home page, the parts-list upload on a phone.
 */

const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "reach-key",
  LEAD_RATE_LIMIT: "0",
}));

const PHONE = { width: 390, height: 844 };

const fieldOf = (key: string) => notify.received.at(-1)?.json?.fields.find((f) => f.key === key)?.value;

async function consentAndSend(
  page: Page,
  scope: ReturnType<Page["locator"]>,
  button: string,
  javaScriptEnabled: boolean,
) {
  // Each mode is another visitor: the same fields again within ten minutes would be the first lead.
  await scope.getByLabel("ФИО").fill(javaScriptEnabled ? "Сервисов Иван" : "Сервисова Анна");
  await scope.getByLabel("Телефон").fill(javaScriptEnabled ? "9123456789" : "+7 (912) 345-67-89");
  await scope.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
  await scope.getByRole("button", { name: button }).click();
  await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
}

/** Whether the element's box lies within the phone's screen as it is scrolled now. */
async function onScreen(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  return !!box && box.y >= 0 && box.y + box.height <= PHONE.height && box.x >= 0 && box.x + box.width <= PHONE.width;
}

describe.each(MODES)("a phone within reach $name", ({ javaScriptEnabled }) => {
  it.each([
    ["/catalog/parts", DESKS.parts],
    ["/leasing", DESKS.sales],
  ])(
    "keeps a call, the callback and the messengers of %s's desk one tap away after scrolling on a 390×844 phone",
    async (path, desk) => {
      const { page } = await openPage(suite, path, { javaScriptEnabled, mobile: true });
      await page.keyboard.press("End");
      await page.mouse.wheel(0, 20_000);
      const call = `.mobile-bar > a[href="tel:${desk.phones[0].tel}"]`;
      await expect.poll(() => onScreen(page, call)).toBe(true);
      expect(await onScreen(page, ".mobile-bar > a[href*='modal=callback']")).toBe(true);
      expect(desk.messengers.length).toBeGreaterThan(0);
      const messengers = await page.locator(".mobile-bar > a[target=_blank]").all();
      const hrefs = await Promise.all(messengers.map((link) => link.getAttribute("href")));
      expect(hrefs).toEqual(desk.messengers.map((m) => m.href));
      for (const messenger of desk.messengers) {
        const selector = `.mobile-bar > a[href="${messenger.href}"]`;
        expect(await onScreen(page, selector)).toBe(true);
        await expect(page.locator(selector).getAttribute("aria-label")).resolves.toBe(
          `${messenger.name}: ${desk.name}`,
        );
      }
      // Clear of the cookie banner at the bottom of the screen.
      const banner = await page.locator(".cookie-banner").boundingBox();
      const button = (await page.locator(call).boundingBox())!;
      if (banner) expect(button.y + button.height).toBeLessThanOrEqual(banner.y);
      await page.locator(".mobile-bar > a[href*='modal=callback']").click();
      await page.getByRole("dialog", { name: "Заказать обратный звонок" }).waitFor();
    },
  );

  it("fits the phone bar, messengers and all, on a 360 px phone; below 360 px the messengers stay in the menu", async () => {
    for (const width of [360, 320]) {
      const viewport = { width, height: 740 };
      const { page } = await openPage(suite, "/", { javaScriptEnabled, mobile: true, viewport });
      const targets = await page.locator(".mobile-bar > a:visible, .mobile-menu__burger").all();
      expect(targets).toHaveLength(width === 360 ? 6 : 4);
      for (const target of targets) {
        const box = (await target.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.width).toBeGreaterThanOrEqual(44);
      }
    }
  });

  it("lists every desk's phones and messengers in the burger menu", async () => {
    const { page } = await openPage(suite, "/", { javaScriptEnabled, mobile: true });
    await page.getByTestId("mobile-menu").locator("summary").first().click();
    const desks = page.getByRole("list", { name: "Отделы: звонки и мессенджеры" });
    await desks.waitFor();
    const all = Object.values(DESKS);
    const phones = all.flatMap((desk) => desk.phones);
    for (const { tel } of phones)
      await expect(desks.locator(`a[href="tel:${tel}"]`).count()).resolves.toBe(
        phones.filter((p) => p.tel === tel).length,
      );
    for (const name of ["WhatsApp", "Telegram"]) {
      const set = all.filter((desk) => desk.messengers.some((m) => m.name === name)).length;
      await expect(desks.getByRole("link", { name }).count()).resolves.toBe(set);
    }
  });

  it("fits the parts-list upload modal in a 390 px screen: no sideways scroll", async () => {
    const { page } = await openPage(suite, "/catalog/parts?modal=parts-list", { javaScriptEnabled, mobile: true });
    const dialog = page.getByRole("dialog", { name: "Оставить заявку" });
    await dialog.waitFor();
    for (const part of [
      dialog,
      dialog.locator("input[type=file]"),
      dialog.getByRole("button", { name: "Отправить заявку" }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    if (javaScriptEnabled) {
      const overflow = await page.evaluate(() =>
        [document.documentElement, document.querySelector("dialog")!].map((el) => el.scrollWidth - el.clientWidth),
      );
      expect(overflow).toEqual([0, 0]);
    }
  });
});

describe.each(MODES)("service and trade-in requests $name", ({ javaScriptEnabled }) => {
  it("books a service visit on /service: the callback payload from /service, the details in the comment", async () => {
    const { page } = await openPage(suite, "/service", { javaScriptEnabled });
    const form = page.locator("#booking");
    await form.scrollIntoViewIfNeeded();
    if (javaScriptEnabled) await page.locator("#lead-service[data-enhanced]").waitFor({ state: "attached" });
    await form.getByLabel("Модель или VIN").fill("FAW J6P, LFWSRXRJ0K1A00001");
    await form.getByLabel("Желаемая дата").fill("2026-12-01");
    await form.getByLabel("Комментарий").fill("Плановое ТО");
    await consentAndSend(page, form, "Записаться", javaScriptEnabled);
    expect(new URL(page.url()).searchParams.get("fromUrl")).toBe("/service");
    expect(notify.received.at(-1)?.json?.name).toBe("callback");
    expect(notify.received.at(-1)?.json?.fields.map((f) => f.key)).toEqual([
      "name",
      "phone",
      "inn",
      "comment",
      "source",
    ]);
    expect(fieldOf("comment")).toBe(
      "Модель или VIN: FAW J6P, LFWSRXRJ0K1A00001\nЖелаемая дата: 2026-12-01\nПлановое ТО",
    );
    expect(fieldOf("source")).toBe(`<a href="${suite.server.url}/service">Источник</a>`);
  });

  it("asks for a trade-in from the home page's 'Трейд-ин', the source naming it", async () => {
    const { page } = await openPage(suite, "/", { javaScriptEnabled });
    await page.locator("#trade-in").getByRole("link", { name: "Оценить мою технику" }).click();
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    await dialog.waitFor();
    await expect(dialog.getByLabel("Комментарий").inputValue()).resolves.toMatch(/^Трейд-ин: /);
    await dialog.getByLabel("Комментарий").press("End");
    await dialog.getByLabel("Комментарий").pressSequentially("FAW J6, 2019");
    await consentAndSend(page, dialog, "Отправить", javaScriptEnabled);
    expect(fieldOf("comment")).toBe("Трейд-ин: хочу сдать технику в зачет. Модель, год: FAW J6, 2019");
    expect(fieldOf("source")).toBe(`<a href="${suite.server.url}/#trade-in">Источник</a>`);
  });
});
