/** A clock the test moves by hand. The fakes read service time only from it, never from Date.now(). */
export interface FakeClock {
  /** Current fake time, epoch milliseconds. */
  now(): number;
  /** Moves the clock forward by `ms` (a finite number ≥ 0). */
  advance(ms: number): void;
  /** Jumps to `epochMs` (may move backwards; use with care). */
  set(epochMs: number): void;
}

/** 2026-11-20T00:00:00Z: the default start of every fake clock. */
export const DEFAULT_CLOCK_START = Date.UTC(2026, 10, 20, 0, 0, 0, 0);

/**
 * Creates a fake clock.
 * @param startMs epoch ms to start at; default {@link DEFAULT_CLOCK_START} (2026-11-20T00:00:00Z).
 */
export function createFakeClock(startMs: number = DEFAULT_CLOCK_START): FakeClock {
  if (!Number.isFinite(startMs))
    throw new RangeError(`createFakeClock: startMs must be a finite number, got ${startMs}`);
  let current = startMs;
  return {
    now: () => current,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`FakeClock.advance: ms must be a finite number ≥ 0, got ${ms}`);
      current += ms;
    },
    set(epochMs: number) {
      if (!Number.isFinite(epochMs))
        throw new RangeError(`FakeClock.set: epochMs must be a finite number, got ${epochMs}`);
      current = epochMs;
    },
  };
}
