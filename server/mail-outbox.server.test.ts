import net from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEALER, DESKS, deskPhone, LEGAL } from "~/content";
import { startFakeSmtp, type FakeSmtp } from "../test/fake-smtp";
import { pdfText } from "../test/pdf-text";
import { parseConfig } from "./config.server";
import type { Attempt } from "./store/outbox.server";
import {
  confirmationMessageId,
  createMailOutbox,
  resendPendingMail,
  type MailMessage,
  type MailOutbox,
} from "./mail-outbox.server";
import { createNotifyGateway } from "./notify-gateway.server";
import { freshStore, type TestStore } from "../test/stores";

let dataDir: string;
let t: TestStore;
let smtp: FakeSmtp;

beforeEach(async () => {
  t = await freshStore("sqlite");
  dataDir = t.config.dataDir;
  smtp = await startFakeSmtp();
});

afterEach(async () => {
  await smtp.stop();
  await t.drop();
});

const SMTP = () => ({ SMTP_URL: smtp.url, MAIL_FROM: "Запчасти <shop@dealer.example>" });

function outbox(env: Record<string, string> = SMTP()) {
  const config = parseConfig({ DATA_DIR: dataDir, SITE_URL: "https://dealer.example", ...env });
  return createMailOutbox(config, t.store);
}

/** An order as the order form places it (kept: no notify service here), its confirmation written with it by `mail`. */
async function placeOrder(
  customer: { email: string; invoice: boolean },
  mail = outbox(),
  number = "4821-0937",
): Promise<string> {
  const notify = createNotifyGateway(parseConfig({ DATA_DIR: dataDir }), t.store, { mailOf: (o) => mail.mailOf(o) });
  const placed = await notify.sendJson(
    "order",
    { name: "order", fields: [] },
    {
      order: {
        number,
        lines: [
          { id: "p1", slug: "filtr-p1", name: "Фильтр масляный", article: "1012010-81DJ", price: 1250, amount: 4 },
        ],
        total: 5300,
        delivery: { label: "Курьер по городу", cost: 300, address: "г. Красноярск, ул. Мира, 1" },
        customer: { name: "Иван Петров", inn: "2465000014", ...customer },
      },
    },
  );
  expect(placed.status).toBe("kept");
  return placed.id;
}

/** The message of order `id` as the outbox keeps it. */
async function messageOf(id: string) {
  const row = await t.store.db.selectFrom("mails").selectAll().where("id", "=", id).executeTakeFirst();
  return row
    ? {
        status: row.status,
        attempts: JSON.parse(row.attempts) as Attempt[],
        message: JSON.parse(row.message) as MailMessage,
      }
    : undefined;
}

async function sentAndSettled(mail: MailOutbox, id: string) {
  await mail.confirmOrder(id);
  await mail.idle();
  return messageOf(id);
}

