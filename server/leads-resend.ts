/**
 * `npm run leads:resend`: send now every lead not delivered yet, failed ones included, and every
 * order e-mail the SMTP server has not accepted yet, then exit (0 all sent, 2 some still unsent,
 * 130/143 interrupted). With `--kept` (`npm run leads:resend -- --kept`), also the leads kept on
 * disk while no notify service was set: once it is, the dealer sends them on purpose, as they may
 * hold tests made before the launch. Safe beside the running server and beside another run: each lead and
 * e-mail is claimed before it is sent. Bundled on its own into build/leads-resend.js
 * (scripts/build-entries.mjs), like the catalogue worker.
 */
import { bootOrExit, BootError, loadSettings } from "./boot.server";
import { confirmDelivered, createMailOutbox, resendPendingMail } from "./mail-outbox.server";
import { createNotifyGateway } from "./notify-gateway.server";
import { signalExitCode, takeResendSignals } from "./resend-signals.server";

const signals = takeResendSignals();

const { config, notify, mail } = await bootOrExit(() => {
  const config = loadSettings();
  const notify = createNotifyGateway(config, {
    // An order delivered by this run: its confirmation e-mail, sent before the run exits.
    onRetryDelivered: (lead) => confirmDelivered(mail, lead),
  });
  const mail = createMailOutbox(config, { leads: notify.store });
  if (!config.NOTIFY_API_URL && !mail.enabled)
    throw new BootError("NOTIFY_API_URL is not set: leads are kept locally, nothing to re-send.");
  return { config, notify, mail };
});

let unsent = 0;
const mailReport = await resendPendingMail(mail, signals.stop);
if (mailReport) unsent += mailReport.undelivered + mailReport.failed;
if (config.NOTIFY_API_URL && !signals.stop.aborted) {
  const withKept = process.argv.includes("--kept");
  const result = await notify.retryPass({ mode: withKept ? "kept" : "all", signal: signals.stop });
  process.stdout.write(
    `re-sent leads${withKept ? " (kept ones too)" : ""}: ${result.delivered} delivered, ${result.undelivered} still undelivered, ${result.skipped} left to another sender\n`,
  );
  if (!withKept) {
    const kept = (await notify.store.summaries()).filter((lead) => lead.status === "kept").length;
    if (kept > 0)
      process.stdout.write(
        `${kept} kept while no notify service was set, not sent: npm run leads:resend -- --kept sends them\n`,
      );
  }
  unsent += result.undelivered;
  await mail.idle();
}
const interrupted = signals.interruptedBy();
if (interrupted) {
  process.stderr.write(`interrupted by ${interrupted}: the other leads wait for the next run or the server's retry\n`);
  process.exit(signalExitCode(interrupted));
}
process.exit(unsent > 0 ? 2 : 0);
