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
  /** Idle timeout of streams: no bytes for this long ends the stream. Default: 120000 ms. */
  streamIdleTimeoutMs?: number;
  /** Same-origin redirects followed at most (cross-origin ones never are). Default: 5. */
  maxRedirects?: number;
  /**
   * Largest body of a JSON answer, in bytes. A larger one fails the call with a GatewayError of
   * kind `response_too_large` and the connection is released. Default: 33554432 (32 MiB).
   */
  maxResponseBytes?: number;
  /** Longest single line of a stream, in bytes; longer ends the stream with `response_too_large`. Default: 1048576 (1 MiB). */
  maxStreamLineBytes?: number;
  /** Largest single event of a stream (all its lines), in bytes; larger ends the stream with `response_too_large`. Default: 8388608 (8 MiB). */
  maxStreamEventBytes?: number;
}

/** Body caps, in bytes: generous for any real answer, small enough that a hostile one cannot exhaust memory. */
const LIMITS = { maxResponseBytes: 32 * 1024 * 1024, maxStreamLineBytes: 1024 * 1024, maxStreamEventBytes: 8 * 1024 * 1024 };

function configError(option: string, rule: string): never {
  throw gatewayError("config", "invalid_config", `@feedgate/gateway-client: ${option}: ${rule}`);
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
  // Printable ASCII, no spaces, at least 4 characters. A control character (NUL, CR, LF, ...)
  // would make the platform refuse the header with an error that may quote the key, and a
  // key under 4 characters is too short to find and redact reliably in error text.
  if (typeof apiKey !== "string" || apiKey === "") configError("apiKey", "required: the gateway's API key");
  if (!/^[\x21-\x7e]+$/.test(apiKey)) configError("apiKey", "must be printable ASCII without spaces or control characters");
  if (apiKey.length < 4) configError("apiKey", "too short (under 4 characters): not a real key");
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
  const limits = { ...LIMITS };
  for (const name of Object.keys(LIMITS) as Array<keyof typeof LIMITS>) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value <= 0) configError(name, `must be a positive whole number of bytes, got ${String(value)}`);
    limits[name] = value;
  }
  const transport = createTransport({ base, apiKey, fetch: fetchImpl, maxRedirects: options.maxRedirects ?? 5, maxResponseBytes: limits.maxResponseBytes });

  const raw: Client<paths> = createClient<paths>({
    baseUrl: base.href.replace(/\/$/, ""),
    headers,
    credentials: "omit",
    fetch: transport,
  });
  const ctx = createContext(raw, apiKey, options.streamIdleTimeoutMs ?? 120_000, limits);
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
