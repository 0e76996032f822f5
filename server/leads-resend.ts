/**
 * `npm run leads:resend`: send now every lead not delivered yet, failed ones included, and every
 * order e-mail the SMTP server has not accepted yet, then exit (0 all sent, 2 some still unsent,
 * 130/143 interrupted). With `--kept` (`npm run leads:resend -- --kept`), also the leads kept
 * while no notify service was set: once it is, the dealer sends them on purpose, as they may hold
 * tests made before the launch. Safe beside the running servers and another run: each lead and
 * e-mail is claimed in the store before it is sent. Bundled on its own into build/leads-resend.js
 * (scripts/build-entries.mjs), like the catalogue worker.
 */
import { sql } from "kysely";
import { bootOrExit, BootError, loadSettings } from "./boot.server";
import { createMailOutbox, resendPendingMail } from "./mail-outbox.server";
import { createNotifyGateway } from "./notify-gateway.server";
import { signalExitCode, takeResendSignals } from "./resend-signals.server";
import { startStore } from "./store/open.server";
import { UNSENT } from "./store/outbox.server";

const signals = takeResendSignals();

const { config, notify, mail, store } = await bootOrExit(async () => {
  const config = loadSettings();
  if (!config.NOTIFY_API_URL && !(config.SMTP_URL && config.MAIL_FROM))
    throw new BootError("NOTIFY_API_URL is not set: leads are kept locally, nothing to re-send.");
  const { store } = await startStore(config);
  const mail = createMailOutbox(config, store);
  const notify = createNotifyGateway(config, store, { mailOf: (order) => mail.mailOf(order) });
  return { config, notify, mail, store };
});

/** Unsent leads another sender holds now: left to it. */
async function heldElsewhere(): Promise<number> {
  const row = await store.db
    .selectFrom("leads")
    .select(sql<number>`count(*)`.as("count"))
    .where("status", "in", UNSENT)
    .where("claim_until", ">", new Date().toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

let unsent = 0;
if (config.NOTIFY_API_URL && !signals.stop.aborted) {
  const withKept = process.argv.includes("--kept");
  const skipped = await heldElsewhere();
  const result = await notify.retryPass({ mode: withKept ? "kept" : "all", signal: signals.stop });
  process.stdout.write(
    `re-sent leads${withKept ? " (kept ones too)" : ""}: ${result.delivered} delivered, ${result.undelivered} still undelivered, ${skipped} left to another sender\n`,
  );
  if (!withKept) {
    const { counts } = await notify.counts();
    if (counts.kept > 0)
      process.stdout.write(
        `${counts.kept} kept while no notify service was set, not sent: npm run leads:resend -- --kept sends them\n`,
      );
  }
  unsent += result.undelivered;
}
// After the leads: an order this run delivered has its confirmation sent now too.
const mailReport = signals.stop.aborted ? undefined : await resendPendingMail(mail, signals.stop);
if (mailReport) unsent += mailReport.undelivered + mailReport.failed;
await mail.idle();
await store.close();
const interrupted = signals.interruptedBy();
if (interrupted) {
  process.stderr.write(`interrupted by ${interrupted}: the other leads wait for the next run or the server's retry\n`);
  process.exit(signalExitCode(interrupted));
}
process.exit(unsent > 0 ? 2 : 0);
