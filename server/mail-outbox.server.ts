/**
 * The customer's order confirmation, sent over SMTP (nodemailer) from the same kind of outbox as
 * the leads (decisions 004 and 009): the message is written to DATA_DIR/mail/{order id}/ before
 * anything is sent (the invoice it carries is made from the order on disk at each attempt); it is sent off the customer's request;
 * an attempt is claimed first, so one sender at a time sends it; a failure is retried by the
 * background retry and by `npm run leads:resend`. A message the SMTP server accepted is marked
 * delivered and never sent again. Its Message-ID is derived from the order id, so a copy sent
 * twice (a crash between the server's 250 and the record) is one message to a mail program.
 * SMTP_URL and MAIL_FROM unset: no e-mail. nodemailer is loaded with the first message, not with
 * the server (15 MB a server without SMTP never needs).
 */
import { DEALER, DESKS, deskPhone } from "~/content";
import { orderMailSubject, orderMailText } from "~/lib/order-mail";
import { orderNumber } from "~/lib/order-number";
import type { Config } from "./config.server";
import { orderInvoicePdf, orderOf } from "./invoice.server";
import { createLeadStore, type LeadRecord, type LeadStore, type StoredRecord } from "./lead-store.server";
import { errorMessage, log } from "./log.server";
import {
  retryPass,
  sendClaimed,
  SENDABLE,
  StoppedError,
  type RetryMode,
  type RetryReport,
  type Sender,
} from "./retry-pass.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  /** The order's invoice goes with it, made from the order on disk when it is sent (as its download is). */
  invoice: boolean;
}

/** A message of the outbox; `delivered` once the SMTP server accepted it. */
export interface MailRecord extends StoredRecord {
  /** The order's id. */
  id: string;
  form: "order-confirmation";
  message: MailMessage;
  failedAt?: string;
}

export interface MailOutbox {
  /** SMTP_URL and MAIL_FROM are set. */
  enabled: boolean;
  store: LeadStore<MailRecord>;
  /**
   * Writes the confirmation of the order `orderId` (kept in the lead store) to disk when its
   * customer gave an e-mail, and sends it in the background; asked again for the same order, does
   * nothing. Never throws: the order stands.
   */
  confirmOrder(orderId: string): Promise<void>;
  /** As NotifyGateway.retryPass, over the messages not yet accepted. */
  retryPass(options: { mode: RetryMode; signal?: AbortSignal; now?: number }): Promise<RetryReport>;
  /** Resolves once the sends started by confirmOrder so far have ended (tests, a graceful stop). */
  idle(): Promise<void>;
}

type MailConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_URL" | "NOTIFY_RETRY_BASE_SECONDS" | "dataDir">;

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
  const number = orderNumber(lead.id);
  const invoice = order.customer.invoice === true;
  const text = orderMailText(
    {
      number,
      createdAt: lead.createdAt,
      customerName: order.customer.name,
      lines: order.lines,
      delivery: order.delivery,
      address: order.delivery?.address,
      carrier: order.delivery?.carrier,
      city: order.delivery?.city,
      total: order.total,
      invoice,
    },
    {
      dealerName: DEALER.name,
      siteUrl: config.SITE_URL,
      desk: {
        name: DESKS.parts.name,
        phone: deskPhone("parts").display,
        email: DESKS.parts.email,
        workTime: DESKS.parts.workTime,
      },
    },
  );
  return {
    to,
    subject: orderMailSubject(number, DEALER.name),
    text,
    messageId: confirmationMessageId(lead.id, config.SITE_URL),
    invoice,
  };
}

