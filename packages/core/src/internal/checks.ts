import { configError } from "../errors.js";

/** Refuses a non-finite option below `min` (or, with `integer`, a fractional one) before anything starts. */
export function checkPositive(name: string, value: number | undefined, integer = false, min = 0) {
  if (
    value !== undefined &&
    !(value >= min && value < Infinity && (!integer || Number.isInteger(value)))
  )
    throw configError(name, `a ${integer ? "whole" : "finite"} number of at least ${min}`);
}

/**
 * A service's base URL, checked before anything is sent: an absolute http(s) URL without
 * credentials, a query or a fragment, nor the `prefix` its operation paths already include
 * (`/api/v1`). Returns its origin and path without trailing slashes. `what` says what is wanted.
 */
export function checkBaseUrl(baseUrl: unknown, name: string, what: string, prefix: RegExp): string {
  if (typeof baseUrl !== "string" || baseUrl.trim() === "") throw configError(name, what);
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw configError(name, `not an absolute URL: ${JSON.stringify(baseUrl)}`);
  }
  if (!/^https?:$/.test(url.protocol))
    throw configError(name, `must be http(s), got ${url.protocol}`);
  if (url.username || url.password || url.search || url.hash)
    throw configError(name, "must not carry credentials, query or fragment");
  const path = url.pathname.replace(/\/+$/, "");
  const extra = prefix.exec(path)?.[0];
  if (extra)
    throw configError(name, `give it without ${extra}: operation paths already include it`);
  return url.origin + path;
}

/** Refuses a `jitter` outside 0–1. */
export function checkFraction(name: string, value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1))
    throw configError(name, "a fraction from 0 to 1");
}

/** The same object without its undefined properties (so they do not override defaults when spread). */
export function stripUndefined<T extends object>(
  value: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Edits (insertions, deletions, substitutions) between two lower-case names. */
function editDistance(x: string, y: string): number {
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[y.length]!;
}

/** The known name closest to a misspelled one (compared case-insensitively), when one is close enough to be what was meant. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const other = candidate.toLowerCase();
    // A name that is part of a known one (`retries` of `maxRetries`, `timeout` of `timeoutMs`)
    // meant it: the first such one wins over any other.
    const distance = lower.length >= 4 && other.includes(lower) ? -1 : editDistance(lower, other);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  // Case differences cost nothing; beyond that, about a third of the name may be wrong.
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/**
 * Refuses an option a factory does not know (a misspelling, or one from another factory) with a
 * ConfigError naming it and the option it most likely meant: `retries` is not `maxRetries`, and
 * silently ignoring it would leave the default in force. `known` lists every option name (typed
 * `Record<keyof Options, true>` by the caller, so the list cannot fall behind the type). Options
 * that are not an object at all are refused too.
 */
export function checkOptionNames(
  options: object,
  known: Readonly<Record<string, true>>,
  factory: string,
): void {
  if (typeof options !== "object" || options === null)
    throw configError("options", `an object of ${factory}'s options, or nothing`);
  const names = Object.keys(known);
  for (const name of Object.keys(options)) {
    if (Object.hasOwn(known, name)) continue;
    const meant = closestName(name, names);
    throw configError(
      name,
      meant === undefined
        ? `not an option of ${factory} (its options: ${names.join(", ")})`
        : `not an option of ${factory}; did you mean "${meant}"?`,
    );
  }
}
