/**
 * Which failures are worth another attempt. The rule (also in the README):
 * - Statuses 408, 429, 500, 502, 503, 504 and connection failures are retryable; nothing else
 *   (a 4xx other than 408/429 cannot succeed by repeating it).
 * - Never: an answer the table of `final.ts` calls final (`model_not_found`, the gateway's
 *   503 when no channel serves a model; a code naming a quota; `invalid_request` and the other
 *   500s the gateway itself marks skip-retry, such as `convert_request_failed`; the fork's
 *   `task_id is empty`), or one with `x-should-retry: false`; a request whose body is a stream.
 * - Idempotent requests (GET, HEAD, OPTIONS, PUT, DELETE, and the gateway's free
 *   token-counting and cancel routes) are retried on every retryable failure.
 * - Other POSTs only where the server cannot have done the work: 429 (refused by a rate
 *   limiter), 408, 503 that carries a server-directed wait, or a connection that failed before
 *   it was established (refused, DNS, connect timeout). A reset, a timeout or a 500 after the
 *   request went out may mean the work was done (and billed): not retried.
 */

export const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"]);

/** POST routes of the gateway that do no billed work: repeating them is harmless. */
const IDEMPOTENT_POST_PATH =
  /\/v1\/(responses\/input_tokens|messages\/count_tokens|responses\/[^/]+\/cancel)$/;

/** `url` is the parsed URL of a POST (other methods never need their route looked at). */
export function isIdempotent(method: string, url: URL | undefined): boolean {
  return (
    IDEMPOTENT_METHODS.has(method) || (url !== undefined && IDEMPOTENT_POST_PATH.test(url.pathname))
  );
}

/** `POST /v1/images/generations` without `async=true`: billed per call, may run for minutes. */
export function isSyncImageGeneration(url: URL | undefined): boolean {
  return (
    url !== undefined &&
    /\/v1\/images\/generations$/.test(url.pathname) &&
    url.searchParams.get("async") !== "true"
  );
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
  const codes: unknown[] = [];
  const collect = (e: unknown) => {
    if (typeof e !== "object" || e === null) return;
    const { code, errors } = e as { code?: unknown; errors?: unknown };
    if (code !== undefined) codes.push(code);
    if (Array.isArray(errors)) errors.forEach(collect);
  };
  collect((error as { cause?: unknown } | undefined)?.cause);
  return codes.length > 0 && codes.every((c) => CONNECT_PHASE_CODES.has(c as string));
}

/** The machine codes an error body carries, whichever envelope it is. */
export function codesOf(body: unknown): string[] {
  const error = (
    body as { error?: { code?: unknown; type?: unknown; status?: unknown } } | undefined
  )?.error;
  const candidates = [(body as { code?: unknown } | undefined)?.code];
  if (typeof error === "object" && error !== null)
    candidates.push(error.code, error.type, error.status);
  return candidates.filter((c): c is string => typeof c === "string" && c !== "");
}

/** The message an error body carries (OpenAI, Anthropic or Google `error.message`, or a task body's `message`). */
export function messageOf(body: unknown): string | undefined {
  const b = body as { message?: unknown; error?: { message?: unknown } } | undefined;
  const message = typeof b?.error === "object" && b.error !== null ? b.error.message : b?.message;
  return typeof message === "string" ? message : undefined;
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
const mediaType = (contentType: string | null) =>
  (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/** Content types whose bodies are buffered once and replayed on each attempt. */
export function isReplayableBodyType(contentType: string | null): boolean {
  const type = mediaType(contentType);
  return (
    type === "application/json" ||
    type.endsWith("+json") ||
    type.startsWith("text/") ||
    type === "application/x-www-form-urlencoded"
  );
}

/** Answers streamed to the caller as they come (never buffered by the transport). */
export function isStreamedResponse(contentType: string | null): boolean {
  return ["text/event-stream", "application/x-ndjson", "application/octet-stream"].includes(
    mediaType(contentType),
  );
}

/** A 2xx HTML page (`contentType` is the answer's) where JSON was asked for: a proxy or captive portal answered, not the service. */
export function isForeignHtml(
  request: Request,
  status: number,
  contentType: string | null,
): boolean {
  if (status < 200 || status > 299 || !contentType?.toLowerCase().includes("text/html"))
    return false;
  const accept = request.headers.get("accept")?.toLowerCase() ?? "*/*";
  return !accept.includes("text/html") && !accept.includes("*/*");
}
