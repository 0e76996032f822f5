import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKS } from "~/content";
import { fakeNotifyForFile, MODES, openPage, serverAndBrowser } from "./harness";
import { leadsIn } from "../store-reader";

const KEY = "e2e-notify-key-51c2";
const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({ NOTIFY_API_URL: notify.url, NOTIFY_API_KEY: KEY, NOTIFY_TIMEOUT_MS: "1500" }));

async function fillLead(page: Page, dialog: ReturnType<Page["getByRole"]>, name = "Иванов Иван") {
  await dialog.getByLabel("ФИО").fill(name);
  // With JavaScript the mask adds +7 and the punctuation; without it the visitor types them.
  const js = await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")).catch(() => false);
  await dialog.getByLabel("Телефон").fill(js ? "9123456789" : "+7 (912) 345-67-89");
  await dialog.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
}

function undelivered(): number {
  return leadsIn(suite.server.dataDir).filter((lead) => lead.status === "undelivered").length;
}

describe.each(MODES)("lead forms $name", ({ javaScriptEnabled }) => {
  // The two modes are two visitors: the same fields from the same address within ten minutes
  // would be one visitor's post sent again, answered as sent and not sent twice.
  const visitor = javaScriptEnabled ? "Иванов Иван" : "Иванова Анна";
  const listSender = javaScriptEnabled ? "Петров Пётр" : "Петрова Ольга";
  it("sends a callback request from the modal and lands on the success page", async () => {
    const { page } = await openPage(suite, "/delivery?modal=callback", { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    await fillLead(page, dialog, visitor);
    await dialog.getByLabel("Комментарий").fill("Интересует J7");
    await dialog.getByRole("button", { name: "Отправить" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(new URL(page.url()).search).toBe("?fromUrl=%2Fdelivery");
    // The hours of the desk that answers from /delivery (parts), as the content gives them.
    await page.getByText(`Менеджер свяжется с вами в рабочее время: ${DESKS.parts.workTime}.`).waitFor();
    expect(notify.received).toHaveLength(1);
    const sent = notify.received[0];
    expect(sent.path).toBe("/v1/notify");
    expect(sent.headers["x-api-key"]).toBe(KEY);
    expect(sent.json).toEqual({
      name: "callback",
      fields: [
        { key: "name", value: visitor },
        { key: "phone", value: "+7(912)345-67-89" },
        { key: "inn", value: "" },
        { key: "comment", value: "Интересует J7" },
        { key: "source", value: `<a href="${suite.server.url}/delivery">Источник</a>` },
      ],
    });
    await page.getByRole("link", { name: "Назад" }).click();
    await page.waitForURL("**/delivery");
  });

  it("shows the spec's validation messages and sends nothing", async () => {
    const { page } = await openPage(suite, "/leasing?modal=leasing", { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Рассчитать лизинг" });
    if (javaScriptEnabled) {
      // Checked in the browser: the empty required fields first, then a bad inn, which disables the button.
      await dialog.getByRole("button", { name: "Отправить заявку" }).click();
      for (const message of [
        "Заполните ФИО",
        "Введите номер телефона",
        "Необходимо согласие на обработку персональных данных",
      ]) {
        await dialog.getByText(message).waitFor();
      }
      await dialog.getByLabel("ИНН организации").fill("123");
      await dialog.getByLabel("ИНН организации").blur();
      await dialog.getByText("Длина ИНН должна быть 10 или 12 чисел").waitFor();
      await expect(dialog.getByRole("button", { name: "Отправить заявку" }).isDisabled()).resolves.toBe(true);
      await expect(dialog.getByLabel("ФИО").getAttribute("aria-invalid")).resolves.toBe("true");
    } else {
      // Checked by the server, which answers on the form's own page with every message at once.
      await dialog.getByLabel("ИНН организации").fill("123");
      await dialog.getByRole("button", { name: "Отправить заявку" }).click();
      const main = page.locator("main");
      for (const message of [
        "Заполните ФИО",
        "Введите номер телефона",
        "Длина ИНН должна быть 10 или 12 чисел",
        "Необходимо согласие на обработку персональных данных",
      ]) {
        await main.locator(".field__error", { hasText: message }).waitFor();
      }
      await expect(main.getByLabel("ИНН организации").inputValue()).resolves.toBe("123");
    }
    expect(notify.received).toHaveLength(0);
  });

  it("sends a parts list with real files as multipart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-"));
    const list = path.join(dir, "список.csv");
    fs.writeFileSync(list, "артикул;количество\n1012015-81D;4\n");
    const photo = path.join(dir, "photo.png");
    fs.writeFileSync(photo, Buffer.alloc(300_000, 1));
    const { page } = await openPage(suite, "/catalog/parts?modal=parts-list", { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Оставить заявку" });
    await fillLead(page, dialog, listSender);
    await dialog.locator("input[type=file]").setInputFiles([list, photo]);
    if (javaScriptEnabled) {
      await expect(dialog.getByRole("list", { name: "Выбранные файлы" }).getByRole("listitem").count()).resolves.toBe(
        2,
      );
    }
    const posted: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST") posted.push(new URL(req.url()).pathname + new URL(req.url()).search);
    });
    await dialog.getByRole("button", { name: "Отправить заявку" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(new URL(page.url()).search).toBe("?fromUrl=%2Fcatalog%2Fparts");
    // With JavaScript the upload's XHR posts to its resource route, without it the form to the lead page.
    // (The form's address names the page it is about, for the page a refused post comes back to.)
    expect(posted).toEqual([javaScriptEnabled ? "/api/lead-upload" : "/lead/parts-list?page=%2Fcatalog%2Fparts"]);
    expect(notify.received).toHaveLength(1);
    const sent = notify.received[0];
    expect(sent.query.get("images")).toBe("true");
    expect(sent.headers["x-api-key"]).toBe(KEY);
    expect(sent.multipart?.name).toBe("parts-list");
    expect(sent.multipart?.fields).toEqual([
      { key: "name", value: listSender },
      { key: "phone", value: "+7(912)345-67-89" },
      { key: "comment", value: "" },
    ]);
    expect(sent.multipart?.files.map((f) => [f.name, f.size])).toEqual([
      ["список.csv", Buffer.byteLength("артикул;количество\n1012015-81D;4\n")],
      ["photo.png", 300_000],
    ]);
    expect(sent.multipart?.files[0].text).toContain("1012015-81D");
  });

  it("keeps the lead on disk and shows the spec's error when the notify service fails", async () => {
    notify.mode = "fail";
    const before = undelivered();
    const alerts: string[] = [];
    const { page } = await openPage(suite, "/service?modal=callback", {
      javaScriptEnabled,
      init: (page) =>
        page.on("dialog", async (d) => {
          alerts.push(d.message());
          await d.dismiss();
        }),
    });
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    // Another visitor in each mode: the same lead again would be the first one sent again.
    const name = javaScriptEnabled ? "Сидоров" : "Сидорова";
    await fillLead(page, dialog, name);
    await dialog.getByRole("button", { name: "Отправить" }).click();
    const scope = javaScriptEnabled ? dialog : page.locator("main");
    await scope.getByText("Произошла ошибка при отправке формы, попробуйте позже").waitFor();
    if (javaScriptEnabled)
      await expect.poll(() => alerts).toEqual(["Произошла ошибка при отправке формы, попробуйте позже"]);
    // What was typed is still there.
    await expect(scope.getByLabel("ФИО").inputValue()).resolves.toBe(name);
    expect(undelivered()).toBe(before + 1);
  });
});

describe("parts-list files with JavaScript", () => {
  it("skips files over the 10 MB total with the spec's alert and removes files one by one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-"));
    const a = path.join(dir, "a.pdf");
    const b = path.join(dir, "b.pdf");
    fs.writeFileSync(a, Buffer.alloc(6 * 1024 * 1024));
    fs.writeFileSync(b, Buffer.alloc(5 * 1024 * 1024));
    const alerts: string[] = [];
    const { page } = await openPage(suite, "/catalog/parts?modal=parts-list", {
      javaScriptEnabled: true,
      init: (page) =>
        page.on("dialog", async (d) => {
          alerts.push(d.message());
          await d.dismiss();
        }),
    });
    const dialog = page.getByRole("dialog", { name: "Оставить заявку" });
    await dialog.locator("input[type=file]").setInputFiles([a, b]);
    const items = dialog.getByRole("list", { name: "Выбранные файлы" }).getByRole("listitem");
    await expect.poll(() => items.count()).toBe(1);
    expect(alerts).toEqual(["Некоторые файлы не будут загружены, так как суммарный объем больше 10МБ"]);
    await dialog.getByRole("button", { name: "Удалить файл a.pdf" }).click();
    await expect.poll(() => items.count()).toBe(0);
    expect(await dialog.locator("input[type=file]").evaluate((el: HTMLInputElement) => el.files?.length)).toBe(0);
  });
});

describe("uploads over the cap", () => {
  it("answers a raw 12 MB post with 413 and forwards nothing", async () => {
    const body = new FormData();
    body.append("name", "Бот");
    body.append("phone", "+7 (912) 345-67-89");
    body.append("consent", "on");
    body.append("files", new Blob([new Uint8Array(12 * 1024 * 1024)]), "big.bin");
    const res = await fetch(`${suite.server.url}/lead/parts-list`, { method: "POST", body });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("больше 10 МБ");
    expect(notify.received).toHaveLength(0);
  });
});

describe("lead form details with JavaScript", () => {
  it("shows upload progress while the files are sent", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-"));
    const file = path.join(dir, "список.pdf");
    fs.writeFileSync(file, Buffer.alloc(3 * 1024 * 1024, 7));
    // Hold the answer back until the sending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { page } = await openPage(suite, "/catalog/parts?modal=parts-list", {
      javaScriptEnabled: true,
      init: (page) =>
        page.route(
          (url) => url.pathname === "/api/lead-upload",
          async (route) => {
            await held;
            await route.continue();
          },
        ),
    });
    const dialog = page.getByRole("dialog", { name: "Оставить заявку" });
    await fillLead(page, dialog, "Прогресс");
    await dialog.locator("input[type=file]").setInputFiles(file);
    await dialog.getByRole("button", { name: "Отправить заявку" }).click();
    await dialog.getByRole("progressbar", { name: "Отправка файлов" }).waitFor();
    await expect(dialog.getByRole("button", { name: "Отправляем…" }).isDisabled()).resolves.toBe(true);
    release();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(notify.received.at(-1)?.multipart?.files[0].size).toBe(3 * 1024 * 1024);
  });
});

describe("a lead sent just before the visitor moves on", () => {
  it("reaches the dealer when the modal is closed while the form's route is still being discovered", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const discovery = (url: string) => url.includes("/__manifest?") && decodeURIComponent(url).includes("p=/lead/");
    const { page } = await openPage(suite, "/delivery?modal=callback", {
      javaScriptEnabled: true,
      // The router learns of /lead/callback only when the form is sent: that answer is held back.
      init: async (p) => {
        await p.route(
          (url) => discovery(url.href),
          async (route) => {
            await held;
            await route.continue().catch(() => undefined);
          },
        );
      },
    });
    const before = notify.received.length;
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    await fillLead(page, dialog, "Спешащий Пётр");
    const asked = page.waitForRequest((r) => discovery(r.url()));
    await dialog.getByRole("button", { name: "Отправить" }).click();
    await asked;
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.searchParams.has("modal"));
    release();
    await expect.poll(() => notify.received.length).toBe(before + 1);
    expect(notify.received.at(-1)?.json?.fields.find((f) => f.key === "name")?.value).toBe("Спешащий Пётр");
    await expect(page.getByRole("heading", { level: 1 }).first().textContent()).resolves.toBe("Оплата и доставка");
  });
});
