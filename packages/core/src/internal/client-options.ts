import type { Logger, LogLevel } from "./transport/logger.js";

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
