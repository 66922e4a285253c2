import {
  type ClientOptions,
  checkBaseUrl,
  checkOptionNames,
  checkPositive,
  clientTransport,
  configError,
  ENV,
  followRedirects,
  isBrowser,
  type Logger,
  type LogLevel,
  refuseCredentials,
  settingOf,
} from "@feedgate/core";
import { VERSION } from "../generated/version.js";
import { createCaller } from "./call.js";
import { type GeminiApi, geminiApi } from "./gemini.js";
import { type ImagesApi, imagesApi } from "./images.js";
import { DEFAULT_MAX_SSE_EVENT_BYTES, DEFAULT_MAX_SSE_LINE_BYTES } from "./limits.js";
import { type MessagesApi, messagesApi } from "./messages.js";
import type { GatewayOperationId } from "./operations.js";
import { RAW_SETTINGS } from "./raw-settings.js";
import { type ResponsesApi, responsesApi } from "./responses.js";
import { gatewayRetry } from "./retry.js";

/**
 * Default stream idle timeout: 330 s. The gateway sends no keep-alive pings unless its operator
 * enables them, and itself waits up to 300 s on a silent upstream (a long-reasoning model can
 * think that long): a shorter default would cut healthy streams the gateway still serves.
 */
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 330_000;

/**
 * Default per-attempt timeout: 600 s (as openai-node), because a non-streamed Response of a
 * reasoning model can take minutes to arrive whole.
 */
export const DEFAULT_TIMEOUT_MS = 600_000;

/** Default retries after the first attempt: 2 (as openai-node). */
export const DEFAULT_MAX_RETRIES = 2;

/** Options of {@link createGatewayClient}. Every one may be left out when the environment supplies the two settings. */
export interface GatewayClientOptions extends ClientOptions {
  /**
   * Origin of the gateway plus any path prefix, without `/v1` (operation paths carry it),
   * e.g. `https://omnirouters.com`. Default: the `FEEDGATE_GATEWAY_URL` environment variable
   * (read where a process environment exists, never in browsers); neither is a ConfigError.
   */
  baseUrl?: string | undefined;
  /**
   * The one API key; sent only to `baseUrl`'s origin, in the header each route expects.
   * Default: the `FEEDGATE_API_KEY` environment variable; neither is a ConfigError.
   */
  apiKey?: string | undefined;
  /**
   * The fetch each attempt goes through. Default: `globalThis.fetch`, looked up per request. It
   * is wrapped in core's resilient transport like the default (retries, timeouts, body cap); a
   * transport made with `createResilientFetch` from `@feedgate/core` keeps its own settings
   * instead (then `maxRetries`, `timeoutMs` and `maxResponseBytes` here are ignored), with the
   * gateway's retry policy, redirect rule and `signal` added.
   */
  fetch?: ((input: Request) => Promise<Response>) | undefined;
  /** Extra headers for every request. Default: none. Credential headers are refused: use `apiKey`. */
  headers?: Record<string, string> | undefined;
  /**
   * Allow running in a browser. Default: false, because a key shipped to a page is a leaked
   * key; set it only behind a proxy that holds the real key, or for a user's own key.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
  /**
   * Retries after the first attempt, by the transport's rule: idempotent calls (GET, DELETE, the
   * free token counts, cancel) on any retryable failure; billed POSTs only where the gateway cannot
   * have run them (429, a refused connection); synchronous image generation never. `Retry-After`
   * is honoured. `0` turns retries off. Default: 2 ({@link DEFAULT_MAX_RETRIES}).
   */
  maxRetries?: number | undefined;
  /**
   * Per-attempt timeout in ms: until the whole answer has arrived (until the headers for
   * streams, whose idle time `streamIdleTimeoutMs` watches); then a TimeoutError. The overall
   * deadline leaves every attempt its whole timeout. Synchronous image generation has its own
   * 600000 ms. Default: 600000 ({@link DEFAULT_TIMEOUT_MS}).
   */
  timeoutMs?: number | undefined;
  /**
   * Idle timeout of streams: no bytes for this long ends the stream with a TimeoutError (code
   * `stream_idle_timeout`). Default: 330000 ms ({@link DEFAULT_STREAM_IDLE_TIMEOUT_MS}), longer
   * than the 300 s the gateway itself waits on a silent upstream, because it sends no keep-alive
   * pings by default. Lower it when your gateway's operator enables pings (every 60 s) or your
   * models answer quickly.
   */
  streamIdleTimeoutMs?: number | undefined;
  /**
   * Largest non-stream answer body read, in bytes; past it the call fails with kind
   * `response_too_large` and the connection is cancelled. Default: 33554432 (32 MiB), and for the
   * image-carrying answers (`createImage`, `getImageTask`, `generateContent`) 134217728 (128 MiB).
   */
  maxResponseBytes?: number | undefined;
  /**
   * Largest line of an event stream, in bytes (then `response_too_large`). Default: 67108864
   * (64 MiB), room for a Gemini inline image or a Responses image event in one line (the gateway
   * passes lines of up to 128 MB). Lower it when your streams carry text only.
   */
  maxStreamLineBytes?: number | undefined;
  /** Largest event of an event stream (all its lines), in bytes (then `response_too_large`). Default: 134217728 (128 MiB). */
  maxStreamEventBytes?: number | undefined;
  /** Same-origin redirects followed at most (cross-origin ones never are). Default: 5. */
  maxRedirects?: number | undefined;
  /**
   * Where the transport reports requests, retries and waits (core's `Logger`); credentials are
   * never printed. Ignored, like `maxRetries`, when `fetch` is a transport made with
   * `createResilientFetch`. Default: none (logging off).
   */
  logger?: Logger | undefined;
  /** Lowest level the `logger` gets: `"info"` (retries, waits, failures) or `"debug"` (every attempt too). Default: `"info"`. */
  logLevel?: LogLevel | undefined;
  /** Cancels every call of the client (and every open stream) when it fires; each rejects with an `AbortError`. Default: none. */
  signal?: AbortSignal | undefined;
}

