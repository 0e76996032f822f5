/**
 * `npm run leads:resend`: send now every lead not delivered yet, failed ones included, then exit
 * (0 all delivered, 2 some still undelivered, 130/143 interrupted). Safe beside the running server
 * and beside another run: each lead is claimed before it is sent. Bundled on its own into
 * build/leads-resend.js (scripts/build-entries.mjs), like the catalogue worker.
 */
import { bootOrExit, BootError, loadSettings } from "./boot.server";
import { createNotifyGateway } from "./notify-gateway.server";
import { signalExitCode, takeResendSignals } from "./resend-signals.server";

const signals = takeResendSignals();

const notify = await bootOrExit(() => {
  const config = loadSettings();
  if (!config.NOTIFY_API_URL)
    throw new BootError("NOTIFY_API_URL is not set: leads are kept locally, nothing to re-send.");
  return createNotifyGateway(config);
});

const result = await notify.retryPass({ mode: "all", signal: signals.stop });
process.stdout.write(
  `re-sent leads: ${result.delivered} delivered, ${result.undelivered} still undelivered, ${result.skipped} left to another sender\n`,
);
const interrupted = signals.interruptedBy();
if (interrupted) {
  process.stderr.write(`interrupted by ${interrupted}: the other leads wait for the next run or the server's retry\n`);
  process.exit(signalExitCode(interrupted));
}
process.exit(result.undelivered > 0 ? 2 : 0);
