/**
 * `npm run leads:resend` takes SIGINT and SIGTERM: the pass stops after the lead in hand, which is
 * finished or given back (its attempt abandoned unrecorded, its claim released), and the run exits
 * non-zero. A second signal leaves at once; the claim it leaves behind expires with the process.
 */
import os from "node:os";

export interface ResendSignals {
  /** Aborted once the run was interrupted. */
  stop: AbortSignal;
  /** The signal that interrupted the run, if one did. */
  interruptedBy(): NodeJS.Signals | undefined;
}

export function takeResendSignals(): ResendSignals {
  const stop = new AbortController();
  let interruptedBy: NodeJS.Signals | undefined;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (interruptedBy) process.exit(signalExitCode(signal));
      interruptedBy = signal;
      stop.abort();
    });
  }
  return { stop: stop.signal, interruptedBy: () => interruptedBy };
}

/** The shell's convention: 128 + the signal's number (130 for Ctrl-C). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + os.constants.signals[signal];
}
