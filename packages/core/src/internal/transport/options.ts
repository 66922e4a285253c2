import { BACKOFF_DEFAULTS } from "../backoff.js";
import type { Sleep } from "../time.js";
import type { Logger, LogLevel } from "./logger.js";
import type { RedirectFollower } from "./redirects.js";
import type { RetryPolicy } from "./retry-policy.js";

/** Options of `createResilientFetch`. Every one has a default; `{}` is a sound configuration. */
export interface ResilientFetchOptions {
  /** The fetch each attempt goes through. Default: `globalThis.fetch`, looked up per attempt. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries after the first attempt. Default: 2 (as openai-node). */
  maxRetries?: number;
  /** First computed backoff, doubling per retry. Default: 500 ms. */
  initialDelayMs?: number;
  /** Cap of the computed backoff. Default: 8000 ms. */
  maxDelayMs?: number;
  /** Fraction of the computed backoff added at random (0–1, core's `withJitter`). Default: 0.25 (so 100–125% of it). Never applied to a server-directed wait. */
  jitter?: number;
  /**
   * Longest server-directed wait (`Retry-After`, `retry-after-ms`, a wait the retry hook read from the body) the
   * transport will sit through; a longer one fails at once with a FeedgateError of kind
   * `retry_too_long` carrying `retryAfterMs`. Default: 60000 ms.
   */
  maxRetryAfterMs?: number;
  /**
   * Per-attempt timeout: from sending until the whole body has arrived (until the headers for
   * streamed answers, whose idle time the gateway client watches). Default: 60000 ms.
   */
  timeoutMs?: number;
  /** Overall deadline of one call, attempts and waits included. Default: 120000 ms. */
  deadlineMs?: number;
  /**
   * Which failures are repeated: statuses, idempotent methods, and a hook for the service's own
   * codes and routes (each client passes its service's). Default: `RETRY_POLICY_DEFAULTS`, no hook.
   */
  retry?: RetryPolicy;
  /**
   * Largest body read into memory from one answer (streamed answers excepted: the gateway
   * client caps those per line and per event). A larger one, announced by `Content-Length` or
   * found while reading, fails at once with a FeedgateError of kind `response_too_large`; the
   * connection is released and the call is not retried. Default: 33554432 (32 MiB).
   */
  maxResponseBytes?: number;
  /**
   * Follows redirects inside each attempt, under its timeout and signal: `followRedirects(max)`
   * (same origin, or no credential riding along; a key never leaves its origin). Each attempt is
   * then sent with `redirect: "manual"`. Default: none (redirects are left to `fetch` and the
   * request's `redirect` mode).
   */
  redirects?: RedirectFollower;
  /** Where requests, retries and waits are reported. Default: none (logging off). Credentials are never printed. */
  logger?: Logger;
  /** Lowest level reported. Default: `"info"` (retries, waits, failures); `"debug"` adds every attempt and answer. */
  logLevel?: LogLevel;
  /** Wall clock for HTTP-date `Retry-After` values. Default: `Date.now`. */
  now?: () => number;
  /** How waits between attempts are made. Default: a real timer that never ends early and stops on abort. */
  sleep?: Sleep;
  /** Source of jitter, in [0, 1). Default: `Math.random`. */
  random?: () => number;
}

/**
 * Options that can change per call or per client (`resilientFetch.withOptions(...)`), over
 * the transport's own options.
 */
export interface CallOverrides {
  /** Retries of this call. Default: the transport's `maxRetries`. */
  maxRetries?: number;
  /** Per-attempt timeout of this call. Default: the transport's `timeoutMs`. */
  timeoutMs?: number;
  /** Overall deadline of this call. Default: the transport's `deadlineMs`. */
  deadlineMs?: number;
  /** Largest body of this call's answer. Default: the transport's `maxResponseBytes`. */
  maxResponseBytes?: number;
  /** How this call's redirects are followed. Default: the transport's `redirects`. */
  redirects?: RedirectFollower;
  /** Another signal that cancels the call (besides the request's own). Default: none. */
  signal?: AbortSignal;
  /**
   * Declares the request safe to repeat whatever its method (e.g. a POST with an idempotency
   * key), so every retryable failure is retried; `false` applies the non-idempotent rule even to
   * a GET. Default: decided by the retry policy (method, and its hook).
   */
  idempotent?: boolean;
  /** The retry policy of this call, field by field over the transport's `retry`. Default: the transport's. */
  retry?: RetryPolicy;
}

/** The defaults of {@link ResilientFetchOptions} (exported as `TRANSPORT_DEFAULTS`). */
export const DEFAULTS = {
  /** Two retries after the first attempt. */
  maxRetries: 2,
  /** The backoff's: first wait 500 ms, doubling up to 8000 ms, up to 25% added. */
  ...BACKOFF_DEFAULTS,
  /** Longest server-directed wait sat through: 60 s. */
  maxRetryAfterMs: 60_000,
  /** Per-attempt timeout: 60 s. */
  timeoutMs: 60_000,
  /** Overall deadline of one call: 120 s. */
  deadlineMs: 120_000,
  /** Largest buffered body: 32 MiB. */
  maxResponseBytes: 32 * 1024 * 1024,
} as const;
