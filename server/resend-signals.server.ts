/**
 * `npm run leads:resend` (`--resend-leads`) takes SIGINT and SIGTERM from its first moment (the
 * entry imports this module first): the pass stops after the lead in hand, which is finished or
 * given back (its attempt abandoned unrecorded, its claim released), and the run exits non-zero.
 * A second signal leaves at once; the claim it leaves behind expires with the process.
 */
import os from "node:os";

export const resendMode = process.argv.includes("--resend-leads");

const stop = new AbortController();
let interruptedBy: NodeJS.Signals | undefined;

if (resendMode) {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (interruptedBy) process.exit(signalExitCode(signal));
      interruptedBy = signal;
      stop.abort();
    });
  }
}

/** Aborted once the run was interrupted. */
export const resendStop: AbortSignal = stop.signal;

/** The signal that interrupted the run, if one did. */
export function resendInterruptedBy(): NodeJS.Signals | undefined {
  return interruptedBy;
}

/** The shell's convention: 128 + the signal's number (130 for Ctrl-C). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + os.constants.signals[signal];
}
