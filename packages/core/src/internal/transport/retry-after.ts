/**
 * Server-directed waits in the standard headers. A service can say how long to wait in several
 * places (a body-borne wait is read by its client's retry hook); the transport takes the longest
 * of them, so a retry never comes earlier than any of them asked.
 */

/** A non-negative number of milliseconds, or undefined. */
const wait = (ms: number) => (ms >= 0 && ms < Infinity ? ms : undefined);

/**
 * The longest wait the headers ask for, in ms; undefined when they ask for none:
 * `retry-after-ms` (milliseconds, may be fractional, as openai-node reads it) and
 * `Retry-After` (delta-seconds, a fraction tolerated, or an HTTP-date).
 */
export function parseRetryAfterHeaders(
  headers: Headers,
  now: () => number = Date.now,
): number | undefined {
  const ms = headers.get("retry-after-ms")?.trim();
  const after = headers.get("retry-after")?.trim() ?? "";
  // An HTTP-date counts only when shaped like one: `Date.parse` also accepts garbage such as
  // `-5`, `-0` or `3, 5` (as years), which would read as a date long past and so as "retry now".
  // A real date already passed means "now", never a negative wait; an unparsable one, none.
  let afterMs = HTTP_DATE.test(after) ? wait(Math.max(0, Date.parse(after) - now())) : undefined;
  if (/^\d+(\.\d+)?$/.test(after)) afterMs = Number(after) * 1000;
  return maxDefined([ms ? wait(Number(ms)) : undefined, afterMs]);
}

/** IMF-fixdate, RFC 850 and asctime forms (RFC 9110 §5.6.7): a weekday name, a month name, a time. */
const HTTP_DATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? .*\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b.*\d{2}:\d{2}:\d{2}/;

/** The largest of the defined values; undefined when none is. */
export function maxDefined(values: Array<number | undefined>): number | undefined {
  const defined = values.filter((v) => v !== undefined);
  return defined.length > 0 ? Math.max(...defined) : undefined;
}
