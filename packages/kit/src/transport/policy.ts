/**
 * Which failures are worth another attempt. The rule (also in the README):
 * - Statuses 408, 429, 500, 502, 503, 504 and connection failures are retryable; nothing else
 *   (a 4xx other than 408/429 cannot succeed by repeating it).
 * - Never: an answer whose code says repeating cannot help (`model_not_found`, the gateway's
 *   503 when no channel serves a model; `insufficient_quota` / `insufficient_user_quota`), or
 *   one with `x-should-retry: false`; a request whose body is a stream.
 * - Idempotent requests (GET, HEAD, OPTIONS, PUT, DELETE, and the gateway's free
 *   token-counting and cancel routes) are retried on every retryable failure.
 * - Other POSTs only where the server cannot have done the work: 429 (refused by a rate
 *   limiter), 408, 503 that carries a server-directed wait, or a connection that failed before
 *   it was established (refused, DNS, connect timeout). A reset, a timeout or a 500 after the
 *   request went out may mean the work was done (and billed): not retried.
 */

export const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** Codes of answers that repeating cannot fix. */
export const HOPELESS_CODES = new Set(["model_not_found", "insufficient_quota", "insufficient_user_quota"]);

const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"]);

/** POST routes of the gateway that do no billed work: repeating them is harmless. */
const IDEMPOTENT_POST_PATHS = [/\/v1\/responses\/input_tokens$/, /\/v1\/messages\/count_tokens$/, /\/v1\/responses\/[^/]+\/cancel$/];

export function isIdempotent(method: string, url: URL): boolean {
  if (IDEMPOTENT_METHODS.has(method.toUpperCase())) return true;
  return method.toUpperCase() === "POST" && IDEMPOTENT_POST_PATHS.some((re) => re.test(url.pathname));
}

/** `POST /v1/images/generations` without `async=true`: billed per call, may run for minutes. */
export function isSyncImageGeneration(method: string, url: URL): boolean {
  return method.toUpperCase() === "POST" && /\/v1\/images\/generations$/.test(url.pathname) && url.searchParams.get("async") !== "true";
}

/** Connection errors raised before a connection existed, so nothing was sent. */
const CONNECT_PHASE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** True when a fetch rejection certainly happened before the request left (best effort: reads `cause.code`). */
export function failedBeforeSending(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const codes: unknown[] = [];
  const collect = (e: unknown) => {
    if (typeof e !== "object" || e === null) return;
    codes.push((e as { code?: unknown }).code);
    const nested = (e as { errors?: unknown }).errors;
    if (Array.isArray(nested)) nested.forEach(collect);
  };
  collect(cause);
  const known = codes.filter((c) => c !== undefined);
  return known.length > 0 && known.every((c) => typeof c === "string" && CONNECT_PHASE_CODES.has(c));
}

/** The machine codes an error body carries, whichever envelope it is. */
export function codesOf(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return [];
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === "string" && v !== "") out.push(v);
  };
  add((body as { code?: unknown }).code);
  const error = (body as { error?: unknown }).error;
  if (typeof error === "object" && error !== null) {
    const e = error as { code?: unknown; type?: unknown; status?: unknown };
    add(typeof e.code === "number" ? undefined : e.code);
    add(e.type);
    add(e.status);
  }
  return out;
}

/** Content types whose bodies are buffered once and replayed on each attempt. */
export function isReplayableBodyType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json") || type.startsWith("text/") || type === "application/x-www-form-urlencoded";
}

/** Answers streamed to the caller as they come (never buffered by the transport). */
export function isStreamedResponse(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return type === "text/event-stream" || type === "application/x-ndjson" || type === "application/octet-stream";
}

/** A 2xx HTML page where JSON was asked for: a proxy or captive portal answered, not the service. */
export function isForeignHtml(request: Request, response: Response): boolean {
  if (response.status < 200 || response.status > 299) return false;
  const type = response.headers.get("content-type")?.toLowerCase() ?? "";
  const accept = request.headers.get("accept")?.toLowerCase() ?? "*/*";
  return type.includes("text/html") && !accept.includes("text/html") && !accept.includes("*/*");
}
