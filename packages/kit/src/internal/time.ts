/** Reads the current time in epoch ms. Inject one (e.g. @feedgate/mock's FakeClock) in tests. */
export interface Clock {
  now(): number;
}

/** Waits `ms`, rejecting with the signal's reason as soon as it fires. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const systemClock: Clock = { now: () => Date.now() };

/** A monotonic reading in ms, for measuring waits (never goes backwards with the wall clock). */
export function monotonicNow(): number {
  return globalThis.performance?.now() ?? Date.now();
}

/**
 * The default sleep: a real timer, cancelled by the signal. Timers may fire a little early
 * relative to a monotonic clock, so it re-arms until the full wait has passed: a caller that
 * must not act earlier than a server asked (Retry-After) can rely on it.
 */
export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    // NaN or a negative wait means no wait; an infinite one waits until aborted.
    const until = monotonicNow() + (Number.isNaN(ms) ? 0 : Math.max(0, ms));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      if (timer !== undefined) clearTimeout(timer);
      reject(signal?.reason);
    };
    const arm = () => {
      const left = until - monotonicNow();
      if (left <= 0) {
        signal?.removeEventListener("abort", onAbort);
        resolve();
        return;
      }
      // Timers overflow above 2^31 - 1 ms (they would fire at once): wait in chunks.
      timer = setTimeout(arm, Math.min(Math.ceil(left), 2_147_483_647));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    arm();
  });
