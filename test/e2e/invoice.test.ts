/**
 * An order for a company: its invoice offered at once on /order-success (a PDF only the ordering
 * browser may download), and the confirmation e-mail the customer keeps, received by a real SMTP
 * server: once, with the invoice, after an outage too, and not at all without SMTP_URL.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEALER, DESKS, deskPhone, INVOICE_TERMS, LEGAL } from "~/content";
import { formatAmount, vatIncluded } from "~/lib/invoice";
import { ORDER_NUMBER_PATTERN, orderNumberOf } from "~/lib/order-number";
import { sumInWords } from "~/lib/sum-in-words";
import { generateParts } from "~server/demo-catalogue.server";
import { startFakeSmtp, type FakeSmtp } from "../fake-smtp";
import { pdfText } from "../pdf-text";
import {
  fakeNotifyForFile,
  MODES,
  newContext,
  openPage,
  ready,
  serverAndBrowser,
  startServer,
  typeKeys,
  type RunningServer,
} from "./harness";
import { leadIn, leadsIn, mailIn } from "../store-reader";

// The server runs on the same deterministic demo catalogue.
const parts = generateParts(360).flatMap((g) => g.parts);
const part = parts.find((p) => p.balance >= 5 && p.price > 0)!;

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp?.stop());

/** The SMTP password: used to log in, never shown. */
const SMTP_PASSWORD = `smtp-secret-${Math.random().toString(36).slice(2)}`;
const notify = fakeNotifyForFile();
const suite = serverAndBrowser(() => ({
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "invoice-key",
  SMTP_URL: `smtp://shop:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`,
  MAIL_FROM: "Запчасти <shop@dealer.example>",
  NOTIFY_RETRY_BASE_SECONDS: "1",
  LEAD_RATE_LIMIT: "0",
}));

const plain = (text: string) => text.replace(/\s+/g, " ");
/** The confirmations of the order `id`: its id is in the message's Message-ID. */
const mailsOf = (id: string) => smtp.received.filter((m) => m.messageId?.includes(`order-${id}@`));

/** The order written last to `dataDir`. */
function newestOrder(dataDir: string): { id: string; order?: { number?: string } } {
  return leadsIn(dataDir)
    .filter((lead) => lead.form === "order")
    .at(-1)!;
}

const COMPANY_NAME = "ООО «Сибирь-Транс»";

/** Buys `amount` of the part and orders it for a company, typing as a customer does. */
async function orderWithInvoice(page: Page, javaScriptEnabled: boolean, amount: number) {
  const control = page.getByTestId(`purchase-${part.id}`).first();
  await control.getByRole("button", { name: "Купить" }).click();
  for (let n = 1; n < amount; n++) {
    await control.getByRole("button", { name: "Увеличить количество" }).click();
    await expect.poll(() => page.getByTestId("header-cart").textContent()).toBe(`Корзина (${n + 1})`);
  }
  await page.goto("/make-order");
  await ready(page, javaScriptEnabled);
  await typeKeys(page.getByLabel("ФИО"), "Кузнецов Алексей");
  await typeKeys(page.getByLabel("Телефон"), javaScriptEnabled ? "9234567890" : "+7 (923) 456-78-90");
  await typeKeys(page.getByLabel("Email"), "alex@buyer.example");
  await typeKeys(page.getByLabel("ИНН организации"), "2465123457");
  await page.getByLabel("Нужен счёт на оплату для организации").check();
  await page.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
  // Without DaData's register the customer names the company: the invoice needs it.
  await page.getByRole("button", { name: "Оформить заказ" }).click();
  await page.getByText("Укажите название организации для счёта").first().waitFor();
  await typeKeys(page.getByLabel("Название организации"), COMPANY_NAME);
  if (!javaScriptEnabled) await page.getByLabel("согласие на обработку персональных данных", { exact: false }).check();
  await page.getByRole("button", { name: "Оформить заказ" }).click();
  await page.getByRole("heading", { level: 1, name: "Заказ оформлен" }).waitFor();
}

