import { FeedgateError } from "../errors.js";
import { realSleep, type Sleep } from "../internal/time.js";

export type { Sleep };

/** The aborted error of the kit, carrying the signal's reason as its cause. */
export function abortedError(signal: AbortSignal | undefined, what: string): FeedgateError {
  return new FeedgateError({ kind: "aborted", code: "aborted", message: `${what} was aborted`, cause: signal?.reason });
}

/**
 * Waits with `sleep` (the kit's real timer, which never ends early, unless one is injected)
 * and turns a wait cut short by `signal` into a FeedgateError of kind `aborted`.
 */
export async function waitFor(sleep: Sleep | undefined, ms: number, signal: AbortSignal | undefined, what: string): Promise<void> {
  if (signal?.aborted) throw abortedError(signal, what);
  try {
    await (sleep ?? realSleep)(ms, signal);
  } catch (error) {
    if (signal?.aborted) throw abortedError(signal, what);
    throw error;
  }
}

/** Combines signals: the result fires when any of them does. */
export function anySignal(signals: ReadonlyArray<AbortSignal | undefined>): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  if (present.length <= 1) return present[0];
  return AbortSignal.any(present);
}
