import type { FakeClock } from "../core/clock.js";

/** GlobalWebRateLimit's setting: at most `requests` per `windowMs` per client IP. */
export interface WebRateLimit {
  /** Requests admitted per window. Default 60 (`GLOBAL_WEB_RATE_LIMIT`, common/init.go:117-119). */
  requests?: number | undefined;
  /** The window, in fake-clock milliseconds. Default 180 000 (`GLOBAL_WEB_RATE_LIMIT_DURATION` = 180 s). */
  windowMs?: number | undefined;
}

/**
 * The in-memory web limiter (middleware/rate-limit.go:67-74,90-95): a sliding log of admissions
 * per client; a request is refused while `requests` admissions lie within the last `windowMs`.
 * Refused requests are not logged, so the limit lifts one window after the oldest admission.
 */
export class WebRateLimiter {
  readonly #log = new Map<string, number[]>();
  readonly #requests: number;
  readonly #windowMs: number;

  constructor(
    private readonly clock: FakeClock,
    limit: WebRateLimit = {},
  ) {
    this.#requests = limit.requests ?? 60;
    this.#windowMs = limit.windowMs ?? 180_000;
  }

  /** Whether the client's request is admitted (and logs it when it is). */
  admit(client: string): boolean {
    const now = this.clock.now();
    const recent = (this.#log.get(client) ?? []).filter((at) => now - at < this.#windowMs);
    const admitted = recent.length < this.#requests;
    if (admitted) recent.push(now);
    this.#log.set(client, recent);
    return admitted;
  }
}
