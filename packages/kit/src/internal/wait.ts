import { realSleep, type Sleep } from "@feedgate/core";

import { abortedError } from "./failures.js";

/**
 * Waits with `sleep` (the kit's real timer, which never ends early, unless one is injected)
 * and turns a wait cut short by `signal` into a FeedgateError of kind `aborted`.
 */
export async function waitFor(
  sleep: Sleep | undefined,
  ms: number,
  signal: AbortSignal | undefined,
  what: string,
): Promise<void> {
  if (signal?.aborted) throw abortedError(signal, what);
  try {
    await (sleep ?? realSleep)(ms, signal);
  } catch (error) {
    if (signal?.aborted) throw abortedError(signal, what);
    throw error;
  }
}

/** Combines signals: the result fires when any of them does. */
export function anySignal(
  signals: ReadonlyArray<AbortSignal | undefined>,
): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return present.length <= 1 ? present[0] : AbortSignal.any(present);
}
