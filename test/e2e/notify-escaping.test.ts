/**
 * The dealer's side renders notifications as HTML (their `source` is a link), so what a customer
 * types must arrive as text: `<`, `>` and `&` escaped, quotes kept, in every form's payload.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { fakeNotifyForFile, MODES, openPage, serverAndBrowser, typeKeys } from "./harness";

const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({ NOTIFY_API_URL: notify.url, NOTIFY_API_KEY: "escaping-key" }));

const part = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance >= 3)!;

const NAME = `<b>Тест</b> "Иванов" & сын`;
const NAME_SENT = `&lt;b&gt;Тест&lt;/b&gt; "Иванов" &amp; сын`;
const COMMENT = `<script>alert("x")</script> <img src=x onerror=alert(1)> & 'ок'`;
const COMMENT_SENT = `&lt;script&gt;alert("x")&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; &amp; 'ок'`;

async function fillContact(page: Page, scope: Locator, javaScriptEnabled: boolean) {
  await typeKeys(scope.getByLabel("ФИО"), NAME);
  // Each mode is another visitor (another phone): the same fields from the same address within ten
  // minutes would be one visitor's post sent again, and sent once.
  await typeKeys(scope.getByLabel("Телефон"), javaScriptEnabled ? "9123456789" : "+7 (912) 345-67-88");
  await typeKeys(scope.getByLabel("Комментарий"), COMMENT);
  await scope.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
}

const sentFields = () => {
  expect(notify.received).toHaveLength(1);
  const sent = notify.received[0];
  return Object.fromEntries((sent.json?.fields ?? sent.multipart?.fields ?? []).map((f) => [f.key, f.value]));
};

describe.each(MODES)("customer text in notifications $name", ({ javaScriptEnabled }) => {
  const phone = javaScriptEnabled ? "+7(912)345-67-89" : "+7(912)345-67-88";
  it("arrives escaped from the callback form, beside the site's own link", async () => {
    const { page } = await openPage(suite, "/delivery?modal=callback", { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Заказать обратный звонок" });
    await fillContact(page, dialog, javaScriptEnabled);
    await dialog.getByRole("button", { name: "Отправить" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(sentFields()).toEqual({
      name: NAME_SENT,
      phone,
      inn: "",
      comment: COMMENT_SENT,
      source: `<a href="${suite.server.url}/delivery">Источник</a>`,
    });
  });

  it("arrives escaped from the order form, the goods lines as built", async () => {
    const { page } = await openPage(suite, "/make-order", {
      javaScriptEnabled,
      init: (_page, context) => context.addCookies([{ name: "cart", value: `${part.id}.1`, url: suite.server.url }]),
    });
    const form = page.locator("form", { has: page.getByRole("button", { name: "Оформить заказ" }) });
    await fillContact(page, form, javaScriptEnabled);
    await typeKeys(form.getByRole("textbox", { name: /^Город/ }), "Красноярск & <i>край</i>");
    await form.getByRole("button", { name: "Оформить заказ" }).click();
    await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
    const fields = sentFields();
    expect(fields).toMatchObject({
      name: NAME_SENT,
      comment: COMMENT_SENT,
      city: "Красноярск &amp; &lt;i&gt;край&lt;/i&gt;",
    });
    expect(fields.goods.startsWith(`${suite.server.url}/catalog/parts/${part.slug} `)).toBe(true);
    // What the customer sees is what they typed, not entities.
    expect(await page.locator("main").textContent()).not.toContain("&lt;");
  });

  it("arrives escaped in the parts list's multipart fields", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "escaping-"));
    const list = path.join(dir, "список <1>.csv");
    fs.writeFileSync(list, "артикул;количество\n1012015-81D;4\n");
    const { page } = await openPage(suite, "/catalog/parts?modal=parts-list", { javaScriptEnabled });
    const dialog = page.getByRole("dialog", { name: "Оставить заявку" });
    await fillContact(page, dialog, javaScriptEnabled);
    await dialog.locator("input[type=file]").setInputFiles([list]);
    await dialog.getByRole("button", { name: "Отправить заявку" }).click();
    await page.getByRole("heading", { level: 1, name: "Заявка отправлена" }).waitFor();
    expect(sentFields()).toEqual({ name: NAME_SENT, phone, comment: COMMENT_SENT });
    // A file keeps its own name: it is an attachment, not text of the notification.
    expect(notify.received[0].multipart?.files.map((f) => f.name)).toEqual(["список <1>.csv"]);
  });
});
