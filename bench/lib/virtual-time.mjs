// Simulated time for pollers: every wait goes through `sleep`, which parks the caller until the
// driver moves the fake clock to its wake-up time. The driver advances only when every polling
// task is parked (all requests answered), so an hour passes in seconds and each poll sees the
// fake clock exactly at its scheduled time.

/**
 * @param {{ now(): number, set(ms: number): void }} clock the fake clock the server also reads
 */
export function virtualTime(clock) {
  const sleepers = []; // { at, resolve, reject }
  let tasks = 0;
  const failures = [];

  /** The Sleep the pollers get: `(ms, signal) => Promise<void>`. */
  function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const entry = { at: clock.now() + Math.max(0, ms), resolve, reject };
      sleepers.push(entry);
      signal?.addEventListener(
        "abort",
        () => {
          const i = sleepers.indexOf(entry);
          if (i >= 0) sleepers.splice(i, 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Runs `body()` as a polling task; the driver waits for it to park or finish. */
  function spawn(name, body) {
    tasks++;
    const done = (async () => {
      try {
        await body();
      } catch (err) {
        failures.push(`${name}: ${err?.stack ?? err}`);
      } finally {
        tasks--;
      }
    })();
    return done;
  }

  /** Real time allowed for all tasks to park after a step (they only talk to 127.0.0.1). */
  async function settle(realTimeoutMs = 30_000) {
    const deadline = performance.now() + realTimeoutMs;
    while (sleepers.length < tasks) {
      if (performance.now() > deadline)
        throw new Error(
          `tasks did not settle within ${realTimeoutMs} ms (${sleepers.length} of ${tasks} parked)`,
        );
      await new Promise((r) => setTimeout(r, 1));
    }
  }

  /**
   * Moves the clock from wake-up to wake-up until `endMs`; `onTime(t)` runs before each step
   * (for scheduled changes on the server). Returns when the next wake-up is past `endMs`.
   * `maxSteps` bounds the loop.
   */
  async function runUntil(endMs, { onTime = () => {}, maxSteps = 100_000 } = {}) {
    for (let step = 0; step < maxSteps; step++) {
      await settle();
      if (failures.length > 0) throw new Error(failures.join("\n"));
      if (sleepers.length === 0) return;
      sleepers.sort((a, b) => a.at - b.at);
      const next = sleepers[0].at;
      if (next > endMs) return;
      onTime(next);
      clock.set(next);
      const due = sleepers.filter((s) => s.at <= next);
      for (const s of due) sleepers.splice(sleepers.indexOf(s), 1);
      for (const s of due) s.resolve();
    }
    throw new Error(`more than ${maxSteps} steps`);
  }

  return {
    sleep,
    spawn,
    runUntil,
    get failures() {
      return failures;
    },
  };
}
