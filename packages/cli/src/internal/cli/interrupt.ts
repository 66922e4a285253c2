import { Interrupted } from "./errors.js";

/** Ctrl-C handling: the first SIGINT stops the command cleanly, a second one exits at once. */
export interface InterruptHandle {
  /** Fires on the first Ctrl-C; every request, wait and watch of the command listens to it. */
  readonly signal: AbortSignal;
  readonly interrupted: boolean;
  /** Removes the handlers (when the command has finished). */
  dispose(): void;
}

/** Where signals come from and how the process exits: `process` itself, or a stand-in in tests. */
export interface SignalSource {
  /** Adds a signal listener. */
  on(event: "SIGINT" | "SIGTERM", listener: () => void): unknown;
  /** Removes a signal listener. */
  off(event: "SIGINT" | "SIGTERM", listener: () => void): unknown;
  /** Ends the process with this code. */
  exit(code: number): never;
}

/**
 * Installs the SIGINT/SIGTERM handlers. The first signal aborts `signal` and lets the command
 * finish its cleanup (a mirror saves its cursor, a stream cancels its request); a second one
 * exits with 130 immediately, for a command that does not stop fast enough.
 */
export function installInterrupt(source: SignalSource = process): InterruptHandle {
  const controller = new AbortController();
  const handler = () =>
    controller.signal.aborted ? source.exit(130) : controller.abort(new Interrupted());
  source.on("SIGINT", handler);
  source.on("SIGTERM", handler);
  return {
    signal: controller.signal,
    get interrupted() {
      return controller.signal.aborted;
    },
    dispose() {
      source.off("SIGINT", handler);
      source.off("SIGTERM", handler);
    },
  };
}
