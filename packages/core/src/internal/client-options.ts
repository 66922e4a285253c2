import { configError } from "../errors.js";
import { stripUndefined } from "./checks.js";
import { CREDENTIAL_HEADERS } from "./secrets.js";
import type { Logger, LogLevel } from "./transport/logger.js";
import type { CallOverrides, ResilientFetchOptions } from "./transport/options.js";
import { createResilientFetch, type ResilientFetch } from "./transport/resilient-fetch.js";

/**
 * The options every feedgate client shares, by the same names (openai-node's `ClientOptions`):
 * `FeedClientOptions` and `GatewayClientOptions` extend it, each documenting its own defaults.
 * Each client builds its transport from these, so it keeps its own defaults; pass them rather
 * than a transport of your own.
 */
export interface ClientOptions {
  /** The service's origin, plus any path prefix. Default: the client's environment variable, else its own default. */
  baseUrl?: string | undefined;
  /** The fetch each attempt goes through. Default: `globalThis.fetch`, looked up per request. */
  fetch?: ((input: Request) => Promise<Response>) | undefined;
  /** Retries after the first attempt (`0` turns them off). Default: 2. */
  maxRetries?: number | undefined;
  /** Per-attempt timeout, in ms. Default: the client's own. */
  timeoutMs?: number | undefined;
  /** Where requests, retries and waits are reported; credentials are never printed. Default: none (logging off). */
  logger?: Logger | undefined;
  /** Lowest level the `logger` gets. Default: `"info"`. */
  logLevel?: LogLevel | undefined;
  /** Cancels every call of the client when it fires (each call rejects with an `AbortError`). Default: none. */
  signal?: AbortSignal | undefined;
}

/** True where the platform owns the User-Agent header and CORS rejects setting it. */
export function isBrowser(): boolean {
  const g = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  return g.document !== undefined || g.WorkerGlobalScope !== undefined;
}

/** Refuses any credential header (in the order `Headers` iterates, so the same one is named first); `why` says what to do instead. */
export function refuseCredentials(headers: Headers | Record<string, string>, why: string): void {
  // Per request: a few `has()` lookups rather than copying every header name into an array.
  const found =
    headers instanceof Headers
      ? CREDENTIAL_HEADERS.find((name) => headers.has(name))
      : Object.keys(headers).find((name) => CREDENTIAL_HEADERS.includes(name.toLowerCase()));
  if (found !== undefined)
    throw configError("headers", `credential header "${found}" refused: ${why}`);
}

/**
 * A client's transport: the given one when `fetch` is a transport made by `createResilientFetch`
 * (it keeps its own settings), else a new one from the client's options over `defaults`; either
 * way with the client's own per-call options (its service's retry policy, ...) and `signal`.
 */
export function clientTransport(
  options: ClientOptions & { fetch?: unknown; maxResponseBytes?: number | undefined },
  own: CallOverrides,
  defaults?: ResilientFetchOptions,
): ResilientFetch {
  const { fetch, maxRetries, timeoutMs, maxResponseBytes, logger, logLevel, signal } = options;
  const ready =
    fetch && "withOptions" in (fetch as object)
      ? (fetch as ResilientFetch)
      : createResilientFetch({
          ...defaults,
          ...stripUndefined({ fetch, maxRetries, timeoutMs, maxResponseBytes, logger, logLevel }),
        } as ResilientFetchOptions);
  return ready.withOptions(stripUndefined({ ...own, signal }));
}
