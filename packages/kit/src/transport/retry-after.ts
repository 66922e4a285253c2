/**
 * Server-directed waits. A service can say how long to wait in several places; the transport
 * takes the longest of them, so a retry never comes earlier than any of them asked.
 */

/** `retry-after-ms` (milliseconds, may be fractional), as openai-node reads it. */
function parseRetryAfterMs(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const ms = Number(value.trim());
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** `Retry-After`: delta-seconds (integer, a fraction tolerated) or an HTTP-date. */
function parseRetryAfter(value: string | null, now: () => number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  // A date already passed means "now", never a negative wait.
  return Math.max(0, at - now());
}

/** The longest wait the headers ask for, in ms; undefined when they ask for none. */
export function parseRetryAfterHeaders(headers: Headers, now: () => number = Date.now): number | undefined {
  const hints = [parseRetryAfterMs(headers.get("retry-after-ms")), parseRetryAfter(headers.get("retry-after"), now)];
  return maxDefined(hints);
}

/** A protobuf JSON Duration ("12s", "1.5s", "0.250s") in ms. */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match?.[1] === undefined ? undefined : Number(match[1]) * 1000;
}

/**
 * Waits an error body asks for: Gemini's `google.rpc.RetryInfo` detail (`retryDelay`, a
 * Duration) in the google envelope, and the feed Problem's undeclared `retryAfter` seconds.
 */
export function parseRetryAfterBody(body: unknown): number | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const hints: Array<number | undefined> = [];
  const problemSeconds = (body as { retryAfter?: unknown }).retryAfter;
  if (typeof problemSeconds === "number" && Number.isFinite(problemSeconds) && problemSeconds >= 0) hints.push(problemSeconds * 1000);
  const details = (body as { error?: { details?: unknown } }).error?.details;
  if (Array.isArray(details)) {
    for (const detail of details) {
      if (typeof detail !== "object" || detail === null) continue;
      const type = (detail as { "@type"?: unknown })["@type"];
      const delay = (detail as { retryDelay?: unknown }).retryDelay;
      if (delay !== undefined && (type === undefined || (typeof type === "string" && type.endsWith("google.rpc.RetryInfo")))) {
        hints.push(parseDuration(delay));
      }
    }
  }
  return maxDefined(hints);
}

export function maxDefined(values: Array<number | undefined>): number | undefined {
  let max: number | undefined;
  for (const v of values) if (v !== undefined && (max === undefined || v > max)) max = v;
  return max;
}
