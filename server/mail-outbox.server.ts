/**
 * The customer's order confirmation, sent over SMTP (nodemailer) from the store's outbox
 * (docs/decisions/016, 017): the message is written with its order, in the same transaction,
 * and claimed once the order has reached the dealer; it is sent off the customer's request, and
 * a failure is retried by the background retry and by `npm run leads:resend`. A message the SMTP
 * server accepted is marked delivered and never sent again. Its Message-ID is derived from the
 * order id, so a copy sent twice (a crash between the server's 250 and the record) is one message
 * to a mail program. The invoice attached is the one frozen with the order. SMTP_URL and
 * MAIL_FROM unset: no e-mail. nodemailer is loaded with the first message, not with the server.
 */
import { DEALER, DESKS, deskPhone } from "~/content";
import {
  orderMailSubject,
  orderMailText,
  orderStatusMailSubject,
  orderStatusMailText,
  type OrderMailSender,
} from "~/lib/order-mail";
import { orderNumberOf } from "~/lib/order-number";
import type { Config } from "./config.server";
import { orderInvoicePdf, orderOf } from "./invoice.server";
import type { LeadRecord } from "./lead-record.server";
import { errorMessage, log } from "./log.server";
import type { ExchangeOrder } from "./onec/ports.server";
import type { StoreDb } from "./store/db.server";
import { claimOne, type OutboxRow } from "./store/outbox.server";
import { recordResult, sendPass, StoppedError, type AttemptResult, type PassReport } from "./store/sender.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  /** The order's invoice goes with it, made from the order on disk when it is sent (as its download is). */
  invoice: boolean;
}

/** A message of the outbox; `delivered` once the SMTP server accepted it. */
export interface MailOutbox {
  /** SMTP_URL and MAIL_FROM are set. */
  enabled: boolean;
  /** The confirmation an order is written with, when e-mail is on and its customer gave an address. */
  mailOf(order: Pick<LeadRecord, "id" | "createdAt" | "form" | "order">): MailMessage | undefined;
  /** Sends the confirmation of a delivered order now, in the background (idle() waits for it). Never throws. */
  confirmOrder(orderId: string): Promise<void>;
  /** The e-mail of an order's new status (event `id`), when e-mail is on and the order has an address. */
  statusMailOf(
    order: ExchangeOrder,
    event: { id: string; status: string; shipmentNumber?: string },
  ): MailMessage | undefined;
  /** Sends status e-mails written to the store now, in the background, as confirmOrder does. */
  sendStatusMails(ids: readonly string[]): void;
  /** A sending pass over the messages not yet accepted. */
  retryPass(options: { mode: "due" | "all" | "kept"; signal?: AbortSignal; now?: number }): Promise<PassReport>;
  /** Resolves once the sends started by confirmOrder so far have ended (tests, a graceful stop). */
  idle(): Promise<void>;
}

type MailConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_URL" | "NOTIFY_RETRY_BASE_SECONDS">;

/** One attempt, start to end, connection included: no SMTP server is waited on longer. */
const SEND_TIMEOUT_MS = 60_000;
/** A claim outlives any attempt; one older was left by a crash. */
const CLAIM_TTL_MS = SEND_TIMEOUT_MS + 60_000;

/** The Message-ID of an order's confirmation: the same on every attempt. */
export function confirmationMessageId(orderId: string, siteUrl: string): string {
  return `<order-${orderId}@${new URL(siteUrl).hostname}>`;
}

/**
 * The confirmation of an order whose customer gave an e-mail, as sent on every attempt; undefined
 * for an order without one.
 */
export function confirmationOf(
  lead: Pick<LeadRecord, "id" | "createdAt" | "form" | "order">,
  config: Pick<Config, "SITE_URL">,
): MailMessage | undefined {
  const order = orderOf(lead);
  const to = order?.customer?.email;
  if (!order?.customer || !to) return undefined;
  const number = orderNumberOf(lead);
  const invoice = order.customer.invoice === true;
  const mail = { ...order, number, createdAt: lead.createdAt, customerName: order.customer.name, invoice };
  return {
    to,
    subject: orderMailSubject(number, DEALER.name),
    text: orderMailText(mail, mailSender(config)),
    messageId: confirmationMessageId(lead.id, config.SITE_URL),
    invoice,
  };
}

/** Who signs the order e-mails: the dealer, the site and the parts desk the customer asks. */
function mailSender(config: Pick<Config, "SITE_URL">): OrderMailSender {
  return {
    dealerName: DEALER.name,
    siteUrl: config.SITE_URL,
    desk: { ...DESKS.parts, phone: deskPhone("parts").display },
  };
}