/** Every option of `createGatewayClient`: an unknown name is refused at run time, naming the one meant. */
const OPTION_NAMES = {
  baseUrl: true,
  apiKey: true,
  fetch: true,
  headers: true,
  dangerouslyAllowBrowser: true,
  maxRetries: true,
  timeoutMs: true,
  streamIdleTimeoutMs: true,
  maxResponseBytes: true,
  maxStreamLineBytes: true,
  maxStreamEventBytes: true,
  maxRedirects: true,
  logger: true,
  logLevel: true,
  signal: true,
} as const satisfies Record<keyof GatewayClientOptions, true>;

/**
 * A client of the model gateway; see {@link createGatewayClient}. The key is on no property of it.
 * The typed openapi-fetch client of any path is `rawClient(client)`, from
 * `@feedgate/gateway-client/raw`.
 */
export interface GatewayClient {
  /** The OpenAI-style Responses operations. */
  responses: ResponsesApi;
  /** Image generation, sync or as a task; the eight workflows are in `@feedgate/gateway-client/images`. */
  images: ImagesApi;
  /** The Anthropic-style `count_tokens`. */
  messages: MessagesApi;
  /** The Gemini-style `generateContent` and `streamGenerateContent`. */
  gemini: GeminiApi;
}

/** The positive whole-number options of the streams, with their defaults. */
const STREAM_OPTIONS = {
  streamIdleTimeoutMs: DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  maxStreamLineBytes: DEFAULT_MAX_SSE_LINE_BYTES,
  maxStreamEventBytes: DEFAULT_MAX_SSE_EVENT_BYTES,
};

/** The key, unless the platform would quote it in its own error or it is too short to redact. Never quotes the key. */
function checkKey(apiKey: string, name: string): string {
  // One or more non-whitespace characters: refuses an empty or blank key and one with spaces in it.
  if (typeof apiKey !== "string" || !/^\S+$/.test(apiKey))
    throw configError(name, "required: a non-empty key without spaces");
  // A control character (NUL included) would make the platform reject the header and quote it in its error.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(apiKey))
    throw configError(name, "must not contain control characters");
  // Outside printable ASCII, the platform may refuse the header with an error quoting its value.
  if (!/^[\x21-\x7e]+$/.test(apiKey))
    throw configError(
      name,
      "must be printable ASCII (no spaces, no accented or other non-ASCII characters)",
    );
  // Shorter keys could not be told apart from ordinary text, so they could not be redacted from errors.
  if (apiKey.length < 4 || (apiKey.startsWith("sk-") && apiKey.length < 7))
    throw configError(name, "too short: at least 4 characters (besides a leading sk-)");
  return apiKey;
}

