import { pause, type Sleep, serverWaitMs } from "@feedgate/core";

/** What one round of a {@link waitLoop} came to. */
export interface Round<T> {
  /** Handed to the loop's reader (a new version, a finished task); none: nothing to hand over. */
  value?: T | undefined;
  /** How long to wait before the next round (raised to the floor). */
  waitMs: number;
}

/** How a {@link waitLoop} runs: its waits, its floor, and what it does after a failure. */
export interface WaitLoopOptions {
  /** Ends the loop (quietly: the generator returns) when it fires, during a round or a wait. */
  signal: AbortSignal | undefined;
  /** The wait between rounds (the kit's real timer unless one is injected). */
  sleep: Sleep;
  /** No two rounds closer than this, whatever a round or a server says. */
  floorMs: number;
  /**
   * The loop's own wait after the `failures`-th failure in a row (backoff, a fixed retry delay,
   * the next scheduled check…). Throws (the failure, or a better one) to end the loop with it.
   */
  failureWaitMs(error: unknown, failures: number): number;
  /**
   * How the server's `Retry-After` (core's `serverWaitMs`) combines with the loop's own wait:
   * `longer` waits the longer of the two; `instead` waits exactly what the server asked, when
   * it asked. Never under the floor either way.
   */
  retryAfter: "longer" | "instead";
  /** Told the wait chosen after a failure, before it starts (to log or report it). Default: none. */
  onFailureWait?: ((error: unknown, waitMs: number) => void | Promise<void>) | undefined;
}

/**
 * The one wait-and-retry loop of the kit: pollers and watchers (`pollUntilChanged`,
 * `watchStory`, `watchResets`, the daily watchers), the mirror's `follow` and image-task polling
 * all run on it. Each round calls `round(n)` (1-based); a value it returns is yielded; then the
 * loop waits what the round asked for. A failure is counted (failures in a row; a round that
 * succeeds resets the count) and waits as {@link WaitLoopOptions} say, or ends the loop when
 * `failureWaitMs` throws. Every wait is at least `floorMs` and goes through `sleep`; the signal
 * ends the loop at once.
 */
export async function* waitLoop<T>(
  options: WaitLoopOptions,
  round: (n: number) => Promise<Round<T>>,
): AsyncGenerator<T, void, undefined> {
  const { signal, sleep, floorMs } = options;
  let failures = 0;
  for (let n = 1; !signal?.aborted; n++) {
    let waitMs: number;
    try {
      const done = await round(n);
      failures = 0;
      if (done.value !== undefined) yield done.value;
      waitMs = Math.max(floorMs, done.waitMs);
    } catch (error) {
      if (signal?.aborted) return;
      const own = options.failureWaitMs(error, ++failures);
      const asked = serverWaitMs(error);
      const chosen = options.retryAfter === "instead" ? (asked ?? own) : Math.max(own, asked ?? 0);
      waitMs = Math.max(floorMs, chosen);
      await options.onFailureWait?.(error, waitMs);
    }
    if (!(await pause(sleep, waitMs, signal))) return;
  }
}
