/**
 * A fake time for a kit's or a fleet's pollers (`clock`, `sleep`): a sleep waits until
 * `advance()` moves the clock to the earliest pending wake-up and fires it; an aborted sleep
 * rejects with the signal's reason and leaves the queue.
 */
export function fakeTime(start: number) {
  let now = start;
  const timers: { at: number; wake: () => void }[] = [];
  return {
    clock: { now: () => now },
    sleep: (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const drop = () => {
          timers.splice(timers.indexOf(timer), 1);
          reject(signal!.reason);
        };
        const timer = {
          at: now + ms,
          wake: () => (signal?.removeEventListener("abort", drop), resolve()),
        };
        timers.push(timer);
        signal?.addEventListener("abort", drop, { once: true });
      }),
    /** Sleeps waiting to be woken. */
    pending: () => timers.length,
    /** The earliest pending wake-up, or Infinity. */
    next: () => Math.min(...timers.map((t) => t.at)),
    /** Moves the clock to the earliest wake-up and fires it. */
    advance() {
      timers.sort((a, b) => a.at - b.at);
      const timer = timers.shift()!;
      now = Math.max(now, timer.at);
      timer.wake();
    },
  };
}