/** The e-mail of an order's new status; its Message-ID is the status event's, the same on every attempt. */
export function statusMailOf(
  order: ExchangeOrder,
  event: { id: string; status: string; shipmentNumber?: string },
  config: Pick<Config, "SITE_URL">,
): MailMessage | undefined {
  const to = order.customer.email;
  if (!to) return undefined;
  return {
    to,
    subject: orderStatusMailSubject(order.number, event.status),
    text: orderStatusMailText(
      { ...event, number: order.number, customerName: order.customer.name },
      mailSender(config),
    ),
    messageId: `<order-${order.id}-status-${event.id}@${new URL(config.SITE_URL).hostname}>`,
    invoice: false,
  };
}

export function createMailOutbox(config: MailConfig, store: StoreDb): MailOutbox {
  const enabled = Boolean(config.SMTP_URL && config.MAIL_FROM);
  const baseMs = config.NOTIFY_RETRY_BASE_SECONDS * 1000;
  /** The sends started off the customers' requests, waited for by idle(). */
  const inFlight = new Set<Promise<unknown>>();

  async function invoiceAttachment(orderId: string) {
    const file = await orderInvoicePdf(store, orderId);
    if (!file) throw new Error("the order's invoice is not in the store");
    return { filename: file.fileName, content: file.pdf, contentType: "application/pdf" };
  }

  /** One attempt. Throws StoppedError when `stop` fired first. */
  async function attempt(row: OutboxRow<"mails">, stop?: AbortSignal): Promise<AttemptResult> {
    const { default: nodemailer } = await import("nodemailer");
    const started = Date.now();
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
    const message = JSON.parse(row.message) as MailMessage;
    try {
      const info = await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        replyTo: DESKS.parts.email,
        subject: message.subject,
        text: message.text,
        messageId: message.messageId,
        attachments: message.invoice ? [await invoiceAttachment(row.id)] : [],
        signal: stop ? AbortSignal.any([timeout, stop]) : timeout,
      });
      log.info("mail sent", { mail: row.id, response: info.response, ms: Date.now() - started });
      return { ok: true };
    } catch (error) {
      if (stop?.aborted && !timeout.aborted) throw new StoppedError("stopping");
      const code = (error as { responseCode?: number; code?: string }) ?? {};
      // The server refused the address itself: no later attempt can do better (leads:resend still tries).
      const refused = code.code === "EENVELOPE" && (code.responseCode ?? 0) >= 500;
      // A server's refusal may quote the customer's address: the log keeps no personal data.
      const logged = errorMessage(error).replace(/[^\s<>@"']+@[^\s<>@"']+/g, "<address>");
      const fields = { mail: row.id, error: logged, ms: Date.now() - started };
      if (refused) log.error("mail refused by the server, given up and kept in the store", fields);
      else log.warn("mail not sent, kept in the store", fields);
      return { ok: false, error: errorMessage(error), ...(refused ? { final: true } : {}) };
    } finally {
      transport.close();
    }
  }

  /**
   * Sends the messages `ids` now, in the background, each claimed first: one sent already, held by
   * another sender, or a confirmation whose order has not reached the dealer yet is left as it is.
   */
  function sendNow(ids: readonly string[]) {
    if (!enabled) return;
    for (const id of ids) {
      const work = (async () => {
        const row = await claimOne(store, "mails", id, { ttlMs: CLAIM_TTL_MS });
        const at = Date.now();
        if (row) await recordResult(store, "mails", row, await attempt(row), { at, baseMs });
      })().catch((error: unknown) => log.error("mail send failed", { mail: id, error: errorMessage(error) }));
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    }
  }

  return {
    enabled,
    mailOf: (order) => (enabled ? confirmationOf(order, config) : undefined),
    confirmOrder: async (orderId) => sendNow([orderId]),
    statusMailOf: (order, event) => (enabled ? statusMailOf(order, event, config) : undefined),
    sendStatusMails: sendNow,
    async retryPass({ mode, signal, now }) {
      if (!enabled) return { delivered: 0, undelivered: 0, failed: 0, waiting: 0 };
      return sendPass(store, "mails", attempt, {
        mode: mode === "due" ? "due" : "all",
        baseMs,
        claimTtlMs: CLAIM_TTL_MS,
        signal,
        ...(now === undefined ? {} : { now: () => now }),
      });
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** `npm run leads:resend`: every confirmation not yet accepted, now; one line on what happened. */
export async function resendPendingMail(mail: MailOutbox, signal?: AbortSignal): Promise<PassReport | undefined> {
  if (!mail.enabled) return undefined;
  const report = await mail.retryPass({ mode: "all", signal });
  process.stdout.write(
    `re-sent order e-mails: ${report.delivered} sent, ${report.undelivered + report.failed} still unsent\n`,
  );
  return report;
}