// Making the invoice PDF takes a second or more on a busy machine.
describe("the order confirmation e-mail", { timeout: 30_000 }, () => {
  it("reaches the customer once, with the order, the parts desk and the invoice attached", async () => {
    const mail = outbox();
    const id = await placeOrder({ email: "ivan@buyer.example", invoice: true });
    const record = await sentAndSettled(mail, id);
    expect(record?.status).toBe("delivered");
    expect(smtp.received).toHaveLength(1);

    const [message] = smtp.received;
    expect(message.subject).toBe(`Заказ № 4821-0937 — ${DEALER.name}`);
    expect(message.to && "text" in message.to ? message.to.text : "").toBe("ivan@buyer.example");
    expect(message.messageId).toBe(confirmationMessageId(id, "https://dealer.example"));
    expect(message.replyTo?.text).toBe(DESKS.parts.email);
    expect(message.text).toContain("Фильтр масляный, артикул 1012010-81DJ — 4 шт.");
    expect(message.text).toContain("Доставка: Курьер по городу, 300 ₽");
    expect(message.text).toContain("Адрес доставки: г. Красноярск, ул. Мира, 1");
    expect(message.text).toContain("Итого: 5 300 ₽");
    expect(message.text).toContain(deskPhone("parts").display);
    expect(message.text).toContain(DESKS.parts.email);

    expect(message.attachments).toHaveLength(1);
    const [pdf] = message.attachments;
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.filename).toBe(`Счёт 4821-0937.pdf`);
    const text = await pdfText(pdf.content);
    expect(text).toContain(`Счёт на оплату № 4821-0937`);
    expect(text).toContain(LEGAL.bank.account);

    // Accepted once: no pass sends it again.
    expect((await mail.retryPass({ mode: "all" })).delivered).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("is written and sent once however often, and however at once, it is asked for", async () => {
    const mail = outbox();
    const id = await placeOrder({ email: "ivan@buyer.example", invoice: false });
    await Promise.all([mail.confirmOrder(id), mail.confirmOrder(id)]);
    await mail.idle();
    await mail.confirmOrder(id);
    await mail.idle();
    expect(smtp.received).toHaveLength(1);
    expect((await messageOf(id))?.status).toBe("delivered");
  });

  it("has no attachment when no invoice was asked for", async () => {
    const mail = outbox();
    await sentAndSettled(mail, await placeOrder({ email: "ivan@buyer.example", invoice: false }));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].attachments).toHaveLength(0);
    expect(smtp.received[0].text).not.toContain("Счёт");
  });

  it("is not written without an e-mail in the order, nor without SMTP_URL", async () => {
    const noEmail = await placeOrder({ email: "", invoice: true });
    expect(await sentAndSettled(outbox(), noEmail)).toBeUndefined();

    const unset = outbox({});
    expect(unset.enabled).toBe(false);
    const id = await placeOrder({ email: "ivan@buyer.example", invoice: true }, unset, "4821-0938");
    expect(await sentAndSettled(unset, id)).toBeUndefined();
    expect(await resendPendingMail(unset)).toBeUndefined();
    expect(smtp.received).toHaveLength(0);
  });

  it("is kept through an outage (a closed port, then a refusing server) and sent once it is over", async () => {
    const mail = outbox();
    await smtp.stop();
    const id = await placeOrder({ email: "ivan@buyer.example", invoice: true });
    const kept = await sentAndSettled(mail, id);
    expect(kept?.status).toBe("undelivered");
    expect(kept?.attempts).toHaveLength(1);
    expect(kept?.message.invoice).toBe(true);

    // Back, but refusing every connection: the background retry's pass, when the message is due.
    await smtp.start();
    smtp.refuse = true;
    const later = Date.now() + 3_600_000;
    const refused = await mail.retryPass({ mode: "due", now: later });
    expect(refused).toMatchObject({ delivered: 0, undelivered: 1 });
    expect((await messageOf(id))?.status).toBe("undelivered");

    // Accepting again: sent by the next due pass, then never again.
    smtp.refuse = false;
    expect(await mail.retryPass({ mode: "due", now: later + 3_600_000 })).toMatchObject({ delivered: 1 });
    expect(await mail.retryPass({ mode: "all" })).toMatchObject({ delivered: 0, undelivered: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].attachments).toHaveLength(1);
    const record = await messageOf(id);
    expect(record?.status).toBe("delivered");
    expect(record?.attempts.map((a) => a.ok)).toEqual([false, false, true]);
  });

  it("is sent by leads:resend after an outage, and a second run sends nothing", async () => {
    const mail = outbox();
    await smtp.stop();
    const id = await placeOrder({ email: "ivan@buyer.example", invoice: false });
    expect((await sentAndSettled(mail, id))?.status).toBe("undelivered");
    await smtp.start();
    expect(await resendPendingMail(mail)).toMatchObject({ delivered: 1 });
    expect(await resendPendingMail(mail)).toMatchObject({ delivered: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].messageId).toBe(confirmationMessageId(id, "https://dealer.example"));
  });

  it("gives the attempt in hand back, unrecorded, when the server stops", async () => {
    const mail = outbox();
    await smtp.stop();
    const id = await placeOrder({ email: "ivan@buyer.example", invoice: false });
    expect((await sentAndSettled(mail, id))?.attempts).toHaveLength(1);
    // A mail server that takes the connection and never answers: the attempt hangs until the stop.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(smtp.port, "127.0.0.1", resolve));
    try {
      const stop = new AbortController();
      const pass = mail.retryPass({ mode: "all", signal: stop.signal });
      await expect.poll(() => sockets.size).toBe(1);
      stop.abort();
      expect(await pass).toMatchObject({ delivered: 0, undelivered: 0, waiting: 1 });
      const record = await messageOf(id);
      expect(record).toMatchObject({ status: "undelivered" });
      expect(record?.attempts).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    // Its claim was given back: the next pass sends it.
    await smtp.start();
    expect(await mail.retryPass({ mode: "all" })).toMatchObject({ delivered: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it("gives up at once on an address the mail server refuses; leads:resend still tries it", async () => {
    const mail = outbox();
    smtp.rejectRecipients = true;
    const id = await placeOrder({ email: "nobody@buyer.example", invoice: false });
    const record = await sentAndSettled(mail, id);
    expect(record).toMatchObject({ status: "failed" });
    expect(record?.attempts[0].error).toMatch(/550/);
    expect(await mail.retryPass({ mode: "due", now: Date.now() + 3_600_000 })).toMatchObject({
      delivered: 0,
      waiting: 0,
    });
    smtp.rejectRecipients = false;
    expect(await resendPendingMail(mail)).toMatchObject({ delivered: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it("is sent by one of two processes passing at once", async () => {
    const first = outbox();
    await smtp.stop();
    const id = await placeOrder({ email: "ivan@buyer.example", invoice: false });
    await sentAndSettled(first, id);
    await smtp.start();
    const second = outbox();
    const reports = await Promise.all([first.retryPass({ mode: "all" }), second.retryPass({ mode: "all" })]);
    expect(reports.reduce((n, r) => n + r.delivered, 0)).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });
});
