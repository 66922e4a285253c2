import {
  type CallOverrides,
  type ClientOptions,
  checkBaseUrl,
  checkOptionNames,
  checkPositive,
  clientTransport,
  ENV,
  isBrowser,
  type Logger,
  type LogLevel,
  PUBLIC_FEED_URL,
  type ResilientFetch,
  type ResilientFetchOptions,
  refuseCredentials,
  settingOf,
} from "@feedgate/core";
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "../generated/feed.js";
import { VERSION } from "../generated/version.js";
import { FEED_RETRY } from "./problem.js";

/** Options of {@link createFeedClient}. Every one has a default: `createFeedClient()` is a sound configuration. */
export interface FeedClientOptions extends ClientOptions {
  /**
   * Origin of the feed service, plus any path prefix a deployment adds, without `/api/v1`
   * (the operation paths carry it). Default: the `FEEDGATE_FEED_URL` environment variable where
   * a process environment exists, else the public service, `https://aihot.virxact.com`.
   */
  baseUrl?: string | undefined;
  /**
   * Value of the `User-Agent` header. Default: `feedgate-feed-client/<version>`.
   * The service's edge answers 403 to some generic agents, so an honest one is sent.
   * Browsers forbid setting this header, so it is never sent there.
   */
  userAgent?: string | undefined;
  /**
   * What requests go through. A transport made by `createResilientFetch` is used with its own
   * options (`maxRetries`, `timeoutMs` and `maxResponseBytes` here are then ignored), the feed's
   * retry hook added; any other fetch is what each attempt of the client's own transport sends through.
   * Default: `globalThis.fetch`, looked up at call time, behind the client's transport.
   */
  fetch?: (((input: Request) => Promise<Response>) | ResilientFetch) | undefined;
  /**
   * Extra headers for every request. Default: none. Credential headers (`Authorization`,
   * `Cookie`, `X-Api-Key`, ...) are refused: the feed is anonymous and gets no secrets.
   */
  headers?: Record<string, string> | undefined;
  /**
   * Largest answer body read, in bytes. A larger one rejects the call with an
   * `InvalidResponseError` (kind `response_too_large`) and the connection is released.
   * Default: 33554432 (32 MiB).
   */
  maxResponseBytes?: number | undefined;
  /**
   * Retries after the first attempt, by the transport's rule (idempotent reads on 408, 429, 5xx
   * and connection failures; `Retry-After` honoured up to 60 s). `0` turns retries off. Default: 2.
   */
  maxRetries?: number | undefined;
  /** Per-attempt timeout, from sending until the whole body has arrived. Default: 60000 ms. */
  timeoutMs?: number | undefined;
  /**
   * Where requests, retries and waits are reported (over `transport.logger`); credentials are
   * never printed. Ignored, like `maxRetries`, when `fetch` is a ready transport. Default: none (logging off).
   */
  logger?: Logger | undefined;
  /** Lowest level the `logger` gets: `"info"` (retries, waits, failures) or `"debug"` (every attempt too). Default: `"info"`. */
  logLevel?: LogLevel | undefined;
  /** Cancels every call of the client when it fires (each rejects with an `AbortError`). Default: none. */
  signal?: AbortSignal | undefined;
  /** The transport's other options (backoff, deadline, ...). Default: its documented defaults. */
  transport?:
    | Omit<ResilientFetchOptions, "fetch" | "maxRetries" | "timeoutMs" | "maxResponseBytes">
    | undefined;
}

/** Every option of `createFeedClient`: an unknown name is refused at run time, naming the one meant. */
const OPTION_NAMES = {
  baseUrl: true,
  userAgent: true,
  fetch: true,
  headers: true,
  maxResponseBytes: true,
  maxRetries: true,
  timeoutMs: true,
  logger: true,
  logLevel: true,
  signal: true,
  transport: true,
} as const satisfies Record<keyof FeedClientOptions, true>;

/**
 * A typed openapi-fetch client of the feed service: `client.GET("/api/v1/hot-topics")`.
 * Failure statuses come back as results (`errorOfResult(result)` turns one into its typed
 * error); connection failures, timeouts and aborts reject with the FeedgateError family.
 */
export type FeedClient = Client<paths> & {
  /** The base URL the client sends to, as resolved from the option, `FEEDGATE_FEED_URL` or the default (no trailing slash). */
  readonly baseUrl: string;
  /**
   * The same client with other transport options for the calls made through it, e.g.
   * `feed.withOptions({ maxRetries: 0, timeoutMs: 5000 }).GET(...)`. Sends nothing.
   */
  withOptions(overrides: CallOverrides): FeedClient;
};

/** Why the feed refuses a credential header. */
const ANONYMOUS = "the feed service is anonymous";

/**
 * Creates a typed client of the feed service. Uses only web-standard APIs (fetch, URL,
 * Request, Headers), so it runs in Node 20+, Deno, Bun and browsers. Never sends cookies or
 * other credentials. Conditional requests, retries and polling are `@feedgate/kit`'s job.
 */
export function createFeedClient(options: FeedClientOptions = {}): FeedClient {
  checkOptionNames(options, OPTION_NAMES, "createFeedClient");
  // A bad value from FEEDGATE_FEED_URL is reported under the variable's name.
  const setting = settingOf(options.baseUrl, "baseUrl", ENV.feedUrl);
  const baseUrl = checkBaseUrl(
    setting.value ?? PUBLIC_FEED_URL,
    setting.name,
    `the feed service's origin, e.g. ${PUBLIC_FEED_URL}`,
    /\/api\/v1$/,
  );
  checkPositive("maxResponseBytes", options.maxResponseBytes, true, 1);
  // Failures come as application/problem+json: accept it, or content negotiation hides them.
  const headers: Record<string, string> = {
    Accept: "application/json, application/problem+json",
    ...options.headers,
  };
  refuseCredentials(headers, ANONYMOUS);
  if (!isBrowser()) headers["User-Agent"] = options.userAgent ?? `feedgate-feed-client/${VERSION}`;
  // The feed's own retry knowledge goes with every transport, a ready one included.
  const transport = clientTransport(options, { retry: FEED_RETRY }, options.transport);
  const make = (through: ResilientFetch): FeedClient => {
    // What openapi-fetch sends through: rejects credentials added per call (by `headers` or by a
    // middleware of the caller's), then hands the request to the transport. A check here rather
    // than an openapi-fetch middleware: a client without middleware skips its per-call machinery.
    const fetch = (request: Request) => {
      refuseCredentials(request.headers, ANONYMOUS);
      return through(request);
    };
    return Object.assign(createClient<paths>({ baseUrl, headers, credentials: "omit", fetch }), {
      baseUrl,
      withOptions: (overrides: CallOverrides) => make(through.withOptions(overrides)),
    });
  };
  return make(transport);
}