export function createMailOutbox(
  config: MailConfig,
  { leads, store }: { leads: Pick<LeadStore, "load">; store?: LeadStore<MailRecord> },
): MailOutbox {
  const outbox = store ?? createLeadStore<MailRecord>(config.dataDir, { folder: "mail", file: "message.json" });
  const enabled = Boolean(config.SMTP_URL && config.MAIL_FROM);
  const baseMs = config.NOTIFY_RETRY_BASE_SECONDS * 1000;
  const inFlight = new Set<Promise<unknown>>();
  /** `work`, waited for by idle() until it ends. */
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
  };

  /** An order's confirmation written to disk and its send started in the background. */
  async function keep(orderId: string): Promise<void> {
    try {
      const record = await compose(orderId);
      if (!record) return;
      // Once per order: an order sent again (a double click, a try again after a failure) asks
      // for its confirmation again, and whoever takes the order's place in the outbox first sends it.
      if (!(await outbox.takeId(record.id))) return;
      // On disk before anything is sent: a crash or a stop from here on cannot lose it. Not
      // written (a full disk): its place is given back, for the next ask to write it.
      await outbox.save(record).catch(async (error: unknown) => {
        await outbox.discard(record.id).catch(() => undefined);
        throw error;
      });
      track(
        sendClaimed(
          sender,
          { id: record.id, attempts: 0 },
          { sendable: SENDABLE.due, now: Date.now(), expire: false },
        ).catch((error: unknown) => log.error("mail send failed", { mail: orderId, error: errorMessage(error) })),
      );
    } catch (error) {
      log.error("order confirmation not kept", { order: orderId, error: errorMessage(error) });
    }
  }

  async function compose(orderId: string): Promise<MailRecord | undefined> {
    const lead = await leads.load(orderId);
    const message = lead ? confirmationOf(lead, config) : undefined;
    if (!message) return undefined;
    return {
      id: orderId,
      form: "order-confirmation",
      createdAt: new Date().toISOString(),
      status: "pending",
      attempts: [],
      message,
    };
  }

  async function invoiceAttachment(orderId: string) {
    const lead = await leads.load(orderId);
    const file = lead ? await orderInvoicePdf(lead) : undefined;
    if (!file) throw new Error("the order's invoice is not on disk");
    return { filename: file.fileName, content: file.pdf, contentType: "application/pdf" };
  }

  /** One attempt; the record with its outcome. Throws StoppedError when `stop` fired first. */
  async function attempt(record: MailRecord, stop?: AbortSignal): Promise<MailRecord> {
    const { default: nodemailer } = await import("nodemailer");
    const at = new Date().toISOString();
    const started = Date.now();
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    let timer: NodeJS.Timeout | undefined;
    let onStop: (() => void) | undefined;
    // Settles only by cutting the attempt short: at the time limit, or when the server stops.
    const cut = new Promise<never>((_, reject) => {
      const abandon = (why: Error) => {
        transport.close();
        reject(why);
      };
      timer = setTimeout(() => abandon(new Error("timeout")), SEND_TIMEOUT_MS);
      onStop = () => abandon(new StoppedError("stopping"));
      if (stop?.aborted) onStop();
      else stop?.addEventListener("abort", onStop, { once: true });
    });
    const { message } = record;
    try {
      const attachments = message.invoice ? [await invoiceAttachment(record.id)] : [];
      const info = (await Promise.race([
        transport.sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          replyTo: DESKS.parts.email,
          subject: message.subject,
          text: message.text,
          messageId: message.messageId,
          attachments,
        }),
        cut,
      ])) as { response?: string };
      log.info("mail sent", { mail: record.id, response: info.response, ms: Date.now() - started });
      return { ...record, status: "delivered", attempts: [...record.attempts, { at, ok: true }] };
    } catch (error) {
      if (error instanceof StoppedError) throw error;
      const code = (error as { responseCode?: number; code?: string }) ?? {};
      // The server refused the address itself: no later attempt can do better (leads:resend still tries).
      const refused = code.code === "EENVELOPE" && (code.responseCode ?? 0) >= 500;
      const failed = { at, ok: false, error: errorMessage(error) };
      // A server's refusal may quote the customer's address: the log keeps no personal data.
      const logged = failed.error.replace(/[^\s<>@"']+@[^\s<>@"']+/g, "<address>");
      const fields = { mail: record.id, error: logged, ms: Date.now() - started };
      if (refused) log.error("mail refused by the server, given up and kept on disk", fields);
      else log.warn("mail not sent, kept on disk", fields);
      return refused
        ? { ...record, status: "failed", failedAt: at, attempts: [...record.attempts, failed] }
        : { ...record, status: "undelivered", attempts: [...record.attempts, failed] };
    } finally {
      clearTimeout(timer);
      if (onStop) stop?.removeEventListener("abort", onStop);
      transport.close();
    }
  }

  const sender: Sender<MailRecord> = {
    store: outbox,
    claimTtlMs: CLAIM_TTL_MS,
    baseMs,
    attempt,
    givenUp: (record) => log.error("mail unsent for 7 days, given up and kept on disk", { mail: record.id }),
  };

  return {
    enabled,
    store: outbox,
    async confirmOrder(orderId) {
      if (!enabled) return;
      // Waited for by idle() from the start, not only once its send begins: a caller that does not
      // wait for it (an order the retry delivered) may stop the process right after.
      const kept = keep(orderId);
      track(kept);
      await kept;
    },
    async retryPass(options) {
      return enabled ? retryPass(sender, options) : { delivered: 0, undelivered: 0, failed: 0, skipped: 0, waiting: 0 };
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * A lead a retry delivered (the background retry, `leads:resend`): an order's confirmation now, as
 * its customer was told it failed. Sent in the background; `mail.idle()` waits for it.
 */
export function confirmDelivered(mail: Pick<MailOutbox, "confirmOrder">, lead: LeadRecord): void {
  if (lead.form === "order") void mail.confirmOrder(lead.id);
}

/** `npm run leads:resend`: every confirmation not yet accepted, now; one line on what happened. */
export async function resendPendingMail(mail: MailOutbox, signal?: AbortSignal): Promise<RetryReport | undefined> {
  if (!mail.enabled) return undefined;
  const report = await mail.retryPass({ mode: "all", signal });
  process.stdout.write(
    `re-sent order e-mails: ${report.delivered} sent, ${report.undelivered + report.failed} still unsent, ` +
      `${report.skipped} left to another sender\n`,
  );
  return report;
}
