import createClient, { type Client } from "openapi-fetch";
import { createContext } from "./context.js";
import { gatewayError } from "./errors.js";
import type { paths } from "./generated/gateway.js";
import { VERSION } from "./generated/version.js";
import { geminiApi } from "./gemini.js";
import { imagesApi } from "./images.js";
import { messagesApi } from "./messages.js";
import { responsesApi } from "./responses.js";
import { createTransport, CREDENTIAL_HEADERS } from "./transport.js";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_MAX_SSE_EVENT_BYTES, DEFAULT_MAX_SSE_LINE_BYTES } from "./limits.js";
import { redact } from "./redact.js";

/**
 * Default stream idle timeout: 330 s. The gateway sends no keep-alive pings unless its operator
 * enables them, and itself waits up to 300 s on a silent upstream (a long-reasoning model can
 * think that long): a shorter default would cut healthy streams the gateway still serves.
 */
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 330_000;

export interface GatewayClientOptions {
  /**
   * Origin of the gateway plus any path prefix, without `/v1` (operation paths carry it),
   * e.g. `https://omnirouters.com`. Required.
   */
  baseUrl: string;
  /** The one API key; sent only to `baseUrl`'s origin, in the header each route expects. Required. */
  apiKey: string;
  /** The fetch implementation. Default: `globalThis.fetch`, looked up per request. */
  fetch?: (input: Request) => Promise<Response>;
  /** Extra headers for every request. Default: none. Credential headers are refused: use `apiKey`. */
  headers?: Record<string, string>;
  /**
   * Allow running in a browser. Default: false, because a key shipped to a page is a leaked
   * key; set it only behind a proxy that holds the real key, or for a user's own key.
   */
  dangerouslyAllowBrowser?: boolean;
  /**
   * Idle timeout of streams: no bytes for this long ends the stream with `stream_timeout`.
   * Default: 330000 ms ({@link DEFAULT_STREAM_IDLE_TIMEOUT_MS}), longer than the 300 s the gateway
   * itself waits on a silent upstream, because it sends no keep-alive pings by default. Lower it
   * when your gateway's operator enables pings (every 60 s) or your models answer quickly.
   */
  streamIdleTimeoutMs?: number;
  /**
   * Largest non-stream answer body read, in bytes; past it the call fails with
   * `response_too_large` and the connection is cancelled. Default: 33554432 (32 MiB).
   */
  maxResponseBytes?: number;
  /** Largest line of an event stream, in bytes (then `response_too_large`). Default: 1048576 (1 MiB). */
  maxStreamLineBytes?: number;
  /** Largest event of an event stream (all its lines), in bytes (then `response_too_large`). Default: 8388608 (8 MiB). */
  maxStreamEventBytes?: number;
  /** Same-origin redirects followed at most (cross-origin ones never are). Default: 5. */
  maxRedirects?: number;
}

function configError(option: string, rule: string): never {
  throw gatewayError("config", "invalid_config", `@feedgate/gateway-client: ${option}: ${rule}`);
}

/** A positive whole-number option, or its default when absent. */
function positive(option: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) configError(option, `a whole number of at least 1, got ${String(value)}`);
  return value;
}

function parseBaseUrl(baseUrl: unknown): URL {
  if (typeof baseUrl !== "string" || baseUrl.trim() === "") configError("baseUrl", "required, e.g. https://omnirouters.com");
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    configError("baseUrl", `not an absolute URL: ${JSON.stringify(baseUrl)}`);
  }
  if (!/^https?:$/.test(url.protocol)) configError("baseUrl", `must be http(s), got ${url.protocol}`);
  if (url.username || url.password || url.search || url.hash) configError("baseUrl", "must not carry credentials, a query or a fragment");
  const path = url.pathname.replace(/\/+$/, "");
  if (/\/v1(beta)?$/.test(path)) configError("baseUrl", "give it without /v1 or /v1beta: operation paths already include them");
  return new URL(url.origin + path + "/");
}

/**
 * Creates a client of the model gateway: the raw typed openapi-fetch client (`raw`) and
 * helpers per route family that return parsed results and throw `GatewayError`.
 * No retries here: `@feedgate/kit` adds them where they are safe.
 */
export function createGatewayClient(options: GatewayClientOptions) {
  if (typeof options !== "object" || options === null) configError("options", "required: { baseUrl, apiKey }");
  const base = parseBaseUrl(options.baseUrl);
  const { apiKey } = options;
  // One or more non-whitespace characters: refuses an empty or blank key and one with spaces in it.
  if (typeof apiKey !== "string" || !/^\S+$/.test(apiKey)) configError("apiKey", "required: a non-empty key without spaces");
  // A control character (NUL included) would make the platform reject the header and quote it in its error.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(apiKey)) configError("apiKey", "must not contain control characters");
  // Outside printable ASCII, the platform may refuse the header with an error quoting its value.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) configError("apiKey", "must be printable ASCII (no spaces, no accented or other non-ASCII characters)");
  // Shorter keys could not be told apart from ordinary text, so they could not be redacted from errors.
  if (apiKey.length < 4 || (apiKey.startsWith("sk-") && apiKey.length < 7)) configError("apiKey", "too short: at least 4 characters (besides a leading sk-)");
  const g = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  const browser = g.document !== undefined || g.WorkerGlobalScope !== undefined;
  if (browser && options.dangerouslyAllowBrowser !== true) {
    configError(
      "dangerouslyAllowBrowser",
      "refusing to run in a browser with an API key (it would be visible to anyone who opens the page); pass dangerouslyAllowBrowser: true to accept that",
    );
  }
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const credential = Object.keys(headers).find((h) => CREDENTIAL_HEADERS.includes(h.toLowerCase()));
  if (credential !== undefined) configError("headers", `credential header "${credential}" refused: pass the key as apiKey`);
  if (!browser) headers["User-Agent"] ??= `feedgate-gateway-client/${VERSION}`;
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const transport = createTransport({
    base,
    apiKey,
    fetch: fetchImpl,
    maxRedirects: options.maxRedirects ?? 5,
    maxResponseBytes: positive("maxResponseBytes", options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES),
    redact: (text) => redact(text, apiKey),
  });

  const raw: Client<paths> = createClient<paths>({
    baseUrl: base.href.replace(/\/$/, ""),
    headers,
    credentials: "omit",
    fetch: transport,
  });
  const ctx = createContext(raw, apiKey, positive("streamIdleTimeoutMs", options.streamIdleTimeoutMs, DEFAULT_STREAM_IDLE_TIMEOUT_MS), {
    maxLineBytes: positive("maxStreamLineBytes", options.maxStreamLineBytes, DEFAULT_MAX_SSE_LINE_BYTES),
    maxEventBytes: positive("maxStreamEventBytes", options.maxStreamEventBytes, DEFAULT_MAX_SSE_EVENT_BYTES),
  });
  // The key lives only in closures: never on an enumerable property.
  return {
    /** The typed openapi-fetch client, with the credential header added per route family. */
    raw,
    responses: responsesApi(ctx),
    images: imagesApi(ctx),
    messages: messagesApi(ctx),
    gemini: geminiApi(ctx),
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;
