/** Reads the current time in epoch ms. Inject one (e.g. @feedgate/mock's FakeClock) in tests. */
export interface Clock {
  /** The current time, in ms since the Unix epoch. */
  now(): number;
}

/** Waits `ms`, rejecting with the signal's reason as soon as it fires. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The real wall clock (`Date.now()`). */
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
    // NaN or a negative wait means no wait; an infinite one waits until aborted.
    const until = monotonicNow() + Math.max(ms, 0);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const arm = () => {
      const left = until - monotonicNow();
      if (left > 0) {
        // Timers overflow above 2^31 - 1 ms (they would fire at once): wait in chunks.
        timer = setTimeout(arm, Math.min(Math.ceil(left), 2 ** 31 - 1));
      } else {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    arm();
  });

/** What `watch` keeps: when to call `fire`. */
interface Watched {
  at: number;
  fire: () => void;
}

const watched = new Set<Watched>();
/** The one timer behind every `watch`, set for the earliest deadline. */
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;

function arm(at: number): void {
  clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(
    () => {
      timer = undefined;
      timerAt = Infinity;
      const now = monotonicNow();
      let next = Infinity;
      const due: Watched[] = [];
      for (const entry of watched) {
        if (entry.at <= now) {
          watched.delete(entry);
          due.push(entry);
        } else next = Math.min(next, entry.at);
      }
      // A late timer finds several deadlines due: they fire in deadline order, not insertion order.
      for (const entry of due.sort((a, b) => a.at - b.at)) entry.fire();
      // A timer may fire a little early: what is not due yet is waited for again.
      if (next < Infinity) arm(next);
      // A deadline past what a timer holds (2^31 - 1 ms) is waited for in steps: such a timer
      // would otherwise fire at once.
    },
    // A past deadline fires at once: Node warns of a negative delay.
    Math.max(0, Math.min(at - monotonicNow(), 2 ** 31 - 1)),
  );
}

/**
 * Calls `fire` after `ms` unless the returned function is called first — like `setTimeout` and
 * `clearTimeout`, but every deadline shares one timer, which is re-armed only when a nearer
 * deadline arrives. Setting and clearing a timer around every request costs a few µs of work in
 * the runtime each time; the transport's attempt timeouts, which almost never fire, need none of
 * it. While nothing is watched the timer no longer keeps Node or Bun running (`unref`); where
 * timers cannot be unreferenced, it is cleared instead.
 */
export function watch(ms: number, fire: () => void): () => void {
  const entry = { at: monotonicNow() + ms, fire };
  if (!watched.size) (timer as { ref?: () => void } | undefined)?.ref?.();
  watched.add(entry);
  if (entry.at < timerAt) arm(entry.at);
  return () => {
    if (watched.delete(entry) && !watched.size) {
      const held = timer as { unref?: () => void } | undefined;
      if (held?.unref) held.unref();
      else {
        clearTimeout(timer);
        timer = undefined;
        timerAt = Infinity;
      }
    }
  };
}

/** Sleeps; false when the signal ended the wait (a poller or watcher then simply stops). */
export async function pause(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  // An injected sleep may not check a signal that fired before it was called (it would wait for ever).
  if (signal?.aborted) return false;
  try {
    await sleep(ms, signal);
    return true;
  } catch (error) {
    if (signal?.aborted) return false;
    throw error;
  }
}

/**
 * The longest wait a long-running loop (a poller, a watcher, the mirror's follow, task polling)
 * takes because a server asked for it: a day. A loop outlives one call, so it sits out a
 * `Retry-After` longer than the transport's `maxRetryAfterMs` (it is polite, and the server
 * said so), but not one of 30 days, nor one that overflows a timer.
 */
export const MAX_SERVER_WAIT_MS = 86_400_000;

/**
 * The wait a failure asks for (its `retryAfterMs`), honoured up to `ceilingMs`: the one rule
 * every kit loop applies. Undefined when the failure asks for no wait, or for one that is not a
 * number of milliseconds.
 */
export function serverWaitMs(
  error: unknown,
  ceilingMs: number = MAX_SERVER_WAIT_MS,
): number | undefined {
  const asked = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  if (typeof asked !== "number" || !(asked >= 0)) return undefined;
  return Math.min(asked, ceilingMs);
}