async function expectInvoice(pdf: Uint8Array, number: string, total: number) {
  const text = plain(await pdfText(pdf));
  expect(text).toContain(`Счёт на оплату № ${number} от `);
  for (const value of [LEGAL.name, `ИНН ${LEGAL.inn}`, `КПП ${LEGAL.kpp}`, plain(LEGAL.address)]) {
    expect(text).toContain(value);
  }
  for (const value of Object.values(LEGAL.bank)) expect(text).toContain(value);
  expect(text).toContain(`Покупатель: ${COMPANY_NAME}, ИНН 2465123457`);
  const amount = total / part.price;
  expect(text).toContain(
    `1 ${part.article || "—"} ${plain(part.fullName || part.name)} ${amount} шт ${plain(formatAmount(part.price))} ${plain(formatAmount(total))}`,
  );
  expect(text).toContain(`Итого: ${plain(formatAmount(total))}`);
  expect(text).toContain(
    `В том числе НДС (${INVOICE_TERMS.vatPercent} %): ${plain(formatAmount(vatIncluded(total, INVOICE_TERMS.vatPercent)))}`,
  );
  expect(text).toContain(`Всего к оплате: ${sumInWords(total)}`);
  expect(text).toContain(`Счёт действителен ${INVOICE_TERMS.validBankDays} банковских дней`);
}

describe.each(MODES)("an order for a company $name", ({ javaScriptEnabled }) => {
  it("gets its invoice on the success page, for this browser only, and a confirmation e-mail with it", async () => {
    const { page, context } = await openPage(suite, `/catalog/parts/${part.slug}`, { javaScriptEnabled });
    await orderWithInvoice(page, javaScriptEnabled, 2);
    const placed = newestOrder(suite.server.dataDir);
    const { id } = placed;
    // The number kept with the order: digits only, shown, and the invoice's and the e-mail's.
    const number = orderNumberOf(placed);
    expect(number).toMatch(ORDER_NUMBER_PATTERN);
    await expect(page.getByTestId("order-number").textContent()).resolves.toBe(number);
    const total = part.price * 2;
    // The manager is told the company as the customer named it (no register to confirm it).
    const fields = notify.received.at(-1)!.json!.fields;
    expect(fields.find((f) => f.key === "companyName")?.value).toBe(COMPANY_NAME);

    const link = page.getByRole("link", { name: "Скачать счёт на оплату (PDF)" });
    await expect(link.getAttribute("download")).resolves.toBe(`Счёт ${number}.pdf`);
    const href = (await link.getAttribute("href"))!;
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`Счёт ${number}.pdf`);
    await expectInvoice(fs.readFileSync((await download.path())!), number, total);

    // Another visitor, with the same address: nothing. This visitor, another number: nothing.
    const stranger = await newContext(suite.browser, suite.server.url, { javaScriptEnabled });
    try {
      const refused = await stranger.newPage().then((p) => p.goto(href));
      expect(refused?.status()).toBe(404);
    } finally {
      await stranger.close();
    }
    const wrong = await context.request.get(href.replace(number, number === "0000-0000" ? "0000-0001" : "0000-0000"));
    expect(wrong.status()).toBe(404);
    expect((await context.request.get(href)).headers()["cache-control"]).toBe("private, no-store");

    // The e-mail arrives once, sent off the customer's request, the invoice attached.
    await expect.poll(() => mailsOf(id).length, { timeout: 20_000 }).toBe(1);
    const [mail] = mailsOf(id);
    expect(mail.subject).toBe(`Заказ № ${number} — ${DEALER.name}`);
    expect(mail.text).toContain(`${plain(part.fullName || part.name)}`);
    expect(mail.text).toContain(deskPhone("parts").display);
    expect(mail.text).toContain(DESKS.parts.email);
    expect(mail.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
    await expectInvoice(mail.attachments[0].content, number, total);
    const record = () => mailIn(suite.server.dataDir, id);
    await expect.poll(() => record()?.status, { timeout: 10_000 }).toBe("delivered");
    // The background retry runs every second here: it never sends an accepted message again.
    await page.waitForTimeout(2500);
    expect(mailsOf(id)).toHaveLength(1);
    // Logged in with the configured account; its password in no page, no log line.
    expect(smtp.logins).toContain("shop");
    expect(await page.content()).not.toContain(SMTP_PASSWORD);
    expect(suite.server.logs()).toContain('"msg":"mail sent"');
    expect(suite.server.logs()).not.toContain(SMTP_PASSWORD);
    expect(suite.server.logs()).not.toContain("alex@buyer.example");
  });
});

