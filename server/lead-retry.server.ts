/**
 * The background retry: undelivered leads are sent again without anyone running
 * `npm run leads:resend`. One pass at a time, on a timer, off the visitors' requests: a pass
 * claims and sends the leads that are due in the store (server/store/sender.server.ts), marks
 * those waiting 7 days as failed, then sleeps until the next one is due or the poll interval
 * (leads written by another server, claims of a killed one expiring) has passed. `stop()` abandons the attempt in flight and resolves
 * once the pass has put its claims back.
 */
import { errorMessage, log } from "./log.server";
import type { NotifyGateway } from "./notify-gateway.server";
import type { PassReport as RetryReport } from "./store/sender.server";

export interface LeadRetry {
  start(): void;
  stop(): Promise<void>;
}

/** The longest sleep between passes, whatever the schedule: leads written by another process are found this soon. */
const MAX_POLL_MS = 60_000;
const MIN_POLL_MS = 1_000;

/** An outbox the retry passes over: the leads (NotifyGateway), the order e-mails (MailOutbox). */
export type RetrySource = Pick<NotifyGateway, "retryPass">;

/** Several outboxes as one: a pass goes over each in turn; the reports add up, the earliest due wins. */
export function inTurn(...sources: RetrySource[]): RetrySource {
  return {
    async retryPass(options) {
      const total: RetryReport = { delivered: 0, undelivered: 0, failed: 0, waiting: 0 };
      for (const source of sources) {
        const report = await source.retryPass(options);
        total.delivered += report.delivered;
        total.undelivered += report.undelivered;
        total.failed += report.failed;
        total.waiting += report.waiting;
        if (report.nextDueAt !== undefined) total.nextDueAt = Math.min(total.nextDueAt ?? Infinity, report.nextDueAt);
      }
      return total;
    },
  };
}

export function createLeadRetry(notify: RetrySource, { baseMs }: { baseMs: number }): LeadRetry {
  const pollMs = Math.max(MIN_POLL_MS, Math.min(baseMs, MAX_POLL_MS));
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  function schedule(delayMs: number) {
    if (controller.signal.aborted) return;
    timer = setTimeout(pass, Math.max(MIN_POLL_MS, Math.min(delayMs, pollMs)));
  }

  function pass() {
    timer = undefined;
    running = notify
      .retryPass({ mode: "due", signal: controller.signal })
      .then((report: RetryReport) => {
        if (report.delivered || report.undelivered || report.failed) {
          log.info("lead retry pass", {
            delivered: report.delivered,
            undelivered: report.undelivered,
            failed: report.failed,
            waiting: report.waiting,
          });
        }
        schedule(report.nextDueAt === undefined ? pollMs : report.nextDueAt - Date.now());
      })
      .catch((error: unknown) => {
        // A disk error, say: logged, and the next pass tries again.
        log.error("lead retry pass failed", { error: errorMessage(error) });
        schedule(pollMs);
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (!timer && !running) schedule(pollMs);
    },
    async stop() {
      controller.abort();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
