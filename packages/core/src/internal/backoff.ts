import { stripUndefined } from "./checks.js";

/**
 * How long to wait before the next try, for everything in feedgate that waits after a failure:
 * the transport's retries, the mirror, the watchers and image-task polling. One formula and one
 * jitter rule, so every loop backs off alike.
 */
export interface BackoffOptions {
  /** First wait, doubling per try. Default: 500 ms. */
  initialDelayMs?: number | undefined;
  /** Cap of the doubled wait. Default: 8000 ms. */
  maxDelayMs?: number | undefined;
  /** Fraction added at random (0–1), by {@link withJitter}: the wait is 100–125% of the doubled value with 0.25. Default: 0.25. */
  jitter?: number | undefined;
  /** Source of randomness in [0, 1). Default: `Math.random`. */
  random?: (() => number) | undefined;
}

/** The defaults of {@link BackoffOptions}. */
export const BACKOFF_DEFAULTS = {
  /** First wait: 500 ms. */
  initialDelayMs: 500,
  /** Cap of the doubled wait: 8000 ms. */
  maxDelayMs: 8000,
  /** Up to 25% added at random. */
  jitter: 0.25,
} as const;

/**
 * The wait before try `attempt + 1` after `attempt` failed tries (1-based): `initialDelayMs`
 * doubled per try, capped at `maxDelayMs`, then jittered by {@link withJitter}. A server-directed
 * wait (Retry-After) is never put through this: it is honoured as given.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const { initialDelayMs, maxDelayMs, jitter, random } = {
    ...BACKOFF_DEFAULTS,
    ...stripUndefined(options),
  };
  const doubled = initialDelayMs * 2 ** Math.max(0, attempt - 1);
  return withJitter(Math.min(doubled, maxDelayMs), jitter, random);
}

/**
 * The one jitter rule of feedgate: adds up to `jitter` (a fraction, 0–1) of `ms` at random, so
 * many clients spread out, and never shortens a wait (a poll never comes before the service's
 * cache lifetime, a retry never before its backoff).
 */
export function withJitter(ms: number, jitter: number, random: () => number = Math.random): number {
  return ms + ms * jitter * random();
}