describe("the confirmation e-mail", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  /** The order form, posted for one of the part by a company asking for an invoice. */
  const postOrder = (server: RunningServer) =>
    fetch(`${server.url}/make-order`, {
      method: "POST",
      body: new URLSearchParams({
        name: "Кузнецов Алексей",
        phone: "+7 (923) 456-78-90",
        email: "alex@buyer.example",
        inn: "2465123457",
        companyName: COMPANY_NAME,
        invoice: "on",
        consent: "on",
      }),
      redirect: "manual",
      headers: { Cookie: `cart=${part.id}.1` },
    });

  /** An order the notify service refuses: 'Произошла ошибка', the order kept for its retry. */
  async function orderRefused(server: RunningServer): Promise<{ id: string }> {
    notify.mode = "fail";
    try {
      expect((await postOrder(server)).status).toBe(502);
    } finally {
      notify.mode = "ok";
    }
    return newestOrder(server.dataDir);
  }

  async function placeOrder(server: RunningServer): Promise<{ id: string; ms: number }> {
    const started = Date.now();
    const res = await postOrder(server);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/order-success");
    return { id: newestOrder(server.dataDir).id, ms: Date.now() - started };
  }

  it("waits out an SMTP outage without holding the order up, then arrives once", async () => {
    await smtp.stop();
    // First a mail server that takes the connection and never answers.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(smtp.port, "127.0.0.1", resolve));
    try {
      const { id } = await placeOrder(suite.server);
      // The customer has the answer while the message, already on disk, still waits for the server.
      const record = () => mailIn(suite.server.dataDir, id);
      const kept = record();
      expect(kept).toMatchObject({ status: "pending", attempts: [] });
      expect(kept?.message.to).toBe("alex@buyer.example");
      // The server goes away: the attempt fails and the message waits on disk.
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await expect.poll(() => record()?.status, { timeout: 10_000 }).toBe("undelivered");
      // Back, but refusing connections for a while: the background retry keeps trying.
      smtp.refuse = true;
      await smtp.start();
      await expect.poll(() => record()?.attempts.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect(mailsOf(id)).toHaveLength(0);
      smtp.refuse = false;
      await expect.poll(() => mailsOf(id).length, { timeout: 30_000 }).toBe(1);
      expect(mailsOf(id)[0].attachments).toHaveLength(1);
    } finally {
      smtp.refuse = false;
      silent.close();
    }
  });

  it("is sent once for an order that failed and was sent again, however often the form comes", async () => {
    const cookie = `cart=${part.id}.1`;
    const html = await (await fetch(`${suite.server.url}/make-order`, { headers: { Cookie: cookie } })).text();
    const orderKey = /name="orderKey" value="([^"]+)"/.exec(html)![1];
    const send = () =>
      fetch(`${suite.server.url}/make-order`, {
        method: "POST",
        body: new URLSearchParams({
          orderKey,
          name: "Кузнецов Алексей",
          phone: "+7 (923) 456-78-90",
          email: "alex@buyer.example",
          consent: "on",
        }),
        redirect: "manual",
        headers: { Cookie: cookie },
      });
    notify.mode = "fail";
    // Shown as failed (kept for the background retry): no confirmation yet.
    expect((await send()).status).toBe(502);
    const { id } = newestOrder(suite.server.dataDir);
    notify.mode = "ok";
    // Sent again, twice: 'Заказ оформлен' each time, and one e-mail.
    expect((await send()).status).toBe(303);
    expect((await send()).status).toBe(303);
    await expect.poll(() => mailsOf(id).length, { timeout: 15_000 }).toBe(1);
    expect(mailIn(suite.server.dataDir, id)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailsOf(id)).toHaveLength(1);
  });

  it("reaches a customer told the order failed, once the background retry delivers it", async () => {
    const { id } = await orderRefused(suite.server);
    expect(mailsOf(id)).toHaveLength(0);
    await expect.poll(() => mailsOf(id).length, { timeout: 20_000 }).toBe(1);
    expect(leadIn(suite.server.dataDir, id)?.status).toBe("delivered");
  });

  it("is sent by npm run leads:resend", async () => {
    // A server whose background retry would wait an hour: the resend run sends it.
    const env = {
      NOTIFY_API_URL: notify.url,
      NOTIFY_API_KEY: "invoice-key",
      SMTP_URL: smtp.url,
      MAIL_FROM: "shop@dealer.example",
      NOTIFY_RETRY_BASE_SECONDS: "3600",
    };
    const server = await startServer(env);
    servers.push(server);
    await smtp.stop();
    const { id } = await placeOrder(server);
    const record = () => mailIn(server.dataDir, id);
    await expect.poll(() => record()?.status, { timeout: 10_000 }).toBe("undelivered");
    await smtp.start();
    // Run as a child process, asynchronously: the SMTP server answers from this one.
    const child = spawn(process.execPath, ["build/leads-resend.js"], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: server.dataDir, ...env },
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    await new Promise((resolve) => child.on("close", resolve));
    expect(stdout).toContain("re-sent order e-mails: 1 sent");
    expect(mailsOf(id)).toHaveLength(1);
    expect(record()?.status).toBe("delivered");

    // An order the notify service refused: the run delivers it, and its e-mail goes before the run ends.
    const refused = await orderRefused(server);
    const again = spawn(process.execPath, ["build/leads-resend.js"], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: server.dataDir, ...env },
    });
    stdout = "";
    again.stdout.on("data", (chunk) => (stdout += chunk));
    await new Promise((resolve) => again.on("close", resolve));
    expect(stdout).toContain("re-sent leads: 1 delivered");
    expect(mailsOf(refused.id)).toHaveLength(1);
  });

  it("being sent when the server is told to stop is waited for, and recorded as sent", async () => {
    const server = await startServer({
      NOTIFY_API_URL: notify.url,
      NOTIFY_API_KEY: "invoice-key",
      SMTP_URL: smtp.url,
      MAIL_FROM: "shop@dealer.example",
    });
    servers.push(server);
    // A slow mail server: the message is on its way when the stop comes.
    smtp.acceptAfterMs = 1500;
    try {
      const started = smtp.dataStarted;
      const { id } = await placeOrder(server);
      await expect.poll(() => smtp.dataStarted).toBe(started + 1);
      expect(await server.stop()).toBe(0);
      expect(mailsOf(id)).toHaveLength(1);
      // Recorded as sent: nothing is sent again after the restart.
      const record = () => mailIn(server.dataDir, id);
      expect(record()?.status).toBe("delivered");
    } finally {
      smtp.acceptAfterMs = 0;
    }
  });

  it("is not sent without SMTP_URL", async () => {
    const server = await startServer({ NOTIFY_API_URL: notify.url, NOTIFY_API_KEY: "invoice-key" });
    servers.push(server);
    const { id } = await placeOrder(server);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailIn(server.dataDir, id)).toBeUndefined();
    expect(mailsOf(id)).toHaveLength(0);
  });
});
