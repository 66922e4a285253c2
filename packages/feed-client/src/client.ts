import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./generated/feed.js";
import { VERSION } from "./generated/version.js";
import { FeedClientConfigError } from "./errors.js";
import { DEFAULT_MAX_RESPONSE_BYTES, limitBodies } from "./body-limit.js";

export interface FeedClientOptions {
  /**
   * Origin of the feed service, plus any path prefix a deployment adds, without `/api/v1`
   * (the operation paths carry it), e.g. `https://aihot.virxact.com`. Required.
   */
  baseUrl: string;
  /**
   * Value of the `User-Agent` header. Default: `feedgate-feed-client/<version>`.
   * The service's edge answers 403 to some generic agents, so an honest one is sent.
   * Browsers forbid setting this header, so it is never sent there.
   */
  userAgent?: string;
  /** The fetch implementation. Default: `globalThis.fetch`, looked up at call time. */
  fetch?: (input: Request) => Promise<Response>;
  /**
   * Extra headers for every request. Default: none. Credential headers (`Authorization`,
   * `Cookie`, `X-Api-Key`, ...) are refused: the feed is anonymous and gets no secrets.
   */
  headers?: Record<string, string>;
  /**
   * Largest answer body read, in bytes. A larger one rejects the call with a
   * `FeedClientResponseError` (kind `response_too_large`) and the connection is released.
   * `Infinity` turns the check off (for a `fetch` that already caps bodies, as the kit's
   * transport does). Default: 33554432 (32 MiB).
   */
  maxResponseBytes?: number;
}

/** A typed openapi-fetch client of the feed service: `client.GET("/api/v1/hot-topics")`. */
export type FeedClient = Client<paths>;

/**
 * Headers that carry credentials; none of them is ever sent to the feed service. Sorted, as
 * `Headers` iterates its names, so the per-request check below names the same header first.
 */
const CREDENTIAL_HEADERS = ["api-key", "authorization", "cookie", "proxy-authorization", "x-api-key", "x-goog-api-key"];

/** True where the platform owns the User-Agent header and CORS rejects setting it. */
function isBrowser(): boolean {
  const g = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  return g.document !== undefined || g.WorkerGlobalScope !== undefined;
}

function normaliseBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string" || baseUrl.trim() === "") {
    throw new FeedClientConfigError("baseUrl", "required: the feed service's origin, e.g. https://aihot.virxact.com");
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new FeedClientConfigError("baseUrl", `not an absolute URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new FeedClientConfigError("baseUrl", `must be http(s), got ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new FeedClientConfigError("baseUrl", "must not carry credentials: the feed service is anonymous");
  }
  if (url.search || url.hash) {
    throw new FeedClientConfigError("baseUrl", "must not carry a query or fragment");
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (/\/api\/v1$/.test(path)) {
    throw new FeedClientConfigError("baseUrl", "give the origin without /api/v1: operation paths already include it");
  }
  return url.origin + path;
}

function refuseCredentials(headers: Headers | Record<string, string>, where: string): void {
  // Per request: a few `has()` lookups rather than copying every header name into an array.
  const found =
    headers instanceof Headers
      ? CREDENTIAL_HEADERS.find((name) => headers.has(name))
      : Object.keys(headers).find((name) => CREDENTIAL_HEADERS.includes(name.toLowerCase()));
  if (found !== undefined) {
    throw new FeedClientConfigError(where, `credential header "${found}" refused: the feed service is anonymous`);
  }
}

/** Rejects credentials added per call, before anything is sent. */
const anonymousOnly: Middleware = {
  onRequest({ request }) {
    refuseCredentials(request.headers, "headers");
    return request;
  },
};

/**
 * Creates a typed client of the feed service. Uses only web-standard APIs (fetch, URL,
 * Request, Headers), so it runs in Node 20+, Deno, Bun and browsers. Never sends cookies or
 * other credentials. Conditional requests, retries and polling are `@feedgate/kit`'s job.
 */
export function createFeedClient(options: FeedClientOptions): FeedClient {
  if (typeof options !== "object" || options === null) {
    throw new FeedClientConfigError("options", "required: { baseUrl }");
  }
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!(maxBytes === Infinity || (Number.isInteger(maxBytes) && maxBytes > 0))) {
    throw new FeedClientConfigError("maxResponseBytes", `must be a positive whole number of bytes or Infinity, got ${String(maxBytes)}`);
  }
  // Failures come as application/problem+json: accept it, or content negotiation hides them.
  const headers: Record<string, string> = { Accept: "application/json, application/problem+json", ...options.headers };
  refuseCredentials(headers, "headers");
  if (!isBrowser()) {
    headers["User-Agent"] = options.userAgent ?? `feedgate-feed-client/${VERSION}`;
  }
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({
    baseUrl,
    headers,
    credentials: "omit",
    // Resolved per request, so a fetch patched after creation (test doubles) is honoured.
    fetch: maxBytes === Infinity ? fetch : limitBodies(fetch, maxBytes),
  });
  client.use(anonymousOnly);
  return client;
}