/**
 * Creates a client of the model gateway: helpers per route family that return parsed results as an `APIPromise` (`.withResponse()`
 * adds the response metadata) and reject with an error of the `FeedgateError` family. Every
 * request goes through core's resilient transport: retried (`maxRetries`, default 2, by the
 * transport's rule) and timed out (`timeoutMs`, default 600000 ms). With no options, `baseUrl`
 * and `apiKey` come from `FEEDGATE_GATEWAY_URL` and `FEEDGATE_API_KEY`. Bad options throw a
 * ConfigError before anything is sent. For any other path of the document, `rawClient(client)`
 * (`@feedgate/gateway-client/raw`) is the typed openapi-fetch client on the same settings.
 */
export function createGatewayClient(options: GatewayClientOptions = {}): GatewayClient {
  checkOptionNames(options, OPTION_NAMES, "createGatewayClient");
  // A bad value from FEEDGATE_GATEWAY_URL or FEEDGATE_API_KEY is reported under the variable's name.
  const url = settingOf(options.baseUrl, "baseUrl", ENV.gatewayUrl, "the gateway's origin");
  const base = new URL(`${checkBaseUrl(url.value, url.name, "required", /\/v1(beta)?$/)}/`);
  const key = settingOf(options.apiKey, "apiKey", ENV.apiKey, "the gateway's API key");
  const apiKey = checkKey(key.value!, key.name);
  const browser = isBrowser();
  if (browser && options.dangerouslyAllowBrowser !== true) {
    throw configError(
      "dangerouslyAllowBrowser",
      "refusing to run in a browser with an API key (it would be visible to anyone who opens the page); pass dangerouslyAllowBrowser: true to accept that",
    );
  }
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  refuseCredentials(headers, "pass the key as apiKey");
  if (!browser) headers["User-Agent"] ??= `feedgate-gateway-client/${VERSION}`;

  const { maxRetries = DEFAULT_MAX_RETRIES, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  // Each attempt may use its whole timeout, and each wait may be the longest Retry-After honoured (60 s).
  const deadline = (t?: number, r?: number) =>
    ((t ?? timeoutMs) + 60_000) * ((r ?? maxRetries) + 1);
  // What the gateway turned out not to route: the retry hook and the error path both read it.
  const unrouted = new Set<GatewayOperationId>();
  // The gateway's retry knowledge, redirect handling and signal go with every transport, a ready one included.
  const transport = clientTransport(
    { ...options, maxRetries, timeoutMs },
    {
      retry: gatewayRetry(base, unrouted),
      redirects: followRedirects(options.maxRedirects ?? 5),
    },
    { deadlineMs: deadline() },
  );

  /** A stream option, checked, or its default (read by name, not by the table's order). */
  const streamOption = (name: keyof typeof STREAM_OPTIONS) => {
    checkPositive(name, options[name], true, 1);
    return options[name] ?? STREAM_OPTIONS[name];
  };
  const raw = { base, headers, apiKey, transport };
  const caller = createCaller({
    ...raw,
    deadline,
    maxResponseBytes: options.maxResponseBytes,
    unrouted,
    streamIdleTimeoutMs: streamOption("streamIdleTimeoutMs"),
    limits: {
      maxLineBytes: streamOption("maxStreamLineBytes"),
      maxEventBytes: streamOption("maxStreamEventBytes"),
    },
  });
  // The key lives only in closures (and the settings `rawClient` reads): never on a property.
  const client: GatewayClient = {
    responses: responsesApi(caller),
    images: imagesApi(caller),
    messages: messagesApi(caller),
    gemini: geminiApi(caller),
  };
  RAW_SETTINGS.set(client, raw);
  return client;
}
